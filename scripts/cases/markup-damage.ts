/**
 * Damaged markup: a valid call written in one of the markup formats
 * (matrix-formats.ts), then broken the way models and servers break it
 * (a value's closer left out, a call's closer missing at the end, a
 * wrapper's opener or closer lost, a stray closer before the calls, the call
 * glued to prose or inside a sentence, a namespace on the name, the special
 * tokens stripped by a server, the fence dropped). Each operator says what
 * the text then means, from the documented rules (docs/repair-engine.md):
 * the calls when the damage leaves one reading, a refusal when it leaves two.
 *
 * The held part was chosen before any result was seen, by a seeded hash of
 * the names (`fnv1a("markup-damage-held:" + name)`: operators `% 4 === 0`,
 * formats `% 5 === 0`), and is only ever counted.
 */
import { createRandom, type Random } from "./random.ts";
import { generatorTools, type GeneratorTool } from "./schemas.ts";
import { objectFor } from "./values.ts";
import { jsonStyles, matrixFormats, type Args, type Layout, type MatrixCall } from "./matrix-formats.ts";
import type { MatrixCase, MatrixPart } from "./format-matrix.ts";

export const HELD_OPERATORS: ReadonlySet<string> = new Set(["value_unclosed_before_next", "wrapper_closer_dropped", "namespaced_name"]);
export const HELD_FORMATS: ReadonlySet<string> = new Set(["minimax_m2", "nemotron", "deepseek_v3"]);

/** Where a format's markup is: the strings the operators cut, move or repeat. */
interface Anatomy {
  /** A value's closer and the opener of the next argument (element formats). */
  readonly valueClose?: string;
  readonly nextArgument?: string;
  /** The call's own closer: what says its arguments are complete. */
  readonly callClose: string;
  /** The block around the calls, when it is not the call's own tags. */
  readonly wrapOpen?: string;
  readonly wrapClose?: string;
  /** What stands right before the tool's name. */
  readonly beforeName?: string;
  /** The format's tags are the model's special tokens: a value cannot hold them, so a value ends at the next one. */
  readonly specialTags?: boolean;
  /** The arguments are one JSON object (their brackets are their end). */
  readonly json?: boolean;
  /**
   * GLM's tags where they are text, not the model's tokens (IQuest's, TeleChat's, Spark's blocks): a value whose
   * closer was left out is not read, not even before the call's closer (their own parsers drop such a call).
   */
  readonly textArgTags?: boolean;
  /** A wrapper whose closer does not end a call left open inside it (Hunyuan's `<tool_calls>`: its parsers drop the call). */
  readonly wrapperEndsNoCall?: boolean;
  /** Gemini's syntax, whose namespaces are joined with `:` (`call:default_api:get_time`, `call:mcp:get_time`). */
  readonly colonNamespaces?: boolean;
}

const qwen = (wrap: string): Anatomy => ({
  valueClose: "</parameter>",
  nextArgument: "<parameter=",
  callClose: "</function>",
  wrapOpen: `<${wrap}>`,
  wrapClose: `</${wrap}>`,
  beforeName: "<function=",
});
const invoke = (wrap: string, prefix = "", special = false): Anatomy => ({
  valueClose: `</${prefix}parameter>`,
  nextArgument: `<${prefix}parameter name=`,
  callClose: `</${prefix}invoke>`,
  wrapOpen: `<${prefix}${wrap}>`,
  wrapClose: `</${prefix}${wrap}>`,
  beforeName: `<${prefix}invoke name="`,
  specialTags: special,
});

