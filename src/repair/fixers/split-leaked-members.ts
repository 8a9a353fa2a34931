// {"file":"app.log</arg_value><arg_key>pattern</arg_key><arg_value>error"} → {"file":"app.log","pattern":"error"}; {"cmd":"ls\n</parameter>\n<parameter=path>\n/tmp"} → {"cmd":"ls","path":"/tmp"} when `pattern`, `path` are declared and absent
import type { JsonSchema, ToolDefinition, ValueFixer } from "../types.ts";
import { isJsonObject, parseJsonObject, type JsonObject } from "../../json.ts";
import { copyObject, defineOwn } from "../json-pointer.ts";
import { declaredProperties } from "../schema-shape.ts";
import { readLeadingCalls } from "../content-calls/read-leading-calls.ts";

/**
 * A markup format whose reader in a server ran one parameter's value over
 * the next ones: the boundary between two members as it stays inside the
 * value, and the call the value is one parameter of, written in the format.
 */
interface LeakedFormat {
  readonly boundary: RegExp;
  /** A closing tag the value's last member may still end with. */
  readonly closer: RegExp;
  readonly call: (key: string, value: string) => string;
}

const NAME = "leaked";

const FORMATS: readonly LeakedFormat[] = [
  // GLM 4.5+, Ling: `<arg_key>k</arg_key><arg_value>v</arg_value>`.
  {
    boundary: /<\/arg_value>\s*<arg_key>/,
    closer: /<\/arg_value>\s*$/,
    call: (key, value) => `<tool_call>${NAME}\n<arg_key>${key}</arg_key>\n<arg_value>${value}</arg_value>\n</tool_call>`,
  },
  // Qwen3-Coder: `<parameter=k>\nv\n</parameter>`.
  {
    boundary: /<\/parameter>\s*<parameter=/,
    closer: /\s*<\/parameter>\s*$/,
    call: (key, value) => `<tool_call>\n<function=${NAME}>\n<parameter=${key}>\n${value}\n</parameter>\n</function>\n</tool_call>`,
  },
  // MiniMax and Claude-style invokes: `<parameter name="k">v</parameter>`.
  {
    boundary: /<\/parameter>\s*<parameter name="/,
    closer: /<\/parameter>\s*$/,
    call: (key, value) => `<invoke name="${NAME}">\n<parameter name="${key}">${value}</parameter>\n</invoke>`,
  },
];

/**
 * The members a string value holds in its format's markup, read by that format's reader with the schema; only
 * when each is a declared property the object lacks, and there is more than the value itself.
 */
function leakedMembers(object: JsonObject, key: string, value: string, schema: JsonSchema): JsonObject | undefined {
  const format = FORMATS.find((candidate) => candidate.boundary.test(value));
  if (format === undefined) return undefined;
  const declared = declaredProperties(schema);
  if (declared === undefined) return undefined;
  const tool: ToolDefinition = { name: NAME, parameters: schema };
  const read = readLeadingCalls(format.call(key, value.replace(format.closer, "")), [tool]);
  if (read === undefined || read.calls.length !== 1 || read.text !== "") return undefined;
  const members = parseJsonObject(read.calls[0]!.arguments);
  if (members === undefined || !Object.hasOwn(members, key)) return undefined;
  const others = Object.keys(members).filter((name) => name !== key);
  if (others.length === 0 || !others.every((name) => Object.hasOwn(declared, name) && !Object.hasOwn(object, name))) return undefined;
  return members;
}

/** The object with every string member that ran over the next members split back into them; `undefined` when none did. */
export function splitLeaked(value: unknown, schema: JsonSchema): JsonObject | undefined {
  if (!isJsonObject(value)) return undefined;
  let out: JsonObject | undefined;
  for (const [key, member] of Object.entries(value)) {
    if (typeof member !== "string") continue;
    const members = leakedMembers(out ?? value, key, member, schema);
    if (members === undefined) continue;
    out ??= copyObject(value);
    for (const [name, item] of Object.entries(members)) defineOwn(out, name, item);
  }
  return out;
}

/**
 * A server's reader of GLM's, Qwen3-Coder's or an invoke's parameter markup
 * that ran one value over the next parameters leaves their markup inside the
 * value (`"app.log</arg_value><arg_key>pattern</arg_key><arg_value>error"`).
 * The value is read again as the call it was part of: each leaked parameter
 * must be one the tool declares and the object lacks. Lossless: only the
 * markup goes. Only in a call the schema rejects: in a valid one the markup
 * may be the string's own text (a file about that format).
 */
export const splitLeakedMembers: ValueFixer = {
  name: "split-leaked-members",
  purpose: "Split a string value that holds the next parameters' call markup (GLM, Qwen3-Coder, invoke) back into those parameters.",
  class: "lossless",
  stage: "value",
  fix(value, { schema }) {
    return splitLeaked(value, schema);
  },
};
