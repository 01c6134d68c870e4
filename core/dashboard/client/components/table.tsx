import type { Child } from "hono/jsx";
import { formatCount, formatUsd } from "../format";

export interface Column<T> {
  /** The header, and the label each cell shows before its value on narrow screens. */
  head: string;
  /** A shorter label for the cells than the header ("Tokens" under "Tokens in / out"). */
  label?: string;
  /** Figures: right-aligned, header and cells. */
  num?: boolean;
  /** The cells' class ("mono", "break", "row-actions"). */
  class?: string;
  /** A header for screen readers only, and cells without a label (a row's buttons). */
  hideHead?: boolean;
  cell: (row: T) => Child;
}

/**
 * A table of `rows`, one column per entry of `columns`; on narrow screens each row becomes a block of
 * labelled values (tables.css). A table without rows renders nothing: the page says why instead.
 */
export function Table<T>(props: {
  /** What the table lists, for screen readers unless `showCaption`; none where a heading says it. */
  caption?: string;
  showCaption?: boolean;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey?: (row: T) => string;
  /** More classes after "table" ("compact"). */
  class?: string;
  testId?: string;
}) {
  const { columns, rows } = props;
  if (rows.length === 0) return null;
  return (
    <table class={props.class ? `table ${props.class}` : "table"} data-testid={props.testId}>
      {props.caption && <caption class={props.showCaption ? undefined : "sr-only"}>{props.caption}</caption>}
      <thead>
        <tr>
          {columns.map((column) => (
            <th scope="col" class={column.num ? "num" : undefined}>
              {column.hideHead ? <span class="sr-only">{column.head}</span> : column.head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={props.rowKey?.(row)}>
            {columns.map((column) => (
              <td
                data-label={column.hideHead ? undefined : (column.label ?? column.head)}
                class={column.num ? "num" : column.class}
              >
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The last column of a list in settings: the row's buttons, under a header only screen readers hear. */
export function actionsColumn<T>(cell: (row: T) => Child): Column<T> {
  return { head: "Actions", hideHead: true, class: "row-actions", cell };
}

/** What model calls used and cost: a run's, a model's over a range, a single call's. */
export interface Usage {
  calls?: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

/**
 * The "Tokens in / out" and "Cost" columns of a table of model spend, after a "Calls" column with
 * `{ calls: true }`; "—" in a row without usage (a run whose cost did not load).
 */
export function usageColumns<T>(usage: (row: T) => Usage | undefined, options: { calls?: boolean } = {}) {
  const figure = (head: string, show: (usage: Usage) => string, label?: string): Column<T> => ({
    head,
    label,
    num: true,
    cell: (row) => {
      const value = usage(row);
      return value ? show(value) : "—";
    },
  });
  const columns = [
    figure(
      "Tokens in / out",
      (u) => `${formatCount(u.inputTokens)} / ${formatCount(u.outputTokens)}`,
      "Tokens",
    ),
    figure("Cost", (u) => formatUsd(u.costUsd)),
  ];
  return options.calls ? [figure("Calls", (u) => formatCount(u.calls ?? 0)), ...columns] : columns;
}
