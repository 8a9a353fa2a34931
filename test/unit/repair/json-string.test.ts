import { describe, expect, it } from "vitest";
import { toJsonString } from "../../../src/repair/json-string.ts";

describe("toJsonString", () => {
  it.each([
    ['"plain"', "plain"],
    ["'single'", "single"],
    ["'C:\\Users\\a b\\x.txt'", "C:\\Users\\a b\\x.txt"],
    ['"C:\\Users"', "C:\\Users"],
    ["'it\\'s \"q\"'", 'it\'s "q"'],
    ['"it\\\'s"', "it's"],
    ["'a\\nb\\t\\u00e9\\\\'", "a\nb\té\\"],
    ['"tab\there"', "tab\there"],
    ["'\\x41'", "\\x41"],
  ])("%s reads as %j", (raw, expected) => {
    const json = toJsonString(raw);
    expect(JSON.parse(json)).toBe(expected);
  });
});