export const anatomies: Readonly<Record<string, Anatomy>> = {
  qwen3_coder: qwen("tool_call"),
  seed_oss: qwen("seed:tool_call"),
  longcat: qwen("longcat_tool_call"),
  glm: { valueClose: "</arg_value>", nextArgument: "<arg_key>", callClose: "</tool_call>", beforeName: "<tool_call>", specialTags: true },
  iquest: { valueClose: "</arg_value>", nextArgument: "<arg_key>", callClose: "</iquest_tool_call>", beforeName: "<iquest_tool_call>", textArgTags: true },
  telechat: { valueClose: "</param_value>", nextArgument: "<param_key>", callClose: "</tool_call>", beforeName: "<tool_call>", textArgTags: true },
  hunyuan_hy3: { valueClose: "</arg_value>", callClose: "</tool_call>", wrapOpen: "<tool_calls>", wrapClose: "</tool_calls>", beforeName: "<tool_call>", wrapperEndsNoCall: true },
  spark: { valueClose: "</arg_value>", nextArgument: "<arg_key>", callClose: "<|/tool_call|>", beforeName: "<|tool_call|>", textArgTags: true },
  minimax_m2: invoke("minimax:tool_call"),
  claude_xml: invoke("function_calls"),
  dots: invoke("dots_function_call"),
  dsml: invoke("function_calls", "｜DSML｜", true),
  gcml: invoke("tool_calls", "｜GCML｜", true),
  step3: {
    valueClose: "</steptml:parameter>",
    nextArgument: "<steptml:parameter name=",
    callClose: "</steptml:invoke>",
    wrapOpen: "<｜tool_calls_begin｜>",
    wrapClose: "<｜tool_calls_end｜>",
    beforeName: '<steptml:invoke name="',
  },
  hermes: { callClose: "</tool_call>", json: true },
  function_tag: { callClose: "</function>", beforeName: "<function=", json: true },
  tool_use_json: { callClose: "</tool_use>", json: true },
  nemotron: { callClose: "</TOOLCALL>", json: true },
  hunyuan_json: { callClose: "</tool_calls>", json: true },
  lm_studio: { callClose: "[END_TOOL_REQUEST]", json: true },
  kimi_k2: { callClose: "<|tool_call_end|>", wrapOpen: "<|tool_calls_section_begin|>", wrapClose: "<|tool_calls_section_end|>", json: true },
  deepseek_v31: { callClose: "<｜tool▁call▁end｜>", wrapOpen: "<｜tool▁calls▁begin｜>", wrapClose: "<｜tool▁calls▁end｜>", beforeName: "<｜tool▁call▁begin｜>", json: true },
  deepseek_v3: { callClose: "<｜tool▁call▁end｜>", wrapOpen: "<｜tool▁calls▁begin｜>", wrapClose: "<｜tool▁calls▁end｜>", beforeName: "<｜tool▁sep｜>", json: true },
  harmony: { callClose: "<|call|>", beforeName: "to=functions.", json: true },
  mlx_function: { callClose: "</tool_call>", beforeName: "<function>", json: true },
  tool_use_elements: { callClose: "</tool_use>", beforeName: "<name>", json: true },
  // Gemini's call syntax: bare keys, its own quote tokens; the object's brackets end the arguments.
  gemini: { callClose: "<ctrl43>", beforeName: "call:", json: true, colonNamespaces: true },
  gemma4: { callClose: "<tool_call|>", beforeName: "call:", json: true, colonNamespaces: true },
  functiongemma: { callClose: "<end_function_call>", beforeName: "call:", json: true, colonNamespaces: true },
};

/** What a damaged text means: the calls, or a refusal (two readings, or none). */
type Outcome = "calls" | "refuse";
interface Damaged {
  readonly text: string;
  readonly outcome: Outcome;
}
/** An operator: the damaged text and its meaning, or `undefined` where it does not apply to the format or the text. */
type Operator = (text: string, format: string, anatomy: Anatomy, calls: readonly MatrixCall[], random: Random) => Damaged | undefined;

/** Closers of a sibling format, by the value closer they stand in for. */
const SIBLING_CLOSERS: Readonly<Record<string, readonly string[]>> = {
  "</parameter>": ["</param>", "</arg_value>", "</｜DSML｜parameter>"],
  "</arg_value>": ["</param_value>", "</parameter>"],
  "</param_value>": ["</arg_value>"],
  "</｜DSML｜parameter>": ["</parameter>"],
  "</｜GCML｜parameter>": ["</parameter>", "</｜DSML｜parameter>"],
  "</steptml:parameter>": ["</parameter>"],
};

