/**
 * Call formats no model is known to write: each case invents a markup
 * vocabulary (a token style × call words × how the name and the arguments
 * are set apart × how the call closes) and wraps a call of the generator's
 * tools in it, the way each new model family invents its own
 * (`<|tool_call_start|>name{…}<|tool_call_end|>`, `--- CALL --- nc://name {…}`).
 * A reader for markup it has never seen must read these, and must read
 * nothing from the same markup around a call not made: one naming an
 * undeclared tool, one shown as an example, refused, hedged, quoted or
 * offered, or one with sentence words between the name and its arguments.
 *
 * The held part (some token styles, some call words) is kept out of tuning
 * and reported on its own: it says whether the reader reads markup it was
 * not fitted to.
 */
import { createRandom, type Random } from "./random.ts";
import { generatorTools, type GeneratorTool } from "./schemas.ts";
import { objectFor, type Json } from "./values.ts";
import { jsonStyles, type MatrixCall } from "./matrix-formats.ts";
import type { MatrixCase, MatrixPart } from "./format-matrix.ts";

/** Chosen before any result was seen; never tune the reader on these. */
export const HELD_STYLES: ReadonlySet<string> = new Set(["fullwidth", "bar_angle"]);
export const HELD_WORDS: ReadonlySet<string> = new Set(["fcall", "invoke_tool", "PLUGIN", "exec"]);

/** Words a model may name its call markup with. */
const CALL_WORDS = ["tool_call", "call", "fn", "function_call", "toolcall", "tc", "tool_use", "TOOL_REQUEST", "CALL", "func", "fcall", "invoke_tool", "PLUGIN", "exec"] as const;
/** Words a model may close a call with, beside the call word's own closer. */
const END_WORDS = ["end", "eot", "eom", "stop", "done"] as const;
/** URI schemes a model may prefix the tool's name with. */
const SCHEMES = ["nc", "tool", "fn", "mcp"] as const;

interface Style {
  readonly open: (word: string) => string;
  readonly close: (word: string, random: Random) => string;
  /** A separator token of the style (between a call word and the name, or the name and its arguments). */
  readonly token: (word: string) => string;
  /** Whether the style may follow prose on its line (bracketed tokens); rules and bare words open a line. */
  readonly inline: boolean;
}

const fullwidthWord = (word: string): string => word.replaceAll("_", "▁");
/** Token styles, by name. */
export const styles: Record<string, Style> = {
  pipe: { open: (w) => `<|${w}|>`, close: (w, r) => r.pick([`<|/${w}|>`, `<|${w}_end|>`, `<|end_${w}|>`]), token: (w) => `<|${w}|>`, inline: true },
  angle: { open: (w) => `<${w}>`, close: (w) => `</${w}>`, token: (w) => `<${w}>`, inline: true },
  square: { open: (w) => `[${w.toUpperCase()}]`, close: (w, r) => r.pick([`[/${w.toUpperCase()}]`, `[END_${w.toUpperCase()}]`]), token: (w) => `[${w.toUpperCase()}]`, inline: true },
  colon: { open: (w) => `<model:${w}>`, close: (w) => `</model:${w}>`, token: (w) => `<model:${w}>`, inline: true },
  rule: { open: (w) => `--- ${w.toUpperCase()} ---`, close: (_w, r) => r.pick(["--- END ---", "---"]), token: (w) => `--- ${w.toUpperCase()} ---`, inline: false },
  equals: { open: (w) => `=== ${w} ===`, close: () => "=== end ===", token: (w) => `== ${w} ==`, inline: false },
  // Held: DeepSeek-like full-width bars with `▁` for spaces, and a vendor prefix in a bar (`<ifm|tool_call>`).
  fullwidth: { open: (w) => `<｜${fullwidthWord(w)}▁begin｜>`, close: (w) => `<｜${fullwidthWord(w)}▁end｜>`, token: (w) => `<｜${fullwidthWord(w)}｜>`, inline: true },
  bar_angle: { open: (w) => `<acme|${w}>`, close: (w) => `</acme|${w}>`, token: (w) => `<acme|${w}>`, inline: true },
};

