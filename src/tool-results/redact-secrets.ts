/**
 * Removes secrets from a tool result before it goes upstream, each replaced
 * by a typed marker (`[redacted:api_key]`), and optionally the frames of
 * stack traces. A text with nothing to redact comes back as the same string.
 */
import { privateKeyBegin, privateKeyEnd, secretDetectors, type RedactionKind } from "./secret-detectors.ts";

export interface RedactOptions {
  readonly secrets: boolean;
  readonly stackFrames: boolean;
}

export interface Redacted {
  readonly text: string;
  /** How many of each kind were removed; empty when nothing was. */
  readonly counts: Partial<Record<RedactionKind, number>>;
}

export const marker = (kind: RedactionKind) => `[redacted:${kind}]`;

/**
 * A key body after its header: base64 lines, real or escaped line breaks
 * (inside a JSON string), and legacy headers (`Proc-Type: 4,ENCRYPTED`); it
 * stops at the five dashes of an END (or any other) armour line.
 */
const keyBody = /(?:[A-Za-z0-9+/=\s:,]|-(?!----)|\\[nr]){0,65536}/y;

/** Key material: a base64 run of 40 or more with both cases and a digit (prose never is). */
function holdsKeyMaterial(body: string): boolean {
  for (const token of body.match(/[A-Za-z0-9+/=]{40,}/g) ?? []) {
    if (/[A-Z]/.test(token) && /[a-z]/.test(token) && /\d/.test(token)) return true;
  }
  return false;
}

/**
 * Private key blocks: the BEGIN line, the body and the END line when it
 * follows, so a key cut off before its END goes too. A header with no key
 * material after it is left alone. Bodies never overlap (an armour line
 * ends one), so the pass is linear.
 */
function redactPrivateKeys(text: string, count: () => void): string {
  if (!text.includes("PRIVATE KEY-----")) return text;
  let out = "";
  let last = 0;
  for (const match of text.matchAll(privateKeyBegin)) {
    const start = match.index;
    if (start < last) continue;
    keyBody.lastIndex = start + match[0].length;
    const body = keyBody.exec(text)![0];
    if (!holdsKeyMaterial(body)) continue;
    let end = keyBody.lastIndex;
    privateKeyEnd.lastIndex = end;
    if (privateKeyEnd.exec(text) !== null) end = privateKeyEnd.lastIndex;
    out += text.slice(last, start) + marker("private_key");
    last = end;
    count();
  }
  return last === 0 ? text : out + text.slice(last);
}

function redactDetected(text: string, counts: Partial<Record<RedactionKind, number>>): string {
  let current = text;
  for (const detector of secretDetectors) {
    current = current.replace(detector.pattern, (...args: unknown[]) => {
      const whole = args[0] as string;
      const secret = (detector.group === 0 ? whole : args[detector.group]) as string;
      if (detector.accept !== undefined && !detector.accept(secret)) return whole;
      counts[detector.kind] = (counts[detector.kind] ?? 0) + 1;
      const at = whole.lastIndexOf(secret);
      return whole.slice(0, at) + marker(detector.kind) + whole.slice(at + secret.length);
    });
  }
  return current;
}

// Python `  File "x.py", line 3, in f` (+ its source line), JS `    at f (x.js:1:2)`, Java `\tat a.B.c(B.java:3)`, `... 12 more`.
// Quotes may be escaped (a traceback inside a JSON string), and a frame may end where that string does.
const frameStart = /^(?:\s{2,}File \\?"[^"\n]{1,1000}?\\?", line \d{1,9}(?:, in [^\n"\\]{0,500})?|\s+at [^\n"]{1,1000}?(?::\d{1,9}){1,2}\)?|\s+\.\.\. \d{1,9} more)/;
const pythonSourceLine = /^\s{4,}\S/;

/** The frame a line holds, and what follows it on the line (the end of a JSON string), or `undefined`. */
function frameOf(line: string, afterPythonFrame: boolean): { rest: string } | undefined {
  const match = frameStart.exec(line);
  if (match !== null) {
    const rest = line.slice(match[0].length);
    return rest === "" || rest.startsWith('"') ? { rest } : undefined;
  }
  return afterPythonFrame && pythonSourceLine.test(line) ? { rest: "" } : undefined;
}

/**
 * Stack frames: each run of frame lines becomes one marker; the lines around
 * (the exception's type and message) stay. Lines break on real newlines and
 * on `\n` escapes (a traceback inside a JSON string).
 */
function redactStackFrames(text: string, count: () => void): string {
  if (!text.includes("File ") && !/\bat \S/.test(text)) return text;
  const pieces = text.split(/(\r?\n|\\n)/);
  const out: string[] = [];
  let inRun = false;
  let previousWasPythonFrame = false;
  let changed = false;
  for (let index = 0; index < pieces.length; index += 2) {
    const line = pieces[index]!;
    const separator = pieces[index + 1] ?? "";
    const frame = frameOf(line, inRun && previousWasPythonFrame);
    previousWasPythonFrame = frame !== undefined && /File \\?"/.test(line);
    if (frame === undefined) {
      inRun = false;
      out.push(line, separator);
      continue;
    }
    changed = true;
    if (inRun) out.pop();
    else {
      out.push(`  ${marker("stack_trace")}`);
      count();
    }
    out.push(frame.rest, separator);
    inRun = frame.rest === "";
  }
  return changed ? out.join("") : text;
}

/** Redacts `text` as `options` say. */
export function redactSecrets(text: string, options: RedactOptions): Redacted {
  const counts: Partial<Record<RedactionKind, number>> = {};
  const counter = (kind: RedactionKind) => () => {
    counts[kind] = (counts[kind] ?? 0) + 1;
  };
  let current = text;
  if (options.secrets) {
    current = redactPrivateKeys(current, counter("private_key"));
    current = redactDetected(current, counts);
  }
  if (options.stackFrames) current = redactStackFrames(current, counter("stack_trace"));
  return { text: Object.keys(counts).length === 0 ? text : current, counts };
}
