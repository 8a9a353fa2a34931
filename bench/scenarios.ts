/**
 * The bench's traffic: one request and one canned upstream answer per
 * scenario, at realistic sizes (a request of a few KB declaring 8 tools,
 * arguments of a few hundred bytes). Shared by the scripted upstream, the
 * load generator and the checks that run before anything is timed.
 */

export type ScenarioName = "a" | "b" | "c" | "d" | "e" | "f";

export interface Scenario {
  readonly name: ScenarioName;
  readonly title: string;
  readonly stream: boolean;
  /** The request body the client sends (the same bytes, direct or through toolmend). */
  readonly request: string;
  /**
   * What toolmend must say in `x-toolmend-outcome`; `undefined` for a text
   * stream, whose headers leave before anything is judged.
   */
  readonly outcome: "none" | "valid" | "repaired" | undefined;
}

type Json = Record<string, unknown>;

const property = (type: string, description: string, extra: Json = {}): Json => ({ type, description, ...extra });

/** Eight tools of the kind a coding agent declares, each with a described schema. */
export const benchTools: Json[] = [
  tool("read_file", "Read a text file from the workspace and return its contents, optionally a line range.", {
    path: property("string", "Path of the file, relative to the workspace root."),
    offset: property("integer", "First line to read, 1-based.", { minimum: 1 }),
    limit: property("integer", "How many lines to read at most.", { minimum: 1, maximum: 2000 }),
  }, ["path"]),
  tool("write_file", "Create or overwrite a text file in the workspace with the given contents.", {
    path: property("string", "Path of the file, relative to the workspace root."),
    content: property("string", "The full new contents of the file."),
    mode: property("string", "Whether to replace the file or append to it.", { enum: ["overwrite", "append"] }),
    create_directories: property("boolean", "Create missing parent directories first."),
  }, ["path", "content"]),
  tool("list_directory", "List the entries of a directory, optionally recursively, with sizes.", {
    path: property("string", "Directory to list, relative to the workspace root."),
    recursive: property("boolean", "Descend into subdirectories."),
    max_entries: property("integer", "Stop after this many entries.", { minimum: 1 }),
  }, ["path"]),
  tool("search_code", "Search the workspace for a regular expression and return matching lines with context.", {
    pattern: property("string", "A regular expression (RE2 syntax)."),
    glob: property("string", "Only files whose path matches this glob."),
    context_lines: property("integer", "Lines of context around each match.", { minimum: 0, maximum: 20 }),
    case_sensitive: property("boolean", "Match case exactly."),
  }, ["pattern"]),
  tool("run_command", "Run a shell command in the workspace and return its exit status, stdout and stderr.", {
    command: property("string", "The command line to run with /bin/sh -c."),
    cwd: property("string", "Working directory, relative to the workspace root."),
    timeout_seconds: property("integer", "Kill the command after this many seconds.", { minimum: 1, maximum: 600 }),
    env: { type: "object", description: "Extra environment variables.", additionalProperties: { type: "string" } },
  }, ["command"]),
  tool("web_search", "Search the web and return the top results with titles, URLs and snippets.", {
    query: property("string", "What to search for."),
    max_results: property("integer", "How many results to return.", { minimum: 1, maximum: 20 }),
    recency: property("string", "Only results newer than this.", { enum: ["day", "week", "month", "year", "any"] }),
  }, ["query"]),
  tool("create_issue", "Open an issue in the project's tracker with a title, a body and labels.", {
    title: property("string", "One line that names the problem."),
    body: property("string", "Markdown: what happens, what was expected, how to reproduce."),
    labels: { type: "array", description: "Labels to attach.", items: { type: "string" }, maxItems: 10 },
    priority: property("string", "How urgent it is.", { enum: ["low", "medium", "high", "critical"] }),
  }, ["title", "body"]),
  tool("get_weather", "Current weather and a short forecast for a city.", {
    city: property("string", "City name, optionally with a country code: Paris, FR."),
    unit: property("string", "Temperature unit.", { enum: ["celsius", "fahrenheit"] }),
    days: property("integer", "Days of forecast.", { minimum: 0, maximum: 7 }),
  }, ["city"]),
];

function tool(name: string, description: string, properties: Json, required: string[]): Json {
  return {
    type: "function",
    function: { name, description, parameters: { type: "object", properties, required, additionalProperties: false } },
  };
}

/** A short agent conversation: system prompt, a user turn, an earlier tool round. */
const messages: Json[] = [
  {
    role: "system",
    content:
      "You are a careful coding agent working in a TypeScript repository. Use the tools to read before you write, " +
      "keep changes small, run the tests after each change, and explain what you did in one short paragraph. " +
      "Never invent file contents you have not read. Prefer search_code over listing directories when you know a name.",
  },
  { role: "user", content: "The retry delay ignores retry-after-ms. Find where the delay is computed, fix it, and add a test." },
  {
    role: "assistant",
    content: null,
    tool_calls: [{ id: "call_hist1", type: "function", function: { name: "search_code", arguments: '{"pattern":"retryDelayMs","glob":"src/**/*.ts","context_lines":3}' } }],
  },
  {
    role: "tool",
    tool_call_id: "call_hist1",
    content:
      "src/upstream/retry-policy.ts:58:export function retryDelayMs(\nsrc/upstream/retry-policy.ts:59:  attempt: number,\n" +
      "src/upstream/send-with-retry.ts:71:        await pause(retryDelayMs(attempt, undefined, options) ?? 0, request.signal, error);\n" +
      "src/upstream/send-with-retry.ts:79:      const delay = retryDelayMs(attempt, response.headers, options);",
  },
];

