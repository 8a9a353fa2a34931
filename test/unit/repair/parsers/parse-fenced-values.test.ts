import { describe, expect, it } from "vitest";
import { parseFencedValues } from "../../../../src/repair/parsers/parse-fenced-values.ts";
import { assertReads, objectSchema, validReadings } from "./parser-helper.ts";
import { HANG_GUARD_MS } from "../../../support/hang-guard.ts";

const F = "```";
const snippet = objectSchema(["path", "code"], { required: ["code"], closed: true });
const code = 'def f():\n    return "x"  # it\'s {fine}';

describe("parse-fenced-values", () => {
  it.each([
    [snippet, `{"path": "a.py", "code": ${F}\n${code}\n${F}}`, { path: "a.py", code }],
    [snippet, `{\n  "code": ${F}\n${code}\n${F},\n  "path": "a.py",\n}`, { code, path: "a.py" }],
    [snippet, `{"code": ${F}\n\`hi\`\n${F} "path": "b"}`, { code: "`hi`", path: "b" }],
    [snippet, `{"code": ${F}\nconst s = \`\${a}\`;\n\n  done();\n${F}}`, { code: "const s = `${a}`;\n\n  done();" }],
    [snippet, `{"code": ${F}\n${F}}`, { code: "" }],
    // Four backticks hold three.
    [snippet, `{"code": ${"````"}\na ${F} b\n${F}\n${"````"}}`, { code: `a ${F} b\n${F}` }],
    // An info string, every line indented, an indented closing fence: no single reading.
    [snippet, `{"code": ${F}python\nprint(1)\n${F}}`, undefined],
    [snippet, `{"code": ${F}\n    print(1)\n    print(2)\n${F}}`, undefined],
    [snippet, `{"code": ${F}\nprint(1)\n  ${F}}`, undefined],
    // Cut, or on one line, or a closing fence followed by more code.
    [snippet, `{"code": ${F}\nprint(1)\n`, undefined],
    [snippet, `{"code": ${F}print(1)${F}}`, undefined],
    [snippet, `{"code": ${F}\na\n${F} b\n${F}}`, undefined],
  ])("%j: %s → %j", (schema, input, expected) => assertReads(parseFencedValues, schema, input, expected));
});

describe("parse-fenced-values on hostile text", () => {
  it.each([
    ["one never closed", `{"code": ${F}\n${"x\n".repeat(30_000)}`],
    ["many in an array", `{"code": [${`${F}\na\n`.repeat(8000)}]}`],
  ])("%s: read without a hang", (_, input) => {
    expect(() => validReadings(input, snippet)).not.toThrow();
  }, HANG_GUARD_MS);
});
