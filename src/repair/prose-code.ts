/**
 * Code quoted in prose: fenced blocks and inline code spans. A model that
 * reasons before it answers shows code (`property['x']`, `\d{4}`) whose
 * brackets are not its arguments'; the fixers that take the arguments out of
 * prose look past them.
 */

export interface CodeSpan {
  /** Where the span starts (its first fence or backtick) and ends (past its closer). */
  readonly start: number;
  readonly end: number;
  /** What it holds, between its fence lines or backticks. */
  readonly body: string;
  readonly block: boolean;
}

/** More spans than this are a document, not a few lines of reasoning. */
const MAX_SPANS = 64;
/** A fence line: three or more backticks (an info string without one) or tildes. */
const FENCE_LINE = /^[ \t]*(?:(`{3,})[^`\n]*|(~{3,})(?!~)[^\n]*)$/;
/** Closing runs an inline span looks at, at most: enough for prose, linear on hostile text. */
const MAX_CLOSERS = 64;

/**
 * The code spans of `text`, in order; `undefined` when a fenced block is
 * left open (the text was cut, or is not Markdown) or there are too many.
 */
export function codeSpans(text: string): CodeSpan[] | undefined {
  const spans: CodeSpan[] = [];
  let prose = 0;
  for (let line = 0; line < text.length; ) {
    const lineEnd = endOfLine(text, line);
    const fence = FENCE_LINE.exec(text.slice(line, lineEnd));
    if (fence === null) {
      line = lineEnd + 1;
      continue;
    }
    const block = fencedBlock(text, line + fence[0].search(/[`~]/), lineEnd, fence[1] ?? fence[2]!);
    if (block === undefined || !inlineSpans(text, prose, line, spans)) return undefined;
    spans.push(block);
    if (spans.length > MAX_SPANS) return undefined;
    prose = block.end;
    line = block.end + 1;
  }
  return inlineSpans(text, prose, text.length, spans) ? spans : undefined;
}

function endOfLine(text: string, from: number): number {
  const end = text.indexOf("\n", from);
  return end === -1 ? text.length : end;
}

/** The block whose fence line ends at `lineEnd`, up to its closing fence line; `undefined` when none closes it. */
function fencedBlock(text: string, start: number, lineEnd: number, fence: string): CodeSpan | undefined {
  for (let line = lineEnd + 1; line < text.length; ) {
    const end = endOfLine(text, line);
    const content = text.slice(line, end).trim();
    // A closing fence is the fence's character, at least as many times, and nothing else.
    if (content.length >= fence.length && content === fence[0]!.repeat(content.length)) {
      return { start, end, body: text.slice(lineEnd + 1, line), block: true };
    }
    line = end + 1;
  }
  return undefined;
}

const TICKS = /`+/g;

/**
 * Adds the inline spans of the prose between `from` and `to`: a run of
 * backticks closes at the next run as long in its paragraph; one that does
 * not is a backtick. `false` when there are too many.
 */
function inlineSpans(text: string, from: number, to: number, spans: CodeSpan[]): boolean {
  const prose = text.slice(from, to);
  const runs = [...prose.matchAll(TICKS)].map((run) => ({ at: from + run.index, length: run[0].length }));
  let paragraphEnd = -1;
  for (let open = 0; open < runs.length; open++) {
    const opener = runs[open]!;
    // Found again only once passed: linear over the prose.
    if (paragraphEnd !== -1 && paragraphEnd < opener.at) paragraphEnd = text.indexOf("\n\n", opener.at);
    else if (open === 0) paragraphEnd = text.indexOf("\n\n", opener.at);
    const last = Math.min(runs.length, open + MAX_CLOSERS);
    for (let close = open + 1; close < last && (paragraphEnd === -1 || runs[close]!.at < paragraphEnd); close++) {
      const closer = runs[close]!;
      if (closer.length !== opener.length) continue;
      spans.push({ start: opener.at, end: closer.at + closer.length, body: text.slice(opener.at + opener.length, closer.at), block: false });
      if (spans.length > MAX_SPANS) return false;
      open = close;
      break;
    }
  }
  return true;
}

/** An object's first member (`{"a":`, `{'a':`, `{a:`): code that may be arguments, not an illustration. */
const OBJECT_OPENING = /\{\s*["']?[\p{L}\p{N}_$-]+["']?\s*:/u;

/** A quoted key and its colon: a member, maybe one the arguments lack. */
const MEMBER = /["'][^"'\n]{1,64}["']\s*:/;

/** Whether a span holds what could be arguments, or a part of them: then what was meant is not ours to say. */
export function holdsObject(span: CodeSpan): boolean {
  return OBJECT_OPENING.test(span.body) || MEMBER.test(span.body) || (span.block ? /^\s*[{[]/ : /^\s*(?:\{|\[\s*["'{[])/).test(span.body);
}

/** `text` with every span's characters made spaces (line breaks kept), so that indexes stay. */
export function blankSpans(text: string, spans: readonly CodeSpan[]): string {
  let out = "";
  let at = 0;
  for (const span of spans) {
    out += text.slice(at, span.start) + text.slice(span.start, span.end).replace(/[^\n]/g, " ");
    at = span.end;
  }
  return out + text.slice(at);
}

/** A template's slot in prose (`{path}`, `{city name}`): braces no JSON object can be, with no colon and no quote. */
const PLACEHOLDER = /\{[^{}"'`:\n]{0,64}\p{L}[^{}"'`:\n]{0,64}\}/uy;
/** A braced aside in prose (`{Note: keeping the original casing}`): a label, a colon and two words or more, no quote. */
const ASIDE = /\{\s*([\p{L}_][\p{L}\p{N}_]{0,63})\s*:\s*[^{}"'`:\s]{1,64}(?:\s+[^{}"'`:\s]{1,64}){1,16}\s*\}/uy;

/** Braces in prose at `index` that are not an object of the arguments; `label` is an aside's. */
export interface ProseBraces {
  readonly end: number;
  readonly label?: string;
}

/**
 * The braces opening at `index` when they are prose: a template's slot, or
 * an aside with another object after it. An aside reads as an unquoted
 * object too (`{query: find the docs}`), so it counts as prose only before
 * another object, and its label is given for the caller to check that the
 * object has no such key.
 */
export function proseBracesAt(text: string, index: number): ProseBraces | undefined {
  if (text[index] !== "{") return undefined;
  PLACEHOLDER.lastIndex = index;
  const slot = PLACEHOLDER.exec(text);
  if (slot !== null) return { end: index + slot[0].length };
  ASIDE.lastIndex = index;
  const aside = ASIDE.exec(text);
  if (aside === null || !text.includes("{", index + aside[0].length)) return undefined;
  return { end: index + aside[0].length, label: aside[1]! };
}

/**
 * Braces in the prose that are not JSON, blanked so that the object is found
 * past them (see `proseBracesAt`), with the labels of the asides among them.
 */
export function blankProseBraces(text: string): { text: string; labels: string[] } {
  let out = "";
  let at = 0;
  const labels: string[] = [];
  for (let index = text.indexOf("{"); index !== -1; index = text.indexOf("{", index + 1)) {
    const braces = proseBracesAt(text, index);
    if (braces === undefined) continue;
    out += text.slice(at, index) + " ".repeat(braces.end - index);
    if (braces.label !== undefined) labels.push(braces.label.toLowerCase());
    at = braces.end;
    index = braces.end - 1;
  }
  return { text: out + text.slice(at), labels };
}

/** The quoted keys of an object's text, any depth. */
const QUOTED_KEY = /"((?:[^"\\\n]|\\.){1,128})"\s*:/g;

/** Whether the object's text has one of an aside's labels as a key: then the aside may be the arguments too. */
export function hasLabelKey(objectText: string, labels: readonly string[]): boolean {
  return labels.length > 0 && [...objectText.matchAll(QUOTED_KEY)].some((key) => labels.includes(key[1]!.toLowerCase()));
}

/** A label tag in capitals (`[CONTENT]`, `[/CONTENT]`, `[JSON]`), as agent prompts ask the answer to be wrapped in: markup, not a list. */
const LABEL_TAG = /\[\/?[A-Z][A-Z0-9_]{1,31}\]/y;

/** The end of the label tag opening at `index`, if one does. */
export function labelTagEnd(text: string, index: number): number | undefined {
  LABEL_TAG.lastIndex = index;
  return LABEL_TAG.test(text) ? LABEL_TAG.lastIndex : undefined;
}

/** `text` with its label tags made spaces, so that indexes stay. */
export function blankLabelTags(text: string): string {
  return text.replace(/\[\/?[A-Z][A-Z0-9_]{1,31}\]/g, (tag) => " ".repeat(tag.length));
}

/** Prose in parentheses (`(as requested)`): words, and no quote, bracket or brace that could make it code or data. */
const PAREN_PROSE = /\((?=[^()"'`{}[\]\n]*\p{L}{2})[^()"'`{}[\]\n]{1,200}\)/uy;
/** A Markdown link (`[the docs](https://x.io/a)`): prose, not a list. */
const MARKDOWN_LINK = /\[[^[\]"'`{}\n]{1,200}\]\([^()\s"'`]{1,500}\)/y;

/** The end of the prose group (words in parentheses, a Markdown link) opening at `index`, if one does. */
export function proseGroupEnd(text: string, index: number): number | undefined {
  for (const group of [PAREN_PROSE, MARKDOWN_LINK]) {
    group.lastIndex = index;
    if (group.test(text)) return group.lastIndex;
  }
  return undefined;
}

/** A log line's time stamp in brackets (`[2024-01-01 12:00:00]`, `[12:00:01.5]`): a date and a time, no list. */
const TIME_STAMP = /\[(?:\d{4}-\d{2}-\d{2}[ T])?\d{2}:\d{2}:\d{2}(?:[.,]\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})?\]/y;
/** A citation mark (`[1]`, `[2, 3]`). */
const CITATION = /\[\d{1,3}(?:,[ \t]?\d{1,3}){0,7}\]/y;
/** A sentence's word right before a citation mark (`see [1]`, `noted, [2]`). */
const WORD_BEFORE_NOTE = /\p{L}[.,;:!?]?[ \t]?$/u;

/**
 * The end of a bracketed note in prose opening at `index`: a log line's time
 * stamp, or a citation mark right after a word (`[1] {…}` alone may be a list).
 */
export function bracketNoteEnd(text: string, index: number): number | undefined {
  if (text[index] !== "[") return undefined;
  TIME_STAMP.lastIndex = index;
  if (TIME_STAMP.test(text)) return TIME_STAMP.lastIndex;
  CITATION.lastIndex = index;
  if (CITATION.test(text) && WORD_BEFORE_NOTE.test(text.slice(Math.max(0, index - 4), index))) return CITATION.lastIndex;
  return undefined;
}

/** `text` with its bracketed notes (see `bracketNoteEnd`) made spaces, so that indexes stay. */
export function blankBracketNotes(text: string): string {
  let out = "";
  let from = 0;
  for (let index = text.indexOf("[", from); index !== -1; index = text.indexOf("[", from)) {
    const end = bracketNoteEnd(text, index);
    if (end === undefined) {
      out += text.slice(from, index + 1);
      from = index + 1;
      continue;
    }
    out += text.slice(from, index) + " ".repeat(end - index);
    from = end;
  }
  return out + text.slice(from);
}

/** `text` with its Markdown links made spaces, so that indexes stay. */
export function blankMarkdownLinks(text: string): string {
  return text.replace(/\[[^[\]"'`{}\n]{1,200}\]\([^()\s"'`]{1,500}\)/g, (link) => " ".repeat(link.length));
}
