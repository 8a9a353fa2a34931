/**
 * JSON pointers (RFC 6901) over parsed arguments: read, set and delete
 * without mutating the input. Only the containers along the path are copied.
 *
 * Arguments are hostile input: a key may be `__proto__` or `constructor`.
 * Every read checks own properties, and every write defines a data property,
 * so such a key stays plain data and never reaches a prototype.
 */
import { isJsonObject, type JsonObject } from "../json.ts";

/** Deeper paths than this are not followed: ajv never reports one for real arguments. */
const MAX_POINTER_DEPTH = 256;

/** The own property `key` of `record`, never one inherited from a prototype. */
export function ownValue(record: unknown, key: string): unknown {
  if (!isJsonObject(record) || !Object.hasOwn(record, key)) return undefined;
  return record[key];
}

/** Sets `key` as an own, enumerable data property, even when it is `__proto__`. */
export function defineOwn(target: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/** A shallow copy that keeps every own key as data (spread would drop `__proto__` semantics). */
export function copyObject(source: JsonObject): JsonObject {
  const copy: JsonObject = {};
  for (const key of Object.keys(source)) defineOwn(copy, key, source[key]);
  return copy;
}

/** `"/a~1b/0"` → `["a/b", "0"]`; `""` → `[]`; `undefined` when it is not a pointer. */
export function parsePointer(pointer: string): string[] | undefined {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) return undefined;
  const tokens = pointer.slice(1).split("/");
  if (tokens.length > MAX_POINTER_DEPTH) return undefined;
  // ~1 before ~0, as RFC 6901 §4 requires: "~01" is "~1", not "/".
  return tokens.map((token) => token.replaceAll("~1", "/").replaceAll("~0", "~"));
}

/** `["a/b", "0"]` → `"/a~1b/0"`. */
export function formatPointer(tokens: readonly string[]): string {
  return tokens.map((token) => `/${token.replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");
}

function arrayIndex(container: readonly unknown[], token: string): number | undefined {
  if (!/^(?:0|[1-9]\d{0,9})$/.test(token)) return undefined;
  const index = Number(token);
  return index < container.length ? index : undefined;
}

function childOf(container: unknown, token: string): { found: boolean; value: unknown } {
  if (Array.isArray(container)) {
    const index = arrayIndex(container, token);
    return index === undefined ? { found: false, value: undefined } : { found: true, value: container[index] };
  }
  if (isJsonObject(container) && Object.hasOwn(container, token)) return { found: true, value: container[token] };
  return { found: false, value: undefined };
}

const NOT_FOUND = { found: false, value: undefined } as const;

/** The value `pointer` names inside `document`, and whether there is one. */
function resolvePointer(document: unknown, pointer: string): { found: boolean; value: unknown } {
  const tokens = parsePointer(pointer);
  if (tokens === undefined) return NOT_FOUND;
  let current = document;
  for (const token of tokens) {
    const child = childOf(current, token);
    if (!child.found) return NOT_FOUND;
    current = child.value;
  }
  return { found: true, value: current };
}

/** Whether `pointer` names an existing value inside `document`. */
export function hasPointer(document: unknown, pointer: string): boolean {
  return resolvePointer(document, pointer).found;
}

/** The value at `pointer`, or `undefined` when the path does not exist. */
export function getPointer(document: unknown, pointer: string): unknown {
  return resolvePointer(document, pointer).value;
}

/** The value a local `$ref` (`#/$defs/Model`, `#`) names inside `root`; `undefined` for any other reference. */
export function refTarget(root: unknown, ref: unknown): unknown {
  if (typeof ref !== "string" || !ref.startsWith("#")) return undefined;
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined; // a malformed %-escape names nothing
  }
  return getPointer(root, pointer);
}

/**
 * Copies the containers along `tokens` and lets `change` edit the last one.
 * Returns `undefined` when a container on the way is missing.
 */
function updateParent(
  document: unknown,
  tokens: readonly string[],
  change: (parent: JsonObject | unknown[], last: string) => boolean,
): unknown {
  if (tokens.length === 0) return undefined;
  const copies: (JsonObject | unknown[])[] = [];
  let current = document;
  for (let depth = 0; depth < tokens.length; depth++) {
    let copy: JsonObject | unknown[];
    if (Array.isArray(current)) copy = current.slice();
    else if (isJsonObject(current)) copy = copyObject(current);
    else return undefined;
    copies.push(copy);
    if (depth === tokens.length - 1) break;
    const child = childOf(current, tokens[depth]!);
    if (!child.found) return undefined;
    current = child.value;
  }
  const parent = copies[copies.length - 1]!;
  if (!change(parent, tokens[tokens.length - 1]!)) return undefined;
  // Link each copied container into the copy of its parent, from the bottom up.
  for (let depth = copies.length - 1; depth > 0; depth--) {
    const container = copies[depth - 1]!;
    const token = tokens[depth - 1]!;
    if (Array.isArray(container)) container[Number(token)] = copies[depth];
    else defineOwn(container, token, copies[depth]);
  }
  return copies[0];
}

/**
 * A copy of `document` with `value` at `pointer` (an object key may be new;
 * an array index must exist). `""` replaces the whole document.
 * Returns `undefined` when the path cannot be reached.
 */
export function setPointer(document: unknown, pointer: string, value: unknown): unknown {
  const tokens = parsePointer(pointer);
  if (tokens === undefined) return undefined;
  if (tokens.length === 0) return value;
  return updateParent(document, tokens, (parent, last) => {
    if (Array.isArray(parent)) {
      const index = arrayIndex(parent, last);
      if (index === undefined) return false;
      parent[index] = value;
      return true;
    }
    defineOwn(parent, last, value);
    return true;
  });
}

/** A copy of `document` without the object key at `pointer`; `undefined` when it is absent. */
export function deletePointer(document: unknown, pointer: string): unknown {
  const tokens = parsePointer(pointer);
  if (tokens === undefined || tokens.length === 0) return undefined;
  return updateParent(document, tokens, (parent, last) => {
    // Removing an array element would shift its siblings: not a repair we make.
    if (Array.isArray(parent) || !Object.hasOwn(parent, last)) return false;
    delete parent[last];
    return true;
  });
}
