/**
 * Whether the text from one position may still become a call written as
 * text, judged on what has arrived so far. The stream hold-back asks it
 * delta by delta. Its "no" never turns back into "maybe" as more text
 * arrives, and whether a closed block is a call is asked of the same
 * extraction the whole-answer path uses, so a stream cut anywhere ends as
 * the whole text does.
 */
import type { ToolDefinition } from "../types.ts";
import { opensWithTemplateCall, opensWithUndeclaredCall, readLeadingCalls } from "./read-leading-calls.ts";
import { onlyEndOfTurn } from "./end-of-turn.ts";
import { PAYLOAD_FAMILIES } from "./marked-calls.ts";
import { NAME_INPUT_LABELS, NAME_LABEL, REACT_ACTION, TOOL_CALL_LABELS, readReActHead, readReActLabel, skipBoldMarker, wrappedInputObject } from "./react-calls.ts";
import { BracketScanner, scanFencedJson, scanJsonBlock, skipSpaces, skipWhitespace } from "./scan.ts";
import { CDATA_CLOSE, CDATA_OPEN } from "./cdata.ts";
import { firstCloserEnd, firstCloserEndOutsideCdata, MAX_NAME, NAME_CHAR, NAME_START, type LinePosition } from "./opening-reads.ts";
import { readCallId, readCallKey, readFenceBody, readFenceInfo, readHarmonyHeader, readMarker, XML_FENCE_CLOSE, XML_FENCE_INFOS } from "./opening-reads.ts";
import { CODE_FENCE_INFOS, CODE_LINE_OPENINGS, DEFAULT_API, FENCE_LINE, PRINT_OPEN } from "./code-calls.ts";
import { FUNCTIONARY_CODE_HEAD, FUNCTIONARY_CODE_TOOL, FUNCTIONARY_MARKERS, nameLineMarkerAt, readFunctionaryHead } from "./functionary-calls.ts";
import { GEMINI_CALL_END, GeminiArgumentsScanner, readGeminiHead } from "./gemini-calls.ts";
import { readElementHead } from "./declared-element-calls.ts";
import { FUNCTION_CLOSE, JSON_BODY_TAGS, PARAMETER_OPEN, readParameterNamedHead } from "./tagged-calls.ts";
import { LM_STUDIO_CLOSERS, LM_STUDIO_OPEN } from "./lm-studio-calls.ts";
import { BRACKETED_NAME_CLOSE, FENCE, HARMONY_ENDS, HARMONY_MARKERS, HARMONY_RECIPIENT, HARMONY_TEXT_OPENINGS, JSON_FENCE_INFOS, JSON_WRAPPER_TAGS, NAME_ARGUMENT_TOKENS, PAYLOAD_MARKERS, TAGS, markerAt } from "./call-markers.ts";
import { readHarmonyTextHead } from "./harmony-text-calls.ts";
import { LABEL_OPENS, labelClosesWithStrayBrace, readToolUseLabelHead } from "./tool-use-label-calls.ts";
import { opensSentence, readKimiTextHead } from "./kimi-text-calls.ts";
import { readPrefixedOpening, wrappedInvokePrefix } from "./invoke-calls.ts";
import { prefixedCallTagAt } from "./prefixed-call-tags.ts";
import { functionTagWithoutEquals } from "./function-tag-without-equals.ts";
import { slashArgumentsAt } from "./glm-slash-calls.ts";
import { LFM2_OPEN } from "./token-calls.ts";
import { endsInsideCodeString, MAX_CLOSERS } from "./closer-after-block-calls.ts";
import { declaredNameAt } from "./unread-block.ts";
import { declaredNameFor, foldToolName } from "../name-resolution.ts";
import { insideQuotedString, quoteTokenOf } from "./closer-in-quote-token.ts";
import { withinOpenValue } from "./closer-in-invoke-parameter.ts";
import { withinOpenArgValue } from "./closer-in-parameter.ts";
import { GenericOpening, mayOpenGeneric } from "./generic-markup-calls.ts";

/** OLMo 3's block, when it holds Python calls. */
const CODE_BLOCK_OPEN = "<function_calls>";

/** A key=value word's key, as the bare call's words spell it (see `glm-key-value-calls.ts`). */
const KEY_WORD = /^[A-Za-z_][\w.-]*/;

type Verdict = "maybe" | "no" | "call";

/** A reader's "wait" is this opening's "maybe". */
const pending = (read: "wait" | "no"): Verdict => (read === "wait" ? "maybe" : "no");

/**
 * The line after a bare call without Llama's `</function>`, which a model that
 * lost the tag's opener still closes with; `undefined` while the line may be
 * that closer cut short.
 */
function withoutFunctionClose(line: string): string | undefined {
  const left = line.trimStart();
  if (left.startsWith(FUNCTION_CLOSE)) return left.slice(FUNCTION_CLOSE.length);
  return left !== "" && FUNCTION_CLOSE.startsWith(left) ? undefined : line;
}

/**
 * After a bare `name{…}` call: where the next call's object opens when a
 * declared name and `{` follow on the same line (spaces apart), `wait` while
 * the text may still become one.
 */
function nextObjectCall(text: string, at: number, names: readonly string[]): number | "wait" | "no" {
  const start = skipSpaces(text, at);
  let end = start;
  while (end < text.length && end - start <= MAX_NAME && NAME_CHAR.test(text[end]!)) end++;
  const name = text.slice(start, end);
  if (end >= text.length) return names.some((known) => known.startsWith(name)) ? "wait" : "no";
  if (!names.includes(name)) return "no";
  const brace = skipSpaces(text, end);
  if (brace >= text.length) return "wait";
  return text[brace] === "{" ? brace : "no";
}

/**
 * After a JSON call: where the next object opens when `;` or `,` and `{`
 * follow on the same line (spaces apart; Llama's parallel calls), `wait`
 * while the text may still become one. The reader checks that it is a call.
 */
function nextSeparatedObject(text: string, at: number): number | "wait" | "no" {
  const separator = skipSpaces(text, at);
  if (separator >= text.length) return "wait";
  if (text[separator] !== ";" && text[separator] !== ",") return "no";
  const brace = skipSpaces(text, separator + 1);
  if (brace >= text.length) return "wait";
  return text[brace] === "{" ? brace : "no";
}

/**
 * A request's declared names, and with the namespaces models write before them: built once per list of tools, not
 * once per position read (a long text has many positions that may open a call, each read by a `CallOpening` of its own).
 */
const DECLARED_NAMES = new WeakMap<readonly ToolDefinition[], readonly string[]>();
const NAMESPACED_NAMES = new WeakMap<readonly ToolDefinition[], readonly string[]>();

