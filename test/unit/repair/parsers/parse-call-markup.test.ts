import { describe, expect, it } from "vitest";
import { readCallMarkup } from "../../../../src/repair/parsers/parse-call-markup.ts";
import { createRepairEngine } from "../../../../src/repair/engine.ts";
import { objectSchema } from "./parser-helper.ts";

const sum = objectSchema(["a", "b"], { types: { a: { type: "integer" }, b: { type: "integer" } }, required: ["a", "b"], closed: true });
const P = "｜DSML｜";

describe("parse-call-markup: the model's whole call, in its text markup, sent as the arguments", () => {
  it.each([
    ["MiniMax <invoke>", '<minimax:tool_call>\n<invoke name="report_sum">\n<parameter name="a">3</parameter>\n<parameter name="b">4</parameter>\n</invoke>\n</minimax:tool_call>'],
    ["MiniMax <invoke> without its wrapper", '<invoke name="report_sum"><parameter name="a">3</parameter><parameter name="b">4</parameter></invoke>'],
    ["DeepSeek DSML", `<${P}function_calls>\n<${P}invoke name="report_sum">\n<${P}parameter name="a" string="false">3</${P}parameter>\n<${P}parameter name="b" string="false">4</${P}parameter>\n</${P}invoke>\n</${P}function_calls>`],
    ["GLM <arg_key> pairs in <tool_call>", "<tool_call>report_sum\n<arg_key>a</arg_key>\n<arg_value>3</arg_value>\n<arg_key>b</arg_key>\n<arg_value>4</arg_value>\n</tool_call>"],
    ["GLM's body without its <tool_call> tags", "report_sum<arg_key>a</arg_key><arg_value>3</arg_value><arg_key>b</arg_key><arg_value>4</arg_value>"],
    ["GLM's body, a line break after the name", "report_sum\n<arg_key>a</arg_key>\n<arg_value>3</arg_value>\n<arg_key>b</arg_key>\n<arg_value>4</arg_value>"],
    ["GLM's body without its tags, a value's closer left out before the next key", "report_sum<arg_key>a</arg_key><arg_value>3<arg_key>b</arg_key><arg_value>4</arg_value>"],
    ["Qwen3-Coder's element in <tool_call>", "<tool_call>\n<function=report_sum>\n<parameter=a>\n3\n</parameter>\n<parameter=b>\n4\n</parameter>\n</function>\n</tool_call>"],
    ["space around it", '\n  <invoke name="report_sum"><parameter name="a">3</parameter><parameter name="b">4</parameter></invoke>  \n'],
  ])("%s", (_title, text) => {
    expect(readCallMarkup(text, sum, "report_sum")).toStrictEqual({ a: 3, b: 4 });
  });

  it.each([
    ["another tool's call", '<invoke name="get_time"><parameter name="a">3</parameter><parameter name="b">4</parameter></invoke>'],
    ["another tool's GLM body, its name longer", "report_summary<arg_key>a</arg_key><arg_value>3</arg_value><arg_key>b</arg_key><arg_value>4</arg_value>"],
    ["two calls", '<invoke name="report_sum"><parameter name="a">3</parameter><parameter name="b">4</parameter></invoke><invoke name="report_sum"><parameter name="a">5</parameter><parameter name="b">6</parameter></invoke>'],
    ["prose after the call", '<invoke name="report_sum"><parameter name="a">3</parameter><parameter name="b">4</parameter></invoke> and then I will add them'],
    ["prose before the call", 'Sure: <invoke name="report_sum"><parameter name="a">3</parameter><parameter name="b">4</parameter></invoke>'],
    ["a call cut inside a value", '<invoke name="report_sum"><parameter name="a">3</parameter><parameter name="b">4'],
    ["GLM's body without its tags, cut inside its last value", "report_sum<arg_key>a</arg_key><arg_value>3</arg_value><arg_key>b</arg_key><arg_value>4"],
    ["a JSON object, no markup", '{"a": 3, "b": 4'],
  ])("%s → nothing", (_title, text) => {
    expect(readCallMarkup(text, sum, "report_sum")).toBeUndefined();
  });

  it("reads nothing when the call's tool is not known", () => {
    expect(readCallMarkup('<invoke name="report_sum"><parameter name="a">3</parameter><parameter name="b">4</parameter></invoke>', sum, undefined)).toBeUndefined();
  });

  it("repairs such a call without reporting its markup as lost, and refuses another tool's", () => {
    const engine = createRepairEngine();
    const tools = engine.prepareTools([{ name: "report_sum", parameters: sum }]);
    const own = engine.repair({ name: "report_sum", arguments: '<minimax:tool_call>\n<invoke name="report_sum">\n<parameter name="a">3</parameter>\n<parameter name="b">4</parameter>\n</invoke>\n</minimax:tool_call>' }, tools);
    expect(own.kind === "repaired" ? { value: JSON.parse(own.arguments) as unknown, lossy: own.lossy, lost: own.lost } : own.kind).toStrictEqual({ value: { a: 3, b: 4 }, lossy: false, lost: undefined });
    const other = engine.repair({ name: "report_sum", arguments: `<${P}function_calls>\n<${P}invoke name="get_time">\n<${P}parameter name="a" string="false">3</${P}parameter>\n</${P}invoke>\n</${P}function_calls>` }, tools);
    expect(other.kind).toBe("failed");
  });
});
