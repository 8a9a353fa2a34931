/**
 * The pipeline for one tool call, as a list of stages:
 *
 *   resolve name → compile schema → bounds → arguments to text → parse → validate → value fixers
 *        │               │              │             │              │          │
 *   name fixers    unvalidated    unvalidated  arguments fixers  text fixers  valid: leave the bytes alone
 *
 * Each stage returns its input unchanged when it has nothing to do. A call
 * that arrives valid costs one `JSON.parse` and one cached validator call and
 * is reported `valid`, never re-serialised. Anything a fixer produced is
 * accepted only once the schema accepts it, so a `repaired` call validates.
 */
import { isJsonObject } from "../json.ts";
import { invalidArgumentsError, schemaMismatchError, unknownToolError } from "./describe-errors.ts";
import { excuseRemovals } from "./excused-strings.ts";
import { textNestsDeeper, valueNestsDeeper } from "./json-depth.ts";
import { LOST_CONTENT, lostStrings } from "./lost-strings.ts";
import { analyzeCut } from "./truncation.ts";
import type { CompiledSchema, SchemaCompilation } from "./validate.ts";
import type {
  ArgumentsFixer,
  NameFixer,
  RepairOutcome,
  SchemaError,
  TextFixer,
  ToolCallError,
  ToolCallInput,
  ToolDefinition,
  ValueFixer,
} from "./types.ts";

/** One declared tool, its schema compiled on first use within the request. */
export interface PreparedTool {
  readonly definition: ToolDefinition;
  schema(): SchemaCompilation;
}

/** A request's tools, looked up by declared name. */
export interface PreparedTools {
  readonly names: readonly string[];
  get(name: string): PreparedTool | undefined;
}

/** The enabled fixers of each stage, in order. */
export interface StageFixers {
  readonly name: readonly NameFixer[];
  readonly arguments: readonly ArgumentsFixer[];
  readonly text: readonly TextFixer[];
  readonly value: readonly ValueFixer[];
  /** Whether a repair that loses content (a lossy fixer, or strings missing after it) may stand. */
  readonly allowLossy: boolean;
}

/** Arguments past these are neither parsed, repaired nor validated: the call is `unvalidated`. */
export interface ArgumentLimits {
  /** UTF-8 size of the arguments text. */
  readonly maxArgumentBytes: number;
  /** Nesting of objects and arrays. */
  readonly maxArgumentDepth: number;
}

export const defaultArgumentLimits: ArgumentLimits = { maxArgumentBytes: 4 * 1024 * 1024, maxArgumentDepth: 64 };

/** Why arguments are past the limits, checked without parsing or recursing; `undefined` when within. */
function outOfBounds(raw: unknown, limits: ArgumentLimits): string | undefined {
  if (typeof raw === "string") {
    if (raw.length > limits.maxArgumentBytes || Buffer.byteLength(raw) > limits.maxArgumentBytes) {
      return `arguments are larger than ${limits.maxArgumentBytes} bytes`;
    }
    return textNestsDeeper(raw, limits.maxArgumentDepth) ? `arguments nest deeper than ${limits.maxArgumentDepth} levels` : undefined;
  }
  return valueNestsDeeper(raw, limits.maxArgumentDepth) ? `arguments nest deeper than ${limits.maxArgumentDepth} levels` : undefined;
}

/** Passes over the text fixers, and over the value fixers: each pass may enable the next. */
const MAX_TEXT_PASSES = 3;
const MAX_VALUE_PASSES = 4;

/** What the stages learnt so far: fixers tried and applied, and the first thing found wrong. */
class Trace {
  readonly tried = new Set<string>();
  readonly applied: string[] = [];
  lossy = false;
  original: ToolCallError | undefined;
  /** Strings value fixers removed as syntax (envelopes, renamed keys): the lossless check excuses them. */
  readonly excused = new Set<string>();
  /** The arguments as text before any text fixer: what the lossless check reads. */
  raw = "";
  /** The text was cut short (open string, or `finish_reason: "length"`): what is missing was never written. */
  truncated = false;

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
function attempt<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch {
    return undefined;
  }
}

/** Tool arguments are always an object, whatever a lax schema admits. */
function isValidArguments(compiled: CompiledSchema, value: unknown): boolean | undefined {
  return isJsonObject(value) ? compiled.isValid(value) : false;
}

