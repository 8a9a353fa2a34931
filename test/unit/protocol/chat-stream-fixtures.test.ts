import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ChatStreamAction, ChoiceFinished } from "../../../src/protocol/chat-chunk.ts";
import { encodeSseComment, encodeSseData } from "../../../src/protocol/sse.ts";
import { type FixtureName, fixtureNames, oneByteAtATime, readFixture, runStream, splitAt } from "./stream-helpers.ts";

const finished = (actions: ChatStreamAction[]): ChoiceFinished[] =>
  actions.filter((action): action is ChoiceFinished => action.kind === "choice_finished");
const forwards = (actions: ChatStreamAction[]): string[] =>
  actions.flatMap((action) => (action.kind === "forward" ? [action.data] : []));

interface Expected {
  readonly finishReason: string;
  readonly calls: { id: string; name: string; arguments: string; extra?: Record<string, unknown> }[];
  readonly heldRole: boolean;
}

// What each recorded tool-call stream must assemble to.
const expectations: Partial<Record<FixtureName, Expected>> = {
  "openai-tool-call.sse": {
    finishReason: "tool_calls",
    heldRole: true,
    calls: [{ id: "call_PieqNSej6kM9hgYbcQdbZSaC", name: "get_weather", arguments: '{"location": "Tokyo"}' }],
  },
  "openai-parallel.sse": {
    finishReason: "tool_calls",
    heldRole: true,
    calls: [
      { id: "call_ZogyTlZEZW1UhS1KNyH7b1O2", name: "get_local_weather", arguments: '{"area":"Shanghai"}' },
      { id: "call_MEdPCSVxuSuiCiUW04tsaxuH", name: "get_local_date", arguments: '{"area":"Beijing"}' },
    ],
  },
  "ollama-index-reused.sse": {
    finishReason: "tool_calls",
    heldRole: true,
    calls: [
      { id: "call_wteop8bt", name: "file_write", arguments: '{"filePath":"hello.py","content":"print(\\"hello\\")"}' },
      { id: "call_rk2xye1l", name: "file_write", arguments: '{"filePath":"world.py","content":"print(\\"world\\")"}' },
    ],
  },
  "ollama-no-index.sse": {
    finishReason: "tool_calls",
    heldRole: true,
    calls: [{ id: "call_hk81qg8b", name: "run_command", arguments: '{"command":"ls -la"}' }],
  },
  "vllm-index-reused.sse": {
    finishReason: "tool_calls",
    heldRole: true,
    calls: [
      { id: "chatcmpl-tool-c9ZCzB9b9NikK5kjPBXpFG", name: "read_file", arguments: '{"path": "a.txt"}' },
      { id: "chatcmpl-tool-HfzZPEVfQgvgpSJccb8Vr8", name: "read_file", arguments: '{"path": "b.txt"}' },
    ],
  },
  "gemini-openai-compat.sse": {
    // Gemini says "stop" on a tool-call turn; clients would skip the calls.
    finishReason: "tool_calls",
    heldRole: true,
    calls: [
      {
        id: "jm4owj31",
        name: "search_web",
        arguments: '{"query":"杭州周末天气预报"}',
        extra: { extra_content: { google: { thought_signature: "EjQKMgEMOdbHJChLX75QUCJjyYlm" } } },
      },
    ],
  },
  "llamacpp-tool-call.sse": {
    finishReason: "tool_calls",
    heldRole: true,
    calls: [{ id: "v2dhQe8kYb1nT7cM0xR3pLs9WuF4aZ6g", name: "run_command", arguments: '{"command":"pwd"}' }],
  },
};

