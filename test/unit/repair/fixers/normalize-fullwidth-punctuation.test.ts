import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../../src/repair/engine.ts";
import { normalizeFullwidthPunctuation } from "../../../../src/repair/fixers/normalize-fullwidth-punctuation.ts";
import { assertTextFix } from "./text-fixer-helper.ts";

describe("normalize-fullwidth-punctuation", () => {
  it.each([
    // A fullwidth colon after a quoted key, a fullwidth comma between members, fullwidth braces around the text.
    ['{"city"："Paris"}', '{"city":"Paris"}'],
    ['{"city": "Paris"，"days": 3}', '{"city": "Paris","days": 3}'],
    ['{"city"： "巴黎"， "days"： 3， "ok"： true}', '{"city": "巴黎", "days": 3, "ok": true}'],
    ['｛"city": "Paris"｝', '{"city": "Paris"}'],
    ['{"ids": [1, 2]，"n": null，"o": {"a": 1}}', '{"ids": [1, 2],"n": null,"o": {"a": 1}}'],
    // Inside strings they are text: only the structural ones change.
    ['{"note"："你好，世界：再见"，"n": 1}', '{"note":"你好，世界：再见","n": 1}'],
    ['{"q"："say \\"a，b\\""}', '{"q":"say \\"a，b\\""}'],
    // A key in the other quotes the repairs read, or a bare ASCII name, after `{` or a comma.
    ["{「name」：「Ada」，「age」：3}", "{「name」:「Ada」,「age」:3}"],
    ["{'a'：1，'b'：2}", "{'a':1,'b':2}"],
    ["{a：1，b：2}", "{a:1,b:2}"],
    ["{`a`：1，“b”：「x」}", "{`a`:1,“b”:「x」}"],
    ["{city: 「北京」， days: 2，}", "{city: 「北京」, days: 2,}"],
    ["{『k』：true}", "{『k』:true}"],
    // Every quote the typographic parser reads, the fullwidth ones too.
    ["{＂a＂：＂x＂，＂n＂：1}", "{＂a＂:＂x＂,＂n＂:1}"],
    ["{«a»：«x»，«n»：1}", "{«a»:«x»,«n»:1}"],
    ["{„a“：„x“}", "{„a“:„x“}"],
    ["{‹a›：‹x›，＇b＇：2}", "{‹a›:‹x›,＇b＇:2}"],
    // In strings of those quotes they are text.
    ["{'t'：'x，y：z'，'n'：1}", "{'t':'x，y：z','n':1}"],
    ["{「t」：「1，2」}", "{「t」:「1，2」}"],
  ])("%j → %j", (input, expected) => assertTextFix(normalizeFullwidthPunctuation, input, expected));

  it.each([
    // No fullwidth punctuation, or only inside strings.
    ['{"note": "你好，世界"'],
    // A fullwidth comma inside unquoted text, a colon after a word: text, not structure.
    ["{note: 你好，世界}"],
    ['{"a": "x" ：b}'],
    // In a single-quoted or corner-bracketed string, between digits or before a word and a colon: the string's text.
    ["{'t': '1，2'}"],
    ["{'t': 'x，y：z'}"],
    ["{「t」: 「a，b：c」}"],
    ["{«t»: «a，b：c»}"],
    ["{＂t＂: ＂a，b：c＂}"],
    // A colon after a word that is not a key (no `{` or comma before it), a key longer than a key is.
    ["{q: 注意：小心}"],
    [`{${"k".repeat(70)}：1}`],
    // Braces inside the text, not around it.
    ['{"a": ｛"b": 1｝}'],
  ])("%j → unchanged", (input) => assertTextFix(normalizeFullwidthPunctuation, input, undefined));

  it("repairs the call losslessly, with other slips too", () => {
    const engine = createRepairEngine();
    const tools = engine.prepareTools([
      { name: "search", parameters: { type: "object", properties: { query: { type: "string" }, limit: { type: "integer" } }, required: ["query"], additionalProperties: false } },
    ]);
    const outcome = engine.repair({ name: "search", arguments: '{"query"："北京，天气"，"limit"：5，}' }, tools);
    expect(outcome.kind).toBe("repaired");
    if (outcome.kind !== "repaired") return;
    expect(JSON.parse(outcome.arguments)).toEqual({ query: "北京，天气", limit: 5 });
    expect(outcome.lossy).toBe(false);
  });
});
