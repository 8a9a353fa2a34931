/**
 * A streamed answer is repaired exactly as the same answer unstreamed: every
 * repair case (the dev corpus, and the tuning cases when present) goes
 * through toolmend four ways (chat and Responses, streamed and not) and each
 * streamed answer must end with the same outcome, calls and visible text as
 * the whole one. Cases in the held-out set are never read here.
 */
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCases } from "../../src/eval/corpus.ts";
import type { AnswerCase, CaseApi } from "../support/case-answers.ts";
import { caseHandler, caseRequest } from "../support/case-answers.ts";
import { observeAnswer } from "../support/case-observation.ts";
import { startScriptedUpstream, type ScriptedUpstream } from "../support/scripted-upstream.ts";
import { startToolmend, type RunningToolmend } from "../support/toolmend-harness.ts";

const fixtures = new URL("../fixtures/", import.meta.url);

const readCases = (file: URL): AnswerCase[] => loadCases(fileURLToPath(file));

function allCases(): AnswerCase[] {
  const cases = readCases(new URL("corpus/dev-cases.jsonl", fixtures));
  const tune = new URL("cases/tune/", fixtures);
  if (existsSync(tune)) {
    for (const name of readdirSync(tune).filter((file) => file.endsWith(".jsonl")).sort()) cases.push(...readCases(new URL(name, tune)));
  }
  return cases;
}

/** What a user ends up with: the outcome, the calls (arguments parsed where they parse), the visible text and reasoning. */
interface Ending {
  readonly outcome: string | null;
  readonly escalated: boolean;
  readonly calls: readonly { name: string; arguments: unknown }[];
  readonly text: string;
  readonly reasoning: string;
}

