/**
 * Argument keys as models misspell them, on random schemas: a key written in
 * another naming style of a declared key (every style) is renamed to that key
 * when no other declared key spells the same; a key that names another thing
 * (a word dropped, added or swapped, a short word one letter off) is never
 * renamed to a different declared key. Run through the whole engine, with the
 * other keys of the call beside the misspelt one.
 *
 * The held part (`HELD`) uses its own vocabulary and seed, fixed before the
 * rules were written: it is run as is and never tuned to.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../src/repair/engine.ts";

const DEVELOPMENT = { words: ["file", "path", "max", "results", "user", "name", "start", "date", "query", "limit", "page", "size", "mode", "id"], seed: 1501 };
const HELD = { words: ["source", "target", "branch", "commit", "message", "author", "title", "body", "label", "state", "since", "until", "owner", "repo"], seed: 42424 };

type Words = readonly string[];

const camel = (words: Words) => words.map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join("");
const pascal = (words: Words) => words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("");

/** Ways a model writes a declared key's words; each says the same name. */
export const STYLES: Record<string, (words: Words) => string> = {
  snake_case: (words) => words.join("_"),
  camelCase: camel,
  PascalCase: pascal,
  "kebab-case": (words) => words.join("-"),
  SCREAMING_CASE: (words) => words.join("_").toUpperCase(),
  "dot.case": (words) => words.join("."),
  "spaced words": (words) => words.join(" "),
  "Title Words": (words) => words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join(" "),
  "in its own quotes": (words) => `"${words.join("_")}"`,
  "in a parameter tag": (words) => `<parameter=${words.join("_")}>`,
  "under args.": (words) => `args.${words.join("_")}`,
  "under the tool's name": (words) => `do_it.${camel(words)}`,
  "as params[…]": (words) => `params[${words.join("_")}]`,
  "full-width letters": (words) => [...words.join("_")].map((char) => (/[a-z]/.test(char) ? String.fromCharCode(char.charCodeAt(0) + 0xfee0) : char)).join(""),
};

/** Ways a model names another thing: never the declared key they came from, nor another one. */
const OTHER_NAMES: Record<string, (words: Words) => Words | undefined> = {
  "a word dropped": (words) => (words.length > 1 ? words.slice(1) : undefined),
  "a word added": (words) => ["new", ...words],
  "words swapped": (words) => (words.length > 1 && words[0] !== words[1] ? [...words].reverse() : undefined),
  "a short word one letter off": (words) => {
    const index = words.findIndex((word) => word.length >= 3 && word.length <= 7);
    if (index < 0) return undefined;
    const word = words[index]!;
    const changed = word.slice(0, -1) + (word.at(-1) === "x" ? "y" : "x");
    return words.map((other, at) => (at === index ? changed : other));
  },
};

const engine = createRepairEngine();

function arbitrarySchema(words: Words) {
  const key = fc.uniqueArray(fc.constantFrom(...words), { minLength: 1, maxLength: 3 });
  return fc.record({
    keys: fc.uniqueArray(key, { minLength: 1, maxLength: 5, selector: (parts) => parts.join("_") }),
    closed: fc.boolean(),
    pick: fc.nat(),
  });
}

const value = (words: Words) => `v-${words.join("-")}`;

function call(keys: readonly Words[], closed: boolean, meant: number, written: string) {
  const properties = Object.fromEntries(keys.map((words) => [words.join("_"), { type: "string" }]));
  const schema = { type: "object", properties, required: [keys[meant]!.join("_")], ...(closed ? { additionalProperties: false } : {}) };
  const args = Object.fromEntries(keys.map((words, index) => (index === meant ? [written, value(words)] : [words.join("_"), value(words)])));
  const tools = engine.prepareTools([{ name: "do_it", parameters: schema }]);
  return engine.repair({ name: "do_it", arguments: JSON.stringify(args) }, tools);
}

/** A declared key's words run together: two keys the same so are one name in every style. */
const folded = (text: string) => text.toLowerCase();

export function runStyles(words: Words, seed: number, numRuns: number) {
  const tally = new Map<string, { renamed: number; tried: number }>();
  fc.assert(
    fc.property(arbitrarySchema(words), fc.constantFrom(...Object.keys(STYLES)), ({ keys, closed, pick }, style) => {
      const meant = pick % keys.length;
      const written = STYLES[style]!(keys[meant]!);
      if (written === keys[meant]!.join("_")) return;
      // Another declared key spelling the same name makes the key two names: then no rename is right.
      const clash = keys.some((other, index) => index !== meant && folded(other.join("")) === folded(keys[meant]!.join("")));
      const outcome = call(keys, closed, meant, written);
      const entry = tally.get(style) ?? { renamed: 0, tried: 0 };
      entry.tried++;
      tally.set(style, entry);
      if (outcome.kind !== "repaired") {
        expect(clash, `${style}: ${written} among ${keys.map((k) => k.join("_")).join(", ")} was not renamed`).toBe(true);
        return;
      }
      const args = JSON.parse(outcome.arguments) as Record<string, unknown>;
      expect(args[keys[meant]!.join("_")], `${style}: ${written}`).toBe(value(keys[meant]!));
      entry.renamed++;
    }),
    { numRuns, seed },
  );
  return tally;
}

export function runOtherNames(words: Words, seed: number, numRuns: number) {
  let renamed = 0;
  fc.assert(
    fc.property(arbitrarySchema(words), fc.constantFrom(...Object.keys(OTHER_NAMES)), fc.constantFrom(...Object.keys(STYLES)), ({ keys, closed, pick }, how, style) => {
      const meant = pick % keys.length;
      const other = OTHER_NAMES[how]!(keys[meant]!);
      if (other === undefined || other.length === 0) return;
      const written = STYLES[style]!(other);
      // The other name may itself be declared: then it is that key, not a slip.
      if (keys.some((declared) => folded(declared.join("")) === folded(other.join("")))) return;
      const outcome = call(keys, closed, meant, written);
      if (outcome.kind !== "repaired") return;
      const args = JSON.parse(outcome.arguments) as Record<string, unknown>;
      // The value written under the other name never lands under a declared key that is not that name.
      for (const [key, held] of Object.entries(args)) {
        if (held === value(keys[meant]!)) expect(key, `${how} (${style}): ${written} among ${keys.map((k) => k.join("_")).join(", ")}`).not.toBe(keys[meant]!.join("_"));
      }
      renamed++;
    }),
    { numRuns, seed },
  );
  return renamed;
}

describe("a misspelt argument key, on random schemas", () => {
  it("in another naming style: renamed to the declared key, unless another declared key spells the same", () => {
    const tally = runStyles(DEVELOPMENT.words, DEVELOPMENT.seed, 600);
    expect([...tally.values()].every((entry) => entry.renamed > 0)).toBe(true);
  });

  it("naming another thing: never renamed to a different declared key", () => {
    runOtherNames(DEVELOPMENT.words, DEVELOPMENT.seed, 600);
  });

  it("held part: its own words and seed", () => {
    const tally = runStyles(HELD.words, HELD.seed, 400);
    expect([...tally.values()].every((entry) => entry.renamed > 0)).toBe(true);
    runOtherNames(HELD.words, HELD.seed, 400);
  });
});
