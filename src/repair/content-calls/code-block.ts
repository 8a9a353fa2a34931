/**
 * Whether a call written as text sits in a Markdown code block: a fenced
 * block (```` ``` ```` or `~~~`, of any language) or an indented one (a line
 * indented four spaces or a tab after a blank line). Models wrap a call they
 * make in a fence, and end the text there; a call in a fence the text goes
 * on after (`That is the format.`), in a fence never closed, or in an
 * indented block is shown as code, not made. Read one character at a time,
 * so the state after a text does not depend on how the text was cut.
 */
import { onlyAwaitsCall } from "./awaits-call.ts";
import { FENCE_INFOS } from "./call-markers.ts";
import { onlyEndOfTurn, splitEndOfTurn } from "./end-of-turn.ts";

/** Where a stretch of text left off, as a Markdown reader sees its blocks. */
export interface CodeState {
  /** The fence the text is inside: its character and length. */
  readonly fence?: {
    readonly char: "`" | "~";
    readonly length: number;
    /** Its info string names a call format (```tool), or another language than a call's (```python: code there is never a call). */
    readonly callSyntax: boolean;
    readonly foreign: boolean;
    readonly action: boolean;
    readonly afterText: boolean;
    /** It holds another fence's line (a block shown inside the block). */
    readonly nested?: boolean;
  };
  /** Whether any text but space came yet, and whether some had when the current line began. */
  readonly started: boolean;
  readonly startedAtLine: boolean;
  /** The current line so far: its indentation (a tab counts four), its run of fence characters, and whether anything else came. */
  readonly indent: number;
  readonly run: number;
  readonly runChar?: "`" | "~";
  readonly other: boolean;
  /** Whether anything but space came after the run (an opener's info string; a closer must have none). */
  readonly afterRun: boolean;
  /** Whether a backtick came after a backtick run (no opener then: it is inline code). */
  readonly tickAfterRun: boolean;
  /** Whether the line before was blank (or there was none): an indented line after it opens code. */
  readonly blankBefore: boolean;
  /** Whether the lines before are an indented code block (blank lines inside it included): an indented line goes on with it. */
  readonly codeBlock: boolean;
  /** Whether the current line, so far, is in an indented code block. */
  readonly indented: boolean;
  /** The current line's first characters after its indentation (a list item's marker, when it has one). */
  readonly head: string;
  /** Whether the last line that was not blank is a list item's: indentation under it goes on with the item, it is no code. */
  readonly inList: boolean;
  /** The start of the last line that was not blank (a label such as ReAct's `Action:`). */
  readonly lastHead: string;
}

export const TEXT_START: CodeState = { started: false, startedAtLine: false, indent: 0, run: 0, other: false, afterRun: false, tickAfterRun: false, blankBefore: true, codeBlock: false, indented: false, head: "", inList: false, lastHead: "" };

/** A list item's marker opening a line: `-`, `*`, `+`, `1.`, `2)`, then a space. */
const LIST_ITEM = /^(?:[-*+]|\d{1,3}[.)])(?:[ \t]|$)/;
/** How much of a line's start is kept: a list item's marker, a label, a fence's info string. */
const HEAD_CHARS = 24;
/** Fences whose info string names a call format (Continue's ```tool, Gemma's ```tool_code): the fence is the call's syntax. */
const CALL_FENCE_INFOS = ["tool", "tool_use", "tool_call", "tool_code", "function_call"];
/**
 * An XML fence of tildes (`~~~xml`): its calls are read as a bare fence's are. (A ```` ```xml ```` block is read
 * whole by its own reader, which takes backtick fences only; without this, a call in `~~~xml` was code, unseen,
 * and a call after the block was read as if nothing came before it.)
 */
const TILDE_XML_INFOS = ["xml"];
/** ReAct's label before its JSON blob (`Action:` then a fence): the fence is the action's syntax, and a stop word may cut its closer. */
const REACT_ACTION = /^action\s*:\s*$/i;

