import type { Child } from "hono/jsx";

/** A form control under its label: the label wraps it, so the text names it and a click on it focuses it. */
export function Field({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string | undefined;
  children: Child;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is `children`, inside the label.
    <label>
      {label}
      {children}
      {hint && <span class="hint">{hint}</span>}
    </label>
  );
}

/** A submitted form's values; the submission stays in the page (no navigation). */
export function formValues(event: Event): FormData {
  event.preventDefault();
  return new FormData(event.currentTarget as HTMLFormElement);
}

/** A select's options, each a value that is its own text or a `[value, text]` pair; `selected` is marked. */
export function Options(props: {
  options: readonly (string | readonly [value: string, text: string])[];
  selected?: string | undefined;
}) {
  return (
    <>
      {props.options.map((option) => {
        const [value, text] = typeof option === "string" ? [option, option] : option;
        return (
          <option value={value} selected={props.selected === value}>
            {text}
          </option>
        );
      })}
    </>
  );
}
