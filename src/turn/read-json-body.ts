import { isJsonObject, type JsonObject } from "../json.ts";
import type { FastifyRequest } from "fastify";
import { ToolmendError } from "../errors.ts";
import { LruCache } from "../repair/schema-cache.ts";
import { scanRequestText } from "./scan-request-text.ts";

/** The body of an intercepted request, kept as bytes (forwarded unchanged) and parsed once. */
export interface JsonBody {
  readonly bytes: Buffer;
  readonly value: JsonObject;
}

/**
 * The parsed `tools` of recent requests, by their text. An agent declares
 * the same tools on every turn: parsing them again costs most of a body's
 * parse, and each request that keeps its own copy for the length of a
 * stream holds ~6 KB per eight tools. Requests with the same text share
 * one frozen copy (and, through it, the validator's cache by identity).
 */
export type SharedTools = LruCache<{ readonly text: string; readonly tools: unknown }>;

/** Tools texts over this size are parsed per request: they would crowd out the rest. */
const MAX_SHARED_TEXT = 256 * 1024;

/** A cache of at most `maxEntries` tools arrays, bounded in text bytes (the parsed copy costs about as much again). */
export function createSharedTools(maxEntries = 64, maxBytes = 2 * 1024 * 1024): SharedTools {
  return new LruCache({ maxEntries, maxBytes });
}

/**
 * Parses an intercepted route's body; anything but a JSON object, or one
 * nested deeper than `maxDepth`, is the client's error (400): toolmend
 * re-serialises bodies it changes, and serialising recurses. With `shared`,
 * a `tools` text seen before is not parsed again: the value is the same as
 * `JSON.parse` gives, with `tools` the shared (frozen) copy.
 */
export function readJsonBody(request: FastifyRequest, maxDepth: number, shared?: SharedTools): JsonBody {
  const bytes = request.body;
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) {
    throw new ToolmendError("invalid_json", "The request body must be a JSON object.");
  }
  const text = bytes.toString("utf8");
  const scan = scanRequestText(text, maxDepth);
  if (scan.tooDeep) {
    throw new ToolmendError("invalid_json", `The request body nests deeper than ${maxDepth} levels.`);
  }
  const value = (shared !== undefined && scan.tools !== undefined ? withSharedTools(text, scan.tools, shared) : undefined) ?? parseWhole(text);
  if (!isJsonObject(value)) {
    throw new ToolmendError("invalid_json", "The request body must be a JSON object.");
  }
  return { bytes, value };
}

function parseWhole(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ToolmendError("invalid_json", `The request body is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * The body parsed with its `tools` text cut out and the shared copy put in
 * its place; `undefined` when anything is unusual (the whole text is then
 * parsed as usual, which also gives an invalid body its usual error).
 * `null` stands in for the cut text: replacing one complete value by another
 * keeps the text valid exactly when the cut text is a valid value itself.
 */
function withSharedTools(text: string, span: { start: number; end: number }, shared: SharedTools): JsonObject | undefined {
  const toolsText = text.slice(span.start, span.end);
  if (toolsText.length > MAX_SHARED_TEXT) return undefined;
  // Hashing a few KB of text for a Map lookup costs more than comparing it: the key is a short
  // fingerprint, and a hit must also be the same text (a fingerprint shared by two texts is a miss).
  const key = `${toolsText.length}:${toolsText.slice(0, 64)}:${toolsText.slice(-64)}`;
  const known = shared.get(key);
  let tools = known?.text === toolsText ? known.tools : undefined;
  let rest: unknown;
  try {
    rest = JSON.parse(`${text.slice(0, span.start)}null${text.slice(span.end)}`);
    if (tools === undefined) {
      tools = deepFreeze(JSON.parse(toolsText));
      // Copies of the texts, so that the entry does not keep this whole body alive.
      shared.set(` ${key}`.slice(1), { text: ` ${toolsText}`.slice(1), tools }, toolsText.length);
    }
  } catch {
    return undefined;
  }
  if (!isJsonObject(rest) || rest.tools !== null) return undefined;
  rest.tools = tools;
  return rest;
}

/** Freezes a parsed JSON value all the way down (an explicit stack: its depth is the client's). */
function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== "object" || node === null) continue;
    Object.freeze(node);
    for (const child of Object.values(node)) stack.push(child);
  }
  return value;
}
