/** What the pipeline learnt about one call while it ran, and how it runs a fixer. */
import type { JsonSchema, RepairOutcome, ToolCallError } from "./types.ts";

/** What the stages learnt so far: fixers tried and applied, and the first thing found wrong. */
export class Trace {
  readonly tried = new Set<string>();
  readonly applied: string[] = [];
  lossy = false;
  original: ToolCallError | undefined;
  /** Strings value fixers removed as syntax (envelopes, renamed keys): the lossless check excuses them. */
  readonly excused = new Set<string>();
  /** The arguments as text before any text fixer: what the lossless check reads. */
  raw = "";
  /** The tool's schema, once compiled: the lossless check reads fenced code as strip-code-fences does. */
  schema: JsonSchema | undefined;
  /** The text was cut short (open string, or `finish_reason: "length"`): what is missing was never written. */
  truncated = false;
  /** What the name and arguments stages applied, kept for a repair that starts again from their text. */
  appliedBeforeText = 0;
  lossyBeforeText = false;

  /** A copy to run the later stages again from here (against another reading of the schema). */
  fork(): Trace {
    const copy = new Trace();
    for (const name of this.tried) copy.tried.add(name);
    copy.applied.push(...this.applied);
    copy.lossy = this.lossy;
    copy.original = this.original;
    for (const text of this.excused) copy.excused.add(text);
    copy.raw = this.raw;
    copy.truncated = this.truncated;
    copy.appliedBeforeText = this.appliedBeforeText;
    copy.lossyBeforeText = this.lossyBeforeText;
    return copy;
  }

  markTextStage(): void {
    this.appliedBeforeText = this.applied.length;
    this.lossyBeforeText = this.lossy;
  }

  apply(fixer: { readonly name: string; readonly class: string }): void {
    if (!this.applied.includes(fixer.name)) this.applied.push(fixer.name);
    if (fixer.class === "lossy") this.lossy = true;
    // Closing cut text means what followed the cut is gone, whatever the cut looked like.
    if (fixer.name === "close-truncated") this.truncated = true;
  }

  noteError(error: ToolCallError): void {
    this.original ??= error;
  }

  failed(name: string, error: ToolCallError): RepairOutcome {
    return { kind: "failed", name, error, fixersTried: [...this.tried] };
  }
}

/** A fixer that throws is a bug; the call in hand is treated as "no change" rather than lost. */
export function attempt<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch {
    return undefined;
  }
}