function rootTypeError(schema: unknown, value: unknown): SchemaError {
  return {
    instancePath: "",
    schemaPath: "#/type",
    keyword: "type",
    params: { type: "object" },
    message: "must be object",
    schema: "object",
    parentSchema: isJsonObject(schema) ? schema : {},
    data: value,
  };
}

/** Every error of `value`, with the arguments-must-be-an-object rule first. */
function errorsOf(compiled: CompiledSchema, value: unknown): readonly SchemaError[] | undefined {
  const errors = compiled.errorsOf(value);
  if (errors === undefined || isJsonObject(value)) return errors;
  return [rootTypeError(compiled.schema, value), ...errors];
}

/**
 * A failed parse is an expected value here, not a bug: the stack trace V8
 * would capture for the SyntaxError costs more than the parse itself, and the
 * text stage may parse several times.
 */
function parseJson(text: string): { ok: true; value: unknown } | { ok: false; detail: string } {
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, detail: (error as Error).message };
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

function resolveName(call: ToolCallInput, tools: PreparedTools, fixers: readonly NameFixer[], trace: Trace): string | undefined {
  if (tools.get(call.name) !== undefined) return call.name;
  trace.noteError(unknownToolError(call.name, tools.names));
  for (const fixer of fixers) {
    trace.tried.add(fixer.name);
    const resolved = attempt(() => fixer.fix(call.name, { toolNames: tools.names }));
    if (resolved !== undefined && tools.get(resolved) !== undefined) {
      trace.apply(fixer);
      return resolved;
    }
  }
  return undefined;
}

function describeRaw(raw: unknown): string {
  if (raw === null || raw === undefined) return `arguments are ${String(raw)}`;
  if (typeof raw === "string") return "arguments are empty";
  return `arguments are ${Array.isArray(raw) ? "an array" : `a${typeof raw === "object" ? "n" : ""} ${typeof raw}`}, not a JSON string`;
}

function argumentsText(name: string, raw: unknown, fixers: readonly ArgumentsFixer[], trace: Trace): string | undefined {
  if (typeof raw === "string" && raw.trim() !== "") return raw;
  trace.noteError(invalidArgumentsError(name, describeRaw(raw), false));
  for (const fixer of fixers) {
    trace.tried.add(fixer.name);
    const text = attempt(() => fixer.fix(raw));
    if (text !== undefined) {
      trace.apply(fixer);
      return text;
    }
  }
  return undefined;
}

function isTruncated(text: string, finishReason: string | null | undefined): boolean {
  return finishReason === "length" || analyzeCut(text, finishReason).kind === "cut";
}

/** Runs the text fixers until the text parses; `undefined` when it never does. */
function parseWithTextFixers(
  start: string,
  call: ToolCallInput,
  fixers: readonly TextFixer[],
  trace: Trace,
): { text: string; value: unknown; guessed: boolean } | undefined {
  let text = start;
  let guessed = false;
  for (let pass = 0; pass < MAX_TEXT_PASSES; pass++) {
    let changed = false;
    for (const fixer of fixers) {
      trace.tried.add(fixer.name);
      const next = attempt(() => fixer.fix(text, { finishReason: call.finishReason }));
      if (next === undefined || next === text) continue;
      text = next;
      changed = true;
      guessed ||= fixer.class === "lossy";
      trace.apply(fixer);
      const parsed = parseJson(text);
      if (parsed.ok) return { text, value: parsed.value, guessed };
    }
    if (!changed) return undefined;
  }
  return undefined;
}

/** Runs the value fixers until the schema accepts the value; `undefined` when it never does. */
function fixValue(
  start: unknown,
  errors: readonly SchemaError[],
  compiled: CompiledSchema,
  toolName: string,
  fixers: readonly ValueFixer[],
  trace: Trace,
): { value: unknown } | "unvalidated" | undefined {
  let value = start;
  let current = errors;
  for (let pass = 0; pass < MAX_VALUE_PASSES; pass++) {
    let changed = false;
    for (const fixer of fixers) {
      trace.tried.add(fixer.name);
      const context = { schema: compiled.schema, errors: current, toolName, truncated: trace.truncated };
      const next = attempt(() => fixer.fix(value, context));
      if (next === undefined) continue;
      excuseRemovals(fixer.name, value, next, trace.excused);
      value = next;
      changed = true;
      trace.apply(fixer);
      const valid = isValidArguments(compiled, value);
      if (valid === undefined) return "unvalidated";
      if (valid) return { value };
      const again = errorsOf(compiled, value);
      if (again === undefined) return "unvalidated";
      current = again;
    }
    if (!changed) return undefined;
  }
  return undefined;
}

