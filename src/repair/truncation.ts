/**
 * Was the argument text cut short, and if so, what is the longest prefix that
 * ends after a complete value?
 *
 * The rule (DESIGN.md: never turn a cut value into a plausible wrong one):
 * a prefix may be closed only where a value just ended. A cut inside a key or
 * between members drops the partial member; a cut inside a string value, or
 * inside a word that is not yet a whole literal, is unrecoverable.
 */
import { closerOf, isLiteralWord, isNumberWord, tokenAt } from "./json-tokens.ts";

export type CutVerdict =
  /** The text does not start with `{` (after whitespace). */
  | { readonly kind: "not-object" }
  /** The root object closes; whatever follows is someone else's problem. */
  | { readonly kind: "complete" }
  /** The text ends inside the root object. `closed` is `undefined` when a value was cut. */
  | { readonly kind: "cut"; readonly closed: string | undefined; readonly reason: string };

interface Frame {
  readonly opener: string;
  /** Where the opener is in the text. */
  readonly start: number;
  expect: "key" | "colon" | "value" | "after";
}

function closersOf(frames: readonly Frame[]): string {
  let closers = "";
  for (let index = frames.length - 1; index >= 0; index--) closers += closerOf(frames[index]!.opener);
  return closers;
}

/**
 * A number that ends the text may have lost digits; only without
 * `finish_reason: "length"` is it taken as complete (the upstream did not say
 * it cut the output, and a stream that ends on a number usually ends there).
 */
export function analyzeCut(text: string, finishReason?: string | null): CutVerdict {
  let index = 0;
  while (index < text.length && /\s/.test(text[index]!)) index++;
  if (text[index] !== "{") return { kind: "not-object" };
  const frames: Frame[] = [{ opener: "{", start: index, expect: "key" }];
  // Where the text's last non-space character ends: a word there is the last one written, spaces after it or not.
  let contentEnd = text.length;
  while (contentEnd > index && /\s/.test(text[contentEnd - 1]!)) contentEnd--;
  // Closing the root alone (`{` → `{}`) is the last resort: every member was cut.
  let safeIndex = index + 1;
  let safeClosers = "}";
  // Where a string stood right after a value, with no comma between.
  let strayAt = -1;
  index++;
  const markSafe = (end: number): void => {
    safeIndex = end;
    safeClosers = closersOf(frames);
  };
  // A cut inside an array (`["a", "b"`, `[{"a": 1}, {"b"`): the list may have gone on, closing it gives one the model did not
  // write. A container begun after the last complete value (`"a": {`): closing before it drops a value the model was writing.
  const closedAtSafe = (): string | undefined =>
    strayAt >= safeIndex || frames.some((frame) => frame.opener === "[" || frame.start >= safeIndex) ? undefined : text.slice(0, safeIndex).trimEnd() + safeClosers;

  while (index < text.length) {
    const token = tokenAt(text, index);
    index = token.end;
    const top = frames[frames.length - 1]!;
    const role = top.opener === "{" && (top.expect === "key" || top.expect === "after") ? "key" : "value";
    switch (token.kind) {
      case "space":
        break;
      case "comment":
        // `"[x]("http://a")"}` read as a comment from `//` to the end: the quotes and closers in it say it was not one.
        if (token.end === text.length && /["}\]]/.test(text.slice(token.start, token.end))) {
          return { kind: "cut", closed: undefined, reason: "a comment to the end that holds quotes or closers is a misreading" };
        }
        break;
      case "string":
        if (!token.closed) {
          // `'""}` where a key was due: quotes or closers after the open quote say the text went on, it was not cut.
          if (role === "key" && top.expect === "key" && /["'}\]]/.test(text.slice(token.start + 1))) {
            return { kind: "cut", closed: undefined, reason: "an open quote followed by quotes or closers is a quoting problem" };
          }
          if (role === "key" && top.expect === "key") return { kind: "cut", closed: closedAtSafe(), reason: "cut inside a key" };
          // Right after a value with no comma (`"a": """}`), an open quote is a quoting problem, not a cut key.
          return { kind: "cut", closed: undefined, reason: role === "key" ? "an open quote where a comma was due" : "cut inside a string value" };
        }
        // `'it''s'`, `"a" "b"`: a string right after a value, with no comma, is a quoting problem; closing before it drops it.
        if (role === "key" && top.expect === "after") strayAt = token.start;
        if (role === "key") top.expect = "colon";
        else {
          top.expect = "after";
          markSafe(token.end);
        }
        break;
      case "word": {
        const word = text.slice(token.start, token.end);
        // The last word written, whatever layout follows it: `Senior Researcher\n` ends as `Senior Researcher` does.
        const atEnd = token.end >= contentEnd;
        if (role === "key") {
          // `"a": "say "hi`: a word right after a value, with no comma, is the value's text past an inner quote.
          if (atEnd && top.expect === "after") return { kind: "cut", closed: undefined, reason: "a word where a comma was due" };
          if (atEnd) return { kind: "cut", closed: closedAtSafe(), reason: "cut inside a key" };
          top.expect = "colon";
          break;
        }
        // `3.`, `1e`, `-`: a number cut before its digits end.
        const whole = isLiteralWord(word) || (isNumberWord(word) && /\d$/.test(word) && finishReason !== "length");
        if (atEnd && !whole) return { kind: "cut", closed: undefined, reason: "cut inside a value" };
        // `"a": -` then a line break: a sign or a word no value is yet, the last thing written; closing it invents one.
        if (token.end >= contentEnd && !isLiteralWord(word) && !(isNumberWord(word) && /\d$/.test(word))) {
          return { kind: "cut", closed: undefined, reason: "cut inside a value" };
        }
        top.expect = "after";
        markSafe(token.end);
        break;
      }
      case "open":
        // `"a": ""{"…`: a container where a comma was due is a quoting problem, not a place to close at.
        if (top.expect === "after" || top.expect === "colon") return { kind: "cut", closed: undefined, reason: "an opener where a comma was due" };
        top.expect = "after";
        frames.push({ opener: text[token.start]!, start: token.start, expect: text[token.start] === "{" ? "key" : "value" });
        break;
      case "close": {
        const closer = text[token.start]!;
        let match = frames.length - 1;
        while (match >= 0 && closerOf(frames[match]!.opener) !== closer) match--;
        if (match < 0) break; // a stray closer: ignored, as a parser would report it later
        frames.length = match;
        if (frames.length === 0) return { kind: "complete" };
        frames[frames.length - 1]!.expect = "after";
        markSafe(token.end);
        break;
      }
      case "colon":
        top.expect = "value";
        break;
      case "comma":
        top.expect = top.opener === "{" ? "key" : "value";
        break;
    }
  }
  // `"d":` and nothing after: the model began that member; closing before it drops a key it wrote with its colon.
  if (frames[frames.length - 1]!.opener === "{" && frames[frames.length - 1]!.expect === "value") {
    return { kind: "cut", closed: undefined, reason: "cut right after a key's colon" };
  }
  return { kind: "cut", closed: closedAtSafe(), reason: "cut between members" };
}
