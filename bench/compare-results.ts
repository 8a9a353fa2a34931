/**
 * `npm run bench -- --compare FILE`: the change from an earlier run to this
 * one, per row and figure, as a Markdown table a review can quote. A change
 * within `thresholdPercent` either way is marked `~` (noise on a shared
 * machine is easily a few percent); past it, `better` or `worse` by the
 * figure's direction (results.ts `higherIsBetter`).
 */
import { higherIsBetter, type BenchResults } from "./results.ts";

export interface CompareOptions {
  /** Changes smaller than this, in percent, are not called better or worse. */
  readonly thresholdPercent: number;
}

interface Line {
  readonly row: string;
  readonly metric: string;
  readonly earlier: number;
  readonly later: number;
}

/** A number as the table shows it: whole above 100, else three significant digits. */
export function formatFigure(value: number): string {
  if (Math.abs(value) >= 100) return value.toFixed(0);
  if (value === 0) return "0";
  return Number(value.toPrecision(3)).toString();
}

/** `+12.5% better`, `-3.1% ~`, `new` (from zero); the verdict follows the figure's direction. */
export function describeChange(metric: string, earlier: number, later: number, { thresholdPercent }: CompareOptions): string {
  if (earlier === later) return "0% ~";
  if (earlier === 0) return `from 0 ${verdict(metric, later > 0)}`;
  const percent = ((later - earlier) / Math.abs(earlier)) * 100;
  const sign = percent > 0 ? "+" : "";
  const mark = Math.abs(percent) < thresholdPercent ? "~" : verdict(metric, percent > 0);
  return `${sign}${percent.toFixed(1)}% ${mark}`;
}

function verdict(metric: string, increased: boolean): string {
  return increased === higherIsBetter(metric) ? "better" : "worse";
}

function lines(earlier: Readonly<Record<string, number>>, later: Readonly<Record<string, number>>, row: string): Line[] {
  return Object.keys(later)
    .filter((metric) => typeof earlier[metric] === "number")
    .map((metric) => ({ row, metric, earlier: earlier[metric]!, later: later[metric]! }));
}

function describeRun(results: BenchResults): string {
  const load = results.machine.loadAverage[0];
  return `${results.startedAt}, commit ${results.commit}, ${results.machine.cpus} CPUs${load === undefined ? "" : ` at load ${load}`}`;
}

/** The comparison of `later` against `earlier`, as text: a table, then the rows only one run has. */
export function compareResults(earlier: BenchResults, later: BenchResults, options: CompareOptions): string {
  const earlierRows = new Map(earlier.rows.map((row) => [row.key, row]));
  const laterKeys = new Set(later.rows.map((row) => row.key));
  const compared: Line[] = [];
  for (const row of later.rows) {
    const before = earlierRows.get(row.key);
    if (before !== undefined) compared.push(...lines(before.metrics, row.metrics, row.key));
  }
  compared.push(...lines(earlier.metrics, later.metrics, "(run)"));

  const header = ["row", "figure", "earlier", "now", "change"];
  const cells = compared.map((line) => [line.row, line.metric, formatFigure(line.earlier), formatFigure(line.later), describeChange(line.metric, line.earlier, line.later, options)]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((cell) => cell[column]!.length)));
  const format = (cell: readonly string[]) => `| ${cell.map((text, column) => (column < 2 ? text.padEnd(widths[column]!) : text.padStart(widths[column]!))).join(" | ")} |`;
  const rule = `|${widths.map((width, column) => (column < 2 ? `:${"-".repeat(width + 1)}` : `${"-".repeat(width + 1)}:`)).join("|")}|`;

  const out = [`Earlier: ${describeRun(earlier)}`, `Now:     ${describeRun(later)}`, `(changes under ${options.thresholdPercent}% are marked ~)`, ""];
  out.push(compared.length === 0 ? "No row and figure in common." : [format(header), rule, ...cells.map(format)].join("\n"));
  const onlyEarlier = earlier.rows.filter((row) => !laterKeys.has(row.key)).map((row) => row.key);
  const onlyLater = later.rows.filter((row) => !earlierRows.has(row.key)).map((row) => row.key);
  if (onlyEarlier.length > 0) out.push("", `Only in the earlier run: ${onlyEarlier.join("; ")}`);
  if (onlyLater.length > 0) out.push("", `Only in this run: ${onlyLater.join("; ")}`);
  return out.join("\n");
}
