/**
 * A tool result as the client sent it: a string, or a list of content parts
 * (`{ type: "text", text }` in chat, `{ type: "input_text", text }` in
 * responses, images and files beside). Only the text parts are read or
 * changed; every other part and field is kept as it came.
 */

/** A result's content: a string or parts (kept opaque but for their `text`). */
export type ResultContent = string | readonly unknown[];

interface TextPart {
  readonly type: string;
  readonly text: string;
}

function isTextPart(part: unknown): part is TextPart {
  return (
    typeof part === "object" &&
    part !== null &&
    typeof (part as { text?: unknown }).text === "string" &&
    typeof (part as { type?: unknown }).type === "string"
  );
}

/** Whether `value` has the shape of a result's content. */
export function isResultContent(value: unknown): value is ResultContent {
  return typeof value === "string" || Array.isArray(value);
}

/** The result's text: the string, or its text parts joined by newlines. */
export function resultText(content: ResultContent): string {
  if (typeof content === "string") return content;
  return content
    .filter(isTextPart)
    .map((part) => part.text)
    .join("\n");
}

/**
 * The content with `change` applied to each text; the same object when no
 * text changed, so that callers can tell "nothing to do" by identity.
 */
export function mapResultText(content: ResultContent, change: (text: string) => string): ResultContent {
  if (typeof content === "string") return change(content);
  let changed: unknown[] | undefined;
  content.forEach((part, index) => {
    if (!isTextPart(part)) return;
    const text = change(part.text);
    if (text === part.text) return;
    changed ??= [...content];
    changed[index] = { ...part, text };
  });
  return changed ?? content;
}

/**
 * The content with `text` after it: appended to a string, or as one more text
 * part of `partType` (the format's own: `text` in chat, `input_text` in responses).
 */
export function appendResultText(content: ResultContent, text: string, partType: string): ResultContent {
  if (typeof content === "string") return `${content}\n\n${text}`;
  return [...content, { type: partType, text }];
}
