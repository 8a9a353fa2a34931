/**
 * An answer whose whole text is a lead-in to a call: one short line in which
 * the model says it acts now, ending with a colon or an ellipsis (`Let me
 * create the file:`, `I'll check the weather in Paris:`, `Checking the
 * weather…`, `让我来查看一下文件：`, `Voy a crear el archivo:`; the forms:
 * content-calls/call-announcements.ts). Qwen3-Coder and other models write their call at
 * the end of the reasoning and such a line as the answer; the line announces
 * the call and says nothing else, so the reasoning's call is still the turn's.
 * Anything more (a question, a code span or markup, a second sentence, a
 * result, a hedge, a refusal, a call shown or offered) is an answer.
 */
import { announcesCall, disownsCalls, hedgesCall, LEAD_IN_CHARS } from "./content-calls/call-guards.ts";

/** Characters no lead-in holds: a question (`¿` opens one), markup, code, a call of its own. */
const NOT_PROSE = /[?？¿<>{}[\]`|\\]/u;
/** A sentence ending inside the text (`Done. Let me…:`; `。` and `！` need no space after them), or a second line. */
const BREAK = /[.!]\s|[。！]|\n/u;
/** A colon, or an ellipsis (`…`, `...`): the line goes on into the call. */
const ENDS_AS_LEAD_IN = /(?:[:：]|…|\.\.\.)$/u;

/** Whether `prefix`, the answer's text so far, may still turn out a lead-in: a stream waits while it may. */
export function mayLeadIn(prefix: string): boolean {
  const text = prefix.trim();
  return text.length <= LEAD_IN_CHARS && !NOT_PROSE.test(text) && !BREAK.test(text);
}

/** Whether an answer's whole text is a lead-in (see above); every test of `mayLeadIn` holds of it too. */
export function leadsIn(content: string): boolean {
  const text = content.trim();
  if (text === "" || !mayLeadIn(text) || !ENDS_AS_LEAD_IN.test(text)) return false;
  return announcesCall(text) && !hedgesCall(text) && !disownsCalls(text);
}
