/**
 * One emitted call that is really several, or really another tool's:
 *
 *   multi_tool_use.parallel {"tool_uses":[{"recipient_name":"functions.a","parameters":{…}}, …]}  → one call per use
 *   tool_call {"name":"read_file","arguments":{…}}           (the name is no declared tool)      → read_file {…}
 *   read_file [{"name":"read_file","arguments":{…}}, {"name":"write_file","arguments":{…}}]       → one call each
 *   read_file {"path":"a"}{"path":"b"}                      (each object valid for read_file)  → two calls
 *   read_file {}{"path":"a"}                                (an empty object is a stream glitch) → left alone
 *   read_file,{"path":"a"} ""                               (the arguments ran into the name)   → read_file {"path":"a"}
 *   read<arg_key>path</arg_key><arg_value>a</arg_value> {}  (GLM's body taken for the name)     → read {"path":"a"}
 *
 * Pure: it only reads. Each call it returns still goes through `repair`.
 * Anything less than every piece naming a declared tool (or, for objects in
 * a row, validating) is not an expansion: the call is left as it came.
 */
import { isJsonObject, type JsonObject } from "../json.ts";
import { readEnvelope, readParallel } from "./envelopes.ts";
import type { Envelope } from "./envelopes.ts";
import { objectsInARow } from "./json-tokens.ts";
import { declaredNameFor, stripNamespaces } from "./name-resolution.ts";
import type { PreparedTools } from "./repair-tool-call.ts";
import type { ToolCallInput } from "./types.ts";
import { readLeadingCalls } from "./content-calls/read-leading-calls.ts";
import { fencedBlockBody } from "./fixers/strip-code-fences.ts";

/** More pieces than this in one call is a payload, not parallel calls. */
const MAX_CALLS = 16;

/**
 * The calls one emitted call stands for, and the fixer whose reading found
 * them: `unwrap-envelope` for envelopes, `split-concatenated-objects` for
 * objects in a row, `strip-name-junk` for arguments written into the name
 * (a tool whose fixers leave it out is never expanded that way).
 */
export interface Expansion {
  readonly via: "unwrap-envelope" | "split-concatenated-objects" | "strip-name-junk";
  readonly calls: ToolCallInput[];
  /** The arguments were one fenced block (```` ```json ```` … ```` ``` ````), read as the text inside it: `strip-code-fences`'s reading. */
  readonly unfenced?: true;
}

const STRIP_FENCES = "strip-code-fences";