function parsedArguments(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

let upstream: ScriptedUpstream;
let toolmend: RunningToolmend;

async function ending(testCase: AnswerCase, api: CaseApi, stream: boolean): Promise<Ending> {
  upstream.script(caseHandler(testCase, api, stream));
  const response = await fetch(`${toolmend.baseURL}/${api === "chat" ? "chat/completions" : "responses"}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer sk-test" },
    body: JSON.stringify(caseRequest(testCase, api, stream)),
  });
  const body = await response.text();
  const observed = observeAnswer(api, stream, response.status, body);
  return {
    outcome: response.headers.get("x-toolmend-outcome"),
    escalated: observed.escalated,
    calls: observed.calls.map((call) => ({ name: call.name, arguments: parsedArguments(call.arguments) })),
    text: observed.text.trim(),
    reasoning: observed.reasoning.trim(),
  };
}

beforeAll(async () => {
  upstream = await startScriptedUpstream();
  toolmend = await startToolmend({ upstream: { url: upstream.url } });
});

afterAll(async () => {
  await toolmend?.close();
  await upstream?.close();
});

const cases = allCases();

/**
 * The same ending, except what a stream cannot do: headers leave with the
 * first visible text or reasoning, so a stream that showed some before its
 * calls were judged has no outcome header (and an escalation then comes after
 * it, in the stream, where the whole answer is an HTTP error). A stream that
 * showed neither (space, a reasoning item's announcement, and reasoning that
 * was all a call wait) has the whole answer's outcome header.
 */
function expectSameEnding(streamed: Ending, whole: Ending, compareOutcome = true): void {
  expect({ escalated: streamed.escalated, calls: streamed.calls }).toEqual({ escalated: whole.escalated, calls: whole.calls });
  if (!whole.escalated) expect({ text: streamed.text, reasoning: streamed.reasoning }).toEqual({ text: whole.text, reasoning: whole.reasoning });
  if (!compareOutcome) return;
  if (streamed.text === "" && streamed.reasoning === "") expect(streamed.outcome).toBe(whole.outcome);
  else expect([null, whole.outcome]).toContain(streamed.outcome);
}

describe.each<CaseApi>(["chat", "responses"])("%s: streamed ends as unstreamed", (api) => {
  it.each(cases.map((testCase) => [testCase.id, testCase] as const))("%s", async (_id, testCase) => {
    const whole = await ending(testCase, api, false);
    const streamed = await ending(testCase, api, true);
    // A Responses stream carries arguments as text only: an object sent whole (args_as_object) is
    // a different upstream answer there, stringified already, so only its calls and text compare.
    const objectArguments = api === "responses" && typeof testCase.raw_arguments !== "string" && testCase.class !== "content_embedded_call";
    expectSameEnding(streamed, whole, !objectArguments);
  });
});

describe.each<CaseApi>(["chat", "responses"])("%s: a call that is several calls ends the same streamed", (api) => {
  const tool = {
    name: "read_file",
    parameters: { type: "object", properties: { path: { type: "string" }, limit: { type: "integer" } }, required: ["path"], additionalProperties: false },
  };
  const uses = (...parameters: unknown[]) => JSON.stringify({ tool_uses: parameters.map((value) => ({ recipient_name: "functions.read_file", parameters: value })) });
  const splitCase = (id: string, emitted: string, raw: string): AnswerCase => ({ id, class: "wrapped_envelope", tool, tool_name_emitted: emitted, raw_arguments: raw });
  // [case, how many calls the whole answer ends with (0: escalated)]
  const splitCases: ReadonlyArray<readonly [AnswerCase, number]> = [
    [splitCase("split-parallel-valid", "multi_tool_use.parallel", uses({ path: "a" }, { path: "b", limit: 2 }, { path: "c" })), 3],
    [splitCase("split-parallel-repaired", "multi_tool_use.parallel", uses({ path: "a", limit: "2" }, { Path: "b" })), 2],
    [splitCase("split-parallel-one-broken", "multi_tool_use.parallel", uses({ path: "a" }, { limit: 2 })), 0],
    [splitCase("split-parallel-under-tool-name", "read_file", uses({ path: "a" }, { path: "b" })), 2],
    [splitCase("split-objects-in-a-row", "read_file", '{"path": "a"}\n{"path": "b", "limit": 1}'), 2],
    [splitCase("split-objects-empty-first", "read_file", '{}{"path": "a"}'), 1],
  ];

  it.each(splitCases.map(([testCase, count]) => [testCase.id, testCase, count] as const))("%s", async (_id, testCase, count) => {
    const whole = await ending(testCase, api, false);
    const streamed = await ending(testCase, api, true);
    expectSameEnding(streamed, whole);
    expect(whole.escalated).toBe(count === 0);
    expect(whole.calls).toHaveLength(count);
    if (count > 1) expect(whole.outcome).toBe("repaired");
  });
});

describe.each<CaseApi>(["chat", "responses"])("%s: a call the separate reasoning ends on ends the same streamed", (api) => {
  const tool = { name: "bash", parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"] } };
  const dsml = '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="bash">\n<｜DSML｜parameter name="command" string="true">ls -la</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>';
  const hermes = '<tool_call>\n{"name": "bash", "arguments": {"command": "ls -la"}}\n</tool_call>';
  const reasoningCase = (id: string, reasoning: string, content = ""): AnswerCase => ({ id, class: "content_embedded_call", tool, tool_name_emitted: null, raw_arguments: content, reasoning });
  // [case, how many calls the whole answer ends with]
  const reasoningCases: ReadonlyArray<readonly [AnswerCase, number]> = [
    [reasoningCase("reasoning-dsml-last", `The user wants a listing.\n\n${dsml}`), 1],
    [reasoningCase("reasoning-dsml-alone", `\n\n${dsml}`), 1],
    [reasoningCase("reasoning-hermes-then-space-content", `Listing.\n${hermes}\n`, "\n\n"), 1],
    [reasoningCase("reasoning-hermes-then-answer", `Draft:\n${hermes}`, "Here is the listing."), 0],
    [reasoningCase("reasoning-hedged", `Maybe ${hermes}`), 0],
    [reasoningCase("reasoning-goes-on", `${hermes}\nNo, first pwd.`), 0],
    [reasoningCase("reasoning-plain", "I should use the <tool_call> format for bash."), 0],
  ];

  it.each(reasoningCases.map(([testCase, count]) => [testCase.id, testCase, count] as const))("%s", async (_id, testCase, count) => {
    const whole = await ending(testCase, api, false);
    const streamed = await ending(testCase, api, true);
    expectSameEnding(streamed, whole);
    expect(whole.calls).toHaveLength(count);
    if (count > 0) expect(whole.reasoning).not.toContain("tool_call");
    else expect(whole.reasoning).toBe(testCase.reasoning!.trim());
  });
});

describe.each<CaseApi>(["chat", "responses"])("%s: blocks with prose between them end the same streamed", (api) => {
  const tool = { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } };
  const json = (city: string, name = "get_weather"): string => JSON.stringify({ name, arguments: { city } });
  const blocks: Record<string, (city: string, name?: string) => string> = {
    hunyuan: (city, name) => `<tool_calls>[${json(city, name)}]</tool_calls>`,
    llama4: (city, name = "get_weather") => `<|python_start|>[${name}(city="${city}")]<|python_end|>`,
    apertus: (city, name = "get_weather") => `<|tools_prefix|>[${JSON.stringify({ [name]: { city } })}]<|tools_suffix|>`,
    pangu: (city, name) => `[unused11][${json(city, name)}][unused12]`,
    olmo3: (city, name = "get_weather") => `<function_calls>${name}(city="${city}")</function_calls>`,
    mistral: (city, name) => `[TOOL_CALLS][${json(city, name)}]`,
  };
  const blockCase = (id: string, content: string): AnswerCase => ({ id, class: "content_embedded_call", tool, tool_name_emitted: null, raw_arguments: content });
  // [case, how many calls the whole answer ends with]
  const blockCases: ReadonlyArray<readonly [AnswerCase, number]> = [
    ...Object.entries(blocks).map(([format, block]) => [blockCase(`${format}-prose-between`, `Paris first:\n${block("Paris")}\nAnd now Rome:\n${block("Rome")}`), 2] as const),
    [blockCase("hunyuan-undeclared-later", `${blocks.hunyuan!("Paris")}\nAnd the news:\n${blocks.hunyuan!("Rome", "get_news")}`), 0],
    [blockCase("llama4-example-later", `${blocks.llama4!("Paris")}\nFor example:\n${blocks.llama4!("Rome")}`), 1],
    [blockCase("pangu-fenced-later", `${blocks.pangu!("Paris")}\nThe format:\n\`\`\`\n${blocks.pangu!("Rome")}\n\`\`\`\nThat is all.`), 1],
    [blockCase("olmo3-state-between", `${blocks.olmo3!("Paris")}\nIt is raining there.\n${blocks.olmo3!("Rome")}`), 0],
  ];

  it.each(blockCases.map(([testCase, count]) => [testCase.id, testCase, count] as const))("%s", async (_id, testCase, count) => {
    const whole = await ending(testCase, api, false);
    const streamed = await ending(testCase, api, true);
    expectSameEnding(streamed, whole);
    expect(whole.calls).toHaveLength(count);
  });
});