/** `text` with the first `piece` at or after `from` replaced; `undefined` when there is none. */
function replaceFirst(text: string, piece: string, by: string, from = 0): string | undefined {
  const at = text.indexOf(piece, from);
  return at < 0 ? undefined : text.slice(0, at) + by + text.slice(at + piece.length);
}
function replaceLast(text: string, piece: string, by: string): string | undefined {
  const at = text.lastIndexOf(piece);
  return at < 0 ? undefined : text.slice(0, at) + by + text.slice(at + piece.length);
}
const SPACE = /^\s*/;

export const operators: Readonly<Record<string, Operator>> = {
  /**
   * The first value's closer left out, the next argument's opener right after it. Where the tags are the
   * model's special tokens (GLM, DSML, GCML) a value cannot hold the opener, so it ends there; in a format of
   * plain tags the value may hold the opener's text (markup quoted in it): two readings.
   */
  value_unclosed_before_next: (text, _format, anatomy) => {
    if (anatomy.valueClose === undefined || anatomy.nextArgument === undefined) return undefined;
    const at = text.indexOf(anatomy.valueClose);
    if (at < 0) return undefined;
    const after = at + anatomy.valueClose.length;
    const gap = SPACE.exec(text.slice(after))![0];
    if (!text.startsWith(anatomy.nextArgument, after + gap.length)) return undefined;
    return { text: text.slice(0, at) + text.slice(after + gap.length), outcome: anatomy.specialTags === true ? "calls" : "refuse" };
  },
  /**
   * The last value's closer left out right before the call's own closer: the value cannot run on past the
   * call's end (the call then never closes), so it ends there; GLM's tags as text are not read so.
   */
  value_unclosed_before_call_end: (text, _format, anatomy) => {
    if (anatomy.valueClose === undefined) return undefined;
    const close = text.lastIndexOf(anatomy.callClose);
    const at = text.lastIndexOf(anatomy.valueClose, close);
    if (close < 0 || at < 0 || text.slice(at + anatomy.valueClose.length, close).trim() !== "") return undefined;
    return { text: text.slice(0, at) + text.slice(at + anatomy.valueClose.length), outcome: anatomy.textArgTags === true ? "refuse" : "calls" };
  },
  /**
   * The text ends where the call's closer should be. Element arguments: the list may have gone on (refused).
   * One JSON object: its brackets are the arguments' end (read).
   */
  call_unclosed_at_end: (text, format, anatomy) => {
    const at = text.lastIndexOf(anatomy.callClose);
    if (at < 0) return undefined;
    // The list formats close their list after the calls: cut there too and the list is open (another case).
    if (["nemotron", "hunyuan_json"].includes(format)) return undefined;
    return { text: text.slice(0, at).trimEnd(), outcome: anatomy.json === true ? "calls" : "refuse" };
  },
  /** The call's own closer left out, the wrapper's closer right after the last value: it comes only after a finished call. */
  call_closer_left_to_wrapper: (text, _format, anatomy) => {
    if (anatomy.wrapClose === undefined || anatomy.json === true) return undefined;
    const at = text.lastIndexOf(anatomy.callClose);
    const wrap = text.indexOf(anatomy.wrapClose, at);
    if (at < 0 || wrap < 0 || text.slice(at + anatomy.callClose.length, wrap).trim() !== "") return undefined;
    return { text: text.slice(0, at) + text.slice(wrap), outcome: anatomy.wrapperEndsNoCall === true ? "refuse" : "calls" };
  },
  /** The wrapper's closer left out after calls that each closed: no argument is lost. */
  wrapper_closer_dropped: (text, _format, anatomy) => {
    if (anatomy.wrapClose === undefined) return undefined;
    const damaged = replaceLast(text, anatomy.wrapClose, "");
    return damaged === undefined ? undefined : { text: damaged.trimEnd(), outcome: "calls" };
  },
  /** The wrapper's opener lost, its closer kept after the closed calls: that closer is markup. */
  wrapper_opener_dropped: (text, _format, anatomy) => {
    if (anatomy.wrapOpen === undefined) return undefined;
    const damaged = replaceFirst(text, anatomy.wrapOpen, "");
    return damaged === undefined ? undefined : { text: damaged.trimStart(), outcome: "calls" };
  },
  /**
   * Both of the above at once: the wrapper's opener lost and the call's own closer left out, the wrapper's closer
   * right after the last value (`<function=f>…</tool_call>`). The wrapper's closer still ends a finished call.
   */
  wrapper_opener_and_call_closer_dropped: (text, _format, anatomy) => {
    if (anatomy.wrapOpen === undefined || anatomy.wrapClose === undefined || anatomy.json === true) return undefined;
    const at = text.lastIndexOf(anatomy.callClose);
    const wrap = text.indexOf(anatomy.wrapClose, at);
    if (at < 0 || wrap < 0 || text.slice(at + anatomy.callClose.length, wrap).trim() !== "") return undefined;
    const damaged = replaceFirst(text.slice(0, at) + text.slice(wrap), anatomy.wrapOpen, "");
    return damaged === undefined ? undefined : { text: damaged.trimStart(), outcome: anatomy.wrapperEndsNoCall === true ? "refuse" : "calls" };
  },
  /** A call tag's closer no opener pairs, before the calls: a piece cut from a longer text. */
  orphan_closer_before: (text, _format, anatomy) => {
    const closer = anatomy.wrapClose ?? anatomy.callClose;
    if (!closer.startsWith("</")) return undefined;
    return { text: `${closer}\n${text}`, outcome: "refuse" };
  },
  /** Glued to the end of a sentence that announces it: read wherever a marked call stands in its line. */
  glued_after_sentence: (text) => ({ text: `Let me check that now.${text}`, outcome: "calls" }),
  /** Inside a sentence that only mentions it (words before it, the sentence going on after it): shown, not made. */
  inside_sentence: (text) => {
    if (text.includes("\n")) return undefined;
    return { text: `The log showed ${text} and nothing else happened.`, outcome: "refuse" };
  },
  /** The tool's name under a namespace the engine documents (`functions.`; Gemini's `default_api:`, `mcp:`): the declared name. */
  namespaced_name: (text, format, anatomy, calls, random) => {
    if (anatomy.beforeName === undefined || format === "harmony") return undefined;
    const namespace = anatomy.colonNamespaces === true ? random.pick(["functions.", "default_api:", "mcp:"]) : "functions.";
    const damaged = replaceFirst(text, `${anatomy.beforeName}${calls[0]!.name}`, `${anatomy.beforeName}${namespace}${calls[0]!.name}`);
    return damaged === undefined ? undefined : { text: damaged, outcome: "calls" };
  },
  /**
   * A server that strips the special tokens: what is left is a documented bare form (Hermes' JSON call
   * opening a line, Kimi's `functions.name:0{…}`, DeepSeek V3.1's `name{…}` alone on its line, GLM's body).
   */
  special_tokens_stripped: (text, format, _anatomy, calls) => {
    // GLM's body without its call tags, each call opening a line; a call without arguments is then a bare word, and a
    // value holding the tags would lose them too.
    if (format === "glm") {
      if (calls.some((call) => Object.keys(call.args).length === 0) || /tool_call|arg_(?:key|value)/.test(JSON.stringify(calls))) return undefined;
      return { text: text.replace(/<\/?tool_call>/g, "").trim(), outcome: "calls" };
    }
    const tokens: Record<string, RegExp> = {
      hermes: /<\/?tool_call>/g,
      kimi_k2: /<\|[a-z_]+\|>/g,
      deepseek_v31: /<｜[^｜]+｜>/g,
      // Gemma's call tokens, its quote token kept (a separate token the server printed).
      gemma4: /<\|tool_call>|<tool_call\|>/g,
    };
    const pattern = tokens[format];
    if (pattern === undefined) return undefined;
    return { text: text.replace(pattern, "").trim(), outcome: "calls" };
  },
  /** DeepSeek V3's ```json fence around the arguments left out: the object still sits between the name's line and the call's end token. */
  fence_dropped: (text, format) => {
    if (format !== "deepseek_v3") return undefined;
    return { text: text.replace(/```json\r?\n/g, "").replace(/\r?\n```(?=<｜tool▁call▁end｜>)/g, "\n"), outcome: "calls" };
  },
  /** Hermes' call with the name as the tag's attribute and the arguments as the body (a documented form). */
  name_in_attribute: (text, format, _anatomy, calls) => {
    if (format !== "hermes" || calls.length !== 1) return undefined;
    return { text: `<tool_call name="${calls[0]!.name}">${JSON.stringify(calls[0]!.args)}</tool_call>`, outcome: "calls" };
  },
  // Appended last: the seeds of the operators before it stay as they were.
  /**
   * The call's id added to its tag as an attribute (`<tool_call id="call_1">`, `<tool_use id="toolu_01">`,
   * `<invoke name="…" id="call_1">`): it names the call and says nothing of its arguments.
   */
  call_id_attribute: (text, format, _anatomy, calls) => {
    let index = 0;
    const id = (): string => `${format === "tool_use_json" ? "toolu_0" : "call_"}${++index}`;
    if (format === "hermes" || format === "tool_use_json") {
      const tag = format === "hermes" ? "<tool_call>" : "<tool_use>";
      return { text: text.replaceAll(tag, () => `${tag.slice(0, -1)} id="${id()}">`), outcome: "calls" };
    }
    if (!["minimax_m2", "claude_xml", "dots", "dsml", "gcml", "step3"].includes(format)) return undefined;
    let damaged = text;
    for (const call of calls) damaged = replaceFirst(damaged, `name="${call.name}">`, `name="${call.name}" id="${id()}">`) ?? damaged;
    return { text: damaged, outcome: "calls" };
  },
  /**
   * A value closed by a sibling format's closer (DSML's by the plain `</parameter>`, Qwen3-Coder's by llama.cpp's
   * `</param>` or GLM's `</arg_value>`, GLM's by TeleChat's `</param_value>`, …): the closer written wrong, or that
   * tag inside a value whose own closer was left out. Two readings.
   */
  sibling_value_closer: (text, _format, anatomy, _calls, random) => {
    const siblings = anatomy.valueClose === undefined ? undefined : SIBLING_CLOSERS[anatomy.valueClose];
    if (siblings === undefined) return undefined;
    const at = random.chance(0.5) ? text.indexOf(anatomy.valueClose!) : text.lastIndexOf(anatomy.valueClose!);
    if (at < 0) return undefined;
    return { text: `${text.slice(0, at)}${random.pick(siblings)}${text.slice(at + anatomy.valueClose!.length)}`, outcome: "refuse" };
  },
};