/** The fixers whose readings `expansion` rests on, in the order they read the call. */
export function expansionFixers(expansion: Expansion): string[] {
  return expansion.unfenced === true ? [STRIP_FENCES, expansion.via] : [expansion.via];
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The arguments as a value: a JSON string parsed, an object as it is. */
function argumentsValue(raw: unknown): unknown {
  return typeof raw === "string" ? parse(raw.trim()) : raw;
}

/** Envelopes → calls, when every one names a declared tool and carries arguments. */
function toCalls(envelopes: readonly Envelope[], tools: PreparedTools, finishReason: ToolCallInput["finishReason"]): ToolCallInput[] | undefined {
  if (envelopes.length === 0 || envelopes.length > MAX_CALLS) return undefined;
  const calls: ToolCallInput[] = [];
  for (const envelope of envelopes) {
    const name = envelope.name === undefined ? undefined : declaredNameFor(stripNamespaces(envelope.name), tools.names);
    const inner = envelope.arguments;
    if (name === undefined || (!isJsonObject(inner) && typeof inner !== "string")) return undefined;
    calls.push({ name, arguments: typeof inner === "string" ? inner : JSON.stringify(inner), ...(finishReason === undefined ? {} : { finishReason }) });
  }
  return calls;
}

/**
 * `{…}{…}` or `{…}\n{…}`: the objects, when the text is nothing but two or
 * more non-empty objects that parse. An empty one is a stream that sent `{}`
 * before the real arguments (split-concatenated-objects'), not a call.
 */
function parsedObjectsInARow(text: string): JsonObject[] | undefined {
  const objects = objectsInARow(text, MAX_CALLS)?.map(parse);
  if (objects === undefined || objects.length < 2) return undefined;
  return objects.every((object): object is JsonObject => isJsonObject(object) && Object.keys(object).length > 0) ? objects : undefined;
}

/** Whether `value` is valid arguments for the declared tool `name` (an uncompilable schema cannot say so). */
function validFor(name: string, value: unknown, tools: PreparedTools): boolean {
  const compilation = tools.get(name)?.schema();
  return compilation?.ok === true && isJsonObject(value) && compilation.compiled.isValid(value) === true;
}

/** Arguments that say nothing: absent, blank, `{}`. */
function noArguments(raw: unknown): boolean {
  if (raw === undefined || raw === null) return true;
  if (typeof raw === "string") return /^(?:\{\s*\})?$/.test(raw.trim());
  return isJsonObject(raw) && Object.keys(raw).length === 0;
}

/** A name as declared names are written, a namespace allowed (`functions.read_file`). */
const NAME_TEXT = /^[A-Za-z_][\w.:-]*$/;

/**
 * `get_weather,{"city":"Paris"}` (or `={…}`, `>{…}`, `({…})`, `{…}`) as the
 * name, with no arguments: the server split the model's `name,{…}` at the
 * wrong place (Groq's Llama does this). The object becomes the arguments;
 * with arguments of its own as well, which ones the model meant is a guess.
 */
function argumentsInName(call: ToolCallInput, tools: PreparedTools): ToolCallInput | undefined {
  const brace = call.name.indexOf("{");
  if (brace <= 0 || !noArguments(call.arguments)) return undefined;
  let head = call.name.slice(0, brace).trimEnd();
  let body = call.name.slice(brace).trimEnd();
  const separator = head.at(-1) ?? "";
  if (",=>(".includes(separator)) head = head.slice(0, -1).trimEnd();
  if (separator === "(") {
    if (!body.endsWith(")")) return undefined;
    body = body.slice(0, -1).trimEnd();
  }
  if (!body.endsWith("}") || !NAME_TEXT.test(head)) return undefined;
  const name = declaredNameFor(stripNamespaces(head), tools.names);
  return name === undefined ? undefined : { name, arguments: body, ...(call.finishReason === undefined ? {} : { finishReason: call.finishReason }) };
}

/** GLM's first argument tag: in a name, the call's body ran into it. */
const GLM_KEY_OPEN = "<arg_key>";
const GLM_VALUE_CLOSE = "</arg_value>";

/**
 * `read<arg_key>filePath</arg_key><arg_value>/a</arg_value>` as the name, with no arguments: a server that
 * took GLM's whole call body for the name (its split between the name and the first `<arg_key>` missed).
 * The body is read as it would be between GLM's own `<tool_call>` tags, values typed from the schema, with
 * every doubt of that reading; with arguments of its own as well, which ones the model meant is a guess.
 */
function glmBodyInName(call: ToolCallInput, tools: PreparedTools): ToolCallInput | undefined {
  const keyAt = call.name.indexOf(GLM_KEY_OPEN);
  if (keyAt <= 0 || !noArguments(call.arguments)) return undefined;
  // The closer put around it here is not the model's: a last value whose closer never came may have been cut.
  if (!call.name.trimEnd().endsWith(GLM_VALUE_CLOSE)) return undefined;
  const definitions = tools.names.flatMap((name) => tools.get(name)?.definition ?? []);
  const found = readLeadingCalls(`<tool_call>${call.name}</tool_call>`, definitions);
  const only = found?.calls.length === 1 && found.text === "" ? found.calls[0] : undefined;
  return only === undefined ? undefined : { name: only.name, arguments: only.arguments, ...(call.finishReason === undefined ? {} : { finishReason: call.finishReason }) };
}

/**
 * The calls `call` stands for, or `undefined` when it is one call as it is
 * (the usual case, decided after a `JSON.parse` at most).
 */
export function expandToolCall(call: ToolCallInput, tools: PreparedTools): ToolCallInput[] | undefined {
  return expansionOf(call, tools)?.calls;
}

/** `expandToolCall`, saying which fixer's reading found the calls. */
export function expansionOf(call: ToolCallInput, tools: PreparedTools): Expansion | undefined {
  // Arguments that are one fenced block and nothing else: the fences are syntax around the envelope they hold, as
  // around one call's arguments. Objects in a row in a fence stay one call: there they may be a stream's snapshots.
  const body = typeof call.arguments === "string" ? fencedBlockBody(call.arguments) : undefined;
  if (body === undefined) return expansionOfText(call, tools);
  const expansion = expansionOfText({ ...call, arguments: body }, tools);
  return expansion?.via === "unwrap-envelope" ? { ...expansion, unfenced: true } : undefined;
}

function expansionOfText(call: ToolCallInput, tools: PreparedTools): Expansion | undefined {
  const declared = tools.get(call.name) !== undefined;
  const value = argumentsValue(call.arguments);
  const enveloped = (calls: ToolCallInput[] | undefined): Expansion | undefined => (calls === undefined ? undefined : { via: "unwrap-envelope", calls });

  const uses = readParallel(value);
  // One use under the tool's own name is unwrap-envelope's; under another name, or several, they are calls.
  if (uses !== undefined && (uses.length > 1 || !declared)) return enveloped(toCalls(uses, tools, call.finishReason));

  if (Array.isArray(value)) {
    const envelopes = value.map((item) => readEnvelope(item));
    if (envelopes.every((envelope) => envelope !== undefined)) return enveloped(toCalls(envelopes as Envelope[], tools, call.finishReason));
    return undefined;
  }

  if (!declared) {
    const envelope = readEnvelope(value);
    if (envelope !== undefined) return enveloped(toCalls([envelope], tools, call.finishReason));
    const moved = argumentsInName(call, tools) ?? glmBodyInName(call, tools);
    return moved === undefined ? undefined : { via: "strip-name-junk", calls: [moved] };
  }

  // Objects in a row are calls only when each is valid as it stands: a pair that needs repair may be a stream doubled.
  if (typeof call.arguments !== "string" || value !== undefined) return undefined;
  const objects = parsedObjectsInARow(call.arguments.trim());
  if (objects === undefined || new Set(objects.map((object) => JSON.stringify(object))).size < objects.length) return undefined;
  const calls: ToolCallInput[] = [];
  for (const object of objects) {
    const envelope = readEnvelope(object);
    const named = envelope === undefined ? undefined : toCalls([envelope], tools, call.finishReason)?.[0];
    const next = named ?? { name: call.name, arguments: JSON.stringify(object), ...(call.finishReason === undefined ? {} : { finishReason: call.finishReason }) };
    if (!validFor(next.name, argumentsValue(next.arguments), tools)) return undefined;
    calls.push(next);
  }
  return { via: "split-concatenated-objects", calls };
}
