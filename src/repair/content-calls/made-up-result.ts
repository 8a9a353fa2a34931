/**
 * A model that does not stop after its call goes on to write the call's
 * result itself, in the place its chat template gives tool output (an
 * element such as `<tool_response>`, or the template's own turn for the
 * tool: Mistral's `[TOOL_RESULTS]`, Llama's `ipython` header, GLM's
 * `<|observation|>`, Qwen-Agent's `✿RESULT✿`, a ```` ```tool_outputs ````
 * block, …) or as a JSON object, and then talks about that invented result.
 * Such a text is a transcript of a call, not a call to make: the calls
 * before it stay text. The tool's turn marker alone at the end holds no
 * result: the model stopped there for it, as a call does.
 */

/** What may stand between the calls and the result: end-of-turn and role tokens, a bare tag left by the reading, a role word after one. */
const BETWEEN = String.raw`(?:\s*(?:<\|[\w:. -]{1,40}\|>|<｜[^｜\n]{1,40}｜>|</?[\w:|-]+>|\]~[a-z]\](?:ai|assistant)?)(?:[ \t]*(?:user|assistant|tool|ipython)\b)?){0,4}\s*`;

/** End-of-turn tokens alone (no role word): what may stand between the calls and the assistant's next turn. */
const BETWEEN_TOKENS = String.raw`(?:\s*(?:<\|[\w:. -]{1,40}\|>|<｜[^｜\n]{1,40}｜>|</?[\w:|-]+>)){0,4}\s*`;

/** End-of-turn tokens and space alone: a marker with only these after it is where the model stopped for the result. */
const END_TOKENS_ONLY = String.raw`(?:\s*(?:<\|[\w:. -]{1,40}\|>|<｜[^｜\n]{1,40}｜>)){0,4}\s*$`;

/**
 * An element a template gives a tool's output (also a bare `<result>`, the element inside Claude-style
 * `<function_results>`, and ReAct's `<observation>`).
 */
const RESULT_ELEMENT = String.raw`<(?:tool_response|tool_responses|tool_result|tool_results|function_response|function_results?|tool_output|result|observation)\b[^>]*>`;

/**
 * A template's marker for the tool's turn: Mistral, Llama 3 and 4 (`ipython` or `tool` header), GLM, Qwen's
 * ChatML roles for tools, Kimi, Qwen-Agent, Gemma's output block, Command R, DeepSeek, Granite, Gemma 4,
 * FunctionGemma, Seed-OSS, MiniMax, ModelScope-Agent. Each names the tool's side of the turn, never the assistant's.
 */
const TURN_MARKER = [
  String.raw`\[TOOL_RESULTS\]`,
  String.raw`<\|start_header_id\|>\s*(?:ipython|tool)\s*<\|end_header_id\|>`,
  String.raw`<\|header_start\|>\s*(?:ipython|tool)\s*<\|header_end\|>`,
  String.raw`<\|observation\|>`,
  String.raw`<\|im_start\|>\s*(?:tool|function|observation|environment)\b`,
  String.raw`<\|im_system\|>\s*tool\b`,
  // Qwen-Agent's stop word: kept alone at the end by a server that returns it, it holds no result.
  String.raw`✿RESULT✿[:：]?\s*\S`,
  "```tool_outputs?\\b",
  String.raw`<\|START_TOOL_RESULT\|>`,
  String.raw`<｜tool▁outputs?▁begin｜>`,
  String.raw`<\|start_of_role\|>\s*tool(?:_response)?\s*<\|end_of_role\|>`,
  // Gemma 4's and FunctionGemma's tokens for the tool's turn.
  String.raw`<\|tool_response>`,
  String.raw`<start_function_response>`,
  String.raw`<seed:bos>\s*tool\b`,
  String.raw`\]~b\]tool\b`,
  // ModelScope-Agent's section for the plugin's result.
  String.raw`<\|startofexec\|>`,
  // Harmony's tool message, addressed back to the assistant (`<|start|>functions.get_weather to=assistant`).
  String.raw`<\|start\|>\s*functions\.[\w.-]{1,64}\s+to=assistant\b(?:\s*<\|channel\|>\s*commentary\b)?`,
].join("|");

/**
 * A label line for the output (`Tool result:`, `Function response:`, `FUNCTION RETURN {…}`, `Result:`, `Output:`,
 * `Response:`, `Error:`, `Returns:`, `[Tool output]`, an agent's history label `[Tool Result: read (ID: r_1)]`,
 * `The result is:`, an arrow `→ {…}`), a sentence saying what the tool
 * returned (`The tool returned: …`, `and it returned 22°C.`), or a
 * ReAct `Observation:` with something after it: a model that was not stopped at `Observation:` goes on to invent it.
 * `Observation:` alone at the end is the stop word a server kept, and the action before it is read.
 */
