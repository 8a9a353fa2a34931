// {"_id": ObjectId("5f1a"), "n": NumberLong(5), "at": new Date("2024-01-02")} → {"_id":"5f1a","n":5,"at":"2024-01-02"}
import type { ParserFamily } from "../types.ts";
import { decodeStringBody } from "./parse-raw-backslashes.ts";

/**
 * Lossless: a MongoDB shell or JavaScript type wrapper around one string or
 * number is a type the value was printed with, not content. Only the names
 * below, with one quoted string or JSON number inside. The same text read as
 * unquoted text (`"NumberLong(5)"` where a string fits) is another reading:
 * the wrapper stands only where the schema takes the value inside.
 */
export const parseValueWrappers: ParserFamily = {
  name: "parse-value-wrappers",
  purpose: "Read a MongoDB or JavaScript type wrapper (`ObjectId(\"…\")`, `ISODate(\"…\")`, `NumberLong(5)`, `new Date(\"…\")`) as the value inside.",
  class: "lossless",
  stage: "parse",
};

/** The MongoDB shell's (mongo and mongosh) types of one scalar, and JavaScript's Date. */
const WRAPPER_NAMES: ReadonlySet<string> = new Set([
  "ObjectId",
  "ObjectID",
  "ISODate",
  "Date",
  "NumberLong",
  "NumberInt",
  "NumberDecimal",
  "Long",
  "Int32",
  "Double",
  "Decimal128",
  "UUID",
]);

/** Names no word or function shares, so they are read in any case (`isodate(…)`, `objectid(…)`); `Date`, `Long` or `Double` only as written. */
const DISTINCT_NAMES: ReadonlySet<string> = new Set(["objectid", "isodate", "numberlong", "numberint", "numberdecimal", "decimal128"]);

/** Whether `name` is one of the wrapper types. */
export const isWrapperType = (name: string): boolean => WRAPPER_NAMES.has(name) || DISTINCT_NAMES.has(name.toLowerCase());

const WRAPPER = /(?:new[ \t]+)?([A-Za-z][A-Za-z0-9]*)[ \t]*\([ \t]*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)[ \t]*\)/y;

/** The value a wrapper at `index` holds and the index past its `)`, or `undefined`. */
export function wrappedValue(text: string, index: number): { readonly value: string | number; readonly end: number } | undefined {
  WRAPPER.lastIndex = index;
  const match = WRAPPER.exec(text);
  if (match === null || !isWrapperType(match[1]!)) return undefined;
  const inner = match[2]!;
  if (inner[0] !== '"' && inner[0] !== "'") return { value: Number(inner), end: WRAPPER.lastIndex };
  // A backslash that starts no escape is parse-raw-backslashes' question: not asked here.
  const decoded = decodeStringBody(inner.slice(1, -1), inner[0]);
  return decoded.kept ? undefined : { value: decoded.value, end: WRAPPER.lastIndex };
}
