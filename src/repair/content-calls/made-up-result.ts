/**
 * A model that does not stop after its call goes on to write the call's
 * result itself, in the element its chat template gives tool output
 * (`<tool_response>`, `<tool_result>`, `<function_results>`), and then talks
 * about that invented result. Such a text is a transcript of a call, not a
 * call to make: the calls before it stay text.
 */
const MADE_UP_RESULT = /^\s*(?:<\/?[\w:|-]+>\s*){0,3}<(?:tool_response|tool_responses|tool_result|tool_results|function_response|function_results?|tool_output)\b[^>]*>/i;

/**
 * Whether `rest`, the text left once the calls were read, opens with a tool result the model wrote itself
 * (a wrapper's bare tags left by the reading may come first).
 */
export function opensWithMadeUpResult(rest: string): boolean {
  return MADE_UP_RESULT.test(rest);
}
