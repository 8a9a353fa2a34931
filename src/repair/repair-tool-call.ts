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
import { openValueIn } from "./open-value.ts";
import { JSON_QUOTE_TOKEN, unquoteTokenStrings } from "./token-quoted-strings.ts";
import { quoteTokens } from "./fixers/quote-tokens.ts";
import { keyWrittenTwice } from "./doubled-keys.ts";
import { invalidArgumentsError, schemaMismatchError, styleMismatchError, tokenQuotedError, unknownToolError } from "./describe-errors.ts";
import { renameFieldsByStyle, renameStylesInValid } from "./fixers/rename-fields-by-style.ts";
import { textNestsDeeper, valueNestsDeeper } from "./json-depth.ts";
import { droppedUnquoted, keptUnquotedKey } from "./dropped-unquoted.ts";
import { LOST_CONTENT, holdsNonFiniteNumber, lostStrings } from "./lost-strings.ts";
import { writeArguments } from "./number-spellings.ts";
import { pickCandidate } from "./parsers/candidates.ts";
import type { ArgumentsCandidate } from "./parsers/candidates.ts";
import { guidedCandidates } from "./schema-guided-stage.ts";
import { deepEqualJson } from "./schema-shape.ts";
import type { SchemaViews } from "./schema-views.ts";
import type { GuidedStageInput } from "./schema-guided-stage.ts";
import { Trace, attempt } from "./trace.ts";
import { analyzeCut } from "./truncation.ts";
import type { CompiledSchema, SchemaCompilation } from "./validate.ts";
import { errorsOf, fixValue, isValidArguments } from "./value-stage.ts";
import type {
  ArgumentsFixer,
  JsonSchema,
  NameFixer,
  ParserFamily,
  RepairOutcome,
  TextFixer,
  ToolCallInput,
  ToolDefinition,
  ValueFixer,
} from "./types.ts";

/** One declared tool, its schema compiled on first use within the request. */
export interface PreparedTool {
  readonly definition: ToolDefinition;
  schema(): SchemaCompilation;
  /** The plain views of a composed schema, compiled (schema-views.ts); `undefined` when it is plain or they do not compile. */
  views?(): CompiledViews | undefined;
}

