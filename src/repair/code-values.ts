/**
 * Code where a value goes: a JavaScript function (`function (a, b) { … }`,
 * `async function name() { … }`) or an arrow function (`(a) => a + 1`,
 * `x => { … }`), unquoted. JSON holds no function: what the model meant the
 * member to carry is open (the function's source text, as some readers keep
 * it; nothing, as `JSON.stringify` drops such a member; or what calling it
 * would give), so such arguments are refused, whatever the schema takes there.
 * So is a call with empty parentheses as a member's value (`new Date()`, `uuid()`), whose value is made when it runs.
 * (Quoted, the code is a string the model chose: a `code` parameter's value.)
 */

/** A function expression with its body: `function`, a name or none, the parameters, then `{`. */
const FUNCTION = /\s*(?:async\s+)?function\b(?:\s*\*)?\s*(?:[A-Za-z_$][\w$]*\s*)?\([^()]{0,200}\)\s*\{/y;
/** An arrow function whose parameters are in parentheses. */
const PAREN_ARROW = /\s*(?:async\s+)?\([^()]{0,200}\)\s*=>/y;
/** An arrow function with one bare parameter: read only right after `:`, `[` or `=`, where no key can stand (`{tool => "x", args => …}` writes keys so). */
const BARE_ARROW = /\s*(?:async\s+)?[A-Za-z_$][\w$]*\s*=>/y;

/**
 * A call with nothing between its parentheses as a member's whole value (`new Date()`, `Date.now()`, `uuid()`,
 * `ObjectId()`, `datetime.now()`): what it would give is made when the code runs, so the value is open too. Read
 * only right after a member's `:` and up to the member's end: a word that names a call in text (`the f() helper`)
 * is text, and a wrapper around a value (`ObjectId("5f…")`) gives that value.
 */
const EMPTY_PARENS = /\(\s*\)/;
const EMPTY_CALL = /\s*(?:new\s+)?[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\s*\(\s*\)(?=\s*(?:[,}\]\r\n]|$))/y;

/** The first unquoted function in value position of `text` (arguments that did not parse), its head, or `undefined`. */
export function codeValue(text: string): string | undefined {
  const calls = EMPTY_PARENS.test(text);
  if (!text.includes("function") && !text.includes("=>") && !calls) return undefined;
  for (const at of valuePlaces(text)) {
    for (const pattern of text[at] === "," ? [FUNCTION, PAREN_ARROW] : [FUNCTION, PAREN_ARROW, BARE_ARROW]) {
      pattern.lastIndex = at + 1;
      const found = pattern.exec(text)?.[0].trim();
      if (found !== undefined) return found.endsWith("{") ? `${found} … }` : `${found} …`;
    }
    if (calls && text[at] === ":") {
      EMPTY_CALL.lastIndex = at + 1;
      const found = EMPTY_CALL.exec(text)?.[0].trim();
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * The places outside strings where a value may start: `:`, `[`, `,` and `=`
 * (a keyword argument). A double quote always delimits a string; a single
 * quote opens one only where a value or key starts (after `{`, `[`, `(`, `,`,
 * `:` or `=`) and closes it before `,`, `}`, `]`, `)`, `:` or the end, so an
 * apostrophe in unquoted text (`it's`) or inside the string opens nothing.
 * A backtick opens one where a value starts too and closes at the next backtick.
 */
function* valuePlaces(text: string): Generator<number> {
  let quote: string | undefined;
  let lastToken = "{";
  // A backtick run opens a value only on the line of the token before it: at the text's start, or after a line
  // break (`Here:` then a fence), it is a Markdown fence around the arguments, whose text is read as any other.
  let onTokenLine = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (quote !== undefined) {
      if (char === "\\") at++;
      else if (char === quote && (quote === '"' || closesSingleQuoted(text, at + 1))) quote = undefined;
      continue;
    }
    if (char === "`" && onTokenLine && "{[(,:=".includes(lastToken)) {
      // A run of backticks opens a string where a value starts too (a template literal, a Markdown code span or fence as
      // a value), closed by the next run as long: what is inside is the value's own text.
      let run = at;
      while (text[run] === "`") run++;
      const fence = text.slice(at, run);
      const close = text.indexOf(fence, run);
      at = close < 0 ? text.length : close + fence.length - 1;
      lastToken = "`";
      continue;
    }
    if (char === '"' || (char === "'" && "{[(,:=".includes(lastToken))) {
      quote = char;
    } else if (":[,=".includes(char)) {
      yield at;
    }
    if (char === "\n") onTokenLine = false;
    else if (!/\s/.test(char)) {
      lastToken = char;
      onTokenLine = true;
    }
  }
}

/** After a single quote at `at - 1`: spaces, then a closer, a separator or the end. */
function closesSingleQuoted(text: string, at: number): boolean {
  let next = at;
  while (next < text.length && (text[next] === " " || text[next] === "\t")) next++;
  return next >= text.length || ",}]):\r\n".includes(text[next]!);
}
