/**
 * The repair engine: a schema cache and the fixer registry behind two calls.
 * The proxy calls `prepareTools` once per request and `repair` once per tool
 * call. Everything it holds lives in the returned object.
 */
import { allFixers, defaultFixerNames, fixerByName } from "./fixers/index.ts";
import { defaultArgumentLimits, repairToolCall } from "./repair-tool-call.ts";
import type { ArgumentLimits, CompiledViews, PreparedTool, PreparedTools, StageFixers } from "./repair-tool-call.ts";
import { schemaViews } from "./schema-views.ts";
import { expandToolCall, expansionFixers, expansionOf } from "./expand-tool-call.ts";
import { splitToolCall, type SplitResult } from "./split-tool-call.ts";
import type {
  ArgumentsFixer,
  Fixer,
  JsonSchema,
  NameFixer,
  ParserFamily,
  RepairOutcome,
  TextFixer,
  ToolCallError,
  ToolCallInput,
  ToolDefinition,
  ValueFixer,
} from "./types.ts";
import { createSchemaValidator } from "./validate.ts";
import type { CompileBudget, CompiledSchema, SchemaCompilation, SchemaValidator, SchemaValidatorOptions } from "./validate.ts";

export type RepairEngineOptions = SchemaValidatorOptions & Partial<ArgumentLimits>;

export interface RepairOptions {
  /**
   * Fixers to run, by name, in order within each stage (default:
   * `defaultFixerNames`). A function is asked per tool: with the emitted name
   * for the name stage (the tool is not known yet), then with the resolved one.
   */
  readonly fixers?: readonly string[] | ((toolName: string) => readonly string[]);
  /** `false` skips every lossy fixer (for destructive tools). Default `true`. */
  readonly allowLossy?: boolean | ((toolName: string) => boolean);
}

export interface RepairEngine {
  /** Indexes a request's tools; schemas compile (or come from the cache) on first use. */
  prepareTools(tools: readonly ToolDefinition[]): PreparedTools;
  /** Says whether `call` is valid, repairs it, or says why it cannot. Never throws on bad input. */
  repair(call: ToolCallInput, tools: PreparedTools, options?: RepairOptions): RepairOutcome;
  /**
   * The calls one emitted call stands for (multi_tool_use.parallel, a list of
   * envelopes, valid objects in a row), each to be repaired on its own; or
   * `undefined` when it is one call. `repair` already handles an expansion
   * into a single call; several must be put in the answer by the caller.
   */
  expand(call: ToolCallInput, tools: PreparedTools): ToolCallInput[] | undefined;
  /**
   * `expand` with every call repaired: the calls, in order, when `call` is
   * several and each comes out valid or repaired; `undefined` when it is one
   * call, when a member stays broken, or when the fixer that reads the pieces
   * (`unwrap-envelope`, or `split-concatenated-objects` for objects in a row)
   * is not among a member tool's fixers. All or nothing: no member is dropped.
   */
  split(call: ToolCallInput, tools: PreparedTools, options?: RepairOptions): SplitResult | undefined;
  /** Schemas in the cache (for metrics). */
  readonly cachedSchemas: number;
}

const DECODE = "decode-double-encoded";

/** The outcome of the call found inside an envelope, as a repair of the call that carried it. */
function unwrapped(outcome: RepairOutcome, inner: ToolCallInput, original: ToolCallError, readers: readonly string[]): RepairOutcome {
  switch (outcome.kind) {
    case "valid":
      return { kind: "repaired", name: outcome.name, arguments: String(inner.arguments), fixers: [...readers], lossy: false, original };
    case "repaired":
      return { ...outcome, fixers: [...readers, ...outcome.fixers], original };
    case "failed":
      return { ...outcome, fixersTried: [...readers, ...outcome.fixersTried] };
    case "unvalidated":
      return outcome;
  }
}

/**
 * The text inside arguments sent as one JSON string that holds broken
 * arguments (`"{'a': 1}"`, a fenced block): `undefined` otherwise.
 */
function encodedText(raw: unknown): string | undefined {
  if (typeof raw !== "string" || !raw.trimStart().startsWith('"')) return undefined;
  try {
    const inner: unknown = JSON.parse(raw);
    return typeof inner === "string" && inner.trim() !== "" ? inner : undefined;
  } catch {
    return undefined;
  }
}

/** The outcome of the text inside encoded arguments, as a repair of the call that carried it. */
function decoded(outcome: RepairOutcome, inner: string, original: ToolCallError): RepairOutcome | undefined {
  switch (outcome.kind) {
    case "valid":
      return { kind: "repaired", name: outcome.name, arguments: inner, fixers: [DECODE], lossy: false, original };
    case "repaired":
      return { ...outcome, fixers: [DECODE, ...outcome.fixers], original };
    default:
      return undefined;
  }
}

/** Whether `stages` holds the fixer called `name`. */
function includesFixer(stages: StageFixers, name: string): boolean {
  return [stages.name, stages.arguments, stages.text, stages.parse, stages.value].some((fixers) => fixers.some((fixer) => fixer.name === name));
}

/** A composed schema's plain views, compiled on the request's budget; `undefined` when any of them does not compile. */
function compileViews(parameters: JsonSchema | undefined, validator: SchemaValidator, budget: CompileBudget): CompiledViews | undefined {
  const found = parameters === undefined ? undefined : schemaViews(parameters);
  if (found === undefined) return undefined;
  const compiled: CompiledSchema[] = [];
  for (const view of found.views) {
    const compilation = validator.compile(view, budget);
    if (!compilation.ok) return undefined;
    compiled.push(compilation.compiled);
  }
  return { kind: found.kind, compiled };
}