/** The state after `text.slice(from, to)`, from `state` before it. */
export function codeAfter(state: CodeState, text: string, from = 0, to = text.length): CodeState {
  let { fence, started, startedAtLine, indent, run, runChar, other, afterRun, tickAfterRun, blankBefore, codeBlock, indented, head, inList, lastHead } = state;
  for (let at = from; at < to; at++) {
    const char = text[at]!;
    if (!started && !/\s/.test(char)) started = true;
    if (char === "\n" || char === "\r") {
      if (char === "\r" && text[at + 1] === "\n") continue;
      const fenceLine = indent <= 3 && run >= 3 && !other;
      if (fence !== undefined) {
        if (fenceLine && runChar === fence.char && run >= fence.length && !afterRun) fence = undefined;
        // A fence line that does not close it (shorter, another character, an info string): a block shown inside the block.
        else if (fenceLine && fence.nested !== true) fence = { ...fence, nested: true };
      } else if (fenceLine && !(runChar === "`" && tickAfterRun) && !indented) {
        const info = head.slice(run).trim().toLowerCase();
        const foreign = !FENCE_INFOS.includes(info) && !(runChar === "~" && TILDE_XML_INFOS.includes(info));
        fence = { char: runChar!, length: run, callSyntax: CALL_FENCE_INFOS.includes(info), foreign, action: REACT_ACTION.test(lastHead), afterText: startedAtLine };
      }
      const blank = run === 0 && !other && !afterRun;
      codeBlock = fence === undefined && (indented || (blank && codeBlock));
      // An indented line under a list item goes on with it; any other line that is not blank starts over.
      if (!blank && !(inList && indent >= 2)) inList = LIST_ITEM.test(head);
      if (!blank) lastHead = head;
      startedAtLine = started;
      head = "";
      blankBefore = blank;
      indent = 0;
      run = 0;
      runChar = undefined;
      other = false;
      afterRun = false;
      tickAfterRun = false;
      indented = false;
      continue;
    }
    if (run === 0 && !other) {
      if (char === " " || char === "\t") {
        indent += char === "\t" ? 4 : 1;
        // Four columns of indentation after a blank line, outside a fence: an indented code block's line.
        if (indent >= 4 && fence === undefined && (blankBefore || codeBlock) && !inList) indented = true;
        continue;
      }
      if ((char === "`" || char === "~") && indent <= 3) {
        run = 1;
        runChar = char;
        head = char;
        continue;
      }
      other = true;
      head = char;
      continue;
    }
    if (head.length > 0 && head.length < HEAD_CHARS) head += char;
    if (run > 0 && !afterRun && char === runChar) {
      run++;
      continue;
    }
    if (run > 0) {
      if (char === "`" && runChar === "`") tickAfterRun = true;
      if (char !== " " && char !== "\t") afterRun = true;
      continue;
    }
    other = true;
  }
  return { fence, started, startedAtLine, indent, run, runChar, other, afterRun, tickAfterRun, blankBefore, codeBlock, indented, head, inList, lastHead };
}

/** How much space before a block's call is looked through. */
const MAX_LEAD = 256;
/** A fence line: its characters, an info string, nothing else (` ```json `, `~~~`). */
const FENCE_LINE = /^ {0,3}(?:`{3,}[^`\n]*|~{3,}(?:[^~\n][^\n]*)?)$/;

/**
 * Whether a call read at `from` of `held` (with `before` the code state there) is shown as code: it sits in an
 * indented block, or in a fence (also one its block opens) that is never closed or that text other than fences,
 * space and end-of-turn tokens follows (`after`, the text after the first call, the calls taken out).
 */
