import { describe, it } from "vitest";
import { renameFields } from "../../../../src/repair/fixers/rename-fields.ts";
import type { FixerCase } from "./value-fixer-helper.ts";
import { checkFixerCase } from "./value-fixer-helper.ts";

const closed = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: "object",
  properties,
  required,
  additionalProperties: false,
});
const text = { type: "string" };
const number = { type: "integer" };

const rows: FixerCase[] = [
  { title: "camelCase to snake_case", schema: closed({ file_path: text }, ["file_path"]), before: { filePath: "a" }, after: { file_path: "a" } },
  { title: "kebab-case", schema: closed({ initial_cost: number }), before: { "initial-cost": 2 }, after: { initial_cost: 2 } },
  { title: "capitalised", schema: closed({ year: number, category: text }), before: { Year: 1954, category: "v" }, after: { year: 1954, category: "v" } },
  { title: "plural", schema: closed({ content: text, type: text }), before: { type: "t", contents: "c" }, after: { type: "t", content: "c" } },
  { title: "plural -ies", schema: closed({ category: text }), before: { categories: "c" }, after: { category: "c" } },
  // A singular key with one item for a list, a plural key with a one-item list for a single value: coerce-types wraps or unwraps it.
  { title: "one item under the singular of a list", schema: closed({ queries: { type: "array", items: text } }, ["queries"]), before: { query: "x" }, after: { queries: "x" } },
  { title: "one number under the singular of a list of numbers", schema: closed({ ids: { type: "array", items: number } }), before: { id: 7 }, after: { ids: 7 } },
  { title: "a one-item list under the plural of a single value", schema: closed({ url: text }, ["url"]), before: { urls: ["https://a.example"] }, after: { url: ["https://a.example"] } },
  { title: "a two-item list is not one value", schema: closed({ url: text }, ["url"]), before: { urls: ["a", "b"] }, after: undefined },
  { title: "an item the list does not take", schema: closed({ ids: { type: "array", items: number } }), before: { id: "seven" }, after: undefined },
  { title: "an object is not one item of a list of strings", schema: closed({ paths: { type: "array", items: text } }), before: { path: { a: 1 } }, after: undefined },
  { title: "a word more is still another name, with one item too", schema: closed({ file_paths: { type: "array", items: text } }), before: { path: "a" }, after: undefined },
  { title: "typo in a long name", schema: closed({ description: text }), before: { desciption: "d" }, after: { description: "d" } },
  // The declared word says how long the word is: a letter left out of an eight-letter word is still its typo.
  { title: "a letter left out of a word of eight letters", schema: closed({ customer_id: text, include_orders: { type: "boolean" } }, ["customer_id"]), before: { custmer_id: "A7" }, after: { customer_id: "A7" } },
  { title: "a letter left out of a camelCase word of eight letters", schema: closed({ calendarId: text, maxResults: number }, ["calendarId"]), before: { calenarId: "primary", maxResults: 5 }, after: { calendarId: "primary", maxResults: 5 } },
  { title: "two letters left out of a word of twelve", schema: closed({ organization_id: text }), before: { oganizaton_id: "x" }, after: { organization_id: "x" } },
  { title: "a letter left out of a word of seven is another word", schema: closed({ content: text }, ["content"]), before: { contet: "x" }, after: undefined },
  { title: "a letter added to a word of seven is another word", schema: closed({ replace: text }, ["replace"]), before: { replaced: "x" }, after: undefined },
  { title: "a digit typed into a word of eight letters", schema: closed({ database_id: text }, ["database_id"]), before: { databas1e_id: "x" }, after: { database_id: "x" } },
  // One letter off in a word of seven letters or fewer is as often another word.
  { title: "data is not date", schema: closed({ date: text }), before: { data: "x" }, after: undefined },
  { title: "context is not content", schema: closed({ content: text }, ["content"]), before: { context: "x" }, after: undefined },
  { title: "node is not mode", schema: closed({ mode: text }), before: { node: "x" }, after: undefined },
  { title: "batch is not patch", schema: closed({ patch: text }, ["patch"]), before: { batch: "x" }, after: undefined },
  { title: "open object: rename to supply a missing required key", schema: { type: "object", properties: { due_date: text, title: text }, required: ["due_date"] }, before: { due_dates: "2024", title: "t" }, after: { due_date: "2024", title: "t" } },
  { title: "nested object", schema: closed({ body: closed({ mode: text }) }), before: { body: { Mode: "x" } }, after: { body: { mode: "x" } } },
  // A word's usual short form, either way round: cut after three letters or more, or its consonants in order.
  { title: "cmd for command", schema: { type: "object", properties: { command: text, description: text, timeout: number }, required: ["command"] }, before: { cmd: "ls", description: "d" }, after: { command: "ls", description: "d" } },
  { title: "msg for message", schema: closed({ message: text }), before: { msg: "hi" }, after: { message: "hi" } },
  { title: "desc for description", schema: closed({ title: text, description: text }), before: { title: "t", desc: "d" }, after: { title: "t", description: "d" } },
  { title: "a short word in a name of words", schema: closed({ src_directory: text }), before: { src_dir: "a" }, after: { src_directory: "a" } },
  { title: "two short forms at once (a text editor's old_str/new_str)", schema: closed({ file_path: text, old_string: text, new_string: text }, ["file_path", "old_string", "new_string"]), before: { file_path: "a", old_str: "x", new_str: "y" }, after: { file_path: "a", old_string: "x", new_string: "y" } },
  { title: "another word is not a short form (old_string for old_text)", schema: closed({ old_text: text }, ["old_text"]), before: { old_string: "x" }, after: undefined },
  { title: "the long form for a short declared key", schema: closed({ cmd: text }, ["cmd"]), before: { command: "ls" }, after: { cmd: "ls" } },
  { title: "keeps key order", schema: closed({ a: text, bee: text, c: text }), before: { a: "1", Bee: "2", c: "3" }, after: { a: "1", bee: "2", c: "3" } },

  { title: "never overwrites a present key", schema: closed({ year: number }), before: { year: 1, Year: 2 }, after: undefined },
  { title: "two unknown keys for one target", schema: closed({ file_path: text }), before: { filePath: "a", FilePath: "b" }, after: undefined },
  { title: "one unknown key, two targets", schema: closed({ start_date: text, end_date: text }), before: { date: "x" }, after: undefined },
  // `names` is `name` plural, and a word of `contents_names`: which one the model meant is a guess.
  { title: "a guess another absent key may be named by", schema: closed({ contents_names: number, name: {}, min: number }), before: { names: 5, min: 1 }, after: undefined },
  { title: "short names: one letter apart is another word", schema: closed({ tag: text }), before: { tab: "x" }, after: undefined },
  { title: "unrelated key", schema: closed({ service_id: number, unit: number }), before: { service_id: 1, limit: 10 }, after: undefined },
  { title: "a guess must fit the type", schema: closed({ count: number }), before: { counts: "many" }, after: undefined },
  { title: "another word is not a typo", schema: closed({ max_price: number }), before: { min_price: 5 }, after: undefined },
  { title: "a word inside another word is not a run of words", schema: closed({ name: text }, ["name"]), before: { username: "bob" }, after: undefined },
  // A word more or less names another thing: the file's path is not the path, a user's name not the name.
  { title: "a word dropped is another name", schema: closed({ file_path: text }, ["file_path"]), before: { path: "a" }, after: undefined },
  { title: "a word added is another name", schema: closed({ path: text }, ["path"]), before: { file_path: "a" }, after: undefined },
  { title: "a qualifier added is another name", schema: closed({ name: text, age: number }, ["name"]), before: { user_name: "bob", age: 3 }, after: undefined },
  { title: "words in a row, longer names too", schema: closed({ start_date: text }, ["start_date"]), before: { trip_start_date: "x" }, after: undefined },
  { title: "open object, nothing missing: extra keys are allowed", schema: { type: "object", properties: { title: text } }, before: { Title: 3 }, after: undefined },
  { title: "a short form two absent keys share", schema: closed({ content: text, count: number }), before: { cnt: 3 }, after: undefined },
  { title: "a short form two absent keys start with", schema: closed({ location: text, locale: text }), before: { loc: "x" }, after: undefined },
  { title: "two letters are too short a form", schema: closed({ identifier: text }), before: { id: "x" }, after: undefined },
  { title: "a short form must fit the type", schema: closed({ command: text }), before: { cmd: ["ls", "-l"] }, after: undefined },
  { title: "vowels kept are not a short form", schema: closed({ target: text }), before: { tag: "x" }, after: undefined },
  { title: "open object, the long key not missing: no guess", schema: { type: "object", properties: { command: text } }, before: { cmd: "ls" }, after: undefined },
  // Several keys each one letter off their own declared key: the schema's object with its keys misspelt (one alone may be another word).
  { title: "every key one letter off its own key", schema: closed({ name: text, age: number, email: text }, ["name", "age", "email"]), before: { nam: "J", agge: 30, emal: "j@x.io" }, after: { name: "J", age: 30, email: "j@x.io" } },
  { title: "every key one letter off, an open object's missing required keys", schema: { type: "object", properties: { street: text, city: text, state: text, zip_code: text }, required: ["street", "city", "state", "zip_code"] }, before: { stret: "1 Main", cty: "NYC", stat: "NY", zip_cod: "10001" }, after: { street: "1 Main", city: "NYC", state: "NY", zip_code: "10001" } },
  { title: "a short form beside a slip: every unknown key pairs", schema: closed({ command: text, timeout: number }, ["command"]), before: { cmd: "ls", tmeout: 5 }, after: { command: "ls", timeout: 5 } },
  { title: "a slip beside a right key and another slip", schema: closed({ title: text, body: text, label: text }, ["title"]), before: { title: "t", bdy: "b", labl: "x" }, after: { title: "t", body: "b", label: "x" } },
  { title: "an open object: an optional key's slip beside the required key's", schema: { type: "object", properties: { path: text, depth: number }, required: ["path"] }, before: { paath: "/a", deepth: 2 }, after: { path: "/a", depth: 2 } },
  { title: "an open object needing nothing: slips of optional keys are extras it allows", schema: { type: "object", properties: { path: text, depth: number, mode: text }, required: ["path"] }, before: { path: "/a", deepth: 2, moode: "x" }, after: undefined },
  { title: "one slip alone may be another word", schema: closed({ email: text, age: number }, ["email"]), before: { emal: "x", age: 3 }, after: undefined },
  { title: "slips beside a key that pairs with nothing: none read", schema: closed({ email: text, age: number }, ["email", "age"]), before: { emal: "x", agge: 3, nickname: "n" }, after: undefined },
  { title: "a slip one letter off two declared keys", schema: closed({ cat: text, car: text, age: number }), before: { cas: "x", agge: 3 }, after: undefined },
  { title: "a slip within two letters of a key the call holds", schema: closed({ mode: text, node: text, age: number }), before: { mode: "a", nodr: "b", agge: 3 }, after: undefined },
  { title: "slips whose values do not fit", schema: closed({ email: text, age: number }, ["email", "age"]), before: { emal: 5, agge: 30 }, after: undefined },
  { title: "two letters are too few to read a slip in", schema: closed({ name: text, age: number }, ["name", "age"]), before: { nm: "J", ag: 30 }, after: undefined },
  { title: "two slips for one key", schema: closed({ email: text, age: number }, ["email"]), before: { emal: "a", emial: "b" }, after: undefined },
  { title: "a slip that is also a word of another absent key", schema: closed({ state: text, status: text, city: text }), before: { stat: "NY", cty: "x" }, after: undefined },
  { title: "patternProperties: cannot tell unknown keys", schema: { type: "object", properties: { year: number }, patternProperties: { "^x": {} }, required: ["year"] }, before: { Year: 1 }, after: undefined },
];

describe("rename-fields", () => {
  it.each(rows)("$title", (row) => checkFixerCase(renameFields, row));
});
