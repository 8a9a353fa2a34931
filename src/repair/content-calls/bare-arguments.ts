/**
 * Words where a format's template writes the arguments as one JSON object: Kimi's argument section, the
 * ```` ```json ```` block of DeepSeek's call, Harmony's message. Text there that opens no object, list or string
 * and names no key (`MALFORMED`, `invalid json here`, `Paris`) is no arguments object the model began: a value
 * lost, a placeholder, or garbage. Taking it as the value of the tool's one required property would be a guess,
 * so the call is not read (as Mistral's `[ARGS]`, which must open an object, already is). A JSON scalar
 * (`"Paris"`, `42`, `true`) and a key written without its braces (`city: Paris`) are JSON's slips, left to the
 * pipeline.
 */
import { ARGUMENT_KEYS, NAME_KEYS } from "../envelopes.ts";
import { memberValues } from "./member-values.ts";

/** What opens JSON, quotes any string, names a key or starts markup: text holding one of these is not bare words. */
const NOT_WORDS = /[{}[\]"'“”‘’`:=<>]/;

/** Whether `text`, what a format's JSON arguments slot holds, is bare words instead. */
export function wordsForJsonArguments(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === "" || NOT_WORDS.test(trimmed)) return false;
  try {
    JSON.parse(trimmed);
    return false;
  } catch {
    return true;
  }
}

/**
 * The same words where a JSON call object's arguments key takes an object (`{"name": "get_weather", "arguments":
 * Paris}`, in a `<tool_call>`, a fence, a list or bare): `value` is the reading jsonrepair gave `text`, which quoted
 * the words into a string. A string the model quoted (`"arguments": "Paris"`) is JSON's slip and stays for the
 * pipeline, as above.
 */
export function wordsForEnvelopeArguments(text: string, value: unknown): boolean {
  const bare = new Set<string>();
  for (const member of memberValues(text)) {
    if (!ARGUMENT_KEYS.includes(member.key)) continue;
    const first = text[member.at];
    if (first === undefined || `"'{[`.includes(first)) continue;
    bare.add(member.key);
  }
  return bare.size > 0 && envelopesHoldWords(value, bare, 0);
}

/** Whether an object naming a tool in `value` has, under one of `keys`, a string that is bare words. */
function envelopesHoldWords(value: unknown, keys: ReadonlySet<string>, depth: number): boolean {
  if (depth > 8 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => envelopesHoldWords(item, keys, depth + 1));
  const record = value as Record<string, unknown>;
  const named = NAME_KEYS.some((key) => typeof record[key] === "string");
  for (const [key, item] of Object.entries(record)) {
    if (named && keys.has(key) && typeof item === "string" && wordsForJsonArguments(item)) return true;
    if (envelopesHoldWords(item, keys, depth + 1)) return true;
  }
  return false;
}