function declaredNames(tools: readonly ToolDefinition[]): readonly string[] {
  let names = DECLARED_NAMES.get(tools);
  if (names === undefined) DECLARED_NAMES.set(tools, (names = tools.map((tool) => tool.name)));
  return names;
}

function namespacedNames(tools: readonly ToolDefinition[]): readonly string[] {
  let names = NAMESPACED_NAMES.get(tools);
  if (names === undefined) NAMESPACED_NAMES.set(tools, (names = tools.flatMap((tool) => [tool.name, `functions.${tool.name}`, `${DEFAULT_API}${tool.name}`])));
  return names;
}

/**
 * One position's candidacy, fed the text from that position on (the same
 * string, grown, on every call). Keeps its reading between calls so that a
 * long block costs one pass, not one pass per delta.
 */
export class CallOpening {
  readonly #tools: readonly ToolDefinition[];
  readonly #line: LinePosition;
  #verdict: Verdict = "maybe";
  #end: number | undefined;
  /** The next reading step and where it reads. */
  #step: (text: string) => Verdict | undefined;
  #at = 0;
  #scanner: BracketScanner | undefined;
  #geminiScanner: GeminiArgumentsScanner | undefined;
  #closers: readonly string[] = [];
  /** A CDATA section the closing marker waits on: its opener, and where to look for its end next (each stretch scanned once). */
  #section: { open: number; scan: number } | undefined;
  /** The token `#closeMarker` waits for after the arguments. */
  #closeToken = BRACKETED_NAME_CLOSE;
  /** The token a payload marker may have before its payload (GigaChat's role), and whether it must. */
  #then: { readonly token: string; readonly required: boolean } | undefined;
  /** After the bracket scan: confirm at once, or once the line ends (a bare `name(…)` must stand alone). */
  #afterScan: "confirm" | "line-end" | "close-marker" | "argument-token" | "kimi-run" | "angled-list" = "confirm";
  /** A name opening a line must be a declared tool's; Mistral's after `[TOOL_CALLS]` is checked by the extraction. */
  #declaredName = true;
  /** The info of the fence being read (```tool_code may hold `name(…)` calls, ```python `default_api.` ones). */
  #fenceWord = "";
  /** Whether the fence opens its line: only then may its object follow on the same line. */
  #fenceInline = false;
  /** The tag's body is read as Python (LFM2's list of calls), not JSON: `'` quotes too. */
  #pythonBody = false;
  /** A bare `name{…}` call: another may follow it on its line (`a{…} b{…}`). */
  #objectRow = false;
  /** A JSON call after prose on its line: Llama's next call may follow it, `;` or `,` between (`{…}; {…}`). */
  #separatedRow = false;
  /** Where OLMo 3's block body starts (`<function_calls>` then Python calls): its closer inside a string closes nothing. */
  #codeBlockAt: number | undefined;
  /** Closers passed over inside the code block's strings. */
  #closersPassed = 0;
  /** An invoke family block's prefix and where its body starts: a closer inside one of its parameter values closes nothing. */
  #invoked: { readonly prefix: string; readonly bodyAt: number } | undefined;
  /** Where a call tag's body starts (`<tool_call>` and the like): its closer inside a GLM value left open closes nothing. */
  #tagBodyAt: number | undefined;
  /** A Gemma block's quote token and where its body starts: a closer inside one of its strings closes nothing. */
  #quoted: { readonly token: string; readonly bodyAt: number } | undefined;
  /** Where the next fence is looked for in a JSON block (past those inside its strings). */
  #search = 0;
  /** A ReAct head needs its `Action Input:` label; `Tool Call: name` has none; `name: name` one of its own. */
  #inputLabel: boolean | readonly string[] = true;

  /** Whether two spaces or more are right before this position (what Kimi's stripped tokens leave). */
  readonly #spaced: boolean;
  /** Whether Harmony's role word, its tokens stripped, is right before this position (see `harmony-text-calls.ts`). */
  readonly #afterRole: boolean;
  /** Whether a sentence's end or a colon is right before this position on its line: a tool's own element may open there. */
  readonly #afterSentence: boolean;
  /** Whether only a line's indentation is right before this position: ReAct's `Action:` still opens the line there. */
  readonly #indented: boolean;
  /** Whether text and one space are all that opens this position: only Kimi's stripped call opens there, and it must end its line. */
  readonly #afterWord: boolean;

  /** The same position read as a call in markup no reader knows, when no known opening reads it (see `generic-markup-calls.ts`). */
  #generic: GenericOpening | undefined;
  /** The characters of the closed blocks handed to the extraction so far: what reading this position cost. */
  #judged = 0;

  constructor(tools: readonly ToolDefinition[], line: LinePosition, spaced = false, afterRole = false, afterSentence = false, indented = false, afterWord = false) {
    this.#tools = tools;
    this.#line = line;
    this.#spaced = spaced;
    this.#afterRole = afterRole;
    this.#afterSentence = afterSentence;
    this.#indented = indented;
    this.#afterWord = line === "mid-line" && !spaced && afterWord;
    this.#step = this.#start;
  }

