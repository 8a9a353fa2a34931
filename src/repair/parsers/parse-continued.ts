// {"a": 1}, "b": 2} → {"a":1,"b":2}; {"tags": ["x"], "y"], "n": 1} → {"tags":["x","y"],"n":1}; {"tags": ["x"], ["y"], "n": 1} → {"tags":["x","y"],"n":1}
import type { ParserFamily } from "../types.ts";
import { isJsonObject, type JsonObject } from "../../json.ts";
import { keyAhead, keyOnNextLine, strayBeforeKey } from "./reader.ts";
import type { Place, Reader } from "./reader.ts";
import { declaredKeysOf, isClosed, mayAdmit, propertySchemaOf } from "./schema-guide.ts";
import { parseStrayClosers } from "./parse-stray-closers.ts";

/**
 * Lossless: a container closed too early is continued when what follows can
 * only belong to it: a key after the root's `}` (also after a `}` typed once too often, or on the next line
 * with no comma: the `}` typed for the line's comma), a key the inner object
 * declares and its parent does not, an item (not a key) after an array's `]`
 * in an object, or a new `[` there whose items join the array (unless a
 * declared array property is missing: the brackets may be its value, its key lost).
 */
export const parseContinued: ParserFamily = {
  name: "parse-continued",
  purpose: "Continue an object or array closed too early when what follows can only belong to it, also when it reopens with a new bracket.",
  class: "lossless",
  stage: "parse",
};

/** Where reading goes on after a closer: at `at`, with a member due there (`member`) or a separator. */
export interface Continuation {
  readonly at: number;
  readonly member: boolean;
  /** The closer stood for the line's comma (see `objectContinues`): the container's own closer may still be left out. */
  readonly forComma?: true;
}

/** After an object's `}` at `index - 1`: `, key:` that can only be this object's. */
export function objectContinues(reader: Reader, index: number, schema: unknown, parent: Place, object: JsonObject): Continuation | undefined {
  let at = reader.skip(index);
  // `{"a": {"b": 1}}}, "c": 2}`: after the root, a `}` typed once too often, then its next member (parse-stray-closers).
  const stray = parent.container === "root" && reader.text[at] === "}" && reader.has(parseStrayClosers.name);
  while (stray && reader.text[at] === "}" && at - index < MAX_STRAY) at = reader.skip(at + 1);
  if (reader.text[at] !== ",") return parent.container === "root" && !stray ? closerForComma(reader, index, at, schema, object) : undefined;
  const key = keyAhead(reader, reader.skip(at + 1), schema, "any");
  if (key === undefined) return undefined;
  // A nested object that may take this key may be the one closed too early: two homes, no reading.
  const goesOn = parent.container !== "object" ? !nestedObjectMayTake(object, schema, key) : declaredKeysOf(schema)?.has(key) === true && declaredKeysOf(parent.schema)?.has(key) !== true;
  if (goesOn && stray) reader.use(parseStrayClosers.name);
  return goesOn ? { at, member: false } : undefined;
}

/**
 * `{"a": 1}⏎"b": 2`: the root's `}` ending a line, the next line opening with a key the root declares and does
 * not hold yet, and its `:`, no comma between: the `}` was typed where the line's comma goes (a key cannot
 * follow a closed root). The root then closes where its own `}` comes, or where parse-missing-brace lets it.
 */
function closerForComma(reader: Reader, index: number, at: number, schema: unknown, object: JsonObject): Continuation | undefined {
  const key = keyOnNextLine(reader, index, schema);
  return key === undefined || Object.hasOwn(object, key) ? undefined : { at, member: true, forComma: true };
}

/** Closers after the root's `}` read as typed too often, at most (with the space between them). */
const MAX_STRAY = 8;

/** Whether an object nested (at any depth) in `object` declares `key`, or is open and so may take it. */
function nestedObjectMayTake(object: JsonObject, schema: unknown, key: string): boolean {
  for (const [name, value] of Object.entries(object)) {
    if (!isJsonObject(value)) continue;
    const nested = propertySchemaOf(schema, name);
    const declared = declaredKeysOf(nested);
    if (declared?.has(key) === true || !isClosed(nested) || nestedObjectMayTake(value, nested, key)) return true;
  }
  return false;
}

/**
 * After an array's `]` at `index - 1`, inside an object: `, [` reopens the
 * array (a `[` cannot start a key), and `, item` that is not a key goes on
 * with it (the `]` was one too many).
 */
export function arrayContinues(reader: Reader, index: number, objectSchema: unknown): Continuation | undefined {
  const at = reader.skip(index);
  if (reader.text[at] !== ",") return undefined;
  const next = reader.skip(at + 1);
  const char = reader.text[next];
  if (char === "[") return { at: next + 1, member: true };
  const goesOn = char !== undefined && !"}],".includes(char) && keyAhead(reader, next, objectSchema, "any") === undefined;
  // `["a"], COMMENT "b": 1`: words before a declared key may be stray (parse-stray-words) as well as an item:
  // the text is read again without going on, and readings that differ are no reading.
  if (goesOn && strayBeforeKey(reader, next, objectSchema) !== undefined) reader.contest(parseContinued.name);
  return goesOn ? { at: index, member: false } : undefined;
}

/**
 * After an object whose property `key` took a reopened array: whether the
 * new brackets may instead be the value of a declared property the object
 * lacks, its key lost (`{"a": [1], [2]}` with `b` an array too). Then the
 * array has two readings, and none is taken.
 */
export function reopenedElsewhere(object: JsonObject, schema: unknown, key: string): boolean {
  for (const name of declaredKeysOf(schema) ?? []) {
    if (name !== key && !Object.hasOwn(object, name) && mayAdmit(propertySchemaOf(schema, name), "array")) return true;
  }
  return false;
}
