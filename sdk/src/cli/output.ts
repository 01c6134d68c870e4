import { stringify } from "yaml";

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
}

type Row = Record<string, unknown>;

const cell = (value: unknown): string =>
  value === null || value === undefined
    ? "-"
    : typeof value === "object"
      ? JSON.stringify(value)
      : String(value);

/** What a command prints: the API's `data` as JSON with --json, else a table or a readable document. */
export class Output {
  constructor(
    private readonly io: CliIo,
    readonly json: boolean,
    /** Lists print their items' ids only, one per line, for `$(…)` in scripts. */
    private readonly quiet = false,
  ) {}

  /** A list: its columns as a table, the whole items as JSON, or their ids. */
  list(items: readonly Row[], columns: readonly string[]): void {
    if (this.quiet) {
      this.io.stdout(items.map((item) => `${cell(item.id)}\n`).join(""));
      return;
    }
    if (this.json) {
      this.io.stdout(`${JSON.stringify(items, null, 2)}\n`);
      return;
    }
    const rows = [
      columns.map((c) => c.toUpperCase()),
      ...items.map((item) => columns.map((c) => cell(item[c]))),
    ];
    const widths = columns.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length)));
    const lines = rows.map((row) =>
      row
        .map((text, i) => text.padEnd(widths[i] ?? 0))
        .join("  ")
        .trimEnd(),
    );
    this.io.stdout(`${lines.join("\n")}\n`);
  }

  /** One resource: JSON, or YAML, which reads well for nested documents. */
  item(value: unknown): void {
    this.io.stdout(this.json ? `${JSON.stringify(value, null, 2)}\n` : stringify(value));
  }

  /** A one-line confirmation; with --json, the data it confirms. */
  done(message: string, value: unknown): void {
    this.io.stdout(this.json ? `${JSON.stringify(value, null, 2)}\n` : `${message}\n`);
  }

  /** A line as it happens (tail); with --json, one JSON document per line. */
  line(text: string, value: unknown): void {
    this.io.stdout(this.json ? `${JSON.stringify(value)}\n` : `${text}\n`);
  }
}
