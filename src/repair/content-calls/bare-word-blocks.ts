/**
 * A block holding one bare word (`<dots_function_call>garbage</dots_function_call>`).
 * GLM's format names its calls so: `<tool_call>list_mailboxes</tool_call>` is a
 * call without arguments, under its own tags (`<tool_call>` as models respell it,
 * and a model's prefixed `…tool_call` tag, which holds what `<tool_call>` holds).
 * Other call wrappers name their calls in markup or JSON (dots.llm's
 * `<invoke name=…>`, `<tool_use>`, `<tool_code>`'s Python, MiniMax-M2's
 * `[TOOL_CALL]`), so a bare word there is a call only when it is a declared
 * tool's name: a word naming no tool is not the model calling an unknown one,
 * and does not put the text's other calls in doubt.
 */

/** A closing tag of GLM's own call tags: `</tool_call>`, `</TOOL-CALL>`, `</toolCall>`, `</seed:tool_call>`, `</tool_call:opensource>`. */
const GLM_CALL_CLOSE = /^<\/[\w:.-]{0,32}(?:tool[_-]call|Tool[_-]Call|TOOL[_-]CALL|[Tt]oolCall)(?::\w+)?>$/;

/** Whether the block a `close` tag ends names its calls with a bare word, as GLM's do. */
export function namesCallsBare(close: string): boolean {
  return GLM_CALL_CLOSE.test(close);
}
