/**
 * Valid calls written in each call format the engine reads, and the texts a
 * cut leaves of them: every prefix, classed by what the case conventions
 * (test/fixtures/cases/README.md) say of it. A cut inside the call's opening
 * markup, its tool name, a key, a string, a list or a literal, or right after
 * a colon, leaves the value open: no repair is right. A cut that falls
 * between members (or after the last one, where only closers are missing)
 * leaves the members written so far: a repair may give exactly those.
 */
import { generatorTools, type GeneratorTool } from "../../scripts/cases/schemas.ts";
import { createRandom } from "../../scripts/cases/random.ts";
import { objectFor, type Json } from "../../scripts/cases/values.ts";
import { pythonLiteral, rawParameter } from "../../scripts/cases/serialize.ts";

type Value = { [key: string]: Json };

/**
 * One member as written: where it starts (its key), where its key ends (before
 * the colon, `=` or the tag's `>`), where its value starts, where it ends (its
 * closer, for tag formats).
 */
interface MemberSpan {
  readonly key: string;
  readonly start: number;
  readonly keyEnd: number;
  readonly valueStart: number;
  readonly end: number;
  readonly value: Json;
}

export interface WrittenCall {
  readonly text: string;
  readonly members: readonly MemberSpan[];
  /** The arguments are a structured call's (the text is the arguments), not a call written in the content. */
  readonly structured: boolean;
}

interface Format {
  /** Members' text, the separator between them, and the markup before and after. */
  readonly prefix: (name: string) => string;
  readonly member: (key: string, value: Json) => { text: string; keyAt: number; valueAt: number };
  /** A member whose value is written as `raw` (a mark where a value goes); `undefined` where the format writes values as text. */
  readonly rawMember?: (key: string, raw: string) => string;
  /** What stands for members left out, written where the next member would go. */
  readonly elision: string;
  readonly separator: string;
  readonly suffix: string;
  readonly structured?: true;
}

const jsonMember = (key: string, value: Json) => ({ text: `${JSON.stringify(key)}: ${JSON.stringify(value)}`, keyAt: JSON.stringify(key).length, valueAt: JSON.stringify(key).length + 2 });

const jsonIn = (prefix: (name: string) => string, suffix: string): Format => ({
  prefix: (name) => `${prefix(name)}{`,
  member: jsonMember,
  rawMember: (key, raw) => `${JSON.stringify(key)}: ${raw}`,
  elision: "...",
  separator: ", ",
  suffix: `}${suffix}`,
});