/** Repairs one call against the request's tools with the given fixers (see `createRepairEngine`). */
export function repairToolCall(
  call: ToolCallInput,
  tools: PreparedTools,
  fixersFor: (toolName: string) => StageFixers,
  nameFixers: readonly NameFixer[],
  limits: ArgumentLimits = defaultArgumentLimits,
): RepairOutcome {
  const trace = new Trace();

  // 1. Name: exact match, else the name fixers.
  const name = resolveName(call, tools, nameFixers, trace);
  if (name === undefined) return trace.failed(call.name, trace.original!);
  const fixers = fixersFor(name);

  // 2. Schema: a schema that cannot be compiled leaves the call unchecked.
  const compilation = tools.get(name)!.schema();
  if (!compilation.ok) return { kind: "unvalidated", name, reason: compilation.reason };
  const compiled = compilation.compiled;

  // 3. Bounds: arguments too big or too deep would cost every later stage too much.
  const tooBig = outOfBounds(call.arguments, limits);
  if (tooBig !== undefined) return { kind: "unvalidated", name, reason: tooBig };

  // 4. Arguments as text: an object is serialised, nothing at all is `{}`.
  const raw = call.arguments;
  let text = argumentsText(name, raw, fixers.arguments, trace);
  if (text === undefined) return trace.failed(name, trace.original!);
  trace.raw = text;
  trace.truncated = isTruncated(text, call.finishReason);

  // 5. Parse: JSON.parse first; the text fixers only when it fails.
  let value: unknown;
  let textChanged = text !== raw;
  const parsed = parseJson(text);
  if (parsed.ok) {
    value = parsed.value;
  } else {
    trace.noteError(invalidArgumentsError(name, parsed.detail, isTruncated(text, call.finishReason)));
    const fixed = parseWithTextFixers(text, call, fixers.text, trace);
    // Fixers that claim one reading but lose what the model wrote read it wrong: no repair beats a wrong one.
    if (fixed === undefined || (!fixed.guessed && lostStrings(trace.raw, fixed.value).length > 0)) {
      return trace.failed(name, invalidArgumentsError(name, parsed.detail, isTruncated(text, call.finishReason)));
    }
    text = fixed.text;
    value = fixed.value;
    textChanged = true;
  }

  // 6. Validate: the fast validator, on every call.
  const valid = isValidArguments(compiled, value);
  if (valid === undefined) return { kind: "unvalidated", name, reason: "the validator failed on these arguments" };
  if (valid) {
    if (trace.applied.length === 0) return { kind: "valid", name };
    return repaired(name, value, textChanged ? JSON.stringify(value) : text, fixers, trace);
  }

  // 7. Value fixers, driven by every error the schema reports.
  const errors = errorsOf(compiled, value);
  if (errors === undefined) return { kind: "unvalidated", name, reason: "the validator failed on these arguments" };
  // The errors of the parsed arguments are the ones to report: they are about
  // what the model sent, which is what feedback must talk about.
  const mismatch = schemaMismatchError(name, errors);
  trace.noteError(mismatch);
  const fixed = fixValue(value, errors, compiled, name, fixers.value, trace);
  if (fixed === "unvalidated") return { kind: "unvalidated", name, reason: "the validator failed on these arguments" };
  if (fixed === undefined) return trace.failed(name, mismatch);
  return repaired(name, fixed.value, JSON.stringify(fixed.value), fixers, trace);
}

/** The repaired outcome, once the lossless check has compared it with what the model wrote. */
function repaired(name: string, value: unknown, argumentsText: string, fixers: StageFixers, trace: Trace): RepairOutcome {
  const lost = lostStrings(trace.raw, value, trace.excused);
  if (lost.length > 0 && !fixers.allowLossy) return trace.failed(name, trace.original!);
  return {
    kind: "repaired",
    name,
    arguments: argumentsText,
    fixers: lost.length > 0 ? [...trace.applied, LOST_CONTENT] : trace.applied,
    lossy: trace.lossy || lost.length > 0,
    ...(lost.length > 0 ? { lost } : {}),
    original: trace.original!,
  };
}
