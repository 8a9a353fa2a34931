/**
 * Words where a format's template writes the arguments as one JSON object: Kimi's argument section, the
 * ```` ```json ```` block of DeepSeek's call, Harmony's message. Text there that opens no object, list or string
 * and names no key (`MALFORMED`, `invalid json here`, `Paris`) is no arguments object the model began: a value
 * lost, a placeholder, or garbage. Taking it as the value of the tool's one required property would be a guess,
 * so the call is not read (as Mistral's `[ARGS]`, which must open an object, already is). A JSON scalar
 * (`"Paris"`, `42`, `true`) and a key written without its braces (`city: Paris`) are JSON's slips, left to the
 * pipeline.
 */

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