/** A tool without `parameters` accepts any object: the client declared nothing to check. */
const ANY_OBJECT = Object.freeze({ type: "object" });

function stageFixers(names: readonly string[], allowLossy: boolean): StageFixers {
  const stages = {
    name: [] as NameFixer[],
    arguments: [] as ArgumentsFixer[],
    text: [] as TextFixer[],
    parse: [] as ParserFamily[],
    value: [] as ValueFixer[],
    allowLossy,
  };
  for (const name of names) {
    const fixer: Fixer | undefined = fixerByName(name);
    if (fixer === undefined) {
      // A configuration error, not bad input: config validation should have caught it.
      throw new TypeError(`unknown fixer "${name}"; known fixers: ${allFixers.map((known) => known.name).join(", ")}`);
    }
    if (!allowLossy && fixer.class === "lossy") continue;
    switch (fixer.stage) {
      case "name":
        stages.name.push(fixer);
        break;
      case "arguments":
        stages.arguments.push(fixer);
        break;
      case "text":
        stages.text.push(fixer);
        break;
      case "parse":
        stages.parse.push(fixer);
        break;
      case "value":
        stages.value.push(fixer);
        break;
    }
  }
  return stages;
}

export function createRepairEngine(options: RepairEngineOptions = {}): RepairEngine {
  const validator = createSchemaValidator(options);
  const limits: ArgumentLimits = {
    maxArgumentBytes: options.maxArgumentBytes ?? defaultArgumentLimits.maxArgumentBytes,
    maxArgumentDepth: options.maxArgumentDepth ?? defaultArgumentLimits.maxArgumentDepth,
  };
  // Resolved stage lists per configured list (by identity) and lossy switch.
  const resolved = new WeakMap<readonly string[], { lossy?: StageFixers; lossless?: StageFixers }>();
  const resolve = (names: readonly string[], allowLossy: boolean): StageFixers => {
    let entry = resolved.get(names);
    if (entry === undefined) {
      entry = {};
      resolved.set(names, entry);
    }
    const slot = allowLossy ? "lossy" : "lossless";
    return (entry[slot] ??= stageFixers(names, allowLossy));
  };
  const resolverFor = ({ fixers = defaultFixerNames, allowLossy = true }: RepairOptions) => (toolName: string): StageFixers =>
    resolve(typeof fixers === "function" ? fixers(toolName) : fixers, typeof allowLossy === "function" ? allowLossy(toolName) : allowLossy);

  const repair: RepairEngine["repair"] = (call, tools, repairOptions = {}) => {
    const fixersFor = resolverFor(repairOptions);
    const nameFixers = tools.get(call.name) === undefined ? fixersFor(call.name).name : [];
    const outcome = repairToolCall(call, tools, fixersFor, nameFixers, limits);
    if (outcome.kind !== "failed") return outcome;
    if (outcome.error.kind !== "unknown_tool") {
      // Encoded arguments that are broken inside: repaired as the text they hold, one layer deep.
      const inner = encodedText(call.arguments);
      if (inner === undefined || !includesFixer(fixersFor(outcome.name), DECODE)) return outcome;
      const innerOutcome = repairToolCall({ ...call, arguments: inner }, tools, fixersFor, nameFixers, limits);
      return decoded(innerOutcome, inner, outcome.error) ?? outcome;
    }
    // No declared name, but the arguments name one (multi_tool_use.parallel with one use, {name, arguments}),
    // or the name holds the arguments (`read_file,{"path":"a"}`).
    const expansion = expansionOf(call, tools);
    if (expansion?.calls.length !== 1) return outcome;
    const [inner] = expansion.calls as [ToolCallInput];
    const readers = expansionFixers(expansion);
    if (!readers.every((reader) => includesFixer(fixersFor(inner.name), reader))) return outcome;
    return unwrapped(repairToolCall(inner, tools, fixersFor, [], limits), inner, outcome.error, readers);
  };

  return {
    prepareTools(tools) {
      const byName = new Map<string, PreparedTool>();
      // One schema at the size limit per request: about 100 ms of compiling at most.
      const budget: CompileBudget = { remaining: validator.limits.maxExpandedNodes };
      for (const definition of tools) {
        if (byName.has(definition.name)) continue; // the first declaration wins, as upstreams do
        let compilation: SchemaCompilation | undefined;
        // Computed once: `null` when the schema has no views.
        let views: CompiledViews | null | undefined;
        byName.set(definition.name, {
          definition,
          schema: () => (compilation ??= validator.compile(definition.parameters ?? ANY_OBJECT, budget)),
          views: () => {
            views ??= compileViews(definition.parameters, validator, budget) ?? null;
            return views ?? undefined;
          },
        });
      }
      const names = [...byName.keys()];
      return { names, get: (name) => byName.get(name) };
    },

    repair,

    expand: expandToolCall,

    split(call, tools, repairOptions = {}) {
      const expansion = expansionOf(call, tools);
      if (expansion === undefined || expansion.calls.length < 2) return undefined;
      const fixersFor = resolverFor(repairOptions);
      const readers = expansionFixers(expansion);
      if (!expansion.calls.every((member) => readers.every((reader) => includesFixer(fixersFor(member.name), reader)))) return undefined;
      return splitToolCall(expansion, (member) => repair(member, tools, repairOptions));
    },

    get cachedSchemas() {
      return validator.cachedSchemas;
    },
  };
}
