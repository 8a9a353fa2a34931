/**
 * A Python call with a string and no keyword after a keyword's string
 * (`code="a", "a"`): Python refuses it (a positional argument after a
 * keyword one); read with the inner quotes kept, the keyword's value would
 * swallow the stray string. No reading is the model's: the call is refused.
 */
import { describe, expect, it } from "vitest";
import { engineReading } from "../../../support/cut-outcome.ts";

const tool = {
  name: "run_python",
  description: "Run code.",
  parameters: { type: "object", properties: { code: { type: "string" }, timeout: { type: "integer" } }, required: ["code"] },
};

describe("a stray string after a keyword's string in a Python call", () => {
  it.each([
    ['[run_python(code="print(1)", "print(1)")]'],
    ['[run_python(code="x = \'a\'; y = 2;", "x = \'a\'; y = 2;", timeout=5)]'],
    ["[run_python(code='console.log(\"a\");', 'console.log(\"a\");')]"],
    ['[run_python(code="log(\\"a\\");", "log(\\"b\\");")]'],
  ])("%s is refused", (text) => expect(engineReading(tool, text, false, undefined)).toBeUndefined());

  it("inner quotes that set no item apart stay the value's", () => {
    expect(engineReading(tool, '[run_python(code="say "hi" now", timeout=5)]', false, undefined)?.value).toEqual({ code: 'say "hi" now', timeout: 5 });
  });
});