describe("calls written as text are extracted when streamed", () => {
  it.each<CaseApi>(["chat", "responses"])("%s: every content_embedded_call case of the dev corpus ends with the expected call", async (api) => {
    const embedded = readCases(new URL("corpus/dev-cases.jsonl", fixtures)).filter((testCase) => testCase.class === "content_embedded_call");
    expect(embedded.length).toBeGreaterThan(0);
    // One at a time: the scripted upstream answers with one script.
    for (const testCase of embedded) {
      const streamed = await ending(testCase, api, true);
      expect(streamed.calls.map((call) => call.name), testCase.id).toContain(testCase.tool.name);
    }
  });
});

describe("the openai SDK reads a call written as text in a stream as a call", () => {
  const tool = { name: "get_time", parameters: { type: "object", properties: { tz: { type: "string" } }, required: ["tz"] } };
  const testCase: AnswerCase = {
    id: "sdk-hermes-after-prose",
    class: "content_embedded_call",
    tool,
    tool_name_emitted: null,
    raw_arguments: 'Let me check.\n<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>',
  };
  const client = () => new OpenAI({ baseURL: toolmend.baseURL, apiKey: "k", maxRetries: 0 });

  it("chat: finalChatCompletion has the call and the prose, finish_reason tool_calls", async () => {
    upstream.script(caseHandler(testCase, "chat", true));
    const request = caseRequest(testCase, "chat", true) as unknown as OpenAI.Chat.ChatCompletionCreateParamsStreaming;
    const completion = await client().chat.completions.stream(request).finalChatCompletion();
    const choice = completion.choices[0]!;
    expect(choice.finish_reason).toBe("tool_calls");
    expect(choice.message.content?.trim()).toBe("Let me check.");
    expect(choice.message.tool_calls?.map((call) => call.type === "function" && [call.function.name, JSON.parse(call.function.arguments)])).toEqual([["get_time", { tz: "UTC" }]]);
  });

  it("responses: finalResponse has the message and a function_call item", async () => {
    upstream.script(caseHandler(testCase, "responses", true));
    const request = caseRequest(testCase, "responses", true) as unknown as OpenAI.Responses.ResponseCreateParamsStreaming;
    const response = await client().responses.stream(request).finalResponse();
    expect(response.output_text.trim()).toBe("Let me check.");
    const calls = response.output.filter((item) => item.type === "function_call");
    expect(calls.map((call) => [call.name, JSON.parse(call.arguments)])).toEqual([["get_time", { tz: "UTC" }]]);
  });
});
