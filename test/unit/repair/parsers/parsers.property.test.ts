import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parserFamilies } from "../../../../src/repair/parsers/index.ts";
import { readArguments } from "../../../../src/repair/parsers/read-arguments.ts";
import { Reader } from "../../../../src/repair/parsers/reader.ts";
import { readObject } from "../../../../src/repair/parsers/tolerant-parser.ts";
import type { JsonSchema, ParserFamily } from "../../../../src/repair/types.ts";
import { validReadings } from "./parser-helper.ts";

const runs = { numRuns: 300 };
const keys = fc.constantFrom("a", "b", "city", "file_path", "x y", "__proto__", "ünï", "k:1", 'q"');
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom("C:\\Users\\a b\\x.txt", 'say "hi"', "a, b: c", "}", "]", "// no", "# x", "it's", '""x""', "True", "null", ""),
);
const scalars = fc.oneof(text, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));
const values = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small" }, scalars, fc.array(tie("value"), { maxLength: 3 }), fc.dictionary(keys, tie("value"), { maxKeys: 3 })),
})).value;
const objects = fc.dictionary(keys, values, { maxKeys: 5 });

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** A strict schema the object satisfies: every key declared and required, nothing else. */
function schemaFor(value: Record<string, unknown>): JsonSchema {
  const properties: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) Object.defineProperty(properties, name, { value: { type: typeOf(field) }, enumerable: true });
  return { type: "object", properties, required: Object.keys(value), additionalProperties: false };
}

function readWhole(input: string, schema: JsonSchema, families: readonly ParserFamily[]): unknown {
  const reader = new Reader(input, new Set(families.map((family) => family.name)));
  const start = reader.skip(0);
  if (input[start] !== "{") return undefined;
  return readObject(reader, start, schema, { container: "root", schema: undefined }, 0)?.value;
}

const familySets: [string, readonly ParserFamily[]][] = [
  ["every family", parserFamilies],
  ...parserFamilies.map((family): [string, readonly ParserFamily[]] => [family.name, [family]]),
];

describe("the parse families on valid JSON", () => {
  for (const [label, families] of familySets) {
    it(`${label}: read the value JSON.parse reads, or nothing, and never throw`, () => {
      fc.assert(
        fc.property(objects, fc.boolean(), fc.boolean(), (value, pretty, withSchema) => {
          const input = JSON.stringify(value, null, pretty ? 2 : undefined);
          const schema = withSchema ? schemaFor(value) : true;
          const read = readWhole(input, schema, families);
          if (read !== undefined) expect(read).toStrictEqual(JSON.parse(input));
          for (const reading of readArguments(input, schema, families)) expect(reading.value).toStrictEqual(JSON.parse(input));
        }),
        runs,
      );
    });
  }

  it("never throw on any text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), objects, (input, value) => {
        readArguments(input, schemaFor(value), parserFamilies);
        readArguments(`{${input}}`, true, parserFamilies);
      }),
      runs,
    );
  });
});

/** Rewrites what lies outside the JSON strings of `json` (strings match the first group, and pass through). */
function outsideStrings(json: string, pattern: RegExp, replace: (match: string) => string): string {
  const combined = new RegExp(`("(?:[^"\\\\]|\\\\.)*")|${pattern.source}`, "g");
  return json.replace(combined, (match: string, string: string | undefined) => (string === undefined ? replace(match) : match));
}

/** A string a model could write without quotes and mean the same: no edge spaces or quotes, not a number or literal. */
function writableBare(field: string): boolean {
  // Nor a comma last: before the `}` it is a trailing comma, as after any value; nor a typographic quote or
  // backtick first, which opens a quoted string (`` `x` `` is x).
  return /^[^\s"'{[`´“”‘’«»„‚‹›＂＇][^\n]*[^\s"',]$/u.test(field) && !/^(?:-?\d[\d.eE+-]*|true|false|null|none|undefined|nan)$/i.test(field);
}

/** Realistic ways a model writes an object wrong, on the serialized value. */
const corruptions: Record<string, (value: Record<string, unknown>) => string> = {
  "unquoted keys": (value) => JSON.stringify(value).replace(/"((?:[^"\\]|\\.)*)"(:?)/g, (match, key: string, colon: string) => (colon === ":" && /^[A-Za-z_]\w*$/.test(key) ? `${key}:` : match)),
  "single quotes": (value) => JSON.stringify(value).replace(/"((?:[^"\\]|\\.)*)"/g, (_, body: string) => `'${body.replaceAll("'", "\\'").replaceAll('\\"', '"')}'`),
  "python literals": (value) => outsideStrings(JSON.stringify(value), /\b(?:true|false|null)\b/, (word) => ({ true: "True", false: "False", null: "None" })[word]!),
  "trailing commas": (value) => outsideStrings(outsideStrings(JSON.stringify(value), /[}\]]/, (closer) => `,${closer}`), /[{[],/, (pair) => pair[0]!),
  comments: (value) => outsideStrings(JSON.stringify(value, null, 1), /,\n/, () => ", // note\n"),
  "closed early": (value) => JSON.stringify(value).replace(/^(\{"(?:[^"\\]|\\.)*":(?:-?[\d.eE+-]+|true|false|null|"(?:[^"\\]|\\.)*")),(?=")/, "$1},"),
  "unescaped quotes": (value) =>
    JSON.stringify(value).replace(/"((?:[^"\\]|\\.)*)"/g, (_, body: string) => `"${body.replace(/\\(.)/g, (pair, char: string) => (char === '"' ? '"' : pair))}"`),
  // Python triple quotes around string values (not one that opens with a line break, ends on a quote or holds three).
  "triple quotes": (value) =>
    JSON.stringify(value).replace(/"((?:[^"\\]|\\.)*)"(:?)/g, (match, body: string, colon: string) => {
      if (colon === ":") return match;
      const raw = body.replace(/\\(.)/g, (pair, char: string) => (char === '"' ? '"' : char === "n" ? "\n" : pair));
      return /^[ \t]*\r?\n/.test(raw) || raw.includes('"""') || raw.endsWith('"') ? match : `"""${raw}"""`;
    }),
  // Pretty-printed, its line breaks written as `\\n` (outside strings there are no others).
  "escaped layout": (value) => JSON.stringify(value, null, 2).replaceAll("\n", "\\n"),
  // The space after each colon and comma an ideographic or zero-width one.
  "unicode spaces": (value) => outsideStrings(JSON.stringify(value), /[:,]/, (separator) => `${separator}\u3000\u200b`),
  "missing colons": (value) => JSON.stringify(value).replace(/"((?:[^"\\]|\\.)*)"(:?)/g, (match, key: string, colon: string) => (colon === ":" ? `"${key}" ` : match)),
  "typographic quotes": (value) => JSON.stringify(value).replace(/"((?:[^"\\]|\\.)*)"/g, (_, body: string) => `“${body}”`),
  "unquoted values": (value) =>
    `{${Object.entries(value)
      .map(([key, field]) => `${JSON.stringify(key)}: ${typeof field === "string" && writableBare(field) ? field : JSON.stringify(field)}`)
      .join(", ")}}`,
};

describe("a corrupted object", () => {
  for (const [name, corrupt] of Object.entries(corruptions)) {
    it(`${name}: reads back as the value, or as nothing; never as another valid value`, () => {
      fc.assert(
        fc.property(objects, (value) => {
          const schema = schemaFor(value);
          const readings = validReadings(corrupt(value), schema);
          if (readings.length === 1) expect(readings[0]!.value).toStrictEqual(JSON.parse(JSON.stringify(value)));
        }),
        { numRuns: 500 },
      );
    });
  }
});
