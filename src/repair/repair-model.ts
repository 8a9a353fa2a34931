/**
 * The repair model's side of the conversation, as plain values: the chat
 * request that asks a model to mend one call, and what its answer means.
 * "The fixer is an agent": it submits arguments, escalates, or throws.
 * No I/O here; the proxy sends the request.
 */
import { isJsonObject } from "../json.ts";
import { severities, type Severity, type ToolCallError, type ToolDefinition } from "./types.ts";

export type RepairModelAnswer =
  | { readonly kind: "submitted"; readonly arguments: string }
  | { readonly kind: "escalated"; readonly reason: string; readonly severity: Severity }
  | { readonly kind: "thrown"; readonly reason: string }
  | { readonly kind: "junk"; readonly detail: string };

export interface RepairModelPrompt {
  readonly model: string;
  readonly temperature: number;
  readonly tool: ToolDefinition;
  /** The arguments as the model (or the previous attempt) wrote them. */
  readonly brokenArguments: string;
  readonly error: ToolCallError;
  /** The conversation's last user message, when `includeContext` is on. */
  readonly context?: string;
}

const SYSTEM_PROMPT = [
  "You repair the arguments of one tool call so that they match the tool's JSON Schema.",
  "Keep every value the call already gives; change only what the errors require (names, types, shape, syntax).",
  "Never invent a value that nothing in the call provides: call `escalate` instead, with the reason.",
  "If the call is not a call of this tool at all, or acting on it would be unsafe, call `throw_exception`.",
  "Answer with exactly one tool call.",
].join(" ");

/**
 * Whether OpenAI's strict mode accepts the schema: every object closed
 * (`additionalProperties: false`) with all its properties required.
 */
export function allowsStrict(schema: unknown, depth = 0): boolean {
  if (!isJsonObject(schema) || depth > 32) return false;
  if (schema.type === "object" || isJsonObject(schema.properties)) {
    const properties = isJsonObject(schema.properties) ? schema.properties : {};
    const required = Array.isArray(schema.required) ? schema.required : [];
    return (
      schema.additionalProperties === false &&
      Object.keys(properties).every((key) => required.includes(key)) &&
      Object.values(properties).every((child) => allowsStrict(child, depth + 1))
    );
  }
  if (schema.type === "array") return !isJsonObject(schema.items) || allowsStrict(schema.items, depth + 1);
  return true;
}

/** The chat completion request that asks for one repair. */
export function repairModelRequest(prompt: RepairModelPrompt): Record<string, unknown> {
  const { tool } = prompt;
  const parameters = tool.parameters ?? { type: "object" };
  const user = [
    `Tool: ${tool.name}`,
    tool.description === undefined ? undefined : `Description: ${tool.description}`,
    `Parameters schema: ${JSON.stringify(parameters)}`,
    `Arguments as written: ${prompt.brokenArguments}`,
    `What is wrong: ${prompt.error.message}`,
    prompt.context === undefined ? undefined : `The user's last message, for context: ${prompt.context}`,
  ]
    .filter((line) => line !== undefined)
    .join("\n\n");
  return {
    model: prompt.model,
    temperature: prompt.temperature,
    messages: [
      { role: "system", content: SYSTEM_PROMPT },
      { role: "user", content: user },
    ],
    tools: [
      {
        type: "function",
        function: {
          name: "submit_arguments",
          description: `Submit the repaired arguments for ${tool.name}.`,
          parameters,
          ...(allowsStrict(parameters) ? { strict: true } : {}),
        },
      },
      {
        type: "function",
        function: {
          name: "escalate",
          description: "The call cannot be repaired without guessing; hand it to a human.",
          parameters: {
            type: "object",
            properties: { reason: { type: "string" }, severity: { type: "string", enum: [...severities] } },
            required: ["reason", "severity"],
            additionalProperties: false,
          },
          strict: true,
        },
      },
      {
        type: "function",
        function: {
          name: "throw_exception",
          description: "The call must not be made at all.",
          parameters: {
            type: "object",
            properties: { reason: { type: "string" } },
            required: ["reason"],
            additionalProperties: false,
          },
          strict: true,
        },
      },
    ],
    tool_choice: "required",
    parallel_tool_calls: false,
  };
}

/** What a repair model's chat completion says; anything unexpected is `junk`. */
export function readRepairModelAnswer(response: unknown): RepairModelAnswer {
  const choice = isJsonObject(response) && Array.isArray(response.choices) ? response.choices[0] : undefined;
  const message = isJsonObject(choice) ? choice.message : undefined;
  const calls = isJsonObject(message) && Array.isArray(message.tool_calls) ? message.tool_calls : [];
  const call = calls[0];
  const fn = isJsonObject(call) ? call.function : undefined;
  if (!isJsonObject(fn) || typeof fn.name !== "string") return { kind: "junk", detail: "the answer carries no tool call" };
  const args = typeof fn.arguments === "string" ? fn.arguments : JSON.stringify(fn.arguments ?? {});
  if (fn.name === "submit_arguments") return { kind: "submitted", arguments: args };

  let parsed: unknown;
  try {
    parsed = JSON.parse(args);
  } catch {
    return { kind: "junk", detail: `unreadable arguments for ${fn.name}` };
  }
  const reason = isJsonObject(parsed) && typeof parsed.reason === "string" ? parsed.reason.slice(0, 2000) : "no reason given";
  if (fn.name === "escalate") {
    const severity = isJsonObject(parsed) && severities.includes(parsed.severity as Severity) ? (parsed.severity as Severity) : "MEDIUM";
    return { kind: "escalated", reason, severity };
  }
  if (fn.name === "throw_exception") return { kind: "thrown", reason };
  return { kind: "junk", detail: `unknown tool ${fn.name.slice(0, 100)}` };
}
