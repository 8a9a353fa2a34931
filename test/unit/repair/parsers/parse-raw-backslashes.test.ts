import { describe, expect, it } from "vitest";
import { decodeStringBody, parseRawBackslashes } from "../../../../src/repair/parsers/parse-raw-backslashes.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const file = objectSchema(["path", "pattern"]);

describe("parse-raw-backslashes", () => {
  it.each([
    [file, String.raw`{"path": "C:\Users\me\x.txt"}`, { path: String.raw`C:\Users\me\x.txt` }],
    [file, String.raw`{"pattern": "\d+\.\d+", "path": "a"}`, { pattern: String.raw`\d+\.\d+`, path: "a" }],
    [file, String.raw`{'path': 'C:\Users\x'}`, { path: String.raw`C:\Users\x` }],
    [file, String.raw`{"path": "\\server\share\ü"}`, { path: String.raw`\server\share\ü` }],
    [file, String.raw`{"pattern": "^\s*\w+$"}`, { pattern: String.raw`^\s*\w+$` }],
    // A string written unescaped keeps the backslashes that happen to spell a JSON escape too.
    [file, String.raw`{"path": "C:\temp\data.csv"}`, { path: String.raw`C:\temp\data.csv` }],
    [file, String.raw`{"path": "C:\Users\new\bin\x.txt"}`, { path: String.raw`C:\Users\new\bin\x.txt` }],
    // In single quotes, only where no backslash spells an escape that stands for another character.
    [file, String.raw`{'path': 'C:\Users\x', 'pattern': '\d\.\w'}`, { path: String.raw`C:\Users\x`, pattern: String.raw`\d\.\w` }],
    [file, String.raw`{'pattern': 'it\'s \d'}`, { pattern: String.raw`it's \d` }],
    // No Python string (`\U` and `\x` take hex digits): the one reading keeps each backslash.
    [file, String.raw`{'path': 'C:\Users\new\x.txt'}`, { path: String.raw`C:\Users\new\x.txt` }],
    [file, String.raw`{path: 'C:\temp\x'}`, { path: String.raw`C:\temp\x` }],
    [file, String.raw`{'pattern': 'a\tb\Uc'}`, { pattern: String.raw`a\tb\Uc` }],
    [file, String.raw`{"path": "C:\Users \"a\" \r.txt"}`, { path: String.raw`C:\Users "a" \r.txt` }],
  ])("%s → %j", (schema, input, expected) => assertReads(parseRawBackslashes, schema, input, expected));

  it.each([
    // Characters spelt as `\uXXXX`, and a backslash on a raw one: an escape glitched mid-way (`로` meant) or a
    // backslash left in (`\로`)? No reading.
    [objectSchema(["message"]), String.raw`{"message": "\ud6c4\uc18d \로\uadf8"}`],
    [file, String.raw`{"path": "\ud30c\uc77c C:\데이터"}`],
    // Single quotes as Python reads them: `\d` stays, `\n` or `\t` is a line break or a tab. Kept raw, each is a
    // backslash. Two readings, so none.
    [file, String.raw`{'path': 'C:\new\x.txt', 'pattern': '\d\t'}`],
    [file, String.raw`{'pattern': '\d+\n'}`],
    [file, String.raw`{path: 'C:\temp\d'}`],
    [file, String.raw`{'pattern': '\u00e9 \d'}`],
    // A backslash ending a line in double quotes: a continuation (JavaScript drops both), a line break the
    // backslash escaped, or a backslash kept (a shell's). Three values, so none.
    [objectSchema(["items"]), '{"items": "carrot\\\nturnip\\\nlettuce"}'],
    [objectSchema(["command"]), '{"command": "docker run \\\n  -v a:b img"}'],
    [file, '{"path": "C:\\dir\\\n"}'],
  ])("%s → nothing", (schema, input) => assertReads(parseRawBackslashes, schema, input, undefined));

  it.each([
    ["plain", "'", "plain", false, false],
    [String.raw`a\nb\t\"c\"\\d\/`, '"', 'a\nb\t"c"\\d/', false, false],
    [String.raw`\u00e9\u12`, '"', String.raw`é\u12`, true, false],
    [String.raw`it\'s`, "'", "it's", false, false],
    // In double quotes an escaped apostrophe too (parse-escaped-apostrophes), unless the string is raw.
    [String.raw`it\'s`, '"', "it's", false, true],
    [String.raw`C:\Users\x`, "'", String.raw`C:\Users\x`, true, false],
    ["end\\", '"', "end\\", true, false],
    [String.raw`C:\temp\x`, '"', String.raw`C:\temp\x`, true, false],
    [String.raw`C:\temp\x \u00e9`, '"', String.raw`C:\temp\x ` + "é", true, false],
    // A doubled backslash says the writer escaped: `\t` is a tab there.
    [String.raw`C:\\temp\t\x`, '"', "C:\\temp\t\\x", true, false],
    [String.raw`a\tb`, '"', "a\tb", false, false],
    [String.raw`it\'s\n`, '"', "it's\n", false, true],
    [String.raw`C:\it\'s`, '"', String.raw`C:\it\'s`, true, false],
  ])("decodes %s in %s quotes", (body, quote, value, kept, apostrophe) => {
    expect(decodeStringBody(body, quote)).toStrictEqual({ value, kept, apostrophe });
  });
});
