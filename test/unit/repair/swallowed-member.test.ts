import { describe, expect, it } from "vitest";
import { swallowsMember } from "../../../src/repair/swallowed-member.ts";

const item = { type: "object", properties: { file_path: { type: "string" }, file_name: { type: "string" } } };
const schema = { type: "object", properties: { files: { type: "array", items: item }, note: { type: "string" } } };

describe("swallowsMember", () => {
  it.each([
    ["a string holding a declared key its object lacks", { file_path: 'say "hi" to Bob, "file_name":' }, item, true],
    ["with a space before the colon", { file_path: 'a, "file_name" : b' }, item, true],
    ["inside an array item", { files: [{ file_path: 'a, "file_name":' }] }, schema, true],
    ["a key the object has: JSON quoted in the text, not a member", { file_path: '"file_name": x', file_name: "x" }, item, false],
    ["a key of another object", { note: '"file_name": x' }, schema, false],
    ["the key without its colon", { file_path: 'see "file_name" below' }, item, false],
    ["no strings", { files: [] }, schema, false],
    ["a line ending in a quote, then the bare key and its colon", { file_path: 'a"\nfile_name: "b' }, item, true],
    ["the bare key at a line start with no quote before it: text", { file_path: "name: x\nfile_name: y" }, item, false],
  ])("%s", (_title, value, at, expected) => {
    expect(swallowsMember(value, at)).toBe(expected);
  });
});
