/**
 * Calls written again (restated-calls.ts): when every copy agrees (same tool, same values once parsed), the call is
 * read once, where the first copy stands, in every format, whatever the prose between the copies, also when a copy
 * is in a code fence or under a correction line; a set of calls written again as a set is read once as the set.
 * Near misses stay text: a copy with another value after a correction line, a group that writes only some of the
 * calls again or mixes copies with new calls, anything that disowns the calls, an example's lead-in before the first.
 * Calls in a row with only space between keep their own rules. Every row is read whole and streamed.
 */
import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import { afterCalls, callKey, closes, correctionsRestate, introducedBlock, onlyMentions } from "../../../../src/repair/content-calls/restated-calls.ts";
import { correctionLineEnds } from "../../../../src/repair/content-calls/call-guards.ts";

/** A `get_weather` call for `city` in eight formats of different families. */
const formats: Record<string, (city: string) => string> = {
  Hermes: (city) => `<tool_call>{"name": "get_weather", "arguments": {"city": "${city}"}}</tool_call>`,
  "a tool's own element": (city) => `<get_weather>\n  <city>${city}</city>\n</get_weather>`,
  "Qwen3-Coder": (city) => `<tool_call>\n<function=get_weather>\n<parameter=city>\n${city}\n</parameter>\n</function>\n</tool_call>`,
  pythonic: (city) => `[get_weather(city="${city}")]`,
  "bare JSON": (city) => `{"name": "get_weather", "arguments": {"city": "${city}"}}`,
  Mistral: (city) => `[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "${city}"}}]`,
  GLM: (city) => `<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>${city}</arg_value>\n</tool_call>`,
  invoke: (city) => `<function_calls>\n<invoke name="get_weather">\n<parameter name="city">${city}</parameter>\n</invoke>\n</function_calls>`,
};

const wordings = ["Let's directly call it.", "I will directly use the available tool.", "Let me try once more.", "Voy a llamar a la herramienta directamente.", "Ich rufe das Tool jetzt direkt auf.", "让我直接调用它。"];
const corrections = ["The correct representation is:", "The correct call is:", "Corrected:", "Should be called as:", "La llamada correcta es:", "正确的调用是："];
const fenced = (call: string): string => "```xml\n" + call + "\n```";

const paris = ["get_weather", { city: "Paris" }] as const;
const london = ["get_weather", { city: "London" }] as const;

