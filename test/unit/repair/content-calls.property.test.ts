/**
 * A call written as text, in the formats models write and with what they
 * write around it (prose, fences, stop tokens, CRLF line ends, reasoning),
 * is read back as exactly the call, or not read: never as another call.
 * The arguments then go through the engine as a proxy sends them.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../src/repair/engine.ts";
import { extractToolCallsFromContent } from "../../../src/repair/extract-content-calls.ts";
import type { ToolDefinition } from "../../../src/repair/types.ts";
import { canonical } from "../../../scripts/corpus.ts";

const tools: ToolDefinition[] = [
  {
    name: "write_file",
    parameters: {
      type: "object",
      properties: { path: { type: "string" }, content: { type: "string" }, mode: { type: "string", enum: ["w", "a"] }, lines: { type: "integer" } },
      required: ["path"],
      additionalProperties: false,
    },
  },
  { name: "search", parameters: { type: "object", properties: { query: { type: "string" }, limit: { type: "integer" } }, required: ["query"], additionalProperties: false } },
];

/** Text a model writes in values: paths, regexes, code, quotes, tags, fences, line breaks. */
const text = fc.oneof(
  fc.string({ maxLength: 10 }),
  fc.constantFrom(
    "C:\\Users\\me\\x.txt",
    "C:\\temp\\new.txt",
    "\\d+\\.\\d+",
    'say "hi"',
    "it's",
    "line\nbreak",
    "a\r\nb",
    "tab\there",
    "</tool_call>",
    "```json\n{}\n```",
    "{not json}",
    "[1, 2]",
    "<|eot_id|>",
    "For example:",
    "",
  ),
);

const calls = fc.oneof(
  fc.record({ name: fc.constant("write_file"), arguments: fc.record({ path: text, content: text, mode: fc.constantFrom("w", "a"), lines: fc.integer({ min: 0, max: 999 }) }, { requiredKeys: ["path"] }) }),
  fc.record({ name: fc.constant("search"), arguments: fc.record({ query: text, limit: fc.integer({ min: 1, max: 50 }) }, { requiredKeys: ["query"] }) }),
);

type Call = { name: string; arguments: Record<string, unknown> };

/** The formats: each writes the call as the model's text. */
const formats: Record<string, (call: Call, pretty: boolean) => string> = {
  hermes: (call, pretty) => `<tool_call>\n${JSON.stringify(call, null, pretty ? 2 : undefined)}\n</tool_call>`,
  "python tag": (call) => `<|python_tag|>${JSON.stringify({ name: call.name, parameters: call.arguments })}`,
  mistral: (call) => `[TOOL_CALLS][${JSON.stringify(call)}]`,
  "mistral args": (call) => `[TOOL_CALLS]${call.name}[ARGS]${JSON.stringify(call.arguments)}`,
  "json fence": (call, pretty) => `\`\`\`json\n${JSON.stringify(call, null, pretty ? 2 : undefined)}\n\`\`\``,
  "llama function": (call) => `<function=${call.name}>${JSON.stringify(call.arguments)}</function>`,
};

/** What models put around a call they make; none of it changes the call. */
const surroundings = fc.record({
  before: fc.constantFrom("", "Sure, let me do that.\n", "I'll check.\n\n", "<think>\nThe user wants this.\n</think>\n\n", "Checking now."),
  after: fc.constantFrom("", "<|im_end|>", "<|eot_id|>", "</s>", "\n", "\nLet me know if you need more."),
  crlf: fc.boolean(),
  pretty: fc.boolean(),
});

const engine = createRepairEngine();
const prepared = engine.prepareTools(tools);

describe("a call written as text, with what models write around it", () => {
  for (const [format, write] of Object.entries(formats)) {
    it(`${format}: is read as exactly the call, or not read`, () => {
      let read = 0;
      fc.assert(
        fc.property(calls, surroundings, (call, { before, after, crlf, pretty }) => {
          let content = `${before}${write(call, pretty)}${after}`;
          // Line ends outside strings only: a JSON string's own line breaks are escapes.
          if (crlf) content = content.replace(/\r?\n/g, "\r\n");
          const found = extractToolCallsFromContent(content, tools);
          if (found === undefined || found.calls.length === 0) return;
          expect(found.calls.length, content).toBe(1);
          const outcome = engine.repair(found.calls[0]!, prepared);
          if (outcome.kind === "failed" || outcome.kind === "unvalidated") return;
          expect(outcome.name, content).toBe(call.name);
          const args = outcome.kind === "repaired" ? outcome.arguments : found.calls[0]!.arguments;
          expect(canonical(JSON.parse(args)), content).toBe(canonical(call.arguments));
          read++;
        }),
        { numRuns: 150 },
      );
      // Not a recall target: proof that the property is not vacuous.
      expect(read).toBeGreaterThan(0);
    });
  }
});
