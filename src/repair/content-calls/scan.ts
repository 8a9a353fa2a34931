/**
 * Linear scanners over content text: no regex that can backtrack, since a
 * content string can be 100 KB of attacker-chosen text.
 */
import { jsonrepair } from "jsonrepair";

/**
 * The end (exclusive) of the JSON object or array starting at `start`,
 * tracking double-quoted strings; `-1` when it never closes.
 */
export function findJsonEnd(text: string, start: number): number {
  const open = text[start];
  if (open !== "{" && open !== "[") return -1;
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === "\\") index++;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === "{" || char === "[") depth++;
    else if (char === "}" || char === "]") {
      depth--;
      if (depth === 0) return index + 1;
    }
  }
  return -1;
}

/**
 * Parses the closed JSON container at `start`: strictly, then with jsonrepair
 * for syntax slips (single quotes, trailing commas). Never for an unclosed
 * one: closing a cut-off call would invent its end.
 */
export function parseJsonAt(text: string, start: number): { value: unknown; end: number } | undefined {
  const end = findJsonEnd(text, start);
  if (end < 0) return undefined;
  const slice = text.slice(start, end);
  try {
    return { value: JSON.parse(slice) as unknown, end };
  } catch {
    try {
      return { value: JSON.parse(jsonrepair(slice)) as unknown, end };
    } catch {
      return undefined;
    }
  }
}

export function skipWhitespace(text: string, index: number): number {
  let position = index;
  while (position < text.length && /\s/.test(text[position]!)) position++;
  return position;
}

/** The identifier (`get_weather`, `functions.get_weather`) starting at `index`, bounded in length. */
export function readName(text: string, index: number): string {
  let end = index;
  while (end < text.length && end - index < 128 && /[\w.:-]/.test(text[end]!)) end++;
  return text.slice(index, end);
}

/** A markdown fence around arguments (DeepSeek puts ```json … ``` inside its call frame). */
export function stripFence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith("```")) return trimmed;
  const firstLineEnd = trimmed.indexOf("\n");
  if (firstLineEnd < 0) return trimmed;
  const body = trimmed.slice(firstLineEnd + 1);
  const close = body.lastIndexOf("```");
  return (close >= 0 ? body.slice(0, close) : body).trim();
}

/** `content` without the spans, trimmed. Spans may overlap or come in any order. */
export function removeSpans(content: string, spans: readonly (readonly [number, number])[]): string {
  const sorted = [...spans].sort((left, right) => left[0] - right[0]);
  let result = "";
  let position = 0;
  for (const [start, end] of sorted) {
    if (start > position) result += content.slice(position, start);
    position = Math.max(position, end);
  }
  result += content.slice(position);
  return result.trim();
}