describe("recorded tool-call streams", () => {
  it.each(Object.entries(expectations))("%s assembles its calls", (name, expected) => {
    const { actions } = runStream([readFixture(name as FixtureName)]);
    const [finish, ...more] = finished(actions);
    expect(more).toEqual([]);
    expect(finish).toBeDefined();
    expect(finish!.finishReason).toBe(expected.finishReason);
    expect(finish!.inconsistent).toBe(false);
    expect(finish!.heldRole !== undefined).toBe(expected.heldRole);
    expect(finish!.calls).toEqual(
      expected.calls.map((call, index) => ({
        index,
        type: "function",
        id: call.id,
        name: call.name,
        arguments: call.arguments,
        extra: call.extra ?? {},
        functionExtra: {},
      })),
    );
    // The finish chunk carries the normalised reason and no call fragments.
    const choice = (finish!.finishChunk.choices as Record<string, unknown>[])[0]!;
    expect(choice.finish_reason).toBe(expected.finishReason);
    expect(JSON.stringify(finish!.finishChunk)).not.toContain("tool_calls\":[");
    expect(actions.at(-1)).toEqual({ kind: "done" });
  });

  it.each(Object.keys(expectations))("%s: nothing is forwarded before the calls are handed over", (name) => {
    const { actions } = runStream([readFixture(name as FixtureName)]);
    const firstFinish = actions.findIndex((action) => action.kind === "choice_finished");
    expect(actions.slice(0, firstFinish).filter((action) => action.kind === "forward")).toEqual([]);
    // And no forward ever carries a call fragment.
    for (const data of forwards(actions)) expect(data).not.toMatch(/"tool_calls":\[\{/);
  });

  it("forwards the usage chunk after the calls, as received", () => {
    const bytes = readFixture("openai-tool-call.sse");
    const { actions } = runStream([bytes]);
    const usage = bytes.toString("utf8").split("\n\n").find((block) => block.includes('"choices":[]'))!;
    expect(actions.slice(-2)).toEqual([{ kind: "forward", data: usage.slice("data: ".length) }, { kind: "done" }]);
  });
});

describe("a text-only stream", () => {
  const bytes = readFixture("openai-text.sse");

  it("is forwarded byte for byte, in order", () => {
    const { actions } = runStream([bytes]);
    const source = bytes.toString("utf8");
    // The fixture opens with its source comment; everything after is data events.
    const body = source.slice(source.indexOf("\n\n") + 2);
    const reencoded = actions.map((action) => (action.kind === "forward" ? encodeSseData(action.data) : action.kind === "done" ? encodeSseData("[DONE]") : "?")).join("");
    expect(reencoded).toBe(body);
  });

  it("releases the held role with the first text, from the same push", () => {
    const { perPush } = runStream([bytes]);
    const [role, firstText, secondText] = perPush;
    expect(role!.actions).toEqual([]);
    const textOf = (data: string) => (JSON.parse(data) as { choices: Array<{ delta: { content: string } }> }).choices[0]!.delta.content;
    expect(firstText!.actions).toEqual([
      { kind: "forward", data: role!.data },
      { kind: "forward", data: firstText!.data, text: { choice: 0, text: textOf(firstText!.data) } },
    ]);
    expect(secondText!.actions).toEqual([{ kind: "forward", data: secondText!.data, text: { choice: 0, text: textOf(secondText!.data) } }]);
  });

  it("passes comments through when the route re-encodes them", () => {
    expect(encodeSseComment(" OPENROUTER PROCESSING")).toBe(": OPENROUTER PROCESSING\n\n");
  });
});

describe("failures in recorded streams", () => {
  it("a stream cut mid-call is truncated, with the partial call reported", () => {
    const { actions } = runStream([readFixture("cut-mid-call.sse")]);
    expect(forwards(actions)).toEqual([]);
    expect(actions).toEqual([
      {
        kind: "truncated_stream",
        choices: [
          {
            choiceIndex: 0,
            heldRole: expect.objectContaining({ choices: [expect.objectContaining({ delta: { role: "assistant", content: null, refusal: null } })] }),
            calls: [{ index: 0, id: "call_PieqNSej6kM9hgYbcQdbZSaC", type: "function", name: "get_weather", arguments: '{"locatio', extra: {}, functionExtra: {} }],
          },
        ],
      },
    ]);
  });

  it("OpenRouter's mid-stream error becomes an error action after the text already sent", () => {
    const { actions } = runStream([readFixture("openrouter-midstream-error.sse")]);
    expect(actions.map((action) => action.kind)).toEqual(["forward", "forward", "forward", "error"]);
    expect(actions[3]).toEqual({
      kind: "error",
      error: { message: "Provider disconnected unexpectedly", type: "server_error", code: "server_error", param: null },
    });
  });
});

describe("chunk boundaries never change the outcome", () => {
  it.each(fixtureNames)("%s, one byte at a time", (name) => {
    const bytes = readFixture(name);
    expect(runStream(oneByteAtATime(bytes)).actions).toEqual(runStream([bytes]).actions);
  });

  it("every fixture at random split points (fast-check)", () => {
    for (const name of fixtureNames) {
      const bytes = readFixture(name);
      const whole = runStream([bytes]).actions;
      fc.assert(
        fc.property(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 30 }), (offsets) => {
          expect(runStream(splitAt(bytes, [...offsets].sort((a, b) => a - b))).actions).toEqual(whole);
        }),
        { numRuns: 40 },
      );
    }
  });
});
