import type { Child } from "hono/jsx";

/**
 * JSON shown for reading: objects as labelled rows, arrays as numbered lists, strings with their line breaks
 * kept, so a draft to review reads like a document rather than a wall of braces.
 */
export function JsonView({ value }: { value: unknown }) {
  return <div class="json">{render(value, 0)}</div>;
}

const MAX_DEPTH = 8;

function render(value: unknown, depth: number): Child {
  if (value === null || value === undefined) return <span class="json-null">null</span>;
  if (typeof value === "string") return <span class="json-string">{value}</span>;
  if (typeof value === "number" || typeof value === "boolean") {
    return <span class="json-literal">{String(value)}</span>;
  }
  if (depth >= MAX_DEPTH) return <code>{JSON.stringify(value)}</code>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span class="json-null">[]</span>;
    return (
      <ol class="json-array">
        {value.map((item) => (
          <li>{render(item, depth + 1)}</li>
        ))}
      </ol>
    );
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return <span class="json-null">{"{}"}</span>;
  return (
    <dl class="json-object">
      {entries.map(([key, item]) => (
        <div class="json-row">
          <dt>{key}</dt>
          <dd>{render(item, depth + 1)}</dd>
        </div>
      ))}
    </dl>
  );
}