/** Every call format the generator writes, by name. */
export const CUT_FORMATS: Readonly<Record<string, Format>> = {
  structured: { ...jsonIn(() => "", ""), structured: true },
  hermes: jsonIn((name) => `<tool_call>\n{"name": "${name}", "arguments": `, "}\n</tool_call>"),
  function_tag: jsonIn((name) => `<function=${name}>`, "</function>"),
  mistral_list: jsonIn((name) => `[TOOL_CALLS][{"name": "${name}", "arguments": `, "}]"),
  mistral_args: jsonIn((name) => `[TOOL_CALLS]${name}[ARGS]`, ""),
  python_tag: jsonIn((name) => `<|python_tag|>{"name": "${name}", "parameters": `, "}"),
  harmony: jsonIn((name) => `<|start|>assistant<|channel|>commentary to=functions.${name} <|constrain|>json<|message|>`, "<|call|>"),
  fenced_json: jsonIn((name) => `\`\`\`json\n{"name": "${name}", "arguments": `, "}\n```"),
  bare_json: jsonIn((name) => `{"name": "${name}", "arguments": `, "}"),
  deepseek_v3: jsonIn((name) => `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>${name}\n\`\`\`json\n`, "\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>"),
  kimi: jsonIn(
    (name) => `<|tool_calls_section_begin|><|tool_call_begin|>functions.${name}:0<|tool_call_argument_begin|>`,
    "<|tool_call_end|><|tool_calls_section_end|>",
  ),
  qwen3_coder: {
    prefix: (name) => `<tool_call>\n<function=${name}>\n`,
    member: (key, value) => ({ text: `<parameter=${key}>\n${rawParameter(value)}\n</parameter>`, keyAt: `<parameter=${key}`.length, valueAt: `<parameter=${key}>\n`.length }),
    elision: "...",
    separator: "\n",
    suffix: "\n</function>\n</tool_call>",
  },
  glm: {
    prefix: (name) => `<tool_call>${name}\n`,
    member: (key, value) => ({
      text: `<arg_key>${key}</arg_key>\n<arg_value>${rawParameter(value)}</arg_value>`,
      keyAt: `<arg_key>${key}</arg_key>`.length,
      valueAt: `<arg_key>${key}</arg_key>\n<arg_value>`.length,
    }),
    elision: "...",
    separator: "\n",
    suffix: "\n</tool_call>",
  },
  dsml: {
    prefix: (name) => `<｜DSML｜function_calls>\n<｜DSML｜invoke name="${name}">\n`,
    member: (key, value) => {
      const open = `<｜DSML｜parameter name="${key}" string="${typeof value === "string"}">`;
      return { text: `${open}${rawParameter(value)}</｜DSML｜parameter>`, keyAt: `<｜DSML｜parameter name="${key}"`.length, valueAt: open.length };
    },
    elision: "...",
    separator: "\n",
    suffix: "\n</｜DSML｜invoke>\n</｜DSML｜function_calls>",
  },
  minimax: {
    prefix: (name) => `<minimax:tool_call>\n<invoke name="${name}">\n`,
    member: (key, value) => ({ text: `<parameter name="${key}">${rawParameter(value)}</parameter>`, keyAt: `<parameter name="${key}"`.length, valueAt: `<parameter name="${key}">`.length }),
    elision: "...",
    separator: "\n",
    suffix: "\n</invoke>\n</minimax:tool_call>",
  },
  pythonic: {
    prefix: (name) => `[${name}(`,
    member: (key, value) => ({ text: `${key}=${pythonLiteral(value)}`, keyAt: key.length, valueAt: key.length + 1 }),
    rawMember: (key, raw) => `${key}=${raw}`,
    elision: "...",
    separator: ", ",
    suffix: ")]",
  },
};

/**
 * Formats kept out of tuning: decided before any result was seen, so that the
 * figure on them says how the rules carry to formats nobody looked at.
 */
export const HELD_FORMATS: ReadonlySet<string> = new Set(["minimax", "kimi", "pythonic", "harmony"]);

export function writeCall(format: Format, name: string, value: Value): WrittenCall {
  const prefix = format.prefix(name);
  let text = prefix;
  const members: MemberSpan[] = [];
  Object.entries(value).forEach(([key, member], index) => {
    if (index > 0) text += format.separator;
    const written = format.member(key, member);
    members.push({ key, start: text.length, keyEnd: text.length + written.keyAt, valueStart: text.length + written.valueAt, end: text.length + written.text.length, value: member });
    text += written.text;
  });
  return { text: text + format.suffix, members, structured: format.structured === true };
}

export type CutKind =
  /** Inside the opening markup or the tool name: no arguments yet. */
  | "opening"
  /** Inside a member: its key, the colon, its value or the value's closer. */
  | "member"
  /** Between two members (also inside the next one's key), or after the last one: only closers (and later members) missing. */
  | "between";

export interface Cut {
  readonly text: string;
  readonly kind: CutKind;
  /** The members complete before the cut: the one value a repair may give (only for `between`). */
  readonly complete: Value;
}

/**
 * Every prefix of the call, classed. Left out: prefixes that end inside a
 * number or inside a JSON object value (the conventions take a number at the
 * end of a text not said to be cut as whole, and close a nested object cut
 * after a complete member), and prefixes that differ from the last only by
 * space at the end.
 */