export function shownAsCode(before: CodeState, held: string, from: number, after: string): boolean {
  // The space a reading takes with the block (`    <tool_call>` read from the line's start) is before the call.
  const at = from + /^\s*/.exec(held.slice(from, from + MAX_LEAD))![0].length;
  const state = codeAfter(before, held, from, at);
  // The call's own line, up to the call: only indentation that makes code. Not for bare JSON: a pretty-printed
  // list whose brackets were left out indents its objects so (a list of calls in Python, `[f(a=1)]`, or a
  // marker such as `[TOOL_CALLS]` is markup, and shown as code there).
  if (state.indented && state.run === 0 && !state.other && held[at] !== "{" && !/^\[\s*[{[]/.test(held.slice(at, at + MAX_LEAD))) return true;
  // The fence the call is in, or the one its block opens (` ```json ` read with the call).
  const opensFence = state.fence === undefined && state.indent <= 3 && state.run === 0 && !state.other && FENCE_LINE.test(held.slice(at, lineEnd(held, at)));
  const fence = state.fence ?? (opensFence ? codeAfter(state, `${held.slice(at, lineEnd(held, at))}\n`).fence : undefined);
  // ReAct's `Action:` then a fence is the action's own syntax (a stop word may have cut its closer).
  if (fence === undefined || fence.action) return false;
  // Read to the end of the text (its last line ended as a line would be): a fence still open was never closed.
  // A stop token the server printed right after the closer (```<|im_end|>) ends the turn, not the fence's line.
  const end = Math.max(at, splitEndOfTurn(held).body.length);
  if (codeAfter(codeAfter(state, held, at, end), "\n").fence !== undefined && !closedOnLastLine(fence, held.slice(at, end))) return true;
  // A fence that opens the text, with prose after it: a code block and its explanation. (A fence labelled as a
  // call's, Continue's ```tool, is the call's syntax; one after prose is the call the prose announced.)
  // A fence holding another fence's line besides the call (````, then ``` and the call) shows a block as a
  // document would: an example of one, not a call.
  if (fence.nested === true || nestsAfter(fence, splitEndOfTurn(after).body)) return true;
  if (fence.afterText || fence.callSyntax) return false;
  const left = after
    .split("\n")
    .filter((line) => !FENCE_LINE.test(line.trimEnd()))
    .join("\n");
  // `after` has the later calls taken out: a call written outside any fence after the block (```, the call, ```,
  // then <tool_call>…) is text after the block too, as prose is. Later calls each in a fence of their own are not.
  // Prose in which the model waits on the call (`I'll wait for the result.`) explains no block: the call was made.
  return !nothingButWaiting(left) || !nothingButWaiting(outsideFencesAfter(state, held, at));
}

/** Whether `text` is only end-of-turn tokens, or prose that waits on the call before it (end-of-turn tokens after it aside). */
function nothingButWaiting(text: string): boolean {
  if (onlyEndOfTurn(text) === "yes") return true;
  const { body } = splitEndOfTurn(text);
  return onlyAwaitsCall(body);
}

/**
 * The text after the fence open at `at` of `held` (`state` there) closes that lies outside any fence: neither a
 * fence's line nor inside one. Read line by line, each line's state from the one before.
 */
function outsideFencesAfter(state: CodeState, held: string, at: number): string {
  const body = splitEndOfTurn(held.slice(at)).body;
  let current = state;
  let closed = false;
  let outside = "";
  for (let start = 0; start < body.length; ) {
    const end = lineEnd(body, start);
    const next = codeAfter(current, `${body.slice(start, end)}\n`);
    if (closed && current.fence === undefined && next.fence === undefined && !FENCE_LINE.test(body.slice(start, end).trimEnd())) outside += `${body.slice(start, end)}\n`;
    if (!closed && current.fence !== undefined && next.fence === undefined) closed = true;
    current = next;
    start = end + 1;
  }
  return outside;
}

/**
 * Whether the text ends on a closer typed right after the last line's content (`{…}```` or `{…} ```` ending
 * the text): the fence the block opened is closed there, though Markdown wants its closer on a line of its own.
 * Only at the very end, after more than the opening line: a run mid-text may be code the block shows.
 */
function closedOnLastLine(fence: NonNullable<CodeState["fence"]>, block: string): boolean {
  const trimmed = block.trimEnd();
  const lastLine = trimmed.slice(trimmed.lastIndexOf("\n") + 1);
  if (!block.includes("\n") || lastLine.trim() === "") return false;
  let run = 0;
  while (run < lastLine.length && lastLine[lastLine.length - 1 - run] === fence.char) run++;
  return run >= fence.length && run < lastLine.trim().length;
}

/** Whether `after`, the text after a call in `fence`, holds a fence line before the one that closes `fence`. */
function nestsAfter(fence: NonNullable<CodeState["fence"]>, after: string): boolean {
  for (const line of after.split("\n")) {
    const trimmed = line.trimEnd();
    if (!FENCE_LINE.test(trimmed)) continue;
    const run = /^ {0,3}([`~])\1*/.exec(trimmed)![0].trimStart();
    return !(run[0] === fence.char && run.length >= fence.length && trimmed.trimStart() === run);
  }
  return false;
}

function lineEnd(text: string, at: number): number {
  const end = text.indexOf("\n", at);
  return end < 0 ? text.length : end;
}
