/**
 * A tool name as models misspell it (case, separators, a namespace, quotes,
 * markup, a call index) resolves to the tool meant, or to none: never to
 * another declared tool, whose meaning differs.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../src/repair/engine.ts";

const WORDS = ["read", "write", "file", "files", "search", "web", "get", "list", "dir", "run", "shell", "tool", "fetch", "create", "issue", "github"];

/** Declared names of one to three words, joined by `_`, distinct as written. */
const declared = fc.uniqueArray(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((words) => words.join("_")), { minLength: 2, maxLength: 6 });

const camel = (name: string): string => name.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/** Ways a model writes a declared name; each keeps what the name says. */
const misspellings: Record<string, (name: string) => string> = {
  camelCase: camel,
  PascalCase: (name) => camel(name).replace(/^./, (first) => first.toUpperCase()),
  "kebab-case": (name) => name.replaceAll("_", "-"),
  "upper case": (name) => name.toUpperCase(),
  "functions namespace": (name) => `functions.${name}`,
  "default_api namespace": (name) => `default_api.${name}`,
  "quoted": (name) => `"${name}"`,
  "backticks": (name) => `\`${name}\``,
  "call index": (name) => `functions.${name}:0`,
  "trailing punctuation": (name) => `${name}:`,
  "tag before": (name) => `<tool_call>${name}`,
  "bold": (name) => `**${name}**`,
  // Not always the name meant (a dropped word is another name), but never another declared tool's.
  "first word dropped": (name) => (name.includes("_") ? name.slice(name.indexOf("_") + 1) : name),
  "tool added": (name) => `${name}_tool`,
  "space for underscore": (name) => name.replaceAll("_", " "),
};

const engine = createRepairEngine();

describe("a misspelt tool name", () => {
  it("resolves to the tool meant, or to none, never to another declared tool", () => {
    const counts = new Map<string, number>();
    fc.assert(
      fc.property(declared, fc.nat(), fc.constantFrom(...Object.keys(misspellings)), (names, pick, how) => {
        const meant = names[pick % names.length]!;
        const tools = engine.prepareTools(names.map((name) => ({ name, parameters: { type: "object", properties: {} } })));
        const emitted = misspellings[how]!(meant);
        // A misspelling that is another declared name is that tool's name, not a slip.
        if (emitted !== meant && names.some((name) => name.replaceAll("_", "") === emitted.replace(/[\s_-]/g, "").toLowerCase())) return;
        const outcome = engine.repair({ name: emitted, arguments: "{}" }, tools);
        if (outcome.kind === "failed") return;
        // The emitted name may spell another declared name exactly as well (`web.search` with `search` declared):
        // then any of them is a choice the engine must not make, unless it is the meant one.
        expect(outcome.name, `${how}: ${emitted} among ${names.join(", ")}`).toBe(meant);
        counts.set(how, (counts.get(how) ?? 0) + 1);
      }),
      { numRuns: 400 },
    );
    expect(counts.size).toBeGreaterThan(0);
  });
});
