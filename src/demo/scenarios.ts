/**
 * The demo upstream's script: which answer a request gets. A scenario is
 * chosen by the first keyword (in the order below) that starts a word of the
 * last user message, case-insensitively; the keywords are listed in demo-upstream.ts.
 * Each scenario imitates one failure seen from real models, written as a
 * model would write it, so that toolmend has something to repair (or to
 * refuse to repair).
 */

/** What the model "says": plain text, or one tool call with its raw arguments. */
export type DemoReply =
  | { readonly kind: "text"; readonly text: string }
  | {
      readonly kind: "tool_call";
      readonly name: string;
      /** Exactly the bytes a model would stream as `function.arguments`. */
      readonly arguments: string;
      /** `length`: the call was cut by max_tokens. */
      readonly finishReason: "tool_calls" | "length";
    };

interface Scenario {
  readonly keyword: string;
  /** The declared tool the scenario needs; without it the answer is plain text. */
  readonly tool: string;
  readonly reply: DemoReply;
}

const fence = "```";

/**
 * Ordered: `hermes` and `valid` win over the tool keywords ("a valid weather
 * call" is `valid`), `text` comes last ("a text file" is `file`).
 */
const scenarios: readonly Scenario[] = [
  {
    keyword: "hermes",
    tool: "get_weather",
    // Hermes/Qwen-style models write the call into content when the server's parser is off.
    reply: {
      kind: "text",
      text: '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "unit": "celsius"}}\n</tool_call>',
    },
  },
  {
    keyword: "valid",
    tool: "get_weather",
    reply: { kind: "tool_call", name: "get_weather", arguments: '{"city":"Paris","unit":"celsius"}', finishReason: "tool_calls" },
  },
  {
    keyword: "weather",
    tool: "get_weather",
    // Markdown fence around the JSON, and a trailing comma inside it.
    reply: {
      kind: "tool_call",
      name: "get_weather",
      arguments: `${fence}json\n{"city": "Paris", "unit": "celsius",}\n${fence}`,
      finishReason: "tool_calls",
    },
  },
  {
    keyword: "file",
    tool: "read_file",
    // camelCase name for a snake_case tool, and "10" where the schema says integer.
    reply: { kind: "tool_call", name: "readFile", arguments: '{"path": "a.txt", "limit": "10"}', finishReason: "tool_calls" },
  },
  {
    keyword: "search",
    tool: "web_search",
    // max_tokens ran out inside the query string: nothing can tell how it ended.
    reply: {
      kind: "tool_call",
      name: "web_search",
      arguments: '{"query": "typescript 6.0 release notes breaking changes in module resolution for',
      finishReason: "length",
    },
  },
  {
    keyword: "delete",
    tool: "delete_file",
    // `path` where the schema says `file_path`: a rename that is a guess, on a destructive tool.
    reply: { kind: "tool_call", name: "delete_file", arguments: '{"path": "/tmp/old.log"}', finishReason: "tool_calls" },
  },
  {
    keyword: "text",
    tool: "",
    reply: { kind: "text", text: "It is sunny in Paris today, 21 °C with a light breeze from the west." },
  },
];

/** The keywords, in the order they are tried. */
export const scenarioKeywords: readonly string[] = scenarios.map((scenario) => scenario.keyword);

/**
 * Picks the reply for the last user message, given the tool names the
 * request declared. A scenario whose tool was not declared answers with
 * text that says so: a model never calls a tool it was not offered.
 */
export function pickReply(lastUserText: string, declaredTools: readonly string[]): DemoReply {
  // A keyword must start a word: "invalid" is not `valid`, "files" is `file`.
  const scenario = scenarios.find((candidate) => new RegExp(`\\b${candidate.keyword}`, "i").test(lastUserText));
  if (scenario === undefined) {
    return { kind: "text", text: `Demo upstream. Mention one of: ${scenarioKeywords.join(", ")}.` };
  }
  if (scenario.tool !== "" && !declaredTools.includes(scenario.tool)) {
    return { kind: "text", text: `I would call ${scenario.tool}, but the request did not declare it.` };
  }
  return scenario.reply;
}

/**
 * The tools the scenarios expect, in Chat Completions form, for demos and
 * tests: send these and every scenario can fire.
 */
export const demoTools = [
  {
    type: "function",
    function: {
      name: "get_weather",
      description: "Current weather for a city.",
      parameters: {
        type: "object",
        properties: { city: { type: "string" }, unit: { type: "string", enum: ["celsius", "fahrenheit"] } },
        required: ["city"],
        additionalProperties: false,
      },
    },
  },
  {
    type: "function",
    function: {
      name: "read_file",
      description: "Read the first lines of a file.",
      parameters: {
        type: "object",
        properties: { path: { type: "string" }, limit: { type: "integer", minimum: 1 } },
        required: ["path"],
        additionalProperties: false,
      },
    },
  },
  {
    type: "function",
    function: {
      name: "web_search",
      description: "Search the web.",
      parameters: {
        type: "object",
        properties: { query: { type: "string" } },
        required: ["query"],
        additionalProperties: false,
      },
    },
  },
  {
    type: "function",
    function: {
      name: "delete_file",
      description: "Delete a file.",
      parameters: {
        type: "object",
        properties: { file_path: { type: "string" } },
        required: ["file_path"],
        additionalProperties: false,
      },
    },
  },
] as const;

/**
 * Splits text the way a tokenizer-driven stream does: short pieces of
 * uneven length (1 to 6 characters, deterministic), never an empty piece.
 */
export function splitIntoDeltas(text: string): string[] {
  const pieces: string[] = [];
  const sizes = [3, 1, 5, 2, 6, 4];
  let offset = 0;
  for (let step = 0; offset < text.length; step++) {
    const size = sizes[step % sizes.length]!;
    pieces.push(text.slice(offset, offset + size));
    offset += size;
  }
  return pieces;
}

/** A rough token count (4 characters a token), enough for a plausible `usage`. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}