  /** Reads `text` (all the text from this position so far): may it still be a call? */
  advance(text: string): boolean {
    while (this.#verdict === "maybe") {
      const verdict = this.#step(text);
      if (verdict === "maybe") break;
      if (verdict !== undefined) this.#verdict = verdict;
    }
    if (this.#verdict === "call") return true;
    const generic = this.#genericAdvance(text);
    return this.#verdict !== "no" || generic;
  }

  /** The generic reading, started on the position's first character (a bracket anywhere; a rule opening a line). */
  #genericAdvance(text: string): boolean {
    if (this.#generic === undefined) {
      const first = text[this.#line === "text-start" ? skipWhitespace(text, 0) : 0];
      if (first === undefined) return true;
      if (!mayOpenGeneric(first, this.#line === "mid-line")) return false;
      const second = text[(this.#line === "text-start" ? skipWhitespace(text, 0) : 0) + 1];
      if (second === undefined) return true;
      // A closing tag first (`</tool_call>`) opens nothing: ruled out before anything is built.
      if (second === "/") return false;
      this.#generic = new GenericOpening(this.#toolNames(), (whole, end) => {
        this.#judged += end;
        return readLeadingCalls(whole.slice(0, end), this.#tools) !== undefined;
      });
    }
    return this.#generic.advance(text);
  }

  /** Whether the block, once closed, was a call in a tag or token format naming no declared tool. */
  #undeclared = false;

  /** A closed block that was a call naming no declared tool (`<invoke name="img_gen">…`): the model's, unreadable. */
  get undeclaredCall(): boolean {
    return this.#undeclared;
  }

  #unreadName = -1;
  #template = false;

  /** Whether the block closed is a declared tool's call holding a template's placeholder for a value (see `opensWithTemplateCall`). */
  get template(): boolean {
    return this.#template;
  }

  /** Where the name stands of a closed block that names a declared tool and still did not read (see `unread-block.ts`); -1 for any other. */
  get unreadNameAt(): number {
    return this.#unreadName;
  }

  /**
   * The characters of the closed blocks this position handed to the extraction (each from the position to its
   * closer): the extraction reads a block in time about linear in it, many times over the block's scan.
   */
  get judgedChars(): number {
    return this.#judged;
  }

  /** Every known opening said no here: only a reading of markup no reader knows may make it a call. */
  get unknownOnly(): boolean {
    return this.#verdict === "no";
  }

  /** A closed block was read and the extraction took it for a call. */
  get confirmed(): boolean {
    return this.#verdict === "call" || (this.#verdict === "no" && this.#generic?.confirmed === true);
  }

  /** Where the confirmed block ends, in the text `advance` was given; `undefined` before. */
  get end(): number | undefined {
    return this.#verdict === "no" ? this.#generic?.end : this.#end;
  }

  #go(step: (text: string) => Verdict | undefined, at: number): undefined {
    this.#step = step;
    this.#at = at;
    return undefined;
  }

  #start(text: string): Verdict | undefined {
    const at = this.#line === "text-start" ? skipWhitespace(text, 0) : 0;
    return at >= text.length ? "maybe" : this.#go(this.#opener, at);
  }

  #opener(text: string): Verdict | undefined {
    const at = this.#at;
    if (this.#afterWord) return this.#kimiText(text, at);
    const found = readMarker(text, at, this.#line);
    if (found === "wait") return "maybe";
    if (found !== undefined) {
      const { marker, after } = found;
      if (marker === FENCE) {
        // Only a fence opening its line may hold its object on that line (```json {…} ```).
        this.#fenceInline = this.#line !== "mid-line";
        return this.#go(this.#fenceInfo, after);
      }
      if (HARMONY_MARKERS.includes(marker)) return this.#go(this.#harmonyHeader, after);
      if (FUNCTIONARY_MARKERS.includes(marker)) return this.#go(this.#functionaryHead, at);
      if (found.linePayload || PAYLOAD_MARKERS.includes(marker)) {
        // Only Mistral's marker may be followed by `name[ARGS]`; the extraction checks that name.
        this.#declaredName = marker !== "[TOOL_CALLS]";
        const family = found.linePayload ? undefined : PAYLOAD_FAMILIES.find((candidate) => candidate.open === marker);
        // LM Studio's block may hold a name and its arguments: held up to its closing marker.
        this.#closers = family?.closers ?? (marker === LM_STUDIO_OPEN ? LM_STUDIO_CLOSERS : []);
        if (family?.then !== undefined) {
          this.#then = { token: family.then, required: family.thenRequired === true };
          return this.#go(this.#payloadThen, after);
        }
        return this.#go(this.#payload, after);
      }
      const wrapper = JSON_WRAPPER_TAGS.find(([open]) => open === marker);
      if (wrapper !== undefined) {
        this.#closers = [wrapper[1]];
        return this.#go(this.#wrappedJson, after);
      }
      this.#closers = TAGS.find(([open]) => open === marker)![1];
      if (marker === CODE_BLOCK_OPEN) this.#codeBlockAt = after;
      const invokePrefix = wrappedInvokePrefix(marker);
      if (invokePrefix !== undefined) this.#invoked = { prefix: invokePrefix, bodyAt: after };
      const quote = quoteTokenOf(marker);
      if (quote !== undefined) this.#quoted = { token: quote, bodyAt: after };
      // LFM2's body, and a closed payload's (Llama 4's `<|python_start|>[…]`, Nemotron's `<TOOLCALL>[…]`), is a list
      // of calls, pythonic or JSON: its strings may be single-quoted, and an end token inside one closes nothing.
      this.#pythonBody = marker === LFM2_OPEN || PAYLOAD_FAMILIES.some((family) => family.closed === true && family.open === marker);
      if (JSON_BODY_TAGS.includes(marker)) this.#tagBodyAt = after;
      if (JSON_BODY_TAGS.includes(marker) || this.#pythonBody) return this.#go(this.#tagBody, after);
      // `<parameter=` opens a call only as `<parameter=name>` right before another parameter: prose showing the tag is not held.
      return this.#go(marker === PARAMETER_OPEN ? this.#parameterNamedHead : this.#closingMarker, after);
    }
    // Functionary's code tool named at the answer's start (the prompt wrote the `>>>`), its raw code after it.
    if (this.#line === "text-start" && this.#tools.some((tool) => tool.name === FUNCTIONARY_CODE_TOOL)) {
      const code = markerAt(text, at, FUNCTIONARY_CODE_HEAD);
      if (code === "wait") return "maybe";
      if (code === "yes") return this.#go(this.#codeOrObject, at + FUNCTIONARY_CODE_HEAD.length);
    }
    // ReAct's `Action: name` after a line's indentation (a step nested under a list item): its label opens the line.
    if (this.#line === "mid-line" && this.#indented) {
      const action = readReActLabel(text, at, REACT_ACTION);
      if (action === "wait") return "maybe";
      if (typeof action === "number") return this.#go(this.#reactHead, action);
    }
    // ReAct's `Action: name` then `Action Input: {…}`, and Gemini's `print(default_api.name(…))`, opening a line.
    if (this.#line !== "mid-line") {
      const [action, printed, recipient] = [readReActLabel(text, at, REACT_ACTION), markerAt(text, at, CODE_LINE_OPENINGS[0]!), markerAt(text, at, HARMONY_RECIPIENT)];
      if (action === "wait" || printed === "wait" || recipient === "wait") return "maybe";
      // Harmony's header from its recipient (`to=functions.name<|channel|>commentary json<|message|>{…}`).
      if (recipient === "yes") return this.#go(this.#harmonyHeader, at);
      if (typeof action === "number") return this.#go(this.#reactHead, action);
      // `Tool Call: name`, the arguments on the next line.
      const labels = TOOL_CALL_LABELS.map((label) => readReActLabel(text, at, label));
      if (labels.includes("wait")) return "maybe";
      const label = labels.find((found) => typeof found === "number");
      // Only a name alone on the label's line: other labelled forms (`Tool call: name({…})`) are read below.
      const head = label === undefined ? "no" : readReActHead(text, label, this.#names(), false);
      if (head === "maybe") return "maybe";
      if (label !== undefined && head !== "no") {
        this.#inputLabel = false;
        return this.#go(this.#reactHead, label);
      }
      // `name: get_weather` alone on its line, the arguments under `input:` on the next.
      const named = readReActLabel(text, at, NAME_LABEL);
      if (named === "wait") return "maybe";
      const namedHead = typeof named === "number" ? readReActHead(text, named, this.#names(), NAME_INPUT_LABELS) : "no";
      if (namedHead === "maybe") return "maybe";
      if (typeof named === "number" && namedHead !== "no") {
        this.#inputLabel = NAME_INPUT_LABELS;
        return this.#go(this.#reactHead, named);
      }
      if (printed === "yes") return this.#scan(at + PRINT_OPEN.length - 1, true, "line-end");
      // Harmony without its tokens, `commentary to=functions.name json{…}`, and `[Tool Use: name] {…}` (or another agent's label).
      const openings = [...HARMONY_TEXT_OPENINGS, ...LABEL_OPENS];
      const found = openings.map((opening) => markerAt(text, at, opening));
      if (found.includes("wait")) return "maybe";
      const opening = openings[found.indexOf("yes")];
      if (opening !== undefined) {
        const names = this.#toolNames();
        const read = LABEL_OPENS.includes(opening)
          ? (from: string, start: number, known: readonly string[]) => readToolUseLabelHead(from, start, known, opening)
          : (from: string, start: number, known: readonly string[]) => readHarmonyTextHead(from, start, opening, known);
        return this.#go(this.#lineHead(read, names), at + opening.length);
      }
    }
    // A later Harmony message's stripped header, run on after the role word (`…assistantcommentary to=functions.name json{…}`).
    if (this.#afterRole && this.#line === "mid-line") {
      const [opening] = HARMONY_TEXT_OPENINGS;
      const found = markerAt(text, at, opening);
      if (found === "wait") return "maybe";
      if (found === "yes") {
        const read = (from: string, start: number, known: readonly string[]) => readHarmonyTextHead(from, start, opening, known);
        return this.#go(this.#lineHead(read, this.#toolNames()), at + opening.length);
      }
    }
    const kimi = this.#kimiText(text, at);
    if (kimi !== "no") return kimi;
    const char = text[at]!;
    // The invoke family with any namespace or DSML prefix (`<invoke name=`, `<|DSML|function_calls|>`).
    const prefixed = readPrefixedOpening(text, at);
    if (prefixed === "wait") return "maybe";
    if (prefixed !== "no") {
      this.#closers = prefixed.closers;
      this.#invoked = { prefix: prefixed.prefix, bodyAt: prefixed.after };
      return this.#go(this.#closingMarker, prefixed.after);
    }
    // `<function bash>`, `<functionbash>`: the call tag without its `=`, before a declared tool's name only.
    const unequal = char === "<" ? functionTagWithoutEquals(text, at, this.#names()) : "no";
    if (unequal === "wait") return "maybe";
    if (unequal !== "no") {
      this.#closers = [FUNCTION_CLOSE];
      return this.#go(this.#closingMarker, unequal.after);
    }
    // A call tag under a model's own prefix (`<iquestcoder_tool_call>`), read as the fixed call tags are.
    const tag = prefixedCallTagAt(text, at);
    if (tag === "wait") return "maybe";
    if (tag !== "no") {
      this.#closers = [tag.close];
      return this.#go(this.#tagBody, tag.after);
    }
    // Gemini's `<ctrl42>call:name{…}` anywhere, and its `call:name{…}` opening a line.
    if (char === "<" || (char === "c" && this.#line !== "mid-line")) {
      const head = readGeminiHead(text, at, this.#toolNames(), char === "c");
      if (head === "wait") return "maybe";
      if (head !== "no") {
        this.#geminiScanner = new GeminiArgumentsScanner();
        return this.#go(this.#geminiScanning, head.open);
      }
      // A tool's own element opens a line, or follows a sentence's end on it (`I'll check the directory. <list_files>…`).
      if (char === "<") return this.#line === "mid-line" && !this.#afterSentence ? "no" : this.#declaredElement(text, at);
    }
    // After prose on its line (`Sure! {"name": …}`), a JSON call or a pythonic list must end that line.
    if (this.#line === "mid-line" && (char === "{" || char === "[")) {
      this.#afterScan = "line-end";
      this.#separatedRow = char === "{";
    }
    if (char === "{") return this.#go(this.#key, at);
    if (char === "[") return this.#go(this.#list, at);
    return NAME_START.test(char) && this.#line !== "mid-line" ? this.#go(this.#name, at) : "no";
  }

  /**
   * Kimi's stripped `functions.name:0  {…}`: opening a line, after prose
   * and the spaces its stripped tokens left, or after a word and a space.
   * "no" lets the other openings read the text.
   */
  #kimiText(text: string, at: number): Verdict | undefined {
    if (this.#line === "mid-line" && !this.#spaced && !this.#afterWord) return "no";
    const head = readKimiTextHead(text, at, this.#toolNames());
    if (head === "no") return "no";
    if (head === "wait") return "maybe";
    // After a word, only the id with its index and the object on its line (not llama-cpp-python's `functions.name:` form).
    if (this.#afterWord && text.slice(at, head.args).includes("\n")) return "no";
    return this.#scan(head.args, false, "kimi-run");
  }

  /**
   * After a stripped Kimi call: another on the line, the line's end, or, where the call stands inside
   * no sentence (opening its line, after a sentence's end or the tokens' spaces), the next sentence.
   */
  #kimiRun(text: string): Verdict | undefined {
    const at = skipSpaces(text, this.#at);
    if (at >= text.length) return "maybe";
    if (text[at] === "\n" || text[at] === "\r") return this.#confirm(text, at);
    if (text[at] === "<") {
      // A stop token the server printed after the call (`<|im_end|>`) ends the line as well as a break does.
      const newline = text.indexOf("\n", at);
      const rest = onlyEndOfTurn(text.slice(at, newline < 0 ? text.length : newline));
      if (rest === "yes") return newline < 0 ? "maybe" : this.#confirm(text, newline);
      if (rest === "maybe" && newline < 0) return "maybe";
    }
    if (!this.#afterWord && opensSentence(text, this.#at)) return this.#confirm(text, this.#at);
    const head = readKimiTextHead(text, at, this.#toolNames());
    return typeof head === "string" ? pending(head) : this.#scan(head.args, false, "kimi-run");
  }

  /** After `<parameter=`: a name, `>`, then (space apart) the next `<parameter=`. */
  #parameterNamedHead(text: string): Verdict | undefined {
    const head = readParameterNamedHead(text, this.#at);
    return typeof head === "number" ? this.#go(this.#closingMarker, head) : pending(head);
  }

  /** After a JSON wrapper's tag (`<response>`): JSON must come next, else the tag is text. */
  #wrappedJson(text: string): Verdict | undefined {
    const at = skipWhitespace(text, this.#at);
    if (at >= text.length) return "maybe";
    if (text[at] !== "{" && text[at] !== "[") return "no";
    // The JSON read to its end, as in a call tag's body: the closer inside one of its strings closes nothing.
    this.#scanner = new BracketScanner();
    this.#search = at;
    return this.#go(this.#taggedJson, at);
  }

  /** The token between a marker and its payload, when the family has one. */
  #payloadThen(text: string): Verdict | undefined {
    const at = skipWhitespace(text, this.#at);
    if (at >= text.length) return "maybe";
    const found = markerAt(text, at, this.#then!.token);
    if (found === "wait") return "maybe";
    if (found === "yes") return this.#go(this.#payload, at + this.#then!.token.length);
    return this.#then!.required ? "no" : this.#go(this.#payload, at);
  }

  /** After `[TOOL_CALLS]` or `<|python_tag|>`. */
  #payload(text: string): Verdict | undefined {
    const at = skipWhitespace(text, this.#at);
    if (at >= text.length) return "maybe";
    const char = text[at]!;
    if (char === "{") return this.#go(this.#key, at);
    if (char === "[") return this.#go(this.#list, at);
    if (!NAME_START.test(char)) return "no";
    if (!this.#declaredName) return this.#go(this.#name, at);
    // Llama's `<|python_tag|>brave_search.call(query="…")<|eom_id|>`: up to its closer, or the end.
    return this.#closers.length > 0 ? this.#go(this.#closingMarker, at) : "no";
  }

  /** `[{…}, …]` of JSON calls or `[name(…), …]`, pythonic. */
  #list(text: string): Verdict | undefined {
    const inner = skipWhitespace(text, this.#at + 1);
    if (inner >= text.length) return "maybe";
    const char = text[inner]!;
    if (char === "{") {
      const verdict = readCallKey(text, inner, this.#names());
      return verdict === "yes" ? this.#scan(this.#at, false) : verdict === "wait" ? "maybe" : "no";
    }
    if (!NAME_START.test(char)) return "no";
    let end = inner;
    while (end < text.length && end - inner <= MAX_NAME && /[\w.-]/.test(text[end]!)) end++;
    const open = skipWhitespace(text, end);
    if (open >= text.length) return end - inner > MAX_NAME ? "no" : "maybe";
    // LM Studio's `[name]\n{…}\n[END_TOOL_REQUEST]`, for a declared name opening a line.
    if (text[end] === "]" && this.#line !== "mid-line" && this.#names().includes(text.slice(inner, end))) {
      this.#afterScan = "close-marker";
      return this.#go(this.#argsObject, end + 1);
    }
    return text[open] === "(" ? this.#scan(this.#at, true) : "no";
  }

  /** `{"name": …`: an object whose first key is one a call object may have. */
  #key(text: string): Verdict | undefined {
    const verdict = readCallKey(text, this.#at, this.#names());
    return verdict === "yes" ? this.#scan(this.#at, false) : verdict === "wait" ? "maybe" : "no";
  }

  /** A declared tool's name opening a line: `name{…}`, `name(…)`, `name\n{…}`, `name[ARGS]{…}`. */
  #name(text: string): Verdict | undefined {
    const start = this.#at;
    let end = start;
    while (end < text.length && end - start <= MAX_NAME && NAME_CHAR.test(text[end]!)) end++;
    const name = text.slice(start, end);
    if (end - start > MAX_NAME) return "no";
    const names = this.#names();
    // Kimi writes the call id, the name and an index: `functions.get_weather:0`.
    const indexed = (known: string): boolean => name.startsWith(known) && /^:\d*$/.test(name.slice(known.length));
    if (end >= text.length) return !this.#declaredName || names.some((known) => known.startsWith(name) || indexed(known)) || this.#spellingMayFollow(name) ? "maybe" : "no";
    if (this.#declaredName && !names.includes(name) && !this.#spellsDeclared(name)) {
      if (!names.some(indexed)) return "no";
      this.#afterScan = "argument-token";
    }
    return this.#go(this.#afterName, end);
  }

  /** A declared name in another naming style (`WebFetch`, `webFetch`, `WEB-FETCH` for `web_fetch`), as the reader resolves it. */
  #spellsDeclared(name: string): boolean {
    return declaredNameFor(name, this.#toolNames()) !== undefined;
  }

  /** Whether `start`, cut by the chunk's end, may still become such a spelling. */
  #spellingMayFollow(start: string): boolean {
    const folded = foldToolName(start);
    return folded !== "" && this.#tools.some((tool) => foldToolName(tool.name).startsWith(folded));
  }

  #names(): readonly string[] {
    return namespacedNames(this.#tools);
  }

  #toolNames(): readonly string[] {
    return declaredNames(this.#tools);
  }

  #afterName(text: string): Verdict | undefined {
    const at = this.#at;
    const char = text[at];
    for (const token of NAME_ARGUMENT_TOKENS) {
      const found = markerAt(text, at, token);
      if (found === "wait") return "maybe";
      if (found === "yes") {
        this.#afterScan = "confirm";
        return this.#go(this.#argsObject, at + token.length);
      }
    }
    if (this.#afterScan === "argument-token") return "no";
    if (char === "[") {
      for (const token of ["[ARGS]", "[CALL_ID]"]) {
        const found = markerAt(text, at, token);
        if (found === "wait") return "maybe";
        if (found === "yes") return token === "[ARGS]" ? this.#go(this.#argsObject, at + token.length) : this.#go(this.#callId, at + token.length);
      }
      return "no";
    }
    // After Mistral's marker a space may come before `[ARGS]` (`[TOOL_CALLS] get_weather [ARGS]{…}`).
    if (!this.#declaredName && (char === " " || char === "\t")) {
      const token = skipSpaces(text, at);
      if (token >= text.length) return "maybe";
      return text[token] === "[" ? this.#go(this.#afterName, token) : "no";
    }
    // Devstral Small 2: `[TOOL_CALLS]name{…}` with no `[ARGS]`.
    if (!this.#declaredName) return char === "{" ? this.#scan(at, false) : "no";
    if (char === "{" || char === "(") return this.#objectOrParens(at, char);
    // GLM's `browser_open/url>https://…` (or `name/{…}`): held to the line's end.
    if (char === "/") {
      const slash = slashArgumentsAt(text, at);
      return slash === "yes" ? this.#go(this.#wordsLine, at) : pending(slash);
    }
    // `get_weather (city="Paris")`: space before the parenthesis, as Python allows; `get_weather {…}` likewise.
    if (char === " " || char === "\t") {
      const paren = skipSpaces(text, at);
      if (paren >= text.length) return "maybe";
      if (text[paren] === "(" || text[paren] === "{") return this.#objectOrParens(paren, text[paren]!);
      // `web_fetch url="…"`: key=value words, held to the line's end.
      const key = KEY_WORD.exec(text.slice(paren, paren + MAX_NAME + 2));
      if (key === null) return "no";
      if (paren + key[0].length >= text.length) return "maybe";
      return text[paren + key[0].length] === "=" ? this.#go(this.#wordsLine, paren) : "no";
    }
    // GLM's body without its call tags, the pairs glued to the name (`glob<arg_key>…`): no closer marks their end.
    if (char === "<") {
      const pairs = markerAt(text, at, "<arg_key>");
      return pairs === "yes" ? this.#go(this.#toTextEnd, at) : pending(pairs);
    }
    if (char === "\n") return this.#go(this.#argsOnNextLine, at + 1);
    if (char === "\r") return at + 1 >= text.length ? "maybe" : text[at + 1] === "\n" ? this.#go(this.#argsOnNextLine, at + 2) : "no";
    return "no";
  }

  /** A bare `name(…)` or `name{…}`: the line must end after it, or (objects only) go on with the next `name{…}`. */
  #objectOrParens(at: number, char: string): undefined {
    this.#objectRow = char === "{";
    return this.#scan(at, char === "(", "line-end");
  }

  /** `name key=value …`: the words run to the line's end. */
  #wordsLine(text: string): Verdict | undefined {
    const newline = text.indexOf("\n", this.#at);
    if (newline >= 0) return this.#confirm(text, newline);
    this.#at = text.length;
    return "maybe";
  }

  /** After a declared name alone on its line: the JSON arguments, or Devstral's argument elements (no closer marks their end: held to the text's end). */
  #argsOnNextLine(text: string): Verdict | undefined {
    const at = skipWhitespace(text, this.#at);
    if (at >= text.length) return "maybe";
    if (text[at] === "<") return this.#go(this.#toTextEnd, at);
    // ChatGLM3's Python fence holding `tool_call(…)`: held to the fence's closer, which the reading then judges.
    if (text[at] === "`") {
      const fence = markerAt(text, at, FENCE);
      if (fence !== "yes") return pending(fence);
      this.#closers = [FENCE_LINE];
      return this.#go(this.#closingMarker, at + FENCE.length);
    }
    return this.#go(this.#argsObject, at);
  }

  /** After `Action:`: a declared name, then `Action Input:` on the next line (see `readReActHead`). */
  #reactHead(text: string): Verdict | undefined {
    const read = readReActHead(text, this.#at, this.#names(), this.#inputLabel);
    return typeof read === "number" ? this.#go(this.#reactInput, read) : read;
  }

  /** After `Action Input:`: a JSON object, or a fence around one (read as any fence is). */
  #reactInput(text: string): Verdict | undefined {
    const start = skipWhitespace(text, this.#at);
    // A stray bold marker may open the input (`** {…}`): one `*` so far may become it.
    if (start === text.length - 1 && text[start] === "*") return "maybe";
    const at = skipBoldMarker(text, start);
    if (at >= text.length) return "maybe";
    if (text[at] === "{") return this.#scan(at, false);
    const wrapped = wrappedInputObject(text, at);
    if (wrapped === "maybe") return "maybe";
    if (wrapped !== "no") {
      // The object is the wrapping call's only argument: its `)` ends the input.
      this.#closeToken = ")";
      return this.#scan(wrapped, false, "close-marker");
    }
    const fence = markerAt(text, at, FENCE);
    return fence === "yes" ? this.#go(this.#fenceInfo, at + FENCE.length) : pending(fence);
  }

  /** A declared name in a line's opening (`read`), then the JSON arguments. */
  #lineHead(
    read: (text: string, at: number, names: readonly string[]) => { args: number; close?: string; closers?: readonly string[] } | "wait" | "no",
    names: readonly string[],
  ): (text: string) => Verdict | undefined {
    return (text) => {
      const head = read(text, this.#at, names);
      if (typeof head === "string") return pending(head);
      // A label in place of another format's opening: that format's closer ends the call.
      if (head.closers !== undefined) {
        this.#closers = head.closers;
        return this.#go(this.#closingMarker, head.args);
      }
      // A label holding its object (`[Calling tool: x with arguments: {…}]`) is a call once it closes.
      if (head.close === undefined) return this.#go(this.#argsObject, head.args);
      this.#closeToken = head.close;
      return this.#scan(head.args, false, "close-marker");
    };
  }

  /** Functionary's `>>>name` then a line, or `<|recipient|>name` then `<|content|>`: a declared name, then the JSON arguments. */
  #functionaryHead(text: string): Verdict | undefined {
    const head = readFunctionaryHead(text, this.#at, this.#names());
    if (typeof head === "string") return pending(head);
    if (head.name === FUNCTIONARY_CODE_TOOL && nameLineMarkerAt(text, this.#at) !== undefined) return this.#go(this.#codeOrObject, head.args);
    return this.#go(this.#argsObject, head.args);
  }

  /** After the code tool's name: JSON arguments, or raw code running to the text's end (the end decides). */
  #codeOrObject(text: string): Verdict | undefined {
    const at = skipWhitespace(text, this.#at);
    if (at >= text.length) return "maybe";
    if (text[at] === "{") return this.#go(this.#argsObject, at);
    return this.#tools.some((tool) => tool.name === FUNCTIONARY_CODE_TOOL) ? this.#go(this.#toTextEnd, at) : "no";
  }

  /** Held to the end of the text, where the extraction reads it. */
  #toTextEnd(): Verdict | undefined {
    return "maybe";
  }

  /** Mistral v13: `name[CALL_ID]abc123[ARGS]{…}`. */
  #callId(text: string): Verdict | undefined {
    const args = readCallId(text, this.#at);
    return typeof args === "number" ? this.#go(this.#argsObject, args) : pending(args);
  }

  #argsObject(text: string): Verdict | undefined {
    const at = skipWhitespace(text, this.#at);
    if (at >= text.length) return "maybe";
    return text[at] === "{" ? this.#scan(at, false) : "no";
  }

  /** Cline's `<read_file>` element, a declared tool's name as its tag, opening a line. */
  #declaredElement(text: string, at: number): Verdict | undefined {
    const head = readElementHead(text, at, this.#toolNames());
    // Not an element: maybe calls between angle brackets, `<get_weather(city="Paris")>`.
    if (head === "no") return this.#go(this.#angledName, at + 1);
    if (typeof head === "string") return pending(head);
    // A self-closing element (`<get_location/>`) is a whole call.
    if (head.close === "") return this.#confirm(text, head.body);
    this.#closers = [head.close];
    return this.#go(this.#closingMarker, head.body);
  }

  /**
   * A declared tool's name and its `(`, in a pythonic list between `<` and `>` (or `]`): BitAgent and other models
   * asked for calls in XML write `<get_weather(city="Paris"), get_time(tz="UTC")>`.
   */
  #angledName(text: string): Verdict | undefined {
    let end = this.#at;
    while (end < text.length && end - this.#at <= MAX_NAME && NAME_CHAR.test(text[end]!)) end++;
    const name = text.slice(this.#at, end);
    if (end - this.#at > MAX_NAME || name === "" || !NAME_START.test(name[0]!)) return "no";
    if (end >= text.length) return this.#toolNames().some((known) => known.startsWith(name)) ? "maybe" : "no";
    if (!this.#toolNames().includes(name)) return "no";
    const open = skipSpaces(text, end);
    if (open >= text.length) return "maybe";
    if (text[open] !== "(") return "no";
    return this.#scan(open, true, "angled-list");
  }

  /** After a call's parentheses: the list's closer or the next call. */
  #angledListGoesOn(text: string): Verdict | undefined {
    const next = skipWhitespace(text, this.#at);
    if (next >= text.length) return "maybe";
    if (text[next] === ">" || text[next] === "]") return this.#confirm(text, next + 1);
    if (text[next] !== ",") return "no";
    const name = skipWhitespace(text, next + 1);
    return name >= text.length ? "maybe" : this.#go(this.#angledName, name);
  }

  #geminiScanning(text: string): Verdict | undefined {
    const scanner = this.#geminiScanner!;
    const end = scanner.scan(text, this.#at);
    if (end >= 0) return this.#go(this.#geminiEnd, end);
    this.#at = scanner.resume;
    return "maybe";
  }

  /** The call's end token right after its arguments goes with it (what follows the call is read from after it). */
  #geminiEnd(text: string): Verdict | undefined {
    const found = markerAt(text, this.#at, GEMINI_CALL_END);
    if (found === "wait") return "maybe";
    return this.#confirm(text, found === "yes" ? this.#at + GEMINI_CALL_END.length : this.#at);
  }

  #scan(open: number, python: boolean, after = this.#afterScan): undefined {
    this.#scanner = new BracketScanner({ python });
    this.#afterScan = after;
    return this.#go(this.#scanning, open);
  }

  #scanning(text: string): Verdict | undefined {
    const end = this.#scanner!.scan(text, this.#at);
    if (end < 0) {
      this.#at = text.length;
      return "maybe";
    }
    if (this.#afterScan === "line-end") return this.#go(this.#lineEnd, end);
    if (this.#afterScan === "close-marker") return this.#go(this.#closeMarker, end);
    if (this.#afterScan === "kimi-run") return this.#go(this.#kimiRun, end);
    if (this.#afterScan === "angled-list") return this.#go(this.#angledListGoesOn, end);
    return this.#confirm(text, end);
  }

  /** `[END_TOOL_REQUEST]` (or a label's `]`) right after the arguments (spaces apart). */
  #closeMarker(text: string): Verdict | undefined {
    let at = skipWhitespace(text, this.#at);
    if (at >= text.length) return "maybe";
    // A label's object closed once too often (`{…}}]`): the brace is the label's, typed twice.
    if (text[at] === "}" && labelClosesWithStrayBrace(this.#closeToken)) {
      at = skipWhitespace(text, at + 1);
      if (at >= text.length) return "maybe";
    }
    const found = markerAt(text, at, this.#closeToken);
    return found === "yes" ? this.#confirm(text, at + this.#closeToken.length) : found === "wait" ? "maybe" : "no";
  }

  /** A bare call must end its line: `get_weather() returns…` is prose. */
  #lineEnd(text: string): Verdict | undefined {
    if (this.#objectRow) {
      const next = nextObjectCall(text, this.#at, this.#names());
      if (next === "wait") return "maybe";
      if (next !== "no") return this.#scan(next, false, "line-end");
    }
    if (this.#separatedRow) {
      const next = nextSeparatedObject(text, this.#at);
      if (next === "wait") return "maybe";
      if (next !== "no") return this.#scan(next, false, "line-end");
    }
    const newline = text.indexOf("\n", this.#at);
    // A stop token the server printed after the call (`<|im_end|>`) ends the line as well as a break does.
    // A statement's `;` right after the call (`get_weather(city="Paris");`) ends it as well.
    const line = withoutFunctionClose(text.slice(this.#at, newline < 0 ? text.length : newline).replace(/^[ \t]*;/, ""));
    if (line === undefined) return newline < 0 ? "maybe" : "no";
    const rest = onlyEndOfTurn(line);
    if (rest === "no" || (rest === "maybe" && newline >= 0)) return "no";
    if (newline < 0) {
      // Space is read once; a token (or part of one) is read again as it grows.
      if (line.trim() === "") this.#at = text.length;
      return "maybe";
    }
    return this.#confirm(text, newline);
  }

  /** Waits for the first of `#closers` after `#at`. */
  #closingMarker(text: string): Verdict | undefined {
    if (this.#section !== undefined) {
      // Inside a section still open: only its end is looked for, from where the last look stopped.
      const close = text.indexOf(CDATA_CLOSE, Math.max(this.#section.open + CDATA_OPEN.length, this.#section.scan));
      if (close < 0) {
        this.#section = { open: this.#section.open, scan: text.length - CDATA_CLOSE.length + 1 };
        return "maybe";
      }
      this.#at = this.#section.open;
      this.#section = undefined;
    }
    let found = firstCloserEndOutsideCdata(text, this.#at, this.#closers);
    // OLMo 3's Python calls: a closer inside one of their strings (the body up to it stops in one) closes nothing.
    while (found.end >= 0 && (this.#closerInCodeString(text, found.end) || this.#closerInQuotedString(text, found.end) || this.#closerInParameterValue(text, found.end))) {
      this.#closersPassed++;
      this.#at = found.end;
      found = firstCloserEndOutsideCdata(text, this.#at, this.#closers);
    }
    if (found.end >= 0) return this.#confirm(text, found.end);
    // A closer cut at the end of the text is searched again from its start next time; so is a CDATA section still open.
    const longest = Math.max(...this.#closers.map((closer) => closer.length));
    this.#at = Math.min(found.from ?? Infinity, Math.max(this.#at, text.length - longest + 1));
    if (found.from !== undefined && text.startsWith(CDATA_OPEN, found.from)) this.#section = { open: found.from, scan: found.from + CDATA_OPEN.length };
    return "maybe";
  }

  /** Whether the closer ending at `end` stands inside one of an invoke block's parameter values, left open (see closer-in-invoke-parameter.ts). */
  #closerInParameterValue(text: string, end: number): boolean {
    const invoked = this.#invoked;
    const bodyAt = this.#tagBodyAt;
    if ((invoked === undefined && bodyAt === undefined) || this.#closersPassed >= MAX_CLOSERS) return false;
    const closer = this.#closers.find((candidate) => text.startsWith(candidate, end - candidate.length));
    if (closer === undefined) return false;
    // A GLM value left open (see closer-in-parameter.ts); an invoke's parameter value (closer-in-invoke-parameter.ts).
    return invoked === undefined ? withinOpenArgValue(text, bodyAt!, end - closer.length) : withinOpenValue(text, invoked.bodyAt, end - closer.length, invoked.prefix);
  }

  /** Whether the closer ending at `end` stands inside one of a Gemma block's strings (see closer-in-quote-token.ts). */
  #closerInQuotedString(text: string, end: number): boolean {
    const quoted = this.#quoted;
    if (quoted === undefined || this.#closersPassed >= MAX_CLOSERS) return false;
    const closer = this.#closers.find((candidate) => text.startsWith(candidate, end - candidate.length));
    return closer !== undefined && insideQuotedString(text, quoted.bodyAt, end - closer.length, quoted.token);
  }

  /** Whether the closer ending at `end` stands inside a string of the code block's calls (see closer-after-block-calls.ts). */
  #closerInCodeString(text: string, end: number): boolean {
    const bodyAt = this.#codeBlockAt;
    if (bodyAt === undefined || this.#closersPassed >= MAX_CLOSERS || !/[A-Za-z_]/.test(text[skipWhitespace(text, bodyAt)] ?? "")) return false;
    const closer = this.#closers.find((candidate) => text.startsWith(candidate, end - candidate.length));
    return closer !== undefined && endsInsideCodeString(text, bodyAt, end - closer.length);
  }

  #harmonyHeader(text: string): Verdict | undefined {
    const body = readHarmonyHeader(text, this.#at);
    if (typeof body !== "number") return pending(body);
    this.#closers = HARMONY_ENDS;
    return this.#go(this.#closingMarker, body);
  }

  /** The info string after ```: nothing, `json`, `tool_call` or `tool_code`, then a newline. */
  #fenceInfo(text: string): Verdict | undefined {
    const info = readFenceInfo(text, this.#at, this.#fenceInline);
    if (typeof info === "string") return pending(info);
    this.#fenceWord = info.word;
    return this.#go(this.#fenceBody, info.body);
  }

  #fenceBody(text: string): Verdict | undefined {
    let body = readFenceBody(text, this.#at, this.#fenceWord);
    // An XML block may also open with a declared tool's element (Cline's `<read_file>`): its name is the request's.
    // So may Gemini's `<ctrl42>call:name{…}`, a tag format of its own (its control tokens required).
    if (body === "no" && XML_FENCE_INFOS.includes(this.#fenceWord)) {
      const start = skipWhitespace(text, this.#at);
      const names = this.#toolNames();
      const gemini = readGeminiHead(text, start, names, false);
      const head = gemini === "no" ? readElementHead(text, start, names) : gemini;
      body = typeof head === "string" ? head : start;
    }
    if (typeof body !== "number") return pending(body);
    // A Python block's strings may hold a fence (`markdown='a ``` b'`): its own closer opens a line.
    this.#closers = [XML_FENCE_INFOS.includes(this.#fenceWord) ? XML_FENCE_CLOSE : CODE_FENCE_INFOS.includes(this.#fenceWord) ? FENCE_LINE : FENCE];
    if (JSON_FENCE_INFOS.includes(this.#fenceWord) && (text[body] === "{" || text[body] === "[")) {
      this.#scanner = new BracketScanner();
      this.#search = body;
      return this.#go(this.#fencedJson, body);
    }
    return this.#go(this.#closingMarker, body);
  }

  /** A JSON block ends at the fence after its value: one inside its strings closes nothing. */
  #fencedJson(text: string): Verdict | undefined {
    const read = scanFencedJson(text, this.#at, this.#search, this.#scanner!);
    if (read.kind === "closed") return this.#go(this.#closingMarker, read.end);
    if (read.kind === "fence") return this.#confirm(text, read.at + FENCE.length);
    this.#at = text.length;
    this.#search = read.search;
    return "maybe";
  }

  /** A tag's body: a JSON value is read to its end (a closer in one of its strings closes nothing), anything else waits for the closer. */
  #tagBody(text: string): Verdict | undefined {
    const at = skipWhitespace(text, this.#at);
    // Space read once: a stream of it costs one pass.
    this.#at = at;
    if (at >= text.length) return "maybe";
    if (text[at] !== "{" && text[at] !== "[") return this.#go(this.#closingMarker, at);
    this.#scanner = new BracketScanner({ python: this.#pythonBody });
    this.#search = at;
    return this.#go(this.#taggedJson, at);
  }

  #taggedJson(text: string): Verdict | undefined {
    const read = scanJsonBlock(text, this.#at, this.#search, this.#scanner!, this.#closers);
    if (read.kind === "closed") return this.#go(this.#closingMarker, read.end);
    if (read.kind === "fence") return this.#confirm(text, firstCloserEnd(text, read.at, this.#closers));
    this.#at = text.length;
    this.#search = read.search;
    return "maybe";
  }

  /** A block closed at `end`: is the text up to it a call, as the whole-answer extraction reads it? */
  #confirm(text: string, end: number): Verdict {
    this.#judged += end;
    if (readLeadingCalls(text.slice(0, end), this.#tools) === undefined) {
      this.#undeclared = opensWithUndeclaredCall(text.slice(0, end), this.#tools);
      // A template's call (a placeholder for a value) is a format shown, not a call that failed to read.
      this.#template = !this.#undeclared && opensWithTemplateCall(text.slice(0, end), this.#tools);
      if (!this.#undeclared && !this.#template) this.#unreadName = declaredNameAt(text.slice(0, end), 0, this.#tools);
      return "no";
    }
    this.#end = end;
    return "call";
  }
}