/** Plain values: no markup, no edge space, so a boundary operator cuts only markup. */
const PLAIN_WORDS = ["notes/today.md", "Buy milk", "Paris, France", "release v2", "src/main.ts", "hello world", "42 apples", "Zoë"];
type Schema = Record<string, unknown>;
const freeString = (schema: Schema | undefined): boolean => schema !== undefined && schema.type === "string" && schema.enum === undefined && schema.format === undefined;
/** Tools with two string properties or more, for operators between two arguments. */
const twoStringTools = generatorTools.filter(
  (candidate) => Object.values((candidate.parameters.properties ?? {}) as Record<string, Schema>).filter(freeString).length >= 2,
);

/** A call whose string values are plain words, its properties in an order that puts two strings first. */
function damageCall(random: Random): { tool: GeneratorTool; args: Args } {
  const chosen = random.pick(twoStringTools);
  const raw = objectFor(chosen.parameters, random);
  const properties = (chosen.parameters.properties ?? {}) as Record<string, Schema>;
  const strings = Object.keys(properties).filter((key) => freeString(properties[key]));
  const args: Args = {};
  for (const key of strings.slice(0, 2)) args[key] = random.pick(PLAIN_WORDS);
  for (const [key, value] of Object.entries(raw)) if (!(key in args)) args[key] = freeString(properties[key]) ? random.pick(PLAIN_WORDS) : value;
  return { tool: chosen, args };
}

