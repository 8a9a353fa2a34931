// ```json\n{"a":1}\n``` → {"a":1}; Here it is:\n```\n{"a":1}\n``` → {"a":1}; json\n{"a":1} → {"a":1}
import type { TextFixer } from "../types.ts";

/** One fenced block whose body is an object: the fence may follow prose, and the closing fence may be missing (cut). */
const FENCED = /^([^{]*?)```[ \t]*[\w+-]*[ \t]*\r?\n?([\s\S]*?)(?:```([^{]*)|$)/;
/** The info string of a fence that lost its backticks. */
const LEAKED_INFO_STRING = /^\s*json[ \t]*\r?\n\s*(?=[{[])/i;

export const stripCodeFences: TextFixer = {
  name: "strip-code-fences",
  purpose: "Unwrap arguments from a markdown code fence (with or without prose around it) or a leaked `json` line.",
  class: "lossless",
  stage: "text",
  fix(text) {
    const leaked = LEAKED_INFO_STRING.exec(text);
    if (leaked !== null) return text.slice(leaked[0].length).trim();
    const fenced = FENCED.exec(text);
    if (fenced === null) return undefined;
    const body = fenced[2]!.trim();
    // A second fence, or a body that is not an object, is not ours to pick from.
    if (!body.startsWith("{") || body.includes("```") || (fenced[3] ?? "").includes("```")) return undefined;
    return body;
  },
};
