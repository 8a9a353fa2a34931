/**
 * Corruptions added after the held-out part was drawn: they make tune cases
 * only (scripts/generate-cases.ts adds one per tool where they apply), so
 * the held-out part stays exactly as it was.
 */
import type { Operator, OperatorInput } from "./syntax-operators.ts";
import { pythonLiteral, pythonString, pythonicCall, rawParameter, topLevelMembers } from "./serialize.ts";
import { content } from "./call-operators.ts";
import type { Json } from "./values.ts";

/** Gemma 4's value syntax: strings between `<|"|>` tokens (Gemini's: `<ctrl46>`), keys bare, the rest as JSON. */
function gemmaValue(value: Json, quote = '<|"|>'): string {
  if (typeof value === "string") return `${quote}${value}${quote}`;
  if (Array.isArray(value)) return `[${value.map((item) => gemmaValue(item, quote)).join(",")}]`;
  if (value !== null && typeof value === "object") return `{${Object.entries(value).map(([key, member]) => `${key}:${gemmaValue(member, quote)}`).join(",")}}`;
  return JSON.stringify(value);
}

/** Python 2's repr: `u'…'` strings (keys too) with non-ASCII characters escaped. */
function python2Literal(value: Json): string {
  if (typeof value === "string") {
    const escape = (char: string) => {
      const code = char.codePointAt(0)!;
      return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : code <= 0xffff ? `\\u${code.toString(16).padStart(4, "0")}` : `\\U${code.toString(16).padStart(8, "0")}`;
    };
    return `u${pythonString(value).replace(/\P{ASCII}/gu, escape)}`;
  }
  if (Array.isArray(value)) return `[${value.map(python2Literal).join(", ")}]`;
  if (value !== null && typeof value === "object") return `{${Object.entries(value).map(([key, member]) => `${python2Literal(key)}: ${python2Literal(member)}`).join(", ")}}`;
  return pythonLiteral(value);
}

const propertiesOf = (input: OperatorInput) => (input.tool.parameters["properties"] ?? {}) as Record<string, Record<string, unknown>>;

