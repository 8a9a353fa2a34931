/** A Markdown table with the first column left-aligned and the others right-aligned (figures). */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(" | ")} |`;
  const rule = `|${widths.map((width, column) => (column === 0 ? ":" : "-").padEnd(width + 1, "-") + (column === 0 ? "-" : ":")).join("|")}|`;
  return [line(header), rule, ...rows.map(line)].join("\n");
}