/** How the name is written after the opening markup. */
const NAMINGS = ["bare", "newline", "separator_token", "word_token", "uri", "namespace"] as const;
/** What stands between the name and its arguments. */
const BETWEENS = ["none", "space", "newline", "token", "colon", "equals", "word", "parens"] as const;
/** How the call closes. */
const CLOSINGS = ["closer", "closer_end", "end_token", "none", "closer_next_line"] as const;

/** Where the call stands in the answer, or (for `text` cases) why no call is made. */
const CALL_CONTEXTS = ["alone", "prose_before", "prose_after", "same_line", "think", "several"] as const;
const TEXT_CONTEXTS = ["undeclared", "example", "refusal", "hedged", "sentence_words", "quoted", "offered"] as const;

export interface InventedCase extends MatrixCase {
  /** `call`: the answer makes the calls; `text`: it makes none (any call read is wrong). */
  readonly kind: "call" | "text";
  /** The invented vocabulary, for reports. */
  readonly vocabulary: string;
}

interface Vocabulary {
  readonly style: string;
  readonly word: string;
  readonly naming: (typeof NAMINGS)[number];
  readonly between: (typeof BETWEENS)[number];
  readonly closing: (typeof CLOSINGS)[number];
  readonly json: (value: Json) => string;
  readonly scheme: string;
  readonly endWord: string;
}

function inventVocabulary(random: Random, style: string): Vocabulary {
  return {
    style,
    word: random.pick(CALL_WORDS),
    naming: random.pick(NAMINGS),
    between: random.pick(BETWEENS),
    closing: random.pick(CLOSINGS),
    json: random.pick(Object.values(jsonStyles)),
    scheme: random.pick(SCHEMES),
    endWord: random.pick(END_WORDS),
  };
}

const describe = (v: Vocabulary): string => `${v.style}/${v.word}/${v.naming}/${v.between}/${v.closing}`;

/** One call in the vocabulary; `filler` (sentence words) goes between the name and its arguments. */
function writeCall(v: Vocabulary, call: MatrixCall, random: Random, filler?: string): string {
  const style = styles[v.style]!;
  const name = ((): string => {
    switch (v.naming) {
      case "bare":
        return call.name;
      case "newline":
        return `\n${call.name}`;
      case "separator_token":
        return `${style.token("sep")}${call.name}`;
      case "word_token":
        return `function${style.token("sep")}${call.name}`;
      case "uri":
        return ` ${v.scheme}://${call.name}`;
      case "namespace":
        return `${random.pick(["functions", "tools", "default_api"])}.${call.name}`;
    }
  })();
  const args = v.json(call.args);
  const between = ((): [string, string] => {
    if (filler !== undefined) return [` ${filler} `, ""];
    switch (v.between) {
      case "none":
        return ["", ""];
      case "space":
        return [" ", ""];
      case "newline":
        return ["\n", ""];
      case "token":
        return [style.token("args"), ""];
      case "colon":
        return [": ", ""];
      case "equals":
        return [" = ", ""];
      case "word":
        return [random.pick([" args ", " arguments: ", " json "]), ""];
      case "parens":
        return ["(", ")"];
    }
  })();
  const closing = ((): string => {
    const closer = style.close(v.word, random);
    const end = `<|${v.endWord}|>`;
    switch (v.closing) {
      case "closer":
        return closer;
      case "closer_end":
        return `${closer}${end}`;
      case "end_token":
        return end;
      case "none":
        return "";
      case "closer_next_line":
        return `\n${closer}`;
    }
  })();
  return `${style.open(v.word)}${name}${between[0]}${args}${between[1]}${closing}`;
}

/** Three to four tools of the generator's, the called ones among them. */
function toolsWith(random: Random, called: readonly GeneratorTool[]): GeneratorTool[] {
  const tools = [...called];
  const count = random.int(3, 4);
  while (tools.length < count) {
    const next = random.pick(generatorTools);
    if (!tools.includes(next)) tools.push(next);
  }
  return tools;
}

const callOf = (tool: GeneratorTool, random: Random): MatrixCall => ({ name: tool.name, args: objectFor(tool.parameters, random) });

