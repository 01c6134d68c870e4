/** Plain-text tables and number formats shared by the benches' reports. */

/** Prints a header and rows as columns: the first left-aligned, the others right-aligned. */
export function printTable(header: string[], rows: string[][], indent = ""): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
  for (const row of [header, ...rows]) {
    const cells = row.map((cell, i) =>
      i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0),
    );
    console.log(`${indent}${cells.join("  ")}`);
  }
}

export const fixed = (value: number, digits = 3) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");
export const dollars = (value: number) => `$${value.toFixed(3)}`;
