import { describe, expect, it } from "vitest";
import { parseTripleQuotes } from "../../../../src/repair/parsers/parse-triple-quotes.ts";
import { assertReads, objectSchema, validReadings } from "./parser-helper.ts";
import { HANG_GUARD_MS } from "../../../support/hang-guard.ts";

const snippet = objectSchema(["path", "code"], { required: ["code"], closed: true });
const doc = objectSchema(["title", "body"], { closed: true });
const kinds = objectSchema(["mode"], { types: { mode: { type: "string", enum: ["fast", "safe"] } } });

describe("parse-triple-quotes", () => {
  it.each([
    [snippet, '{"code": """print("hi")""", "path": \'\'\'it\'s\'\'\'}', { code: 'print("hi")', path: "it's" }],
    [snippet, '{"code": """print("Hello, world!")"""}', { code: 'print("Hello, world!")' }],
    [snippet, '{"path": "a.py", "code": """def f():\n    return "x"\n"""}', { path: "a.py", code: 'def f():\n    return "x"\n' }],
    [snippet, "{'path': 'a.py', 'code': '''it's \"quoted\"'''}", { path: "a.py", code: "it's \"quoted\"" }],
    [snippet, '{"code": """a\\tb\\"c\\\\d""", "path": "x"}', { code: 'a\tb"c\\d', path: "x" }],
    [doc, '{"title": "T", "body": """one "two" \'\'three\'\'"""}', { title: "T", body: "one \"two\" ''three''" }],
    // A missing comma after it, before a declared key.
    [doc, '{"body": """x "y" z""" "title": "T"}', { body: 'x "y" z', title: "T" }],
    [snippet, '{"code": """"""}', undefined],
    [snippet, '{"code": """ " """}', { code: ' " ' }],
    // The body opens with a line break: kept (Python) or dropped with the indentation (Swift, Java)?
    [snippet, '{"code": """\n    print(1)\n    """}', undefined],
    [snippet, '{"code": """  \nprint(1)"""}', undefined],
    // A fourth quote after the closing three: Python would end inside the run.
    [snippet, '{"code": """say "hi""""}', undefined],
    // Nested triple quotes: the first closes, and what follows is no continuation.
    [snippet, '{"code": """print("""hi""")"""}', undefined],
    // Never closed (cut), or never a key.
    [snippet, '{"code": """print(1)', undefined],
    [snippet, '{"""code""": "x"}', undefined],
    // One plain word: also `""fast""` with its outer quotes unescaped, unless the schema rules that out.
    [kinds, '{"mode": """fast"""}', { mode: "fast" }],
    [snippet, '{"code": """x"""}', undefined],
    [snippet, "{'code': '''x y'''}", undefined],
  ])("%j: %s → %j", (schema, input, expected) => assertReads(parseTripleQuotes, schema, input, expected));
});

describe("parse-triple-quotes on hostile text", () => {
  it.each([
    ["one never closed", `{"code": """${"x".repeat(60_000)}`],
    ["many in an array, never closed", `{"code": [${'"""a, '.repeat(10_000)}]}`],
    ["many closed", `{"code": [${'"""a""", '.repeat(8000)}"""b"""]}`],
  ])("%s: read without a hang", (_, input) => {
    expect(() => validReadings(input, snippet)).not.toThrow();
  }, HANG_GUARD_MS);
});