/** A composed schema's views, compiled. */
export interface CompiledViews {
  readonly kind: SchemaViews["kind"];
  readonly compiled: readonly CompiledSchema[];
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
  readonly parse: readonly ParserFamily[];
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

/** Passes over the text fixers: each pass may enable the next. */
const MAX_TEXT_PASSES = 3;


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
  schema: JsonSchema,
  fixers: readonly TextFixer[],
  trace: Trace,
): { text: string; value: unknown; guessed: boolean } | undefined {
  let text = start;
  let guessed = false;
  for (let pass = 0; pass < MAX_TEXT_PASSES; pass++) {
    let changed = false;
    for (const fixer of fixers) {
      trace.tried.add(fixer.name);
      const next = attempt(() => fixer.fix(text, { finishReason: call.finishReason, schema }));
      if (next === undefined || next === text) continue;
      text = next;
      changed = true;
      guessed ||= fixer.class === "lossy";
      trace.apply(fixer);
      const parsed = parseJson(text);
      // A key written twice with two values says two things, however the text around it was repaired: no reading.
      if (parsed.ok) return keyWrittenTwice(text, parsed.value) === undefined ? { text, value: parsed.value, guessed } : undefined;
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

  const afterName = trace.fork();
  const own = repairArguments(call, name, compiled, fixers, trace);
  if (own.kind === "unvalidated") return own;
  const views = tools.get(name)!.views?.();
  if (views === undefined) return own;
  if (own.kind === "valid") return typeof call.arguments === "string" ? (styleRenamedInViews(name, call.arguments, views, compiled, fixers) ?? own) : own;
  return readThroughViews(own, views, compiled, (view) => repairArguments(call, name, view, fixers, afterName.fork()));
}

/**
 * `styleRenamed` for a call valid as sent under a composed schema: each view
 * the value fits must rename it alike (a union branch that declares no such
 * key leaves it as it is, and the call stays valid), and the renamed value
 * must still validate against the declared schema.
 */
function styleRenamedInViews(name: string, text: string, views: CompiledViews, compiled: CompiledSchema, fixers: StageFixers): RepairOutcome | undefined {
  const parsed = parseJson(text);
  if (!parsed.ok) return undefined;
  const fitting = views.compiled.filter((view) => isValidArguments(view, parsed.value) === true);
  const renamed = fitting.map((view) => styleRenamed(name, parsed.value, text, view, fixers));
  const [first] = renamed;
  if (first?.kind !== "repaired" || !renamed.every((outcome) => outcome?.kind === "repaired" && outcome.arguments === first.arguments)) return undefined;
  const value = parseJson(first.arguments);
  return value.ok && isValidArguments(compiled, value.value) === true ? first : undefined;
}

/**
 * A composed schema's reading: the call repaired against each plain view of
 * it (schema-views.ts), each repair checked against the declared schema. A
 * merged view is the declared schema with its members read: its repair is
 * the one, and when it finds none the declared schema's own (which could not
 * see the members' properties) is not taken either. A union's branches, and
 * the declared schema's own repair, must all agree on the value: a broken
 * value that two branches read differently is not repaired.
 */
function readThroughViews(
  own: Extract<RepairOutcome, { kind: "repaired" | "failed" }>,
  views: CompiledViews,
  compiled: CompiledSchema,
  repairAgainst: (view: CompiledSchema) => RepairOutcome,
): RepairOutcome {
  const readings: Extract<RepairOutcome, { kind: "repaired" }>[] = [];
  if (views.kind === "union" && own.kind === "repaired") readings.push(own);
  for (const view of views.compiled) {
    const outcome = repairAgainst(view);
    if (outcome.kind !== "repaired") continue;
    const value = parseJson(outcome.arguments);
    if (value.ok && isValidArguments(compiled, value.value) === true) readings.push(outcome);
  }
  const refused: RepairOutcome = own.kind === "failed" ? own : { kind: "failed", name: own.name, error: own.original, fixersTried: own.fixers };
  const [first] = readings;
  if (first === undefined) return views.kind === "union" ? own : refused;
  const value = JSON.parse(first.arguments) as unknown;
  if (!readings.every((reading) => deepEqualJson(JSON.parse(reading.arguments) as unknown, value))) return refused;
  return first;
}

function repairArguments(call: ToolCallInput, name: string, compiled: CompiledSchema, fixers: StageFixers, trace: Trace): RepairOutcome {
  // 4. Arguments as text: an object is serialised, nothing at all is `{}`.
  const raw = call.arguments;
  let text = argumentsText(name, raw, fixers.arguments, trace);
  if (text === undefined) return trace.failed(name, trace.original!);
  trace.raw = text;
  trace.schema = compiled.schema;
  trace.truncated = isTruncated(text, call.finishReason);

  // 5. Parse: JSON.parse first; the text fixers only when it fails, and the
  // parse families (on the text as it came) when even those fail.
  trace.markTextStage();
  let value: unknown;
  let textChanged = text !== raw;
  let reparsed = false;
  const parsed = parseJson(text);
  if (parsed.ok) {
    value = parsed.value;
    // Valid JSON that says two things, or a number the tool cannot be sent: nothing here is the model's one value.
    const doubled = keyWrittenTwice(text, value);
    const open = doubled !== undefined ? `\`${doubled}\` is written twice with two different values` : holdsNonFiniteNumber(value) ? "a number no double holds" : undefined;
    if (open !== undefined) {
      const error = invalidArgumentsError(name, open, false);
      trace.noteError(error);
      return trace.failed(name, error);
    }
  } else {
    const open = openValueIn(text, compiled.schema);
    const detail =
      open === undefined ? parsed.detail : open.kind === "stand-in" ? `\`${open.mark}\` stands where a value should be` : `the quotes inside \`${open.text.slice(0, 80)}\` may be plain or typographic`;
    const error = invalidArgumentsError(name, detail, isTruncated(text, call.finishReason));
    trace.noteError(error);
    // A value left out is not ours to fill with the mark that stands for it, nor turned quotes ours to choose.
    if (open !== undefined) return trace.failed(name, error);
    const fixed = parseWithTextFixers(text, call, compiled.schema, fixers.text, trace);
    // Fixers that claim one reading but lose what the model wrote read it wrong: the parse families may read it right.
    if (fixed === undefined || (!fixed.guessed && lostStrings(trace.raw, fixed.value, undefined, trace.schema).length > 0)) {
      return settle({ call, toolName: name, compiled, fixers }, trace) ?? trace.failed(name, error);
    }
    text = fixed.text;
    value = fixed.value;
    textChanged = true;
    reparsed = true;
  }

  // Markup a server's reader left inside strings, in a call valid as sent too: the tool would read it as text.
  const unmarked = withoutLeftMarkup(name, value, text, fixers, trace);
  if (unmarked !== value) {
    value = unmarked;
    textChanged = true;
  }

  // 6. Validate: the fast validator, on every call.
  const valid = isValidArguments(compiled, value);
  if (valid === undefined) return { kind: "unvalidated", name, reason: "the validator failed on these arguments" };
  if (valid) {
    if (trace.applied.length === 0) return styleRenamed(name, value, text, compiled, fixers) ?? { kind: "valid", name };
    const outcome = repaired(name, value, textChanged ? writeArguments(value, trace.raw) : text, fixers, trace);
    if (!reparsed) return outcome;
    // An undeclared key the syntax repair read after unquoted text may be that text's: the parse families decide.
    if (keptUnquotedKey(value, trace.raw, compiled.schema)) return settle({ call, toolName: name, compiled, fixers }, trace) ?? trace.failed(name, trace.original!);
    return settle({ call, toolName: name, compiled, fixers }, trace, { value, outcome }) ?? trace.failed(name, trace.original!);
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
  if (fixed === undefined) return settle({ call, toolName: name, compiled, fixers }, trace) ?? trace.failed(name, mismatch);
  const outcome = repaired(name, fixed.value, writeArguments(fixed.value, trace.raw), fixers, trace);
  // Fixers that claim an exact conversion but lose what the model wrote (`1.50` → "1.5") read it wrong.
  const unclaimedLoss = outcome.kind === "repaired" && outcome.lost !== undefined && !trace.lossy;
  if (unclaimedLoss) return settle({ call, toolName: name, compiled, fixers }, trace) ?? trace.failed(name, mismatch);
  if (!reparsed) return outcome;
  if (droppedUnquoted(outcome, trace)) return trace.failed(name, trace.original!);
  return settle({ call, toolName: name, compiled, fixers }, trace, { value: fixed.value, outcome }) ?? trace.failed(name, trace.original!);
}

/**
 * A call valid as sent whose undeclared keys spell absent declared ones in
 * another style (`max_results` beside a declared `maxResults`, unknown keys
 * allowed): renamed, since the tool would not read them. Lossless.
 */
function styleRenamed(name: string, value: unknown, text: string, compiled: CompiledSchema, fixers: StageFixers): RepairOutcome | undefined {
  if (!fixers.value.includes(renameFieldsByStyle)) return undefined;
  const styled = renameStylesInValid(value, compiled.schema);
  if (styled === undefined || isValidArguments(compiled, styled.value) !== true || holdsNonFiniteNumber(styled.value)) return undefined;
  return {
    kind: "repaired",
    name,
    arguments: writeArguments(styled.value, text),
    fixers: [renameFieldsByStyle.name],
    lossy: false,
    original: styleMismatchError(name, styled.renames),
  };
}

/**
 * The parsed arguments without the quote tokens a runtime left around whole strings (token-quoted-strings.ts),
 * noted as the call's error and its fixer as applied; `value` itself when there are none. (Markup of other
 * parameters inside a string is split out only from a call the schema rejects: split-leaked-members.ts.)
 */
function withoutLeftMarkup(name: string, value: unknown, text: string, fixers: StageFixers, trace: Trace): unknown {
  // Every call passes here: the walk runs only when the JSON text holds the token at all.
  const unquoted = fixers.text.includes(quoteTokens) && text.includes(JSON_QUOTE_TOKEN) ? unquoteTokenStrings(value) : undefined;
  if (unquoted === undefined) return value;
  trace.noteError(tokenQuotedError(name, unquoted.pointers));
  trace.apply(quoteTokens);
  return unquoted.value;
}

/**
 * The outcome `pickCandidate` settles on among the pipeline's own repair
 * (`own`, when it stands) and the parse families' readings of `trace.raw`,
 * the text before the text fixers; `undefined` when it picks none.
 */
function settle(
  input: GuidedStageInput,
  trace: Trace,
  own?: { readonly value: unknown; readonly outcome: RepairOutcome },
): RepairOutcome | undefined {
  const candidates = guidedCandidates(trace.raw, input, trace);
  const all: ArgumentsCandidate[] = candidates;
  if (own !== undefined && own.outcome.kind === "repaired") {
    const lost = own.outcome.lost ?? [];
    all.unshift({ value: own.value, parser: "text-fixers", parsers: [], fixers: own.outcome.fixers, lossy: own.outcome.lossy, lost });
  }
  const picked = pickCandidate(all);
  if (picked === undefined) return undefined;
  if (picked.parser === "text-fixers") return own!.outcome;
  if (picked.lost.length > 0 && !input.fixers.allowLossy) return undefined;
  const applied = [...new Set([...trace.applied.slice(0, trace.appliedBeforeText), ...picked.fixers])];
  return {
    kind: "repaired",
    name: input.toolName,
    arguments: writeArguments(picked.value, trace.raw),
    fixers: picked.lost.length > 0 ? [...applied, LOST_CONTENT] : applied,
    lossy: trace.lossyBeforeText || picked.lossy,
    ...(picked.lost.length > 0 ? { lost: picked.lost } : {}),
    original: trace.original!,
  };
}

/** The repaired outcome, once the lossless check has compared it with what the model wrote. */
function repaired(name: string, value: unknown, argumentsText: string, fixers: StageFixers, trace: Trace): RepairOutcome {
  if (holdsNonFiniteNumber(value)) return trace.failed(name, trace.original!);
  const lost = lostStrings(trace.raw, value, trace.excused, trace.schema);
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