const leads = {
  prose: ["I'll check that now.\n", "Let me look that up.\n\n", "Running the tool.\n"],
  sameLine: ["Sure. ", "On it: ", "Let me check. "],
  after: ["\nI'll report back with the result.", "\n\nWaiting for the output."],
  think: ["<think>\nThe user wants this. I'll call the tool.\n</think>\n\n", "<think>Need the tool.</think>\n"],
  example: ["For example, a call looks like this:\n", "Here is an example of the format:\n\n", "Example:\n"],
  refusal: ["I can't run tools in this conversation. If I could, I would write:\n", "I won't call the tool for this. It would have been:\n"],
  hedged: ["Maybe something like\n", "I might call it like this, but I'm not sure:\n"],
  offered: ["\n\nShall I run this?", "\n\nWant me to go ahead with this call?"],
  filler: ["with these arguments", "using the values below", "for the user with"],
};

export function inventedCase(style: string, context: string, seed: number): InventedCase | undefined {
  const random = createRandom(seed);
  const vocabulary = inventVocabulary(random, style);
  const part: MatrixPart = HELD_STYLES.has(style) || HELD_WORDS.has(vocabulary.word) ? "held" : "tuned";
  const first = random.pick(generatorTools);
  const base = { id: `invented-${style}-${context}-${seed}`, format: style, shape: context, part, mayRefuse: false, vocabulary: describe(vocabulary) };
  const call = callOf(first, random);

  if ((CALL_CONTEXTS as readonly string[]).includes(context)) {
    if (context === "same_line" && !styles[style]!.inline) return undefined;
    const calls = [call];
    if (context === "several") {
      let second = random.pick(generatorTools);
      while (second === first) second = random.pick(generatorTools);
      calls.push(callOf(second, random));
    }
    const tools = toolsWith(random, calls.map((made) => generatorTools.find((tool) => tool.name === made.name)!));
    const body = calls.map((made) => writeCall(vocabulary, made, random)).join("\n");
    const text = ((): string => {
      switch (context) {
        case "prose_before":
          return `${random.pick(leads.prose)}${body}`;
        case "prose_after":
          return `${body}${random.pick(leads.after)}`;
        case "same_line":
          return `${random.pick(leads.sameLine)}${body}`;
        case "think":
          return `${random.pick(leads.think)}${body}`;
        default:
          return body;
      }
    })();
    return { ...base, kind: "call", tools, text, expected: calls };
  }

  // No call made: the answer's calls must not be read.
  const tools = toolsWith(random, [first]);
  const body = writeCall(vocabulary, call, random);
  const text = ((): string => {
    switch (context) {
      case "undeclared": {
        // The same markup around a tool the request does not declare.
        const others = generatorTools.filter((candidate) => !tools.includes(candidate));
        const other = random.pick(others);
        return writeCall(vocabulary, callOf(other, random), random);
      }
      case "example":
        return `${random.pick(leads.example)}${body}`;
      case "refusal":
        return `${random.pick(leads.refusal)}${body}`;
      case "hedged":
        return `${random.pick(leads.hedged)}${body}`;
      case "sentence_words":
        return writeCall(vocabulary, call, random, random.pick(leads.filler));
      case "quoted":
        return body
          .split("\n")
          .map((line) => `> ${line}`)
          .join("\n");
      default:
        return `${body}${random.pick(leads.offered)}`;
    }
  })();
  return { ...base, kind: "text", tools, text, expected: null };
}

/** `perCell` cases of each style × context (fewer where a style cannot stand in a context). */
export function inventedCases(perCell: number, seed = 1): InventedCase[] {
  const cases: InventedCase[] = [];
  const contexts = [...CALL_CONTEXTS, ...TEXT_CONTEXTS];
  for (const [styleIndex, style] of Object.keys(styles).entries()) {
    for (const [contextIndex, context] of contexts.entries()) {
      for (let index = 0; index < perCell; index++) {
        const made = inventedCase(style, context, seed * 1_000_003 + styleIndex * 10_007 + contextIndex * 101 + index);
        if (made !== undefined) cases.push(made);
      }
    }
  }
  return cases;
}
