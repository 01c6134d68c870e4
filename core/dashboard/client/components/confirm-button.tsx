import { useEffect, useState } from "hono/jsx/dom";

/**
 * A destructive action in two presses: the first asks "Confirm …?", the second acts. No modal, so it works
 * the same by keyboard, mouse and touch; the question reverts after a few seconds.
 */
export function ConfirmButton(props: { label: string; confirm: string; onConfirm: () => unknown }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!asking) return;
    const timer = setTimeout(() => setAsking(false), 5000);
    return () => clearTimeout(timer);
  }, [asking]);
  const press = async () => {
    if (!asking) return setAsking(true);
    setBusy(true);
    try {
      await props.onConfirm();
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <button type="button" class={asking ? "danger" : ""} disabled={busy} onClick={press} aria-live="polite">
      {busy ? "Working…" : asking ? props.confirm : props.label}
    </button>
  );
}