const RESULT_LABEL = String.raw`(?:(?:tool|function|call)[ \t]+(?:results?|responses?|outputs?|returns?)[ \t]*(?::|(?=[{\[]))|(?:results?|outputs?|responses?|errors?)[ \t]*:|observations?[ \t]*:(?=\s*\S)|\[[ \t]*(?:tool|function)[ \t]+(?:results?|responses?|outputs?)(?:[ \t]*:[^\]\n]{1,80})?[ \t]*\]|(?:the[ \t]+)?(?:tool|function)(?:[ \t]+call)?[ \t]+(?:returned|responded)\b|returns?[ \t]*:|(?:the[ \t]+)?(?:result|output|response)[ \t]+(?:is|was)[ \t]*:|(?:and[ \t]+)?(?:it|this|that|which)[ \t]+(?:returned|gave back|came back with|responded with)\b|(?:→|⇒|=>|->)[ \t]*\S)`;

/** The same label as Markdown writes it: in bold (`**Tool response:**`), or as a heading line (`### Result`). */
const MARKDOWN_LABEL = String.raw`(?:[*_]{1,3}[ \t]*${RESULT_LABEL}|#{1,6}[ \t]+(?:(?:tool|function|call)[ \t]+)?(?:results?|outputs?|responses?|observations?)[ \t]*(?:\n|$))`;

/**
 * The assistant's next turn opened right after the calls (Llama's and ChatML's assistant header, Gemma's model turn,
 * Muse Glimmer's message to the user):
 * the model skipped the tool's turn and went on to answer itself, so what follows is built on a result it never got.
 */
const NEXT_ASSISTANT_TURN = [
  // Muse Glimmer's (ATEM) message to the user, with something in it: the tool's turn would have come first.
  String.raw`<\|start\|>\s*assistant\s+to=user\s*<\|message\|>(?=\s*\S)`,
  String.raw`<\|start_header_id\|>\s*assistant\s*<\|end_header_id\|>`,
  String.raw`<\|header_start\|>\s*assistant\s*<\|header_end\|>`,
  String.raw`<\|im_start\|>\s*assistant\b`,
  String.raw`<start_of_turn>\s*model\b`,
].join("|");

/** Harmony's final channel opened (the assistant's header before it or not). */
const HARMONY_FINAL = String.raw`(?:<\|start\|>\s*assistant\s*)?<\|channel\|>\s*final\b`;
const FINAL_OPENS = new RegExp(`^${BETWEEN_TOKENS}${HARMONY_FINAL}`, "i");
const CALL_END_THEN_FINAL = new RegExp(String.raw`<\|call\|>${BETWEEN_TOKENS}${HARMONY_FINAL}`, "i");

/**
 * The result itself as a JSON object right after the calls, keyed as tools answer (`{"result": …}`,
 * `{"status": "scheduled", …}`, `{"error": …}`): no call names a tool so.
 */
const RESULT_OBJECT = String.raw`\{\s*"(?:results?|status|outputs?|errors?|success|response|data|returns?|ok)"\s*:`;

/**
 * A status line for the outcome, written right after the calls: it reports how they went. A check or cross mark
 * and the word for it (`✅ Success`, `❌ Failed`; a bare `✅ Done`, like `Done.`, reports no result), or a status
 * label (`Success:`, `Status: 200 OK`, `Exit code: 0`).
 */
const STATUS_LINE = String.raw`(?:(?:✅|✔|☑|❌|✖|❎)\uFE0F?[ \t]*(?:[*_]{1,2})?(?:success(?:ful(?:ly)?)?|succeeded|completed?|failed|failure|error)\b|(?:success|status|exit[ \t]+code|return[ \t]+code)[ \t]*:)`;

const MADE_UP_RESULT = new RegExp(
  // A marker for the tool's turn or an element opened for its output, with nothing after it (end-of-turn tokens aside),
  // is where the model stopped for the result (a stop word a server kept): the calls before it are read.
  `^${BETWEEN_TOKENS}(?:${NEXT_ASSISTANT_TURN})|^${BETWEEN}(?:${RESULT_ELEMENT}(?!${END_TOKENS_ONLY})|(?:${TURN_MARKER})(?!${BETWEEN_TOKENS}$)|${RESULT_LABEL}|${MARKDOWN_LABEL}|${RESULT_OBJECT}|${STATUS_LINE})`,
  "i",
);

/**
 * Whether `rest`, the text left once the calls were read, opens with a tool result the model wrote itself
 * (end-of-turn tokens, a role header or a wrapper's bare tags left by the reading may come first), or with the
 * assistant's next turn.
 */
export function opensWithMadeUpResult(rest: string): boolean {
  return MADE_UP_RESULT.test(rest);
}

/**
 * Whether `rest`, the text left after the calls, opens with Harmony's final channel right after a call's `<|call|>`
 * (`read`: the text from the calls on). That token ends the assistant's turn and hands it to the tool, so an answer
 * after it was written without the result. A frame the model never closed may run into its final channel: only
 * the written `<|call|>` says the turn was over.
 */
export function answersAfterHarmonyCall(read: string, rest: string): boolean {
  return FINAL_OPENS.test(rest) && CALL_END_THEN_FINAL.test(read);
}