export interface DamageCase extends MatrixCase {
  readonly operator: string;
}

/**
 * Where the damaged calls stand: alone, after a lead-in, before a closing line, two calls (the damage in the
 * first or the last, as the operator says), or with CRLF line breaks. Operators that bring their own prose
 * (`glued_after_sentence`, `inside_sentence`) or rewrite the whole call stand alone.
 */
const CONTEXTS = ["alone", "prose_before", "prose_after", "two_calls", "crlf"] as const;
const ALONE_ONLY: ReadonlySet<string> = new Set(["glued_after_sentence", "inside_sentence", "name_in_attribute"]);
const LEAD_IN = "I'll look that up for you.\n\n";
const CLOSING_LINE = "\nI'll report back once it finishes.";

export function damageCase(formatName: string, operator: string, seed: number): DamageCase | undefined {
  const format = matrixFormats.find((candidate) => candidate.name === formatName);
  const anatomy = anatomies[formatName];
  if (format === undefined || anatomy === undefined) return undefined;
  const random = createRandom(seed);
  const context = ALONE_ONLY.has(operator) ? "alone" : random.pick(CONTEXTS);
  if (context === "two_calls" && !format.several) return undefined;
  // Prose after a call cut at the text's end is another case (the call is not at the end).
  if (context === "prose_after" && operator === "call_unclosed_at_end") return undefined;
  const drafts = [damageCall(random)];
  while (context === "two_calls" && drafts.length < 2) {
    const next = damageCall(random);
    if (next.tool.name !== drafts[0]!.tool.name) drafts.push(next);
  }
  const calls: MatrixCall[] = drafts.map((draft) => ({ name: draft.tool.name, args: draft.args }));
  const layout: Layout = { nl: context === "crlf" ? "\r\n" : "\n", json: random.pick(Object.values(jsonStyles).filter((style) => style !== jsonStyles.pretty)), broken: random.chance(0.5) };
  const damaged = operators[operator]!(format.write(calls, layout), formatName, anatomy, calls, random);
  if (damaged === undefined) return undefined;
  const text = `${context === "prose_before" ? LEAD_IN : ""}${damaged.text}${context === "prose_after" ? CLOSING_LINE : ""}`;
  const part: MatrixPart = HELD_OPERATORS.has(operator) || HELD_FORMATS.has(formatName) ? "held" : "tuned";
  return {
    id: `${formatName}/${operator}/${seed}`,
    format: formatName,
    shape: operator,
    operator,
    part,
    tools: drafts.map((draft) => draft.tool),
    text,
    expected: damaged.outcome === "calls" ? calls : null,
    mayRefuse: false,
  };
}

/** `perCell` cases for every format × operator that applies, seeds from `seedBase`. */
export function damageCases(perCell: number, seedBase = 1): DamageCase[] {
  const cases: DamageCase[] = [];
  Object.keys(anatomies).forEach((format, formatIndex) => {
    Object.keys(operators).forEach((operator, operatorIndex) => {
      for (let index = 0; index < perCell; index++) {
        const made = damageCase(format, operator, seedBase + formatIndex * 10_000 + operatorIndex * 100 + index);
        if (made !== undefined) cases.push(made);
      }
    });
  });
  return cases;
}