export function cutsOf(call: WrittenCall, finishReason: "length" | undefined): Cut[] {
  const cuts: Cut[] = [];
  const first = call.members[0]?.start ?? call.text.length;
  for (let at = 1; at < call.text.length; at++) {
    if (/\s/.test(call.text[at - 1]!)) continue;
    const text = call.text.slice(0, at);
    if (at <= first) {
      cuts.push({ text, kind: "opening", complete: {} });
      continue;
    }
    // A key cut before its colon (or its tag's `>`) holds no value yet: the members before it are all the text says.
    const inside = call.members.find((member) => member.keyEnd < at && at < member.end);
    const complete = Object.fromEntries(call.members.filter((member) => member.end <= at).map((member) => [member.key, member.value]));
    if (inside === undefined) {
      cuts.push({ text, kind: "between", complete });
      continue;
    }
    const inValue = at > inside.valueStart;
    if (inValue && typeof inside.value === "number" && finishReason !== "length" && !/\D/.test(call.text.slice(inside.valueStart, at).replace(/^-/, "").replace(".", ""))) continue;
    if (inValue && typeof inside.value === "object" && inside.value !== null && !Array.isArray(inside.value) && !call.text.slice(inside.start, inside.end).includes("<")) continue;
    cuts.push({ text, kind: "member", complete });
  }
  return cuts;
}

export interface CutSample {
  readonly tool: GeneratorTool;
  readonly value: Value;
}

/** `count` valid calls, each of a generator tool, from a fixed seed. */
export function cutSamples(count: number, seed: number): CutSample[] {
  const random = createRandom(seed);
  return Array.from({ length: count }, (_, index) => {
    const tool = generatorTools[index % generatorTools.length]!;
    return { tool, value: objectFor(tool.parameters, random) };
  });
}

/** A text that leaves the value open other than by a cut, and what it does. */
export interface OpenText {
  readonly kind: string;
  readonly text: string;
}

function writeMembers(format: Format, name: string, members: readonly string[]): string {
  return `${format.prefix(name)}${members.join(format.separator)}${format.suffix}`;
}

/** A list value with its last items left out and marked so, in the format's writing of values. */
function elidedList(format: Format, items: readonly Json[]): string | undefined {
  if (items.length === 0 || format.rawMember === undefined) return undefined;
  const written = format === CUT_FORMATS.pythonic ? items.map((item) => pythonLiteral(item)) : items.map((item) => JSON.stringify(item));
  return `[${[...written, "..."].join(", ")}]`;
}

/**
 * The call written with a mark where the text leaves the value open, by the
 * conventions: members left out (`...` after the first), a list's items left out,
 * a language's word for no value where a value goes (`undefined`, `NaN`), the
 * arguments' members elided in a comment. No repair of any of them is right.
 */
export function openTexts(formatName: string, name: string, value: Value): OpenText[] {
  const format = CUT_FORMATS[formatName]!;
  const entries = Object.entries(value);
  const written = entries.map(([key, member]) => format.member(key, member).text);
  const texts: OpenText[] = [];
  if (entries.length >= 1) texts.push({ kind: "members elided", text: writeMembers(format, name, [written[0]!, format.elision]) });
  const listAt = entries.findIndex(([, member]) => Array.isArray(member) && member.length > 0);
  const list = listAt < 0 ? undefined : elidedList(format, entries[listAt]![1] as Json[]);
  if (list !== undefined) {
    texts.push({ kind: "list items elided", text: writeMembers(format, name, written.map((text, index) => (index === listAt ? format.rawMember!(entries[index]![0], list) : text))) });
  }
  // Pythonic calls spell no value `None`, a real value: only JSON's formats here.
  if (format.rawMember !== undefined && format !== CUT_FORMATS.pythonic) {
    for (const word of ["undefined", "NaN"]) {
      const at = entries.length - 1;
      texts.push({ kind: `${word} as a value`, text: writeMembers(format, name, written.map((text, index) => (index === at ? format.rawMember!(entries[index]![0], word) : text))) });
    }
    texts.push({ kind: "members elided in a comment", text: writeMembers(format, name, [written[0]!, "/* ... */"]) });
  }
  return texts;
}