/** Text that reads the same unquoted up to a closing quote: no quote, bracket, colon, comment start or edge space. */
const halfQuotable = (text: string) => /^[^\s"'{}[\]:#/\\]([^"'{}[\]:#/\\\n]*[^\s"'{}[\]:#/\\])?$/.test(text);

/** Free text with paired inner quotes and no brace or `, key:`, as a last value whose closing quote went missing. */
const pairedQuoteTexts = ['say "hi" to Bob', 'the "fast" mode is on', 'He wrote "done" and left', 'lorem ipsum ... "sic " tamet. ...'];

/** Code and quoting text, as models put between Python triple quotes (none opens with a line break or ends on a quote). */
const tripleQuotedTexts = ['print("Hello, world!")', 'def greet(name):\n    print(f"Hi {name}")', "SELECT name FROM users WHERE city = 'Paris' LIMIT 5", 'He said "stop" twice.\nThen left.'];

/** Free text with quoted words, as a last value written without its quotes. */
const quotedWordTexts = ['he said "stop" twice', '**Note:** use the "fast" mode.', 'Reply with "yes" or "no".\n\nThen wait.'];

/** Code as models write it into a Markdown block for a value: no line indented throughout, no fence inside. */
const fencedCodeTexts = ["const fs = require('fs');\nconsole.log(fs.readdirSync('.'));", 'def greet(name):\n    # don\'t shout\n    return f"Hi {name}"', "SELECT *\nFROM users\nWHERE name = 'O\\'Brien';"];

const strayTexts = ["<|eot_id|>", "COMMENT", "and also", "</s>", "NOTE the next one"];

/** A format that opens a line: prose before it ends its line. */
const ownLine = (operator: Operator): Operator => (input) => {
  const made = operator(input);
  return made === undefined ? undefined : { ...made, raw: String(made.raw).replace(/^Sure! /, "Sure!\n") };
};

const call = (input: OperatorInput, cls: string, raw: string, note: string) => ({ class: cls, emitted: input.tool.name, raw, expected: input.value, note });

/** Quote pairs that keyboards, word processors and other locales put where `"` belongs. */
const typographicPairs = [["\u201c", "\u201d"], ["\u2018", "\u2019"], ["`", "\u00b4"], ["\u00ab", "\u00bb"], ["\u201e", "\u201c"]] as const;

export const tuneOperators: Record<string, Operator> = {
  stray_words: (input) => {
    const members = topLevelMembers(input.value);
    if (members.length < 2) return undefined;
    const at = input.random.int(1, members.length - 1);
    const stray = input.random.pick(strayTexts);
    const raw = `{${members.slice(0, at).join(", ")}, ${stray} ${members.slice(at).join(", ")}}`;
    return call(input, "syntax", raw, `stray words "${stray}" between members`);
  },
  unclosed_string: (input) => {
    const keys = Object.keys(input.value);
    // A string member followed by another, with no quote or backslash of its own to blur where it ends.
    const at = keys.findIndex((key, index) => index < keys.length - 1 && typeof input.value[key] === "string" && !/["\\]/.test(input.value[key] as string) && input.value[key] !== "");
    if (at === -1) return undefined;
    const members = topLevelMembers(input.value);
    members[at] = members[at]!.slice(0, -1);
    return call(input, "syntax", `{${members.join(", ")}}`, `closing quote of "${keys[at]!}" missing before the next member`);
  },
  escaped_without_quotes: (input) =>
    call(input, "double_encoded", JSON.stringify(JSON.stringify(input.value)).slice(1, -1), "arguments escaped as a JSON string, without the string's quotes"),
  colon_and_quotes_missing: (input) => {
    // A string member written `"key" value`: no colon, no quotes around the value.
    const keys = Object.keys(input.value);
    const at = keys.findIndex((key) => typeof input.value[key] === "string" && halfQuotable(input.value[key] as string));
    if (at === -1) return undefined;
    const members = topLevelMembers(input.value);
    members[at] = `${JSON.stringify(keys[at])} ${input.value[keys[at]!] as string}`;
    return call(input, "syntax", `{${members.join(", ")}}`, `colon and quotes of "${keys[at]!}" missing`);
  },
  name_tool_suffix: (input) => ({ class: "unknown_tool_name", emitted: `${input.tool.name}_tool`, raw: JSON.stringify(input.value), expected: input.value, note: "tool name with _tool added" }),
  envelope_other_key: (input) => {
    // The arguments under another key models use; not when the tool declares that key.
    const key = input.random.pick(["params", "kwargs", "tool_input", "properties"]);
    if (key in propertiesOf(input)) return undefined;
    return call(input, "wrapped_envelope", JSON.stringify({ [key]: input.value }), `arguments wrapped in {"${key}": …}`);
  },
  scalar_in_list: (input) => {
    // A string or number member written as a one-item list.
    const properties = propertiesOf(input);
    const key = Object.keys(input.value).find((name) => ["string", "integer", "number"].includes(properties[name]?.["type"] as string) && properties[name]?.["anyOf"] === undefined);
    if (key === undefined) return undefined;
    const members = Object.entries(input.value).map(([name, member]) => `${JSON.stringify(name)}: ${JSON.stringify(name === key ? [member] : member)}`);
    return call(input, "type_mismatch", `{${members.join(", ")}}`, `"${key}" written as a one-item list`);
  },
  field_python_literal: (input) => {
    // An array or object member sent as a string of its Python literal (`"['a', 'b']"`); only text without quotes or backslashes.
    const key = Object.keys(input.value).find((name) => typeof input.value[name] === "object" && input.value[name] !== null && !/['"\\]/.test(JSON.stringify(input.value[name]).replaceAll('"', "")));
    if (key === undefined) return undefined;
    const python = JSON.stringify(input.value[key]).replaceAll('"', "'").replaceAll("true", "True").replaceAll("false", "False").replaceAll("null", "None");
    const members = Object.entries(input.value).map(([name, member]) => `${JSON.stringify(name)}: ${JSON.stringify(name === key ? python : member)}`);
    return call(input, "double_encoded", `{${members.join(", ")}}`, `"${key}" sent as a string holding its Python literal`);
  },
  optional_sent_empty: (input) => {
    // Every optional property the value leaves out, written as null (or "" where its schema is not a plain string).
    const properties = propertiesOf(input);
    const required = new Set((input.tool.parameters["required"] ?? []) as string[]);
    const absent = Object.keys(properties).filter((key) => !required.has(key) && !(key in input.value));
    if (absent.length === 0) return undefined;
    const plainString = (key: string) => properties[key]?.["type"] === "string" && properties[key]?.["enum"] === undefined && properties[key]?.["pattern"] === undefined;
    const filled = Object.fromEntries(absent.map((key) => [key, input.random.int(0, 1) === 0 || plainString(key) ? null : ""]));
    const members = [...topLevelMembers(input.value), ...Object.entries(filled).map(([key, empty]) => `${JSON.stringify(key)}: ${JSON.stringify(empty)}`)];
    return call(input, "type_mismatch", `{${members.join(", ")}}`, `optional properties left unset sent as null or "": ${absent.join(", ")}`);
  },
  opening_brace_missing: (input) => {
    const members = topLevelMembers(input.value);
    if (members.length === 0) return undefined;
    return call(input, "syntax", `${members.join(", ")}}`, "opening brace missing");
  },
  encoded_broken: (input) => {
    const json = JSON.stringify(input.value, null, 1);
    const inside = [`\`\`\`json\n${json}\n\`\`\``, `${json.slice(0, -1).trimEnd()},\n}`, `Arguments: ${json}`];
    const text = input.random.pick(inside);
    return call(input, "double_encoded", JSON.stringify(text), "arguments sent as a JSON string of broken JSON (a fence, a trailing comma or a label inside)");
  },
  content_minimax: content("MiniMax <invoke> XML", (input) => {
    const parameters = Object.entries(input.value).map(([key, member]) => `<parameter name="${key}">${rawParameter(member)}</parameter>\n`);
    return `<minimax:tool_call>\n<invoke name="${input.tool.name}">\n${parameters.join("")}</invoke>\n</minimax:tool_call>`;
  }),
  content_gemma4: content("Gemma 4 <|tool_call>", (input) => `<|tool_call>call:${input.tool.name}${gemmaValue(input.value)}<tool_call|>`),
  content_granite: content("Granite <|tool_call|>", (input, json) => `<|tool_call|>[{"name": "${input.tool.name}", "arguments": ${json}}]`),
  // `functools` opens a call only at the start of a line: no prose before it on its line.
  content_functools: ownLine(content("Phi-4-mini functools", (input, json) => `functools[{"name": "${input.tool.name}", "arguments": ${json}}]`)),
  array_reopened: (input) => {
    // An array of two items or more, continued in new brackets after its `]`; no other declared array property
    // may be missing, or the new brackets could be its value.
    const properties = propertiesOf(input);
    const key = Object.keys(input.value).find((name) => Array.isArray(input.value[name]) && (input.value[name] as Json[]).length >= 2);
    if (key === undefined) return undefined;
    const arrays = Object.keys(properties).filter((name) => properties[name]?.["type"] === "array");
    if (arrays.some((name) => name !== key && !(name in input.value))) return undefined;
    const items = (input.value[key] as Json[]).map((item) => JSON.stringify(item));
    const split = input.random.int(1, items.length - 1);
    const reopened = `[${items.slice(0, split).join(", ")}], [${items.slice(split).join(", ")}]`;
    const members = Object.entries(input.value).map(([name, member]) => `${JSON.stringify(name)}: ${name === key ? reopened : JSON.stringify(member)}`);
    // New brackets opening on the list's own first item began the list again: the first list, the second or both is a guess.
    if (items[split] === items[0]) return { ...call(input, "unrecoverable", `{${members.join(", ")}}`, `array "${key}" begun again in new brackets`), expected: null };
    return call(input, "syntax", `{${members.join(", ")}}`, `array "${key}" continued in new brackets after its closer`);
  },
  half_quoted_value: (input) => {
    // A string value that lost its opening quote (`"key": value",`), a trailing comma when it is last.
    const key = Object.keys(input.value).find((name) => typeof input.value[name] === "string" && halfQuotable(input.value[name] as string));
    if (key === undefined) return undefined;
    const members = Object.entries(input.value).map(([name, member]) => `${JSON.stringify(name)}: ${name === key ? `${String(member)}"` : JSON.stringify(member)}`);
    return call(input, "syntax", `{${members.join(", ")}${input.random.pick([",", ""])}}`, `opening quote of "${key}" missing`);
  },
  typographic_quotes: (input) => {
    const [open, close] = input.random.pick(typographicPairs);
    // Top-level keys and string values take the pair; their text stays JSON-escaped, nested values stay JSON.
    const quoted = (text: string) => `${open}${JSON.stringify(text).slice(1, -1)}${close}`;
    const members = Object.entries(input.value).map(([key, member]) => `${quoted(key)}: ${typeof member === "string" ? quoted(member) : JSON.stringify(member)}`);
    return call(input, "syntax", `{${members.join(", ")}}`, `keys and strings quoted with ${open}…${close}`);
  },
  envelope_call_shape: (input) => {
    // Other call shapes models wrap arguments in; the tool must not declare their keys.
    const name = input.tool.name;
    const shapes: [readonly string[], Json, string][] = [
      [["action", "action_input"], { action: name, action_input: input.value }, "LangChain {action, action_input}"],
      [["tool_name", "tool_input"], { tool_name: name, tool_input: input.value }, "{tool_name, tool_input}"],
      [["name", "arguments"], [{ name, arguments: input.value }], "a list of one {name, arguments}"],
      [["tool_calls"], { tool_calls: [{ id: "call_0", type: "function", function: { name, arguments: JSON.stringify(input.value) } }] }, "a leaked tool_calls list of one"],
      [[name], { [name]: input.value }, "the tool's name as the only key"],
    ];
    const [keys, wrapped, note] = input.random.pick(shapes);
    if (keys.some((key) => key in propertiesOf(input))) return undefined;
    return { class: "wrapped_envelope", emitted: name, raw: JSON.stringify(wrapped), expected: input.value, note: `wrapped in ${note}` };
  },
  content_gemini_tool_code: ownLine(content("Gemini ```tool_code", (input) => `\`\`\`tool_code\nprint(${pythonicCall(`default_api.${input.tool.name}`, input.value)})\n\`\`\``)),
  content_gemini_print: ownLine(content("Gemini print(default_api.…)", (input) => `print(${pythonicCall(`default_api.${input.tool.name}`, input.value)})`)),
  content_gemini_function_call: content("Gemini functionCall JSON", (input, json) => `{"functionCall": {"name": "${input.tool.name}", "args": ${json}}}`),
  content_functionary_v3: content("Functionary v3 >>>", (input, json) => `>>>${input.tool.name}\n${json}`),
  content_functionary_v2: content("Functionary v2 <|recipient|>", (input, json) => `<|from|>assistant\n<|recipient|>${input.tool.name}\n<|content|>${json}\n<|stop|>`),
  content_apertus: content("Apertus <|tools_prefix|>", (input, json) => `<|tools_prefix|>[{"${input.tool.name}": ${json}}]<|tools_suffix|>`),
  content_tool_use: content("<tool_use> elements", (input, json) => `<tool_use>\n<name>${input.tool.name}</name>\n<input>${json}</input>\n</tool_use>`),
  content_hy3: content("Hunyuan Hy3 <tool_sep>", (input) => {
    const pairs = Object.entries(input.value).map(([key, member]) => `<arg_key>${key}</arg_key>\n<arg_value>${rawParameter(member)}</arg_value>\n`);
    return `<tool_calls>\n<tool_call>${input.tool.name}<tool_sep>\n${pairs.join("")}</tool_call>\n</tool_calls>`;
  }),
  content_xml_fence: ownLine(content("Hermes in a ```xml block", (input, json) => `\`\`\`xml\n<tool_call>\n{"name": "${input.tool.name}", "arguments": ${json}}\n</tool_call>\n\`\`\``)),
  brace_dropped: (input) => {
    // Only the root's final `}` missing, its members joined by a comma, a space or a newline.
    const separator = input.random.pick([", ", " ", "\n"]);
    return call(input, "syntax", `{${topLevelMembers(input.value).join(separator)}${input.random.pick(["", " ", "\n"])}`, "final brace missing after a complete last value");
  },
  string_closed_by_brace: (input) => {
    // A free-text string, moved last, holding paired unescaped quotes, with its closing quote missing before the `}`.
    const properties = propertiesOf(input);
    const key = Object.keys(input.value).find((name) => properties[name]?.["type"] === "string" && properties[name]?.["enum"] === undefined && properties[name]?.["format"] === undefined && properties[name]?.["pattern"] === undefined);
    if (key === undefined) return undefined;
    const text = input.random.pick(pairedQuoteTexts);
    const { [key]: _moved, ...others } = input.value;
    const value = { ...others, [key]: text };
    const members = [...topLevelMembers(others), `${JSON.stringify(key)}: "${text}`];
    return { ...call(input, "syntax", `{${members.join(", ")}}`, `unescaped quotes inside "${key}", its closing quote missing before the final brace`), expected: value };
  },
  missing_colon: (input) => {
    const members = topLevelMembers(input.value);
    if (members.length === 0) return undefined;
    const at = input.random.int(0, members.length - 1);
    const key = Object.keys(input.value)[at]!;
    members[at] = members[at]!.replace(`${JSON.stringify(key)}: `, `${JSON.stringify(key)} `);
    return call(input, "syntax", `{${members.join(", ")}}`, `colon after "${key}" left out`);
  },
  half_quoted_key: (input) => {
    const keys = Object.keys(input.value);
    const at = keys.findIndex((key) => /^[A-Za-z_][\w.-]*$/.test(key));
    if (at === -1) return undefined;
    const members = topLevelMembers(input.value);
    members[at] = members[at]!.slice(1);
    return call(input, "syntax", `{${members.join(", ")}}`, `opening quote of the key "${keys[at]!}" missing`);
  },
  content_hy4: content("Hunyuan Hy4 :opensource tags", (input) => {
    const pairs = Object.entries(input.value).map(([key, member]) => `<arg_key:opensource>${key}</arg_key:opensource><arg_value:opensource>${rawParameter(member)}</arg_value:opensource>`);
    return `<tool_calls:opensource>\n<tool_call:opensource>${input.tool.name}${pairs.join("")}</tool_call:opensource>\n</tool_calls:opensource>`;
  }),
  mongo_wrapper: (input) => {
    // A string or integer printed with its MongoDB shell type; the schema types the property, so one reading.
    const properties = propertiesOf(input);
    const key = Object.keys(input.value).find((name) => (typeof input.value[name] === "string" && properties[name]?.["type"] === "string") || (Number.isInteger(input.value[name]) && properties[name]?.["type"] === "integer"));
    if (key === undefined) return undefined;
    const member = input.value[key]!;
    const wrapped = typeof member === "string" ? `${properties[key]?.["format"] === "date-time" ? "ISODate" : "ObjectId"}(${JSON.stringify(member)})` : `NumberLong(${String(member)})`;
    const members = Object.entries(input.value).map(([name, item]) => `${JSON.stringify(name)}: ${name === key ? wrapped : JSON.stringify(item)}`);
    return call(input, "syntax", `{${members.join(", ")}}`, `"${key}" wrapped in a MongoDB type`);
  },
  comment_before_closer: (input) => {
    // One line: a line comment right before the root's final brace, which it would otherwise swallow.
    const comment = input.random.pick(["# as requested", "// filled in from the message", "# done"]);
    return call(input, "syntax", `{${topLevelMembers(input.value).join(", ")} ${comment} }`, "a line comment before the final brace on the same line");
  },
  triple_quoted_value: (input) => {
    // A free-text string as a Python triple-quoted string holding quotes or a line break.
    const properties = propertiesOf(input);
    const key = Object.keys(input.value).find((name) => properties[name]?.["type"] === "string" && properties[name]?.["enum"] === undefined && properties[name]?.["format"] === undefined && properties[name]?.["pattern"] === undefined);
    if (key === undefined) return undefined;
    const text = input.random.pick(tripleQuotedTexts);
    const quote = input.random.pick(['"""', "'''"]);
    const members = Object.entries(input.value).map(([name, member]) => `${JSON.stringify(name)}: ${name === key ? quote + text + quote : JSON.stringify(member)}`);
    return { ...call(input, "syntax", `{${members.join(", ")}}`, `"${key}" written as a Python ${quote} string`), expected: { ...input.value, [key]: text } };
  },
  content_quoted_call: (input) => {
    // A call shown in a Markdown blockquote: quoted, not made.
    const text = `<tool_call>\n{"name": "${input.tool.name}", "arguments": ${JSON.stringify(input.value)}}\n</tool_call>`;
    const raw = `${input.random.pick(["The call would be:", "You asked what I sent:", "Earlier I wrote:"])}\n\n${text.split("\n").map((line) => `> ${line}`).join("\n")}`;
    return { class: "unrecoverable", emitted: null, raw, expected: null, note: "a call quoted in a Markdown blockquote, not made" };
  },
  content_template_call: (input) => {
    // A call whose string value is a placeholder to fill in, as a template or schema shows it.
    const properties = propertiesOf(input);
    const key = Object.keys(input.value).find((name) => properties[name]?.["type"] === "string" && properties[name]?.["enum"] === undefined && properties[name]?.["format"] === undefined && properties[name]?.["pattern"] === undefined);
    if (key === undefined) return undefined;
    const placeholder = input.random.pick([`<${key}>`, `your_${key}_here`, "string"]);
    const json = JSON.stringify({ ...input.value, [key]: placeholder });
    return { class: "unrecoverable", emitted: null, raw: `<tool_call>\n{"name": "${input.tool.name}", "arguments": ${json}}\n</tool_call>`, expected: null, note: `a template's call: "${key}" is the placeholder ${JSON.stringify(placeholder)}` };
  },
  content_example_call: (input) => {
    // A call shown after prose that introduces it as an example.
    const lead = input.random.pick(["For example:", "Here is an example of how to call it:", "You can call it like this:"]);
    const raw = `${lead}\n<tool_call>\n{"name": "${input.tool.name}", "arguments": ${JSON.stringify(input.value)}}\n</tool_call>`;
    return { class: "unrecoverable", emitted: null, raw, expected: null, note: "a call shown as an example after prose introducing it" };
  },
  escaped_layout: (input) => {
    // Pretty-printed, its line breaks (all between tokens) written as the two characters `\n`.
    const raw = JSON.stringify(input.value, null, input.random.pick([2, 4])).replaceAll("\n", "\\n");
    return call(input, "syntax", raw, "line breaks of the layout written as \\n escapes, outside strings");
  },
  // Opening a line: without its control tokens, Gemini's call must.
  content_gemini_control: ownLine(
    content("Gemini's call:name{…} syntax", (input) => {
      const args = gemmaValue(input.value, "<ctrl46>");
      return input.random.pick([`<ctrl42>call:${input.tool.name}${args}<ctrl43>`, `call:default_api:${input.tool.name}${args}`, `<ctrl42>call:default_api:${input.tool.name}${args}`]);
    }),
  ),
  unquoted_quoted_words: (input) => {
    // A free-text string, moved last, holding quoted words, written without its own quotes up to the final brace.
    const properties = propertiesOf(input);
    const key = Object.keys(input.value).find((name) => properties[name]?.["type"] === "string" && properties[name]?.["enum"] === undefined && properties[name]?.["format"] === undefined && properties[name]?.["pattern"] === undefined);
    if (key === undefined) return undefined;
    const text = input.random.pick(quotedWordTexts);
    const { [key]: _moved, ...others } = input.value;
    const members = [...topLevelMembers(others), `${JSON.stringify(key)}: ${text}`];
    return { ...call(input, "syntax", `{${members.join(", ")}\n}`, `"${key}" written without its quotes, quoted words inside, last`), expected: { ...others, [key]: text } };
  },
  prose_after_comma: (input) =>
    call(input, "syntax", `Here you go:\n${JSON.stringify(input.value)},\n\n${input.random.pick(["Anything else I can help with?", "Let me know if you need more."])}`, "prose around the object, a comma after it"),
  // Cline and Roo Code: an element named after the tool, one child per argument, opening a line.
  content_cline_xml: ownLine(
    content("Cline's tool element", (input) => {
      // A value over several lines goes on lines of its own: the reader drops one newline either side, as Cline's does.
      const children = Object.entries(input.value).map(([key, member]) => {
        const raw = rawParameter(member);
        return raw.includes("\n") ? `<${key}>\n${raw}\n</${key}>\n` : `<${key}>${raw}</${key}>\n`;
      });
      return `<${input.tool.name}>\n${children.join("")}</${input.tool.name}>`;
    }),
  ),
  fenced_value: (input) => {
    // A free-text string written as a Markdown code block, in a pretty-printed object.
    const properties = propertiesOf(input);
    const key = Object.keys(input.value).find((name) => properties[name]?.["type"] === "string" && properties[name]?.["enum"] === undefined && properties[name]?.["format"] === undefined && properties[name]?.["pattern"] === undefined);
    if (key === undefined) return undefined;
    const text = input.random.pick(fencedCodeTexts);
    const members = Object.entries(input.value).map(([name, member]) => `  ${JSON.stringify(name)}: ${name === key ? `\`\`\`\n${text}\n\`\`\`` : JSON.stringify(member)}`);
    return { ...call(input, "syntax", `{\n${members.join(",\n")}\n}`, `"${key}" written as a Markdown code block`), expected: { ...input.value, [key]: text } };
  },
  content_nemotron_mini: content("Nemotron-Mini <toolcall>", (input, json) => `<toolcall> {"name": "${input.tool.name}", "arguments": ${json}} </toolcall>`),
  content_gemini_tool_code_tag: content("Gemini <tool_code> tag", (input) => `<tool_code>\nprint(${pythonicCall(`default_api.${input.tool.name}`, input.value)})\n</tool_code>`),
  python2_repr: (input) => call(input, "syntax", python2Literal(input.value), "Python 2 dict repr: u'…' strings, non-ASCII as \\x, \\u escapes"),
  // Glaive-trained fine-tunes: the JSON arguments between single quotes, as written (their escapes JSON's).
  content_glaive: content("Glaive <functioncall>", (input, json) => `<functioncall> {"name": "${input.tool.name}", "arguments": '${json}'} <|endoftext|>`),
  truncated_in_array: (input) => {
    // Cut inside a list after a complete item: the list may have gone on, so closing it is a guess.
    const key = Object.keys(input.value).find((name) => Array.isArray(input.value[name]) && (input.value[name] as Json[]).length > 0);
    if (key === undefined) return undefined;
    const items = input.value[key] as Json[];
    const kept = items.slice(0, 1 + input.random.int(0, items.length - 1)).map((item) => JSON.stringify(item));
    const { [key]: _cut, ...others } = input.value;
    const raw = `{${[...topLevelMembers(others), `${JSON.stringify(key)}: [${kept.join(", ")}${input.random.pick(["", ",", ", "])}`].join(", ")}`;
    return { class: "unrecoverable", emitted: input.tool.name, raw, expected: null, note: `cut inside the list "${key}" after a complete item` };
  },
  doubled_quote_in_word: (input) => {
    // A Python-style dict whose free-text string writes an apostrophe as SQL and YAML do (`'it''s'`): Python reads `its`.
    const properties = propertiesOf(input);
    const key = Object.keys(input.value).find((name) => properties[name]?.["type"] === "string" && properties[name]?.["enum"] === undefined && properties[name]?.["format"] === undefined && properties[name]?.["pattern"] === undefined);
    if (key === undefined) return undefined;
    const text = input.random.pick(["it''s done", "don''t stop now", "O''Brien''s notes"]);
    const members = Object.entries(input.value).map(([name, member]) => `${pythonString(name)}: ${name === key ? `'${text}'` : pythonLiteral(member)}`);
    return { class: "unrecoverable", emitted: input.tool.name, raw: `{${members.join(", ")}}`, expected: null, note: `"${key}" holds a quote written twice: an escape, two strings in a row, or two quotes` };
  },
  content_shown_call: (input) => {
    // A call under a label that shows it (`Example call:`), or one the model reports or offers rather than makes.
    const lead = input.random.pick(["Example call:", "### Example", "Sample output:", "In the previous turn I called:", "Would you like me to run:", "Don't do this:"]);
    const raw = `${lead}\n<tool_call>\n{"name": "${input.tool.name}", "arguments": ${JSON.stringify(input.value)}}\n</tool_call>`;
    return { class: "unrecoverable", emitted: null, raw, expected: null, note: `a call shown, reported or offered after "${lead}", not made` };
  },
  stray_string_after_last: (input) => {
    // A stray quoted word after the last member (`"path": "b", "c"}`): not the value's text, and not a member.
    const members = topLevelMembers(input.value);
    if (members.length === 0 || typeof Object.values(input.value).at(-1) !== "string") return undefined;
    const raw = `{${members.join(", ")}, ${JSON.stringify(input.random.pick(["and", "done", "end", "c"]))}}`;
    return { class: "unrecoverable", emitted: input.tool.name, raw, expected: null, note: "a stray quoted word after the last member" };
  },
  second_value_other_style: (input) => {
    // A string property sent twice, the second time in another style with another value (`"content"`, `"Content"`).
    const key = Object.keys(input.value).find((name) => typeof input.value[name] === "string" && /^[a-z]/.test(name));
    if (key === undefined || input.tool.parameters["additionalProperties"] !== false) return undefined;
    const other = key[0]!.toUpperCase() + key.slice(1);
    const raw = `{${[...topLevelMembers(input.value), `${JSON.stringify(other)}: ${JSON.stringify(`${String(input.value[key])} (2)`)}`].join(", ")}}`;
    return { class: "unrecoverable", emitted: input.tool.name, raw, expected: null, note: `"${key}" sent twice, as "${other}" with another value: which one was meant is a guess` };
  },
  bracketed_slot: (input) => {
    // A string value left as a template's slot in brackets, unquoted (`"query": [search query]`): never filled in.
    const properties = propertiesOf(input);
    const key = Object.keys(input.value).find((name) => properties[name]?.["type"] === "string" && properties[name]?.["enum"] === undefined);
    if (key === undefined) return undefined;
    const words = key.replace(/[_-]+/g, " ");
    const slot = input.random.pick([`[${words}]`, `[your ${words} here]`, `[insert ${words}]`]);
    const members = Object.entries(input.value).map(([name, member]) => `${JSON.stringify(name)}: ${name === key ? slot : JSON.stringify(member)}`);
    return { ...call(input, "unrecoverable", `{${members.join(", ")}}`, `"${key}" is the slot ${slot}, never filled in`), expected: null };
  },
  number_expression: (input) => {
    // A number written as arithmetic or as two choices (`10 * 60`, `3 or 4`): which number was meant is not written.
    const properties = propertiesOf(input);
    const key = Object.keys(input.value).find((name) => ["integer", "number"].includes(properties[name]?.["type"] as string) && typeof input.value[name] === "number");
    if (key === undefined) return undefined;
    const number = input.value[key] as number;
    const text = input.random.pick([`${number} * 60`, `${number} or ${number + 1}`, `${number} + 1`, `${number} to ${number + 5}`]);
    const members = Object.entries(input.value).map(([name, member]) => `${JSON.stringify(name)}: ${name === key ? text : JSON.stringify(member)}`);
    return { ...call(input, "unrecoverable", `{${members.join(", ")}}`, `"${key}" written as ${JSON.stringify(text)}`), expected: null };
  },
  list_as_prose: (input) => {
    // A list of strings written unquoted with spaces between its items: one item, or several? Nothing says.
    const properties = propertiesOf(input);
    const key = Object.keys(input.value).find((name) => {
      const items = input.value[name];
      return properties[name]?.["type"] === "array" && Array.isArray(items) && items.length >= 2 && items.every((item) => typeof item === "string" && /^[\w.@/-]+$/.test(item));
    });
    if (key === undefined) return undefined;
    const text = (input.value[key] as string[]).join(input.random.pick([" ", " and "]));
    const members = Object.entries(input.value).map(([name, member]) => `${JSON.stringify(name)}: ${name === key ? text : JSON.stringify(member)}`);
    return { ...call(input, "unrecoverable", `{${members.join(", ")}}`, `the list "${key}" written unquoted, its items joined by spaces`), expected: null };
  },
  unicode_spaces: (input) => {
    // The space after each `:` and `,` (outside strings) typed as a space JSON does not allow: a CJK
    // keyboard's ideographic space, or a zero-width, thin or narrow no-break space pasted along.
    const space = input.random.pick(["\u3000", "\u3000", "\u200b", "\u2009", "\u202f"]);
    const json = JSON.stringify(input.value);
    let raw = "";
    let inString = false;
    for (let at = 0; at < json.length; at++) {
      const char = json[at]!;
      raw += char;
      if (char === "\\" && inString) raw += json[++at]!;
      else if (char === '"') inString = !inString;
      else if (!inString && (char === ":" || char === ",")) raw += space;
    }
    if (raw === json) return undefined;
    return call(input, "syntax", raw, `U+${space.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")} as the space after each colon and comma`);
  },
  escaped_value_quotes: (input) => {
    // One string value's quotes escaped once or twice too often (`"query": \"foo\"`), as a model escaping
    // for a JSON string the arguments were never put in; the rest as JSON.
    const key = Object.keys(input.value).find((name) => typeof input.value[name] === "string" && !/["\\\n\r]/.test(input.value[name] as string));
    if (key === undefined) return undefined;
    const escape = input.random.pick(["\\", "\\", "\\\\"]);
    const members = Object.entries(input.value).map(([name, member]) => `${JSON.stringify(name)}: ${name === key ? `${escape}"${String(member)}${escape}"` : JSON.stringify(member)}`);
    return call(input, "syntax", `{${members.join(", ")}}`, `the quotes of "${key}" escaped ${escape.length === 1 ? "once" : "twice"} too often`);
  },
  single_quoted_json: (input) => {
    // The arguments' JSON text sent in single quotes (a Python repr of it, a shell's quoting); only where no
    // backslash or single quote inside makes the two readings differ.
    const json = JSON.stringify(input.value);
    if (/['\\]/.test(json)) return undefined;
    return call(input, "double_encoded", `'${json}'`, "arguments' JSON text in single quotes");
  },
  content_refused_call: (input) => {
    // A call the model refuses or warns against: never made.
    const lead = input.random.pick(["I won't run this, it could be unsafe:", "Do not run:", "Avoid this:", "You should never call something like", "Incorrect:"]);
    const raw = `${lead}\n<tool_call>\n{"name": "${input.tool.name}", "arguments": ${JSON.stringify(input.value)}}\n</tool_call>`;
    return { class: "unrecoverable", emitted: null, raw, expected: null, note: `a call refused or warned against after "${lead}", not made` };
  },
  content_suggested_call: (input) => {
    // A call suggested to the reader, or one the model imagines making.
    const lead = input.random.pick(["You could call:", "Alternatively, you can use:", "I can't call tools here, but the call would be:", "If you want, run:", "My next step would be:"]);
    const raw = `${lead}\n[${pythonicCall(input.tool.name, input.value)}]`;
    return { class: "unrecoverable", emitted: null, raw, expected: null, note: `a call suggested or imagined after "${lead}", not made` };
  },
  content_echoed_call: (input) => {
    // A call echoed from someone's words or a tool's output: quoted, not made.
    const text = `<tool_call>{"name": "${input.tool.name}", "arguments": ${JSON.stringify(input.value)}}</tool_call>`;
    const raw = input.random.pick([`The user wrote:\n${text}`, `Tool result:\n${text}`, `Observation:\n${text}`, `The previous call was:\n${text}`, `You asked: "${text}", is that right?`]);
    return { class: "unrecoverable", emitted: null, raw, expected: null, note: "a call echoed from someone's words or a tool's output, not made" };
  },
  content_retracted_call: (input) => {
    // A call the text takes back right after it: which call the model meant is open.
    const after = input.random.pick(["Wait, actually, that's the wrong one.", "Oops, wrong arguments.", "No wait, I should ask the user first.", "Sorry, that call was a mistake.", "Hmm, but that's not what the user asked for."]);
    const raw = `<tool_call>\n{"name": "${input.tool.name}", "arguments": ${JSON.stringify(input.value)}}\n</tool_call>\n${after}`;
    return { class: "unrecoverable", emitted: null, raw, expected: null, note: `a call taken back after it ("${after}")` };
  },
  content_looped_call: (input) => {
    // One call written again and again: a generation stuck in a loop, not calls the model chose.
    const text = `<tool_call>\n{"name": "${input.tool.name}", "arguments": ${JSON.stringify(input.value)}}\n</tool_call>`;
    const copies = input.random.int(9, 24);
    return { class: "unrecoverable", emitted: null, raw: Array.from({ length: copies }, () => text).join("\n"), expected: null, note: `one call written ${copies} times in a loop` };
  },
  content_cut_after_name: (input) => ({
    // Cut by the token limit right after the function's opening tag: the arguments may have followed.
    class: "unrecoverable",
    emitted: null,
    raw: `${input.random.pick(["", "Let me check.\n"])}<tool_call>\n<function=${input.tool.name}>${input.random.pick(["", "\n"])}`,
    expected: null,
    note: "a Qwen3-Coder call cut right after its name",
  }),
  content_repeated_call: (input) => {
    // The same call two or three times, as a user who asked for it twice gets: read, each one.
    const text = `<tool_call>\n{"name": "${input.tool.name}", "arguments": ${JSON.stringify(input.value)}}\n</tool_call>`;
    const copies = input.random.int(2, 3);
    return { class: "content_embedded_call", emitted: null, raw: Array.from({ length: copies }, () => text).join("\n"), expected: input.value, note: `the same call written ${copies} times` };
  },
  content_call_then_note: (input) => {
    // A call, then a sentence about it that takes nothing back.
    const after = input.random.pick(["This will return the result shortly.", "Actually, let me also summarise once it returns.", "Wait for the result before answering."]);
    const raw = `<tool_call>\n{"name": "${input.tool.name}", "arguments": ${JSON.stringify(input.value)}}\n</tool_call>\n${after}`;
    return { class: "content_embedded_call", emitted: null, raw, expected: input.value, note: `a call, then "${after}"` };
  },
  stray_closer: (input) => {
    // A `]` typed once too often after the last member, whose property takes no list (a `[` lost is no reading then).
    const keys = Object.keys(input.value);
    const last = keys[keys.length - 1];
    if (last === undefined) return undefined;
    const type = propertiesOf(input)[last]?.["type"];
    if (type === undefined || type === "array" || (Array.isArray(type) && type.includes("array"))) return undefined;
    const json = JSON.stringify(input.value);
    return call(input, "syntax", `${json.slice(0, -1)}]}`, `a stray \`]\` after the last member "${last}"`);
  },
  content_proposed_call: (input) => {
    // A call followed by a question that asks before making it: proposed, not made.
    const after = input.random.pick(["Shall I proceed?", "Does this look right?", "Let me know if you want me to run it.", "Should I go ahead?"]);
    const raw = `<tool_call>\n{"name": "${input.tool.name}", "arguments": ${JSON.stringify(input.value)}}\n</tool_call>\n${after}`;
    return { class: "unrecoverable", emitted: null, raw, expected: null, note: `a call proposed, then "${after}"` };
  },
  content_commented_call: (input) => {
    // A call commented out on its line.
    const text = `<tool_call>{"name": "${input.tool.name}", "arguments": ${JSON.stringify(input.value)}}</tool_call>`;
    const raw = input.random.pick([`// ${text}`, `<!-- ${text} -->`, `# [${pythonicCall(input.tool.name, input.value)}]`]);
    return { class: "unrecoverable", emitted: null, raw, expected: null, note: "a call commented out on its line" };
  },
  content_duplicate_key: (input) => {
    // A string argument written twice with two values in the call's JSON: which one the model meant is a guess.
    const key = Object.keys(input.value).find((name) => typeof input.value[name] === "string");
    if (key === undefined) return undefined;
    const other = input.random.pick(["other", "second try", "x"]);
    if (other === input.value[key]) return undefined;
    const members = [...topLevelMembers(input.value), `${JSON.stringify(key)}: ${JSON.stringify(other)}`];
    const raw = `<tool_call>\n{"name": "${input.tool.name}", "arguments": {${members.join(", ")}}}\n</tool_call>`;
    return { class: "unrecoverable", emitted: null, raw, expected: null, note: `"${key}" written twice in the call's JSON, with two values` };
  },
  mixed_quotes_at_member: (input) => {
    // A member's key opened with `'` and closed with `"` (`'key":`); when the member before ends in a plain string,
    // sometimes that string closed with `'` too (`…text','key":`), as models mix quotes where members meet.
    const keys = Object.keys(input.value);
    const at = keys.findIndex((key, index) => index > 0 && !/["'\\]/.test(key));
    if (at === -1) return undefined;
    const previous = input.value[keys[at - 1]!];
    const members = topLevelMembers(input.value);
    const valueSide = typeof previous === "string" && previous !== "" && !/["'\\\n]/.test(previous) && input.random.int(0, 1) === 1;
    if (valueSide) members[at - 1] = `${members[at - 1]!.slice(0, -1)}'`;
    members[at] = `'${members[at]!.slice(1).replace(/^([^"]*)"/, '$1"')}`;
    const raw = `{${members.join(",")}}`;
    return call(input, "syntax", raw, valueSide ? `"${keys[at - 1]!}" closed and "${keys[at]!}" opened with ' (\`','${keys[at]!}":\`)` : `"${keys[at]!}" opened with ' and closed with "`);
  },
  fullwidth_punctuation: (input) => {
    // JSON's colons and commas typed in their fullwidth form (`：`, `，`), as an East Asian input method writes them.
    const members = topLevelMembers(input.value).map((member) => member.replace(/^("(?:[^"\\]|\\.)*"): /, "$1："));
    if (members.length < 2) return undefined;
    return call(input, "syntax", `{${members.join("，")}}`, "colons and commas between members typed fullwidth (：，)");
  },
  nested_braces_doubled: (input) => {
    // A nested object (a member's value, or a list's first item) written inside a second pair of braces.
    const isObject = (value: Json | undefined): value is { [key: string]: Json } =>
      value !== null && value !== undefined && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length > 0;
    const key = Object.keys(input.value).find((name) => {
      const member = input.value[name];
      return isObject(member) || (Array.isArray(member) && isObject(member[0]));
    });
    if (key === undefined) return undefined;
    const member = input.value[key]!;
    const doubled = Array.isArray(member)
      ? `[${member.map((item, index) => (index === 0 ? `{${JSON.stringify(item)}}` : JSON.stringify(item))).join(", ")}]`
      : `{${JSON.stringify(member)}}`;
    const members = Object.entries(input.value).map(([name, value]) => `${JSON.stringify(name)}: ${name === key ? doubled : JSON.stringify(value)}`);
    return call(input, "syntax", `{${members.join(", ")}}`, `the braces of an object inside "${key}" typed twice`);
  },
};
