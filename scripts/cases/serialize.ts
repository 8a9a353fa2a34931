/**
 * Ways a model writes a value: JSON with chosen separators and key quoting,
 * Python literals (repr style), pythonic call arguments, and the raw text of
 * XML-style parameters.
 */
import type { Json } from "./values.ts";

export interface JsonStyle {
  /** Between members of the top-level object. */
  readonly separator?: string;
  /** Quote for top-level keys; `""` leaves them bare. */
  readonly keyQuote?: string;
  readonly spaced?: boolean;
}

/** The top-level object written member by member, so operators can work on member boundaries. */
export function topLevelMembers(value: { [key: string]: Json }, style: JsonStyle = {}): string[] {
  const quote = style.keyQuote ?? '"';
  const colon = style.spaced === false ? ":" : ": ";
  return Object.entries(value).map(([key, member]) => `${quote === '"' ? JSON.stringify(key) : `${quote}${key}${quote}`}${colon}${JSON.stringify(member)}`);
}

export function jsonWith(value: { [key: string]: Json }, style: JsonStyle = {}): string {
  return `{${topLevelMembers(value, style).join(style.separator ?? ", ")}}`;
}

/** Python's repr of a str: single quotes unless the text has one and no double quote. */
export function pythonString(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const character of text) {
    if (character === "\\") out += "\\\\";
    else if (character === quote) out += `\\${quote}`;
    else if (character === "\n") out += "\\n";
    else if (character === "\t") out += "\\t";
    else if (character === "\r") out += "\\r";
    else if (character < " ") out += `\\x${character.charCodeAt(0).toString(16).padStart(2, "0")}`;
    else out += character;
  }
  return out + quote;
}

/** A value as Python prints it: `True`, `None`, single-quoted strings, dicts and lists. */
export function pythonLiteral(value: Json): string {
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return pythonString(value);
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(", ")}]`;
  return `{${Object.entries(value)
    .map(([key, member]) => `${pythonString(key)}: ${pythonLiteral(member)}`)
    .join(", ")}}`;
}

/** `name(a=1, b="x")` with Python literals, as pythonic tool-call formats write calls. */
export function pythonicCall(name: string, value: { [key: string]: Json }): string {
  return `${name}(${Object.entries(value)
    .map(([key, member]) => `${key}=${pythonLiteral(member)}`)
    .join(", ")})`;
}

/** How XML-style formats (Qwen3-Coder, GLM) write one parameter value: strings raw, the rest as JSON. */
export function rawParameter(value: Json): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}
