/**
 * The call formats the engine reads from text, each written as its model
 * (or its chat template, or its parser's tests) writes it: the arguments as
 * JSON (in the spacing and escaping the template's `tojson` or Python's
 * `json.dumps` gives), as raw text between tags (strings as written, other
 * values as JSON), as Python literals, or in Gemma's own syntax.
 *
 * `cannotCarry` says which string values a format has no way to write
 * unambiguously (its own closer inside a raw value, an XML entity that reads
 * two ways): a call holding one must be refused, not guessed.
 */
import { pythonLiteral } from "./serialize.ts";
import type { Json } from "./values.ts";

export type Args = { [key: string]: Json };
export interface MatrixCall {
  readonly name: string;
  readonly args: Args;
}

/** How one answer lays its calls out. */
export interface Layout {
  /** A line break of the layout (not of a value): `\n`, or `\r\n` for the spacing shape. */
  readonly nl: string;
  /** The JSON writer for arguments and call objects. */
  readonly json: (value: Json) => string;
  /** Whether the XML-style formats break lines between tags (Qwen3-Coder, GLM-4.5) or not (GLM-4.7). */
  readonly broken: boolean;
}

export interface MatrixFormat {
  readonly name: string;
  /** The calls as the model writes them in its answer. */
  readonly write: (calls: readonly MatrixCall[], layout: Layout) => string;
  /** Whether the format writes several calls in one answer. */
  readonly several: boolean;
  /** A string value this format cannot carry unambiguously; `nested`: inside a list or object the format writes as JSON. */
  readonly cannotCarry?: (text: string, nested?: boolean) => boolean;
  /**
   * A string value holding one of the format's closers (or its block's opener): read when only one reading gives a
   * whole call (the value and its call go on to close in order), refused when two do. Either is right; a read must be exact.
   */
  readonly closerInside?: (text: string) => boolean;
  /** A string value the format's own parser reads as another value (Continue's `"x"` is `x`): no case is written with one. */
  readonly unwritable?: (text: string) => boolean;
  /** The format's own parser trims each value (Cline, Continue): a value's edge whitespace is layout. */
  readonly trims?: boolean;
  /** A call without arguments is no call in this format (a bare name, a word): none is written. */
  readonly needsArguments?: boolean;
  /** The call must open a line (Cline's element calls): prose before it ends its line. */
  readonly opensLine?: boolean;
  /**
   * Lists and objects are written as elements, typed only by the schema (MiniMax-M3): a list, an object or
   * an empty string where the schema says nothing reads several ways.
   */
  readonly typedBySchemaOnly?: boolean;
  /**
   * Markup that writes a value's text raw and says no type for it: the word `null` for an optional
   * property that takes a string and not null is the word or no value, a call to refuse.
   */
  readonly untypedText?: boolean;
}

