/**
 * A label line headed by a word that names an example, right before a call
 * (or opening the call's line): `Example:`, `Example 3 — weather in Paris:`,
 * `Example of what I will do:`, `Ex.:`, `E.g. for Paris:`, `(example)`,
 * `**Sample**`, `Illustrative call:`, `Ejemplo de llamada:`, `Beispiel für
 * einen Aufruf:`, `Exemple d'appel :`, `Пример вызова:`, `示例调用：`,
 * `예시:`. The head says what the call below is, an example; the words after
 * it only say which one (`of what I will do` describes the example, it is not
 * the model acting). A label, not a sentence: the line holds no second
 * sentence, and a clause after a comma in which the model says it acts
 * (`Example files are in the repo, so let me read one:`) makes it a sentence
 * that announces a call. (A sentence opening with an announcement is judged
 * before this, and wins: `Let me check the examples:` makes its call.) The
 * line is read in time linear in its length.
 */
import { saysItActs } from "./call-announcements.ts";

/**
 * The head words, in the languages models answer in, with at most two words before them that only qualify the
 * example (`Another example:`, `A quick example of …:`). A head ends where a word does: `Example.com` and
 * `Examples.md` name no example.
 */
const EXAMPLE_HEAD = new RegExp(
  String.raw`^[^\p{L}\p{N}\n]{0,6}(?:(?:a|an|another|one more|one|quick|simple|short|small|basic|full|complete|minimal|toy|concrete|typical|good|bad|wrong|correct|incorrect|valid|invalid|broken|working|reproducible|minimal reproducible)\s+){0,2}` +
    String.raw`(?:(?:examples?|samples?|illustrations?|illustrative|demo|demonstration|specimen|ejemplos?|exemplos?|exemples?|esempi[oa]?|beispiele?|voorbeelde?n?|przykłady?|примеры?|örnek|muestras?|amostras?|образцы?|образец)(?![\p{L}\p{N}_]|[.\-/][\p{L}\p{N}])` +
    String.raw`|(?:ex|e\.g|eg|bsp|z\.\s?b)(?:\.|(?=[ \t]*[:：]))` +
    String.raw`|示例|例子|样例|範例|范例|示范|例如|比如|举例|使用例|サンプル|例えば|예시|예제|예를 들어|(?:例|예)(?=[ \t]*(?:\d{1,2}[ \t]*)?[:：]))`,
  "iu",
);

/** A sentence's end inside the label (then a word): the line says more than a label does. */
const SENTENCE_INSIDE = /[.!?。！？](?:\s+|(?<=[。！？]))[\p{L}\p{N}]/u;

/** A conjunction opening the clause after a comma (`…, so let me read one:`), before the announcement it joins. */
const CONJUNCTION = /^(?:and|so|then|now|but|thus|hence|therefore|y|e|et|und|also|и|поэтому|所以|然后|因此)(?!\p{L})[ \t]*,?[ \t]*/iu;

/** Whether `line` (the last line before a call, its end trimmed) is a label headed by a word that names an example. */
export function labelsExample(line: string): boolean {
  if (line.length > 160) return false;
  const head = EXAMPLE_HEAD.exec(line);
  if (head === null) return false;
  const rest = line.slice(head[0].length);
  if (SENTENCE_INSIDE.test(rest)) return false;
  // A clause after a comma or a semicolon in which the model says it acts: a sentence announcing the call.
  const clause = rest
    .slice(Math.max(rest.lastIndexOf(","), rest.lastIndexOf(";"), rest.lastIndexOf("，"), rest.lastIndexOf("；")) + 1)
    .trim()
    .replace(CONJUNCTION, "");
  if (clause !== rest.trim() && saysItActs(clause)) return false;
  // The head alone (`Example`, `(example)`, `**Sample 2**`), a colon or a dash right after it (`Example: weather in Paris`,
  // `Example 3 — …`), or a line ending in a colon (`Example of what I will do:`).
  const numbered = rest.trimStart().replace(/^\d{1,2}/u, "").trimStart();
  return /^(?:[^\p{L}\p{N}\n]*$|[:：\-–—])/u.test(numbered) || /[:：][^\p{L}\p{N}\n]*$/u.test(rest);
}
