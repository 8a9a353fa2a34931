/**
 * Corruptions around the arguments rather than inside them: envelopes,
 * double encoding, object arguments, wrong tool names, and calls written as
 * text in the assistant content in each format models and servers leak.
 */
import type { Operator, OperatorInput } from "./syntax-operators.ts";
import { pythonicCall, pythonLiteral, rawParameter } from "./serialize.ts";

const declares = (input: OperatorInput, keys: readonly string[]) => {
  const properties = (input.tool.parameters.properties ?? {}) as Record<string, unknown>;
  return keys.some((key) => key in properties);
};
const structured = (input: OperatorInput, cls: string, emitted: string, raw: unknown, note: string) => ({ class: cls, emitted, raw, expected: input.value, note });

/** A call written into the content, with prose before it half the time. */
export const content =
  (format: string, write: (input: OperatorInput, json: string) => string): Operator =>
  (input) => {
    const text = write(input, JSON.stringify(input.value));
    const prose = input.random.chance(0.5) ? input.random.pick(["I'll do that now.\n\n", "Let me check.\n", "Sure! "]) : "";
    return { class: "content_embedded_call", emitted: null, raw: `${prose}${text}`, expected: input.value, note: `call written as ${format} in the content` };
  };

export const callOperators: Record<string, Operator> = {
  envelope_name_arguments: (input) =>
    declares(input, ["name", "arguments"])
      ? undefined
      : structured(input, "wrapped_envelope", input.tool.name, JSON.stringify({ name: input.tool.name, arguments: input.value }), "wrapped in {name, arguments}"),
  envelope_function_parameters: (input) =>
    declares(input, ["function", "parameters"])
      ? undefined
      : structured(input, "wrapped_envelope", input.tool.name, JSON.stringify({ function: input.tool.name, parameters: input.value }), "wrapped in {function, parameters}"),
  envelope_openai_shape: (input) =>
    declares(input, ["type", "function"])
      ? undefined
      : structured(
          input,
          "wrapped_envelope",
          input.tool.name,
          JSON.stringify({ type: "function", function: { name: input.tool.name, arguments: JSON.stringify(input.value) } }),
          "wrapped in an OpenAI-shaped {type, function:{name, arguments}} with string arguments",
        ),
  envelope_multi_tool_use: (input) =>
    declares(input, ["tool_uses"])
      ? undefined
      : structured(
          input,
          "wrapped_envelope",
          "multi_tool_use.parallel",
          JSON.stringify({ tool_uses: [{ recipient_name: `functions.${input.tool.name}`, parameters: input.value }] }),
          "multi_tool_use.parallel with one entry",
        ),
  envelope_tool_args: (input) =>
    declares(input, ["tool", "args"])
      ? undefined
      : structured(input, "wrapped_envelope", input.tool.name, JSON.stringify({ tool: input.tool.name, args: input.value }), "wrapped in {tool, args}"),
  envelope_string_arguments: (input) =>
    declares(input, ["name", "arguments"])
      ? undefined
      : structured(
          input,
          "wrapped_envelope",
          input.tool.name,
          JSON.stringify({ name: input.tool.name, arguments: JSON.stringify(input.value) }),
          "wrapped in {name, arguments} with the arguments as a JSON string",
        ),
  double_encoded: (input) => structured(input, "double_encoded", input.tool.name, JSON.stringify(JSON.stringify(input.value)), "arguments JSON-encoded twice"),
  args_as_object: (input) => structured(input, "args_as_object", input.tool.name, input.value, "arguments sent as an object"),
  name_namespaced: (input) => structured(input, "unknown_tool_name", `functions.${input.tool.name}`, JSON.stringify(input.value), "tool name with a functions. prefix"),
  name_token_glued: (input) =>
    structured(input, "unknown_tool_name", `${input.tool.name}<|channel|>commentary`, JSON.stringify(input.value), "Harmony channel token glued to the name"),
  content_hermes: content("Hermes <tool_call>", (input, json) => `<tool_call>\n{"name": "${input.tool.name}", "arguments": ${json}}\n</tool_call>`),
  content_function_tag: content("<function=…>", (input, json) => `<function=${input.tool.name}>${json}</function>`),
  content_mistral_list: content("[TOOL_CALLS] list", (input, json) => `[TOOL_CALLS][{"name": "${input.tool.name}", "arguments": ${json}}]`),
  content_mistral_args: content("[TOOL_CALLS]name[ARGS]", (input, json) => `[TOOL_CALLS]${input.tool.name}[ARGS]${json}`),
  content_python_tag: content("<|python_tag|>", (input, json) => `<|python_tag|>{"name": "${input.tool.name}", "parameters": ${json}}`),
  content_lfm: content("<|tool_call_start|> pythonic", (input) => `<|tool_call_start|>[${pythonicCall(input.tool.name, input.value)}]<|tool_call_end|>`),
  content_harmony: content(
    "a Harmony frame",
    (input, json) => `<|start|>assistant<|channel|>commentary to=functions.${input.tool.name} <|constrain|>json<|message|>${json}<|call|>`,
  ),
  content_fenced: content("a fenced JSON block", (input) => `\`\`\`json\n${JSON.stringify({ name: input.tool.name, arguments: input.value }, null, 2)}\n\`\`\``),
  content_bare_json: content("a bare {name, arguments} object", (input, json) => `{"name": "${input.tool.name}", "arguments": ${json}}`),
  content_pythonic: content("a pythonic call list", (input) => `[${pythonicCall(input.tool.name, input.value)}]`),
  content_hermes_python_dict: content("Hermes <tool_call> with a Python dict", (input) =>
    `<tool_call>\n{'name': '${input.tool.name}', 'arguments': ${pythonLiteral(input.value)}}\n</tool_call>`,
  ),
  content_then_prose: (input) => ({
    class: "content_embedded_call",
    emitted: null,
    raw: `<tool_call>\n{"name": "${input.tool.name}", "arguments": ${JSON.stringify(input.value)}}\n</tool_call>\n\nI'll report back once it finishes.`,
    expected: input.value,
    note: "Hermes call followed by prose in the content",
  }),
  content_truncated: (input) => {
    const required = new Set((input.tool.parameters.required ?? []) as string[]);
    const keys = Object.keys(input.value);
    const index = keys.findIndex((key) => required.has(key) && typeof input.value[key] === "string" && (input.value[key] as string).length >= 4);
    if (index < 0) return undefined;
    const members = keys.slice(0, index).map((key) => `${JSON.stringify(key)}: ${JSON.stringify(input.value[key])}`);
    const partial = JSON.stringify(input.value[keys[index]!]).slice(0, 3).replace(/\\+$/, "");
    const args = `{${[...members, `${JSON.stringify(keys[index])}: ${partial}`].join(", ")}`;
    return {
      class: "unrecoverable",
      emitted: null,
      raw: `<tool_call>\n{"name": "${input.tool.name}", "arguments": ${args}`,
      expected: null,
      note: `Hermes call in the content, cut inside the required string "${keys[index]}"`,
    };
  },
  content_prose_only: (input) => ({
    class: "unrecoverable",
    emitted: null,
    raw: input.random.pick([
      `I can call ${input.tool.name} for this if you confirm the details.`,
      `To do that I would use the \`${input.tool.name}\` tool with the right arguments. Shall I?`,
      `Here is an example of the data:\n\`\`\`json\n{"name": "Example", "count": 2}\n\`\`\``,
    ]),
    expected: null,
    note: "prose that mentions the tool or shows JSON data, but makes no call",
  }),
  content_qwen3_coder: content("Qwen3-Coder XML", (input) => {
    const parameters = Object.entries(input.value).map(([key, member]) => `<parameter=${key}>\n${rawParameter(member)}\n</parameter>\n`);
    return `<tool_call>\n<function=${input.tool.name}>\n${parameters.join("")}</function>\n</tool_call>`;
  }),
  content_glm: content("GLM <arg_key>/<arg_value>", (input) => {
    const parameters = Object.entries(input.value).map(([key, member]) => `<arg_key>${key}</arg_key>\n<arg_value>${rawParameter(member)}</arg_value>\n`);
    return `<tool_call>${input.tool.name}\n${parameters.join("")}</tool_call>`;
  }),
};
