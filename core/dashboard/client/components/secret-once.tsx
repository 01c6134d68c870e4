import { useId, useState } from "hono/jsx/dom";

/** Selects the text of `node`, so Ctrl-C / Cmd-C copies it where the Clipboard API is refused. */
function selectText(node: Element | null | undefined): void {
  if (!node) return;
  const range = document.createRange();
  range.selectNodeContents(node);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

/**
 * A secret the service shows only once (an API key, a tool or webhook signing secret), with a copy button.
 * It lives in this component's state only: never stored, never logged.
 */
export function SecretOnce(props: {
  label: string;
  secret: string;
  onDone?: () => void;
  doneLabel?: string;
}) {
  const [copied, setCopied] = useState<"copied" | "selected" | undefined>(undefined);
  const titleId = useId();
  const valueId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.secret);
      setCopied("copied");
    } catch {
      selectText(document.getElementById(valueId));
      setCopied("selected");
    }
  };
  return (
    <section class="secret-once" aria-labelledby={titleId}>
      <h3 id={titleId}>{props.label}</h3>
      <p class="notice notice-warn">Copy it now: it is shown only once and cannot be retrieved later.</p>
      <div class="secret-row">
        <code id={valueId} class="secret-value" data-testid="secret-value">
          {props.secret}
        </code>
        <button type="button" onClick={copy}>
          {copied === "copied" ? "Copied" : "Copy"}
        </button>
      </div>
      <p class="sr-only" aria-live="polite">
        {copied === "copied"
          ? "Copied to the clipboard."
          : copied === "selected"
            ? "Selected: press Ctrl+C to copy."
            : ""}
      </p>
      {props.onDone && (
        <button type="button" class="primary" onClick={props.onDone}>
          {props.doneLabel ?? "Done"}
        </button>
      )}
    </section>
  );
}

/**
 * A SecretOnce for a settings list: `show(label, secret)` with what a create call answered; place `panel`
 * where it should appear, until its Done button closes it.
 */
export function useSecretOnce() {
  const [shown, setShown] = useState<{ label: string; secret: string } | undefined>(undefined);
  const panel = shown && (
    <SecretOnce label={shown.label} secret={shown.secret} onDone={() => setShown(undefined)} />
  );
  return { panel, show: (label: string, secret: string) => setShown({ label, secret }) };
}