describe.each(Object.entries(formats))("%s, the same call written again", (_format, call) => {
  it.each(wordings)("read once, %j between", (wording) => {
    const content = `To get the weather, I will use the tool.\n\n${call("Paris")}\n\n${wording}\n\n${call("Paris")}`;
    expect(readBothWays(content)).toEqual({ calls: [paris], text: `To get the weather, I will use the tool.\n\n${wording}` });
  });

  it("three copies, read once", () => {
    expect(readBothWays(`${call("Paris")}\n\nLet's directly use the tool.\n\n${call("Paris")}\n\nLet's directly call it.\n\n${call("Paris")}`).calls).toEqual([paris]);
  });

  it("a copy in a fence at the end, read once", () => {
    expect(readBothWays(`${call("Paris")}\n\nLet's directly call it.\n\n${fenced(call("Paris"))}`).calls).toEqual([paris]);
  });

  it("a correction line over another value, lines ending in CRLF: the text stays text", () => {
    const content = `${call("Paris")}\r\n\r\nThe correct call is:\r\n${call("London")}`;
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });

  it.each(corrections)("a correction line %j over the same call, bare or fenced: read once", (line) => {
    expect(readBothWays(`${call("Paris")}\n\n${line}\n${call("Paris")}`).calls).toEqual([paris]);
    expect(readBothWays(`${call("Paris")}\n\n${line}\n${fenced(call("Paris"))}`).calls).toEqual([paris]);
  });

  it("a set written again as a set, read once as the set", () => {
    expect(readBothWays(`${call("Paris")}\n${call("London")}\n\nLet's execute these steps.\n\n${call("Paris")}\n${call("London")}`).calls).toEqual([paris, london]);
    expect(readBothWays(`${call("Paris")}\n${call("London")}\n\nLet's execute these steps.\n\n${call("London")}\n${call("Paris")}`).calls).toEqual([paris, london]);
  });

  it("a plan under step headings, then carried out: the set once", () => {
    const content = `I will use the tool for both cities.\n\n### Step 1: Paris\n${call("Paris")}\n\n### Step 2: London\n${call("London")}\n\nLet's execute these steps.\n\n${call("Paris")}\n${call("London")}`;
    expect(readBothWays(content).calls).toEqual([paris, london]);
  });

  it("a plan whose first call is under a later step, then carried out: the set once", () => {
    const content = `I will use the tool for both cities.\n\n2. Paris:\n${call("Paris")}\n\n3. London:\n${call("London")}\n\nLet's execute these steps.\n\n${call("Paris")}\n${call("London")}`;
    expect(readBothWays(content).calls).toEqual([paris, london]);
  });

  it("a copy, then a new call: both, each once", () => {
    expect(readBothWays(`${call("Paris")}\n\nLet's directly call it.\n\n${call("Paris")}\n\nNow London too.\n\n${call("London")}`).calls).toEqual([paris, london]);
  });

  it("a copy shown as an example after the call: the call is read, the example stays text", () => {
    expect(readBothWays(`${call("Paris")}\n\nFor example:\n${call("Paris")}`).calls).toEqual([paris]);
  });

  it.each<[string, string]>([
    ["a correction line over another value", `${call("Paris")}\n\nThe correct call is:\n${call("London")}`],
    ["a correction line over another value in a fence", `${call("Paris")}\n\nThe correct representation is:\n${fenced(call("London"))}`],
    ["the copies taken back", `${call("Paris")}\n\nLet's directly call it.\n\n${call("Paris")}\n\nWait, actually, that's wrong.`],
    ["a final answer after the copies", `${call("Paris")}\n\nLet's directly call it.\n\n${call("Paris")}\n\nFinal Answer: It is sunny in Paris.`],
    ["a result claimed after the copies", `${call("Paris")}\n\nLet's directly call it.\n\n${call("Paris")}\n\nBased on the results, Paris is sunny.`],
    ["the copies handed to the user", `${call("Paris")}\n\nLet's directly call it.\n\n${call("Paris")}\n\nPlease run this and tell me the output.`],
    ["an example's lead-in before the first copy", `For example:\n${call("Paris")}\n\nLet's directly call it.\n\n${call("Paris")}`],
    ["only some of the set written again", `${call("Paris")}\n${call("London")}\n\nLet's execute it.\n\n${call("Paris")}`],
    ["the set written again with one call changed", `${call("Paris")}\n${call("London")}\n\nLet's execute these steps.\n\n${call("Paris")}\n${call("Rome")}`],
    ["a copy written with a new call", `${call("Paris")}\n\nLet's execute both.\n\n${call("Paris")}\n${call("London")}`],
    ["a copy said not to be needed", `${call("Paris")}\n\nLet's directly call it.\n\n${call("Paris")}\nis not needed.`],
    ["a plan's steps not carried out", `### Step 1: Paris\n${call("Paris")}\n\n### Step 2: London\n${call("London")}\n\nLet's execute these steps.\n\n${call("Paris")}`],
  ])("%s: the text stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});

describe("copies compared once parsed", () => {
  it("a copy in another format, its values written as text, is the same call", () => {
    const tool = { name: "read_file", parameters: { type: "object", properties: { path: { type: "string" }, limit: { type: "integer" } }, required: ["path"] } };
    const json = `<tool_call>\n{"name": "read_file", "arguments": {"limit": 20, "path": "a.txt"}}\n</tool_call>`;
    const element = `<read_file>\n<path>a.txt</path>\n<limit>20</limit>\n</read_file>`;
    expect(readBothWays(`${json}\n\nLet me call it directly.\n\n${element}`, [tool]).calls).toEqual([["read_file", { limit: 20, path: "a.txt" }]]);
  });

  it("callKey: members in any order, a scalar as its text", () => {
    expect(callKey({ name: "f", arguments: '{"a": 1, "b": "x"}' })).toBe(callKey({ name: "f", arguments: '{"b": "x", "a": "1"}' }));
    expect(callKey({ name: "f", arguments: '{"a": 1}' })).not.toBe(callKey({ name: "f", arguments: '{"a": 2}' }));
    expect(callKey({ name: "f", arguments: '{"a": 1}' })).not.toBe(callKey({ name: "g", arguments: '{"a": 1}' }));
    expect(callKey({ name: "f", arguments: '{"a": [1, 2]}' })).not.toBe(callKey({ name: "f", arguments: '{"a": [2, 1]}' }));
  });
});

describe("calls in a row keep their own rules", () => {
  // The same call twice with only space between: made once, or twice? Formats that read every block of a row at once
  // read both; those read one block at a time leave both text. Neither is a restatement.
  it.each([
    ["pythonic", formats.pythonic!, []],
    ["bare JSON", formats["bare JSON"]!, []],
    ["Hermes", formats.Hermes!, [paris, paris]],
  ] as const)("%s", (_format, call, calls) => {
    expect(readBothWays(`${call("Paris")}\n${call("Paris")}`).calls).toEqual(calls);
  });
});

describe("the pieces", () => {
  const a = { name: "get_weather", arguments: '{"city":"Paris"}' };
  const b = { name: "get_weather", arguments: '{"city":"London"}' };
  const c = { name: "get_weather", arguments: '{"city":"Rome"}' };

  it("afterCalls: a row, a new group, copies, a mix, a copy in the same row", () => {
    expect(afterCalls({ before: [], current: [a] }, [b], true)).toEqual({ before: [], current: [a, b] });
    expect(afterCalls({ before: [], current: [a] }, [b], false)).toEqual({ before: [a], current: [b] });
    expect(afterCalls({ before: [], current: [a, b] }, [a], false)).toEqual({ before: [a, b], current: [a] });
    expect(afterCalls({ before: [a, b], current: [a] }, [c], true)).toBeUndefined();
    expect(afterCalls({ before: [], current: [a] }, [a], true)).toBeUndefined();
    // A group of copies closing with only some of the calls before it.
    expect(afterCalls({ before: [a, b], current: [a] }, [c], false)).toBeUndefined();
    expect(closes({ before: [a, b], current: [b, a] })).toBe(true);
    expect(closes({ before: [a, b], current: [a] })).toBe(false);
  });

  it("introducedBlock: a fence's body, or the text itself", () => {
    expect(introducedBlock("\n```xml\n<a/>\n```\nmore")).toBe("<a/>\n");
    expect(introducedBlock("\n~~~~\n<a/>\n~~~~")).toBe("<a/>\n");
    expect(introducedBlock("\n```\n<a/>")).toBe("<a/>");
    expect(introducedBlock("  <a/> then")).toBe("<a/> then");
  });

  it("correctionsRestate: every line's block a copy", () => {
    const text = "x\nThe correct call is:\nA\ny";
    const ends = correctionLineEnds(text);
    expect(ends).toHaveLength(1);
    expect(correctionsRestate(text, ends, [a], (block) => (block.startsWith("A") ? [a] : undefined))).toBe(true);
    expect(correctionsRestate(text, ends, [a], (block) => (block.startsWith("A") ? [b] : undefined))).toBe(false);
    expect(correctionsRestate(text, ends, [a], () => undefined)).toBe(false);
  });

  it.each(["is the same as", "becomes", "is what I will send."])("onlyMentions(%j)", (rest) => expect(onlyMentions(rest)).toBe(true));
  it.each(["is not needed.", "is wrong", "isn't right."])("not onlyMentions(%j)", (rest) => expect(onlyMentions(rest)).toBe(false));
});