/** Arguments of a few hundred bytes: a file write with real-looking content. */
const writeArguments = {
  path: "test/unit/upstream/retry-after-ms.test.ts",
  content:
    'import { describe, expect, it } from "vitest";\nimport { retryAfterMs } from "../../../src/upstream/retry-policy.ts";\n\n' +
    'describe("retry-after-ms", () => {\n  it("wins over retry-after", () => {\n' +
    '    expect(retryAfterMs({ "retry-after-ms": "1500", "retry-after": "9" })).toBe(1500);\n  });\n});\n',
  mode: "overwrite",
  create_directories: true,
};
export const validArguments = JSON.stringify(writeArguments);
/** The same call as a small model writes it: in a ```json fence, a trailing comma, a boolean as a string. */
export const brokenArguments =
  "```json\n" + JSON.stringify({ ...writeArguments, create_directories: "true" }, null, 2).replace(/\n}$/, ",\n}") + "\n```";

const model = "bench-model";
const created = 1_735_689_600;

function request(extra: Json, withTools = true): string {
  return JSON.stringify({ model, messages, ...(withTools ? { tools: benchTools, tool_choice: "auto" } : {}), temperature: 0.2, ...extra });
}

export const scenarios: Record<ScenarioName, Scenario> = {
  a: { name: "a", title: "no tools (passthrough)", stream: false, request: request({}, false), outcome: "none" },
  b: { name: "b", title: "valid tool call", stream: false, request: request({}), outcome: "valid" },
  c: { name: "c", title: "broken call, lossless fix", stream: false, request: request({}), outcome: "repaired" },
  d: { name: "d", title: "streamed text, 50 deltas", stream: true, request: request({ stream: true }), outcome: undefined },
  e: { name: "e", title: "streamed tool call", stream: true, request: request({ stream: true }), outcome: "valid" },
  f: { name: "f", title: "streamed call written as text", stream: true, request: request({ stream: true }), outcome: "repaired" },
};

const answerText =
  "I found the delay computation in src/upstream/retry-policy.ts: retryDelayMs reads retry-after-ms only when the " +
  "header parses as a finite number, which is right, but send-with-retry passes undefined headers on connection errors. ";

function completion(message: Json, finishReason: string): string {
  return JSON.stringify({
    id: "chatcmpl-bench",
    object: "chat.completion",
    created,
    model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }],
    usage: { prompt_tokens: 1450, completion_tokens: 120, total_tokens: 1570 },
    system_fingerprint: "fp_bench",
  });
}

function toolCallMessage(args: string): Json {
  return { role: "assistant", content: null, tool_calls: [{ id: "call_bench1", type: "function", function: { name: "write_file", arguments: args } }] };
}

function chunk(delta: Json, finishReason: string | null = null): string {
  return `data: ${JSON.stringify({ id: "chatcmpl-bench", object: "chat.completion.chunk", created, model, system_fingerprint: "fp_bench", choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] })}\n\n`;
}

/** Splits `text` into `parts` pieces of near-equal length. */
function split(text: string, parts: number): string[] {
  const size = Math.ceil(text.length / parts);
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size) pieces.push(text.slice(start, start + size));
  return pieces;
}

function textEvents(): string[] {
  const words = (answerText + answerText).split(/(?<= )/);
  const deltas = split(words.join(""), 48);
  return [
    chunk({ role: "assistant", content: "" }),
    ...deltas.map((piece) => chunk({ content: piece })),
    chunk({}, "stop"),
    "data: [DONE]\n\n",
  ];
}

function toolCallEvents(): string[] {
  const pieces = split(validArguments, 24);
  return [
    chunk({ role: "assistant", content: null }),
    chunk({ tool_calls: [{ index: 0, id: "call_bench1", type: "function", function: { name: "write_file", arguments: "" } }] }),
    ...pieces.map((piece) => chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] })),
    chunk({}, "tool_calls"),
    "data: [DONE]\n\n",
  ];
}

/** The same call as a server without a parser for the model's format streams it: Hermes tags in the text. */
function textCallEvents(): string[] {
  const text = `<tool_call>\n${JSON.stringify({ name: "write_file", arguments: writeArguments })}\n</tool_call>`;
  return [
    chunk({ role: "assistant", content: "" }),
    ...split(text, 24).map((piece) => chunk({ content: piece })),
    chunk({}, "stop"),
    "data: [DONE]\n\n",
  ];
}

/** What the scripted upstream sends: a body, or SSE events written one by one. */
export type CannedAnswer = { kind: "json"; body: Buffer } | { kind: "stream"; events: Buffer[] };

export function cannedAnswers(): Record<ScenarioName, CannedAnswer> {
  const json = (text: string): CannedAnswer => ({ kind: "json", body: Buffer.from(text) });
  const stream = (events: string[]): CannedAnswer => ({ kind: "stream", events: events.map((event) => Buffer.from(event)) });
  return {
    a: json(completion({ role: "assistant", content: answerText }, "stop")),
    b: json(completion(toolCallMessage(validArguments), "tool_calls")),
    c: json(completion(toolCallMessage(brokenArguments), "tool_calls")),
    d: stream(textEvents()),
    e: stream(toolCallEvents()),
    f: stream(textCallEvents()),
  };
}
