import { describe, it } from "vitest";
import { closeTruncated } from "../../../../src/repair/fixers/close-truncated.ts";
import { assertTextFix } from "./text-fixer-helper.ts";

describe("close-truncated", () => {
  it.each([
    ['{"a": "x"', '{"a": "x"}'],
    ['{"a": "x",', '{"a": "x"}'],
    ['{"a": "x", ', '{"a": "x"}'],
    ['{"a": "x", "b', '{"a": "x"}'],
    ['{"a": "x", "b"', '{"a": "x"}'],
    ['{"a": true', '{"a": true}'],
    ['{"a": null, "b": {}', '{"a": null, "b": {}}'],
    ['{"a": ["x"], "b": {"c": 1', '{"a": ["x"], "b": {"c": 1}}'],
    ['{"a": "x", "b": {"c": 1,', '{"a": "x", "b": {"c": 1}}'],
    ['{"a": 1.5', '{"a": 1.5}'],
    ['{"a": 1.5\n', '{"a": 1.5}'],
    ['{"a": true \n', '{"a": true}'],
    // A partial bare key is dropped alike with layout after it.
    ['{"a": "x", b', '{"a": "x"}'],
    ['{"a": "x", b \n', '{"a": "x"}'],
    ["{", "{}"],
    ["{ name: 'John' ", "{ name: 'John'}"],
    ['{"a": "x"} ', undefined],
  ])("%j → %j", (input, expected) => assertTextFix(closeTruncated, input, expected));

  it.each([
    // A cut inside an array: the list may have gone on; closing it or dropping an item gives a list the model did not write.
    ['{"a": ["x", "y"'],
    ['{"a": ["x", "y",'],
    ['{"a": {"b": [1, 2, 3'],
    ['{"a": [{"b": 1}'],
    ['{"a": [{"b": 1},'],
    ['{"a": ['],
    ['{"a": "x", "b": ['],
    // A key written with its colon and no value: a member begun, which closing before it would drop.
    ['{"a": "x", "b":'],
    ['{"a": "x", "b": '],
    ['{"a": {"c": 1, "d":\n'],
    // A container begun after the last complete value: closing before it drops the value the model was writing.
    ['{"a": "x", "b": {'],
    ['{"a": "x", "b": {"c'],
    ['{"a": "x", "b": {"c": '],
    // A string right after a value with no comma (`'it''s'`): closing before it drops text the model wrote.
    ["{'text': 'it''s'"],
    ['{"a": "x" "b"'],
    // A number cut before its digits end.
    ['{"a": "x", "n": 3.'],
    ['{"a": "x", "n": 1e'],
    ['{"a": "x", "n": 1e-'],
    ['{"a": "x", "n": -'],
    // The same with a line break or spaces after it: still the last thing written, still no value.
    ['{"a": "x", "n": -\n'],
    ['\n  {"a":-\n'],
    ['{"a": "x", "n": 3. '],
    ['{"a": tru \n'],
    ['{"a": hello\n'],
    ['{"a": [{"b": 1}, {"c"'],
    ['{"a": [{"b": 1}, {"c": 2'],
    ['{"a": [[1, 2], [3'],
    // A cut string value is unrecoverable: the rest of it is unknowable.
    ['{"state": "Ca'],
    ['{"a": ["x", "Scen'],
    ['{"a": 1, "b": "it\\"s'],
    // A word cut before it is a whole literal.
    ['{"a": tru'],
    ['{"a": nul'],
    ['{"a": hello'],
    // An open quote right after a value, with no comma, is a quoting problem, not a cut key.
    ['{"a": [], "b": """}'],
    // An open quote where a key is due, with quotes or closers after it, is a quoting problem: the text went on.
    ["{\"mode\":\"\",'\"\"}"],
    ['{"a": 1, "b}'],
    // A container where a comma was due (`""{"` from inner quotes) is not a place to close at.
    ['{"user": ""{"}'],
    ['{"a": "x" {"b": 1'],
    // A word right after a value with no comma is that value's text past an inner quote, or an unquoted value's next
    // word: closing before it drops it, whatever layout follows.
    ['{"city": "say "hi'],
    ['{"city": "say "hi\n'],
    ['{"role": Senior Researcher'],
    ['{"role": Senior Researcher  \n'],
    // A Markdown link's URL read as a comment to the end is not a cut.
    ['{"content": "[LINK]("https://a.example/x")"}'],
    // Not cut, or not an object.
    ['{"a": 1}'],
    ['{"a": 1}}'],
    ['Sure: {"a": 1'],
    [""],
  ])("leaves %j alone", (input) => assertTextFix(closeTruncated, input, undefined));

  it("takes a number at the end as complete unless the upstream said it cut the output", () => {
    assertTextFix(closeTruncated, '{"a": "x", "n": 82', '{"a": "x", "n": 82}');
    assertTextFix(closeTruncated, '{"a": "x", "n": 82', undefined, { finishReason: "length" });
    assertTextFix(closeTruncated, '{"a": "x", "n": 82,', '{"a": "x", "n": 82}', { finishReason: "length" });
    assertTextFix(closeTruncated, '{"a": "x"', '{"a": "x"}', { finishReason: "length" });
  });
});