/** JSON as Python's `json.dumps` writes it: `", "` and `": "`, non-ASCII as `\uXXXX` when `ascii`. */
export function pythonJson(value: Json, ascii: boolean): string {
  const text = (string: string) => {
    const json = JSON.stringify(string);
    return ascii ? json.replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`) : json;
  };
  const write = (item: Json): string => {
    if (typeof item === "string") return text(item);
    if (Array.isArray(item)) return `[${item.map(write).join(", ")}]`;
    if (item !== null && typeof item === "object") {
      return `{${Object.entries(item)
        .map(([key, member]) => `${text(key)}: ${write(member)}`)
        .join(", ")}}`;
    }
    return JSON.stringify(item);
  };
  return write(value);
}

export const jsonStyles: Record<string, (value: Json) => string> = {
  compact: (value) => JSON.stringify(value),
  dumps: (value) => pythonJson(value, false),
  ascii: (value) => pythonJson(value, true),
  pretty: (value) => JSON.stringify(value, null, 2),
};

/** A value between tags: strings as written, anything else as JSON (Qwen3-Coder's, GLM's and MiniMax's templates). */
const raw = (value: Json): string => (typeof value === "string" ? value : JSON.stringify(value));

/**
 * The formats that write a list or an object as its JSON text between a value's tags (`raw`; a string as its
 * text): such JSON whose strings' backslashes all come in runs of four reads as written or as escaped once more,
 * so a call holding it is refused.
 */
export const JSON_IN_TAGS: ReadonlySet<string> = new Set([
  "qwen3_coder", "seed_oss", "glm", "glm_bare", "hunyuan_hy3", "spark", "ifm_k2", "minimax_m2", "claude_xml", "dsml", "gcml",
  "step3", "solar", "kimi_k3", "cline", "continue", "longcat", "telechat", "hunyuan_hy4", "iquest", "dots",
]);

/** JSON text holding backslashes, every run of them a multiple of four long (`"C:\\\\x"`: two, or one escaped once more). */
export function backslashesInFours(json: string): boolean {
  const runs = json.match(/\\+/g) ?? [];
  return runs.length > 0 && runs.every((run) => run.length % 4 === 0);
}

/** An XML entity in a value reads two ways (as written, or decoded as an XML reader would). */
const ENTITY = /&(?:[a-z]+|#\d+|#x[0-9a-f]+);/i;
const xmlValue =
  (...markers: string[]) =>
  (text: string): boolean =>
    ENTITY.test(text) || markers.some((marker) => text.includes(marker));
const holdsAny =
  (...markers: string[]) =>
  (text: string): boolean =>
    markers.some((marker) => text.includes(marker));
/**
 * GLM's tags: its template writes a string as text, HyperCLOVAX's the same tags with strings as JSON,
 * so a value that is a whole JSON string (`"quoted"`) reads two ways (a string inside a list or object does not).
 */
const glmValue =
  (...markers: string[]) =>
  (text: string, nested = false): boolean =>
    // Inside a list or object the string is JSON's, escaped (`"\"quoted\""`): one reading.
    xmlValue(...markers)(text) || (!nested && /^".*"$/s.test(text));

/** Gemma 4's argument syntax: bare keys, strings between the family's quote token, other values as JSON writes them. */
function gemmaValue(value: Json, quote: string): string {
  if (typeof value === "string") return `${quote}${value}${quote}`;
  if (Array.isArray(value)) return `[${value.map((item) => gemmaValue(item, quote)).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.entries(value)
      .map(([key, member]) => `${key}:${gemmaValue(member, quote)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

const pythonArgs = (call: MatrixCall): string =>
  `${call.name}(${Object.entries(call.args)
    .map(([key, value]) => `${key}=${pythonLiteral(value)}`)
    .join(", ")})`;

/** The `{"name": …, "arguments": …}` object, key order as templates write it. */
const envelope = (call: MatrixCall, layout: Layout, argumentsKey = "arguments"): string => layout.json({ name: call.name, [argumentsKey]: call.args });
const list = (calls: readonly MatrixCall[], layout: Layout, argumentsKey = "arguments"): string => `[${calls.map((call) => envelope(call, layout, argumentsKey)).join(", ")}]`;

const format = (
  name: string,
  several: boolean,
  write: MatrixFormat["write"],
  cannotCarry?: MatrixFormat["cannotCarry"],
  extra: Pick<MatrixFormat, "trims" | "needsArguments" | "opensLine" | "typedBySchemaOnly" | "unwritable" | "untypedText" | "closerInside"> = {},
): MatrixFormat => ({
  name,
  several,
  write,
  ...(cannotCarry === undefined ? {} : { cannotCarry }),
  ...extra,
});

/** Qwen3-Coder's body for one call: `<function=…>` then one `<parameter=…>` per argument. */
const qwenFunction = (call: MatrixCall, nl: string, broken: boolean): string => {
  const gap = broken ? nl : "";
  const parameters = Object.entries(call.args).map(([key, value]) => `<parameter=${key}>${gap}${raw(value)}${gap}</parameter>${nl}`);
  return `<function=${call.name}>${nl}${parameters.join("")}</function>`;
};
const glmBody = (call: MatrixCall, layout: Layout, key = "arg_key", value = "arg_value"): string => {
  const gap = layout.broken ? layout.nl : "";
  return `${call.name}${Object.entries(call.args)
    .map(([name, member]) => `${gap}<${key}>${name}</${key}>${gap}<${value}>${raw(member)}</${value}>`)
    .join("")}${gap}`;
};
const invokeBody = (call: MatrixCall, nl: string, prefix = "", attributes: (value: Json) => string = () => ""): string =>
  `<${prefix}invoke name="${call.name}">${nl}${Object.entries(call.args)
    .map(([key, value]) => `<${prefix}parameter name="${key}"${attributes(value)}>${raw(value)}</${prefix}parameter>${nl}`)
    .join("")}</${prefix}invoke>`;

const DS = { calls: "<｜tool▁calls▁begin｜>", callsEnd: "<｜tool▁calls▁end｜>", call: "<｜tool▁call▁begin｜>", end: "<｜tool▁call▁end｜>", sep: "<｜tool▁sep｜>" };
const M3 = "]<]minimax[>[";
const m3Element = (key: string, value: Json): string => {
  if (Array.isArray(value)) return `${M3}<${key}>${value.map((item) => m3Element("item", item)).join("")}${M3}</${key}>`;
  if (value !== null && typeof value === "object") {
    return `${M3}<${key}>${Object.entries(value)
      .map(([member, item]) => m3Element(member, item))
      .join("")}${M3}</${key}>`;
  }
  return `${M3}<${key}>${raw(value)}${M3}</${key}>`;
};

export const matrixFormats: readonly MatrixFormat[] = [
  // JSON call objects between markers.
  format("hermes", true, (calls, { nl, json }) => calls.map((call) => `<tool_call>${nl}${envelope(call, { nl, json, broken: true })}${nl}</tool_call>`).join(nl)),
  format("mistral_list", true, (calls, layout) => `[TOOL_CALLS]${list(calls, layout)}`),
  format("mistral_args", true, (calls, { json }) => calls.map((call) => `[TOOL_CALLS]${call.name}[ARGS]${json(call.args)}`).join("")),
  format("python_tag", false, (calls, layout) => `<|python_tag|>${envelope(calls[0]!, layout, "parameters")}`),
  format("llama_json", true, (calls, layout) => calls.map((call) => envelope(call, layout, "parameters")).join("; ")),
  format("function_tag", true, (calls, { json }) => calls.map((call) => `<function=${call.name}>${json(call.args)}</function>`).join("")),
  format("fenced_json", false, (calls) => `\`\`\`json\n${JSON.stringify({ name: calls[0]!.name, arguments: calls[0]!.args }, null, 2)}\n\`\`\``),
  format("granite", true, (calls, layout) => `<|tool_call|>${list(calls, layout)}`),
  format("functools", true, (calls, layout) => `functools${list(calls, layout)}`),
  format("hunyuan_json", true, (calls, layout) => `<tool_calls>${list(calls, layout)}</tool_calls>`),
  format("nemotron", true, (calls, layout) => `<TOOLCALL>${list(calls, layout)}</TOOLCALL>`),
  format(
    "command_r7b",
    true,
    (calls, { nl, json }) =>
      `<|START_ACTION|>[${nl}${calls.map((call, index) => `    ${json({ tool_call_id: String(index), tool_name: call.name, parameters: call.args })}`).join(`,${nl}`)}${nl}]<|END_ACTION|>`,
  ),
  format("internlm2", false, (calls, layout) => `<|action_start|><|plugin|>${layout.nl}${envelope(calls[0]!, layout, "parameters")}<|action_end|>`),
  format("harmony", true, (calls, { json }) =>
    calls.map((call, index) => `${index === 0 ? "" : "<|start|>assistant"}<|channel|>commentary to=functions.${call.name} <|constrain|>json<|message|>${json(call.args)}<|call|>`).join(""),
  ),
  format("deepseek_v3", true, (calls, { nl }) =>
    `${DS.calls}${calls.map((call) => `${DS.call}function${DS.sep}${call.name}${nl}\`\`\`json${nl}${JSON.stringify(call.args)}${nl}\`\`\`${DS.end}`).join(nl)}${DS.callsEnd}`,
  ),
  format("deepseek_v31", true, (calls, { json }) => `${DS.calls}${calls.map((call) => `${DS.call}${call.name}${DS.sep}${json(call.args)}${DS.end}`).join("")}${DS.callsEnd}`),
  // A call without arguments also as readers of Kimi's tokens meet it, its end token right after the id (in the layout
  // that breaks lines, so both spellings are exercised).
  format(
    "kimi_k2",
    true,
    (calls, { json, broken }) =>
      `<|tool_calls_section_begin|>${calls
        .map((call, index) => {
          const args = broken && Object.keys(call.args).length === 0 ? "" : `<|tool_call_argument_begin|>${json(call.args)}`;
          return `<|tool_call_begin|>functions.${call.name}:${index}${args}<|tool_call_end|>`;
        })
        .join("")}<|tool_calls_section_end|>`,
  ),
  format("functionary_v3", true, (calls, { nl, json }) => calls.map((call) => `>>>${call.name}${nl}${json(call.args)}`).join("")),
  format("lm_studio", true, (calls, layout) => calls.map((call) => `[TOOL_REQUEST]${envelope(call, layout)}[END_TOOL_REQUEST]`).join(layout.nl)),
  format("qwen_agent", false, (calls, { nl, json }) => `✿FUNCTION✿: ${calls[0]!.name}${nl}✿ARGS✿: ${json(calls[0]!.args)}`),
  format("react", false, (calls, { nl, json }) => `Thought: I should use a tool.${nl}Action: ${calls[0]!.name}${nl}Action Input: ${json(calls[0]!.args)}`),
  format("tool_use_json", true, (calls, layout) => calls.map((call) => `<tool_use>${envelope(call, layout, "input")}</tool_use>`).join(layout.nl)),
  format("minimax_m2_json", false, (calls, { json }) => `[TOOL_CALL] ${json({ tool: calls[0]!.name, args: calls[0]!.args })} [/TOOL_CALL]`),
  format("apertus", true, (calls, { json }) => `<|tools_prefix|>[${calls.map((call) => json({ [call.name]: call.args })).join(", ")}]<|tools_suffix|>`),
  format("gigachat31", false, (calls, layout) => `<|function_call|>${envelope(calls[0]!, layout)}`),
  format("pangu", true, (calls, layout) => `[unused11]${list(calls, layout)}[unused12]`),
  format(
    "plamo3",
    true,
    (calls, { json }) =>
      `<|plamo:begin_tool_requests:plamo|>${calls
        .map(
          (call) =>
            `<|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>${call.name}<|plamo:end_tool_name:plamo|>` +
            `<|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>${json(call.args)}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|>`,
        )
        .join("")}<|plamo:end_tool_requests:plamo|>`,
  ),
  format("inkling", false, (calls, { json }) => `<|message_model|>${calls[0]!.name}<|content_invoke_tool_json|>${json({ name: calls[0]!.name, args: calls[0]!.args })}<|end_message|>`),
  // Arguments as text between tags.
  format(
    "qwen3_coder",
    true,
    (calls, { nl }) => calls.map((call) => `<tool_call>${nl}${qwenFunction(call, nl, true)}${nl}</tool_call>`).join(nl),
    xmlValue("<parameter="),
    { untypedText: true, closerInside: holdsAny("</parameter") },
  ),
  format(
    "seed_oss",
    true,
    (calls, { nl }) => calls.map((call) => `<seed:tool_call>${nl}${qwenFunction(call, nl, false)}${nl}</seed:tool_call>`).join(nl),
    xmlValue("<parameter="),
    { untypedText: true, closerInside: holdsAny("</parameter") },
  ),
  // GLM's tags: `<tool_call>` inside a value may open another call (a model that lost a closer writes one), and
  // `</tool_call>` ends the block for GLM's reference parser; Spark's and Hunyuan's blocks share the body.
  format(
    "glm",
    true,
    (calls, layout) => calls.map((call) => `<tool_call>${glmBody(call, layout)}</tool_call>`).join(layout.nl),
    glmValue("<arg_key", "</arg_key", "<arg_value"),
    { untypedText: true, closerInside: holdsAny("</arg_value", "<tool_call", "</tool_call") },
  ),
  format(
    "hunyuan_hy3",
    true,
    (calls, layout) => `<tool_calls>${calls.map((call) => `<tool_call>${call.name}<tool_sep>${glmBody({ name: "", args: call.args }, layout)}</tool_call>`).join(layout.nl)}</tool_calls>`,
    glmValue("<arg_key", "</arg_key", "<arg_value"),
    { untypedText: true, closerInside: holdsAny("</arg_value", "<tool_call", "</tool_call") },
  ),
  format(
    "spark",
    true,
    (calls, layout) => calls.map((call) => `<|tool_call|>${glmBody(call, layout)}<|/tool_call|>`).join(layout.nl),
    xmlValue("<arg_key", "</arg_key", "<arg_value"),
    { untypedText: true, closerInside: holdsAny("</arg_value", "</tool_call") },
  ),
  format(
    "ifm_k2",
    true,
    (calls, layout) => `<ifm|tool_calls>${calls.map((call) => `<ifm|tool_call>${glmBody(call, layout, "ifm|arg_key", "ifm|arg_value")}</ifm|tool_call>`).join(layout.nl)}</ifm|tool_calls>`,
    xmlValue("<ifm|arg_key", "</ifm|arg_key", "<ifm|arg_value"),
    { closerInside: holdsAny("</ifm|arg_value") },
  ),
  format(
    "minimax_m2",
    true,
    (calls, { nl }) => `<minimax:tool_call>${nl}${calls.map((call) => invokeBody(call, nl)).join(nl)}${nl}</minimax:tool_call>`,
    xmlValue("<parameter"),
    { untypedText: true, closerInside: holdsAny("</parameter") },
  ),
  format(
    "claude_xml",
    true,
    (calls, { nl }) => `<function_calls>${nl}${calls.map((call) => invokeBody(call, nl)).join(nl)}${nl}</function_calls>`,
    xmlValue("<parameter"),
    { untypedText: true, closerInside: holdsAny("</parameter") },
  ),
  format(
    "dsml",
    true,
    (calls, { nl }) =>
      `<｜DSML｜function_calls>${nl}${calls.map((call) => invokeBody(call, nl, "｜DSML｜", (value) => ` string="${typeof value === "string"}"`)).join(nl)}${nl}</｜DSML｜function_calls>`,
    xmlValue("<｜DSML｜parameter"),
    { closerInside: holdsAny("</｜DSML｜parameter") },
  ),
  format(
    "gcml",
    true,
    (calls) => `<｜GCML｜tool_calls>${calls.map((call) => invokeBody(call, "", "｜GCML｜", (value) => ` string="${typeof value === "string"}"`)).join("")}</｜GCML｜tool_calls>`,
    xmlValue("<｜GCML｜parameter"),
    { closerInside: holdsAny("</｜GCML｜parameter") },
  ),
  format(
    "step3",
    true,
    (calls) =>
      `<｜tool_calls_begin｜>${calls.map((call) => `<｜tool_call_begin｜>function<｜tool_sep｜>${invokeBody(call, "", "steptml:")}<｜tool_call_end｜>`).join("")}<｜tool_calls_end｜>`,
    xmlValue("<steptml:parameter"),
    { untypedText: true, closerInside: holdsAny("</steptml:parameter") },
  ),
  format(
    "solar",
    true,
    (calls, { nl }) =>
      calls
        .map(
          (call) =>
            `<|tool_call:start|>${call.name}${nl}${Object.entries(call.args)
              .map(([key, value]) => `<|tool_arg:start|>${key}<|tool_arg:value|>${raw(value)}<|tool_arg:end|>${nl}`)
              .join("")}<|tool_call:end|>`,
        )
        .join(nl),
    xmlValue("<|tool_arg:"),
    { untypedText: true },
  ),
  format(
    "kimi_k3",
    true,
    (calls) =>
      `<|open|>tools<|sep|>${calls
        .map(
          (call, index) =>
            `<|open|>call tool="${call.name}" index="${index + 1}"<|sep|>${Object.entries(call.args)
              .map(([key, value]) => `<|open|>argument key="${key}" type="${typeof value === "string" ? "string" : Array.isArray(value) ? "array" : value === null ? "null" : typeof value}"<|sep|>${raw(value)}<|close|>argument<|sep|>`)
              .join("")}<|close|>call<|sep|>`,
        )
        .join("")}<|close|>tools<|sep|>`,
    xmlValue("<|close|>argument", "<|open|>argument", "<|sep|>"),
  ),
  format(
    "minimax_m3",
    true,
    (calls, { nl }) => `${M3}<tool_call>${nl}${calls.map((call) => `${M3}<invoke name="${call.name}">${Object.entries(call.args).map(([key, value]) => m3Element(key, value)).join("")}${M3}</invoke>`).join(nl)}${nl}${M3}</tool_call>`,
    // A server may strip the namespace tokens: the bare tags inside a value then read as the call's own.
    xmlValue(M3, "<invoke", "</invoke", "</tool_call"),
    { untypedText: true, typedBySchemaOnly: true },
  ),
  format(
    "cline",
    false,
    (calls, { nl }) => `<${calls[0]!.name}>${nl}${Object.entries(calls[0]!.args).map(([key, value]) => `<${key}>${raw(value)}</${key}>${nl}`).join("")}</${calls[0]!.name}>`,
    (text) => ENTITY.test(text),
    { untypedText: true, trims: true, opensLine: true },
  ),
  format(
    "continue",
    false,
    (calls) =>
      `\`\`\`tool\nTOOL_NAME: ${calls[0]!.name}\n${Object.entries(calls[0]!.args)
        .map(([key, value]) => `BEGIN_ARG: ${key}\n${raw(value)}\nEND_ARG\n`)
        .join("")}\`\`\``,
    (text) => /(?:^|\n)(?:END_ARG|BEGIN_ARG:|TOOL_NAME:|```)/.test(text),
    // A value that is one JSON string is that string (as Continue writes earlier calls back).
    { trims: true, unwritable: (text) => /^".*"$/s.test(text) },
  ),
  // Python calls.
  format("pythonic", true, (calls) => `[${calls.map(pythonArgs).join(", ")}]`),
  format("lfm", true, (calls) => `<|tool_call_start|>[${calls.map(pythonArgs).join(", ")}]<|tool_call_end|>`),
  format("llama4", true, (calls) => `<|python_start|>[${calls.map(pythonArgs).join(", ")}]<|python_end|>`),
  format("tool_code", true, (calls) => `\`\`\`tool_code\n${calls.map(pythonArgs).join("\n")}\n\`\`\``),
  format("olmo3", true, (calls, { nl }) => `<function_calls>${calls.map(pythonArgs).join(nl)}</function_calls>`),
  // Gemma's own syntax.
  format("gemma4", true, (calls) => calls.map((call) => `<|tool_call>call:${call.name}${gemmaValue(call.args, '<|"|>')}<tool_call|>`).join(""), holdsAny('<|"|>')),
  format("functiongemma", true, (calls) => calls.map((call) => `<start_function_call>call:${call.name}${gemmaValue(call.args, "<escape>")}<end_function_call>`).join(""), holdsAny("<escape>")),
  // Appended last (the seeds of the formats before them stay as they were).
  format(
    "longcat",
    true,
    (calls, { nl }) => calls.map((call) => `<longcat_tool_call>${nl}${qwenFunction(call, nl, true)}${nl}</longcat_tool_call>`).join(nl),
    xmlValue("<parameter="),
    { untypedText: true, closerInside: holdsAny("</parameter") },
  ),
  format(
    "telechat",
    true,
    (calls, layout) => calls.map((call) => `<tool_call>${glmBody(call, layout, "param_key", "param_value")}</tool_call>`).join(layout.nl),
    glmValue("<param_key", "</param_key", "<param_value"),
    { untypedText: true, closerInside: holdsAny("</param_value", "<tool_call", "</tool_call") },
  ),
  format(
    "hunyuan_hy4",
    true,
    (calls, layout) =>
      `<tool_calls:opensource>${calls.map((call) => `<tool_call:opensource>${glmBody(call, layout, "arg_key:opensource", "arg_value:opensource")}</tool_call:opensource>`).join(layout.nl)}</tool_calls:opensource>`,
    glmValue("</arg_value", "<arg_key", "</arg_key", "<arg_value", "<tool_call", "</tool_call"),
    { untypedText: true },
  ),
  format(
    "iquest",
    true,
    (calls, layout) => calls.map((call) => `<iquest_tool_call>${glmBody(call, layout)}</iquest_tool_call>`).join(layout.nl),
    // Its one parser keeps a string as written: a whole JSON string (`"quoted"`) has one reading there.
    xmlValue("<arg_key", "</arg_key", "<arg_value"),
    { untypedText: true, closerInside: holdsAny("</arg_value", "<iquest_tool_call", "</iquest_tool_call") },
  ),
  format("nemotron_mini", false, (calls, layout) => `<toolcall> ${envelope(calls[0]!, layout)} </toolcall>`),
  format("gigachat3", false, (calls, layout) => `<|message_sep|>function call<|role_sep|>${envelope(calls[0]!, layout)}`),
  format("glaive", false, (calls, layout) => `<functioncall> ${envelope(calls[0]!, layout)} <|endoftext|>`),
  format("modelscope", false, (calls, { nl, json }) => `<|startofthink|>\`\`\`JSON${nl}${json({ api_name: calls[0]!.name, parameters: calls[0]!.args })}${nl}\`\`\`<|endofthink|>`),
  format("functionary_v2", true, (calls, { nl, json }) => `${calls.map((call) => `<|from|>assistant${nl}<|recipient|>${call.name}${nl}<|content|>${json(call.args)}`).join(nl)}<|stop|>`),
  format("gemini", true, (calls) => calls.map((call) => `<ctrl42>call:${call.name}${gemmaValue(call.args, "<ctrl46>")}<ctrl43>`).join(""), holdsAny("<ctrl46>")),
  format("devstral", true, (calls, { json }) => calls.map((call) => `[TOOL_CALLS]${call.name}${json(call.args)}`).join("")),
  format("tool_use_elements", true, (calls, { nl, json }) => calls.map((call) => `<tool_use>${nl}<name>${call.name}</name>${nl}<input>${json(call.args)}</input>${nl}</tool_use>`).join(nl)),
  format("mlx_function", true, (calls, { nl, json }) => calls.map((call) => `<tool_call>${nl}<function>${call.name}</function>${nl}${json(call.args)}${nl}</tool_call>`).join(nl)),
  format(
    "dots",
    true,
    (calls, { nl }) => `<dots_function_call>${nl}${calls.map((call) => invokeBody(call, nl)).join(nl)}${nl}</dots_function_call>`,
    xmlValue("<parameter"),
    { untypedText: true, closerInside: holdsAny("</parameter") },
  ),
  // MiniMax-M1: the JSON calls one a line between the tags.
  format("minimax_m1", true, (calls, { nl, json }) => {
    const oneLine = json === jsonStyles.pretty ? jsonStyles.dumps! : json;
    return `<tool_calls>${nl}${calls.map((call) => oneLine({ name: call.name, arguments: call.args })).join(nl)}${nl}</tool_calls>`;
  }),
  format("tool_code_default_api", true, (calls) => `\`\`\`tool_code\n${calls.map((call) => `print(default_api.${pythonArgs(call)})`).join("\n")}\n\`\`\``),
  // GLM's body with its call tags dropped by the server: each call the name, then its pairs, ending its line. A call
  // without arguments is a bare word there, no call.
  format(
    "glm_bare",
    true,
    (calls, layout) => calls.map((call) => glmBody(call, layout).trimEnd()).join(layout.nl),
    glmValue("<arg_key", "</arg_key", "<arg_value"),
    { untypedText: true, needsArguments: true, opensLine: true, closerInside: holdsAny("</arg_value") },
  ),
  // Llama 3.1's built-in call after its python tag, `name.call(…)` ended by `<|eom_id|>`; in the layout that breaks
  // lines, with space around its tokens as Python allows (`name . call ( key = … )`).
  format("llama31_builtin", true, (calls, { broken }) =>
    `<|python_tag|>${calls
      .map((call) => {
        const args = Object.entries(call.args).map(([key, value]) => (broken ? `${key} = ${pythonLiteral(value)}` : `${key}=${pythonLiteral(value)}`));
        return broken ? `${call.name} . call ( ${args.join(" , ")} )` : `${call.name}.call(${args.join(", ")})`;
      })
      .join("; ")}<|eom_id|>`,
  ),
  // Glaive's call written inside its tag's brackets, the tag's `>` after the object.
  format("glaive_in_tag", true, (calls, layout) => calls.map((call) => `<functioncall ${envelope(call, layout)}>`).join(layout.nl)),
];
