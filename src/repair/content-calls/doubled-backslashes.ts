/**
 * A list or object written as JSON between a value's tags (GLM's
 * `<arg_value>`, Qwen3-Coder's `<parameter=…>`) whose strings' backslashes
 * all come in fours (`"C:\\\\Users\\\\a.txt"`, `"Print \\\\n"`): JSON reads
 * two of each four, and the same JSON escaped once more, as a value carried
 * through another quoting layer is (its sibling slip escapes the quotes too,
 * `[{\"id\": …}]`), reads one. Both validate; which one the model meant is
 * open, so the call is not read. A string with a run of two, or of any other
 * length beside the fours (`"a\\\\b \\"c\\""`: code with its own escapes),
 * has no second reading.
 */

/** Whether `text` (a JSON list or object) has backslashes in its strings, every run of them a multiple of four long. */
export function backslashesInFours(text: string): boolean {
  if (!text.includes("\\\\\\\\")) return false;
  let inString = false;
  let runs = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (!inString) {
      if (char === '"') inString = true;
      continue;
    }
    if (char === '"') {
      inString = false;
    } else if (char === "\\") {
      let end = at;
      while (text[end] === "\\") end++;
      const length = end - at;
      if (length % 4 !== 0) return false;
      runs++;
      at = end - 1;
    }
  }
  return runs > 0;
}
