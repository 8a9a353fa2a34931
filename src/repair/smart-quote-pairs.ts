/**
 * Arguments with no plain quote anywhere, every key and string between
 * typographic quotes (`{“command”: “…”}`, as a smart-quote filter or a word
 * processor turns them), whose string holds a pair of typographic quotes of
 * its own (`“echo ‘no nvidia’”`, `“say “hi” now”`): the pair is either the
 * plain quotes the value's command, code or text was written with, turned
 * like the delimiters were, or typographic quotes as written. Which one the
 * model meant is open, and the two quote the value differently (a shell
 * reads `'no nvidia'` as one word, `‘no nvidia’` as two), so such arguments
 * are refused. An apostrophe in a word (`it’s`) opens no pair: it is kept as
 * written. With a plain quote anywhere, no filter turned the text, and the
 * typographic quotes inside a string are the model's own.
 */

/** Typographic quotes that may open a pair inside a string, and those that may close one. */
const PAIR_OPENERS = "\u2018\u201c\u201e\u201a\u201b\u201f\u00ab\u2039";
const PAIR_CLOSERS = "\u2019\u201d\u201c\u2018\u00bb\u203a";
/** Every typographic quote that may delimit a key or a string. */
const DELIMITERS = PAIR_OPENERS + PAIR_CLOSERS;

/** The first string of `text` (arguments that did not parse) holding a typographic pair as above, or `undefined`. */
export function smartQuotedPair(text: string): string | undefined {
  if (text.includes('"') || text.includes("'") || ![...DELIMITERS].some((quote) => text.includes(quote))) return undefined;
  let lastToken = "{";
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (DELIMITERS.includes(char) && "{[,:(｛，：".includes(lastToken)) {
      const end = stringEnd(text, at + 1);
      const inner = text.slice(at + 1, end);
      if (holdsPair(inner)) return inner;
      at = end;
      lastToken = char;
      continue;
    }
    if (!/\s/.test(char)) lastToken = char;
  }
  return undefined;
}

/** Where a string opened before `from` closes: at the first typographic quote that spaces and a closer, a separator (in either width) or the end follow. */
function stringEnd(text: string, from: number): number {
  for (let at = from; at < text.length; at++) {
    if (!DELIMITERS.includes(text[at]!)) continue;
    let next = at + 1;
    while (next < text.length && (text[next] === " " || text[next] === "\t")) next++;
    if (next >= text.length || ",}]):\r\n，：｝］".includes(text[next]!)) return at;
  }
  return text.length;
}

/** An opening typographic quote with a closing one after it. */
function holdsPair(inner: string): boolean {
  const opener = [...inner].findIndex((char) => PAIR_OPENERS.includes(char));
  return opener >= 0 && [...inner].slice(opener + 1).some((char) => PAIR_CLOSERS.includes(char));
}
