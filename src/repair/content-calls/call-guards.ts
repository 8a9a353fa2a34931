/**
 * What makes a call-shaped text not a call: it is quoted (a Markdown
 * blockquote), it follows prose that introduces an example, or its values
 * are placeholders copied from a template or a schema. A wrong call is worse
 * than none, so each of these leaves the text as text.
 */
import { reportsOutcome } from "./outcome-reports.ts";
import { statesResultValue } from "./result-stated.ts";
import { claimsActionDone } from "./action-claims.ts";
import { isJsonObject, type JsonObject } from "../../json.ts";
import { declaredProperties, declaredTypes } from "../schema-shape.ts";
import { foldIdentifier } from "../similarity.ts";
import { ownValue } from "../json-pointer.ts";
import type { ToolDefinition } from "../types.ts";
import { MARKERS } from "./call-markers.ts";
import { DOUBTS_OTHER, HEDGED_OTHER, MODAL_OR_OTHER, refusesInOtherLanguage, saysItActs } from "./call-announcements.ts";
import { handsToReader } from "./reader-imperatives.ts";
import { disownsCallsInOtherLanguage } from "./after-calls-languages.ts";
import { beforeReActThought } from "./react-thought.ts";
import { underLaterStep } from "./list-steps.ts";
import { labelsExample } from "./example-label.ts";
import { holdsShowingWord, holdsShowingWordAfter } from "./showing-words.ts";
import { endsWithReasoningClose } from "./foreign-fence.ts";
import { actsInLastClause } from "./acting-clause.ts";

/** Where a line is so far: only blanks, after a blockquote's `>` (blanks before it), or anything else. */
export type QuoteState = "blank" | "quoted" | "text";

/** The state after `text.slice(from, to)`, one character at a time, so it does not depend on how the text was cut. */
export function quoteAfter(state: QuoteState, text: string, from = 0, to = text.length): QuoteState {
  let current = state;
  for (let at = from; at < to; at++) {
    const char = text[at]!;
    if (char === "\n") current = "blank";
    else if (current === "blank") current = char === ">" ? "quoted" : char === " " || char === "\t" ? "blank" : "text";
  }
  return current;
}

/** How much of the text before a call the example test looks at. */
export const LEAD_IN_CHARS = 200;

/* eslint-disable regexp/no-super-linear-backtracking -- the lead-in patterns below run on `LEAD_IN_CHARS` characters at most */
/**
 * Prose that introduces an example, as the last words before a call:
 * `For example:`, `…like this:`, `Here is an example of the syntax:`, `The syntax is:`, `The syntax for get_weather is:`,
 * `Here's how you can do it:`.
 * `syntax` and `usage` only as the last word: `I'll check the syntax in the file:` goes on to a real call.
 */
const EXAMPLE_LEAD_IN = /(\b(an|for|this|the|another) example\b(?=\s*(?:(?:of|calls?|usage|response|request|output|input|payload|json)\b|[:.,(]|$))|\bexamples?\s*:|\bfor instance\b|\be\.g\.|\blike (this|so)\s*:?|\bhow (to|you (can|could|would|should)) (call|use|invoke)\b|\bhere(?:'s|’s|\s+is)\s+how\b|\b(?:a|an|the|this|another|for) sample\b(?=\s*(?:(?:of|tool|function|calls?|usage|response|request|output|input|payload|json)\b|[:.,(]|$))|(?<!\b(?:using|in|with|following|per|use|to)\s+)\b(?:the|a|this|that)\s+(?:(?:tool|function)\s+)?(?:call|request|invocation)\s+(?:format|syntax|template|structure)\b|\b(?:documentation|docs|README|manual|specification|spec)\s+(?:shows?|says?|gives?|lists?|describes?|suggests?|recommends?)\b)[^.!?\n]*[:\s]*$|\b(syntax|usage)\s*(is\s*)?:?\s*$|\b(?:syntax|usage|calling convention|call signature)\s+(?:for|of)\s+(?:[^.!?\n:]|\.(?=\w)){1,60}?\s+is\s*:?\s*$|\b(?:general|basic|typical|usual|standard)\s+(?:form|shape|structure|pattern)\s*(?:is\s*)?:?\s*$/i;

/** A label line right before the call: `Example call:`, `### Example 2`, `// example`, `Sample output:`, `Template:`, `Format:`. */
const EXAMPLE_LABEL = /(?:^|\n)[^\p{L}\p{N}\n]*(?:examples?|samples?|templates?|format|options?|choices?|alternatives?|expected(?:\s+(?:output|response|result|call))?|test(?:\s+case)?|todo|(?:proposed|suggested|planned|draft|failed|failing|invalid|broken|rejected|denied|blocked|mock|dummy|fake|simulated|hypothetical|pretend|pseudo)(?:\s+(?:tool\s+|function\s+)?(?:calls?|requests?|commands?|invocations?|usage|actions?))?|hypothetically|in theory|pseudo-?code|(?:log|debug|trace)(?:\s+(?:output|excerpt|entry))?|transcript|(?:pending|awaiting|requires?|needs?|(?:request|asking)\s+for)\s+(?:your\s+|user\s+)?(?:approval|confirmation|review|permission))(?:\s+(?:\d+|[a-z]|calls?|output|usage|request|response|input))?\s*[:.]?[*_]*\s*$/iu;

/**
 * A call the model reports or offers rather than makes, as the last words before it: `I called:`, `The tool
 * returned`, `Previously:`, `Would you like me to run:`, `Don't do this:`, `Such as:`, `To call a tool, write:`.
 */
const NOT_MADE =
  /(?:\b(?:called|ran|tried|returned|previously|earlier)\s*:?|\bpending\s+(?:your\s+|the user's\s+|user\s+)?(?:approval|confirmation|review|go-ahead|permission)\b[^.!?\n]*|\bI\s+(?:haven't|have not)\s+(?:run|sent|executed|made|called)\s+(?:this|that|it)\b[^.!?\n]*(?:[.!?]\s[^.!?\n]*)?|\btell me if I should\b[^.!?\n]*|\b(?:would you like me to|shall i|do you want me to)\b[^.!?\n]*|\b(?:don't|do not|never) do (?:this|that)\b[^.!?\n]*|\binstead of\s*:?|\bwould look like\s*:?|\bsuch as\s*:?|(?<!\b(?:need|needs|have|has|want|going|ready|about|decided|now|time|trying|able)\s+)\bto (?:call|use|invoke) (?:a|the|this|any) (?:tool|function)\b[^.!?\n]*|\bif i were\b[^.!?\n]*|\b(?:I|we)(?:'ve| have| had)?\s+(?:already\s+|previously\s+|just\s+|earlier\s+|also\s+)?(?:called|executed|invoked|ran|sent|issued|(?:used|made)(?=\s*(?::|$|(?:this|that|these|it|the following|the (?:call|request|tool|function|command))\b)))\b(?![^.!?\n;]*\b(?:now|next|then|so|again|let|I'll|I will|but|however|retry\w*|try\w*)\b)[^.!?\n;]*|\b(?:earlier|before|previously|last time),?\s+(?:I|we|you)\s+(?:\w+\s+)?(?:called|executed|invoked|used|ran|sent|issued|made|tried)\b[^.!?\n;]*|\b(?:I|we|you|the (?:user|assistant|model|agent))\s+(?:called|executed|invoked|used|ran|sent|issued|made|tried|wrote)\s+(?:this|that|it|these|the following)\s+(?:before|earlier|previously|already|last time|yesterday)\b(?![^.!?\n;]*\b(?:now|next|then|so|again|let|I'll|I will|but|however|retry\w*|try\w*|instead)\b)[^.!?\n;]*|\b(?:calls?|requests?|commands?)\s+(?:that\s+)?(?:I|we|you)(?:'ve| have)?\s+(?:just\s+|already\s+|previously\s+)?(?:made|sent|issued|ran|used|executed|tried)\b[^.!?\n;]*|\b(?:the|this|that)\s+(?:following\s+|exact\s+)?(?:tool\s+|function\s+)?(?:call|request|command)\s+(?:that\s+)?(?:failed|errored|returned an error|caused (?:the|an|this) error|threw)\b[^.!?\n;]*|\b(?:error|failure) in (?:the|this) (?:call|request|command)\s*:?|\b(?:(?:I|we)\s+tried\s+(?:this|that|it)|(?:this|that|it)\s+(?:didn't|did not|doesn't|does not|won't|will not)\s+work|(?:this|that|it)\s+(?:failed|fails|errored|errors|broke))\b(?![^.!?\n;]*\b(?:now|next|then|so|again|let|I'll|I will|retry\w*|try\w*|instead|fix\w*|correct\w*)\b)[^.!?\n;]*|\b(?:here(?:'s|’s|\s+is|\s+are)|the following is|this is|below is)\s+(?:the\s+|a\s+|an\s+|my\s+|our\s+|your\s+)?(?:\w+\s+)?(?:log|logs|transcript|trace|history|excerpt)\b[^.!?\n]*|\b(?:once|after|when|if|as soon as|upon)\b[^.!?\n]{0,60}?\b(?:you\s+(?:confirm|approve|agree|say so|give|are ready)|you're ready|(?:your|the user's)\s+(?:confirmation|approval|permission|go-ahead|consent)|I\s+(?:have|get|receive)\s+(?:your\s+|the\s+)?(?:confirmation|approval|permission|go-ahead|consent))\b[^.!?\n]*)\s*$/i;

/**
 * A call the model refuses or warns against, as the last words before it: `I won't run this:`, `Do not
 * run:`, `You should never call something like`, `Avoid this:`, a label line `Incorrect:` or `Bad:`.
 * The negation must govern an action (`I don't have that yet; checking it:` goes on to a real call).
 */
const REFUSED =
  /(?:\b(?:I'm|I am|we're|we are)\s+not\s+(?:\w+\s+)?(?:running|calling|executing|sending|invoking|using|making|issuing)\b[^.!?\n;]*|\b(?:I'd|I would|we'd|we would)\s+rather\s+not\s+(?:\w+\s+)?(?:run|call|use|execute|invoke|send|make|issue|do)\b[^.!?\n;]*|\b(?:declin(?:e|es|ing)|refus(?:e|es|ing))\s+to\s+(?:\w+\s+)?(?:run|call|use|execute|invoke|send|make|issue)\b[^.!?\n;]*|(?:^|\n)[^\p{L}\n]*not\s+(?:running|calling|executing|sending|invoking)\b[^.!?\n;]*|\b(?:won't|will not|wouldn't|would not|can't|cannot|can not|couldn't|could not|shouldn't|should not|mustn't|must not|don't|do not|never|refuse to|am not going to|I'm not going to)\s+(?:\w+\s+){0,2}?(?:run|call|use|execute|invoke|do|try|make|perform|type|send|issue|write)\b[^.!?\n;]*|\bavoid(?:\s+(?:this|that|doing this|doing that))?\s*:?|\bwhat\s+not\s+to\s+(?:send|run|call|use|do|write|output|emit|type)\b[^.!?\n;]*|(?:^|\n)[^\p{L}\n]*(?:incorrect|wrong|bad|don't|do not|dangerous|unsafe|anti-?patterns?|counter-?examples?|pitfalls?)(?:\s+(?:example|usage|way|call|version))?\s*:|\b(?:the|a) (?:wrong|incorrect|bad|dangerous|unsafe) (?:way|call|example|usage)\b[^.!?\n]*)\s*$/iu;

/**
 * A call suggested to the reader or imagined rather than made, as the last words before it: `You could
 * call:`, `you should use`, `Alternatively, you can run:`, `Instead of …, use`, `The call would be:`,
 * `I would call`, `I'd write`, `If you want, …`, `Should you need it, …`, `you can reuse`, and a bare imperative after a
 * purpose or a question to the reader (`To check it on your own, run:`, `Curious? Try:`; `Run:` alone may be the tool's label).
 */
const SUGGESTED =
  /(?:\byou(?:'d| would| could| can| should| may| might| need to| have to| must| will)?(?:\s+(?:need|have|want|be able)\s+to)?\s+(?:also\s+|then\s+|just\s+|first\s+)?(?:call|use|run|invoke|execute|try|type|enter|send|write|issue|reuse|adapt|tweak|adjust|modify|edit|paste|copy|customi[sz]e)\b[^.!?\n]*|\b(?:I|we)\s+(?:would\s+)?(?:recommend|suggest|advise)\b[^.!?\n]*|\bcan be (?:used|called|run|sent)\b[^.!?\n]*|(?:(?:^|[.!?]\s+|\n[ \t]*)to [^.!?\n]{1,80},|\?)\s*(?:try|use|run|call|invoke|execute|send|type|enter|paste)\s*:|(?:^|[.!?]\s+|\n[ \t]*)(?:to [^.!?\n]{1,80},\s*)?(?:try|use|run|call|invoke|execute|send|type|enter|paste)\s+(?:this|that|these|it|the following|(?:the|an?)(?:\s+\w+){0,3}?\s+(?:tool|function|command|call|request)\b[^.!?\n]*)\s*:?|\balternatively\b[^.!?\n]*|\binstead of\b[^.!?\n]*|\bwould (?:be|answer|respond|reply|write|output|produce|generate|return|say|call|use|run|send|issue)\b[^.!?\n]*|\b(?:I|we)(?:'d| would| could| might)\s+(?:\w+\s+)?(?:call|use|run|invoke|write|send|issue)\b[^.!?\n]*|\b(?:call|request|invocation)\s+(?:that\s+)?(?:I|we)(?:'d| would| could| might)\s+(?:\w+\s+)?(?:make|send|issue)\b[^.!?\n]*|\bif you (?:want|would like|'d like|like|wish|prefer|need)(?:\s+to\b|\s*,)[^.!?\n]*|\bfor you to (?:run|send|use|try|execute|paste|call|invoke)\b[^.!?\n]*|\bif\s+you(?:'d|’d|\s+would)\s+(?:rather|prefer|like)\b[^.!?\n]*|\b(?:should|whenever)\s+you\s+(?:ever\s+)?(?:want|wish|prefer|need|like)\b[^.!?\n]*|\bif (?:that|this|it|the \w+) (?:fails|doesn't work|does not work|errors)\b[^.!?\n]*|\bin case\b(?!\s*(?:[,:.;)]|$))[^.!?\n]*|\bnext time\b[^.!?\n]*|\b(?:assistant|model|agent|llm|AI) (?:should|would|will|must|can|is expected to)\s+(?:\w+\s+)?(?:respond|reply|answer|output|return|write|generate|produce|call|emit)\b[^.!?\n]*|\bhypothetical(?:ly)?\b[^.!?\n]*|\bin theory\b[^.!?\n]*|\b(?:simulat(?:e|es|ed|ing)|pretend(?:s|ed|ing)?|imagin(?:e|es|ed|ing))\b[^.!?\n]*)\s*$/i;

/**
 * A call echoed from someone else's words or from a tool's output, as the last words before it: `The
 * user wrote:`, `You asked:`, `The tool said:`, `Tool result:`, `Output:`, `Observation:`, `The previous
 * call was:`, `The user's message contained:`, a transcript's role label (`User:`, `Human:`, `<|im_start|>user`).
 */
const ECHOED =
  /(?:\b(?<!\bas\s+(?:you\s+|the\s+user\s+|they\s+)?)(?:said|wrote|asked|sent|typed|replied|answered|responded|printed|gave|requested)(?:\s+me)?(?:\s+(?:for|with))?\s*:?|\b(?:was|were)\s*:|(?:^|\n)[^\p{L}\n]*(?:(?:tool|function|command|call)\s+)?(?:results?|outputs?|responses?|observations?|returns?)\s*:|(?:^|\n)[^\p{L}\n]*(?:user|human|customer|system|q)\s*:|<\|im_start\|>\s*(?:user|tool|system)|\b(?:previous|last|earlier|original|prior|first) (?:tool |function )?(?:call|request|attempt|command)s? (?:was|were|is|looked like)\s*:?|\b(?:the )?(?:assistant|model|agent|AI|bot)\s+(?:calls|called|uses|used|runs|ran|invokes|invoked|responds|responded|replies|replied|outputs|outputted|writes|wrote)\s*:?|\b(?:looks|look)(?:\s+(?:something|roughly|somewhat|kind of|sort of))?\s+like\s*:?|\bformat (?:is|looks|was|as follows)\b[^.!?\n]*|\bfor each (?:function |tool )?call\b[^.!?\n]*|\p{L}[^<\n]*\s<([\w:|-]+)><\/\1>[^.!?\n]*|\bas follows\s*:?|\b(?:your|my|the)\s+(?:last|previous|earlier|prior)\s+(?:message|response|reply|answer|output|turn)\b[^.!?\n;]*|\b(?:(?:the\s+)?user(?:'s|’s)|your|their|his|her)\s+(?:\w+\s+)?(?:message|request|prompt|question|input|query|email)\s+(?:contained|contains|included|includes|said|says|read|reads)\s*:?|\b(?:snippet|message|code|text|example|json|output|call|payload|log|excerpt|sample)\s+(?:that\s+)?(?:you|the user)\s+(?:shared|pasted|posted|sent|provided|gave|quoted|wrote|forwarded)\s*:?)\s*$/iu;

/** A comment, strikethrough or heading opened right before the call on its line (`// <call>`, `# [f()]`, `## <call>`, `<!-- <call>`, `~~<call>`): commented out, or a title. */
const COMMENTED = /(?:(?:^|\n)[ \t]*(?:\/\/|#{1,6}|--|;)|<!--|~~)[ \t]*$/;

/**
 * A comment left open across lines before the call: an HTML comment (`<!--`, its `-->` not yet written) or a block
 * comment opening its line (`/*` without its `*\/`). The call is commented out, whether the comment closes after it or not.
 */
const COMMENT_LEFT_OPEN = /<!--(?![\s\S]*-->)|(?:^|\n)[ \t]*\/\*(?![\s\S]*\*\/)/;

/**
 * Markup that shows the call as content rather than makes it: a Markdown table's cell (`| weather in Paris | <call>`),
 * an HTML element of a document's text opened right before it (`<code>`, `<pre>`, `<em>`, `<strong>`, `<blockquote>`,
 * `<p>`, `<li>`, a table's cell, a heading: HTML's own elements for text, never a call's), a collapsed example (`<details>` left open),
 * a forum's quote (`[quote]` or `[quote="…"]` left open), an element whose name says it
 * holds an example (`<example>`, `<sample_output>`, `<expected_response>` left open), a Markdown link's target (`[see](<call>`),
 * a shell here-document (`cat <<EOF` on the line before), or a shell prompt's line right
 * before it (`$ cat call.txt`, `>>> parse(…)`): the call is a cell, code, or a command's output.
 */
const SHOWN_IN_MARKUP = /(?:^|\n)[ \t]*\|[^\n]*$|\]\($|<<-?[ \t]*['"]?[A-Za-z_]\w{0,20}['"]?[^\n]{0,80}\n[ \t]*$|<(?:code|pre|kbd|samp|tt|var|em|strong|b|i|u|s|q|mark|cite|del|ins|small|big|sub|sup|blockquote|figure|figcaption|span|p|li|td|th|dd|dt|h[1-6])(?:[ \t][^<>\n]{0,80})?>[ \t]*\n?[ \t]*$|<details>(?![\s\S]*<\/details>)|\[(?:quote|QUOTE|Quote)(?:=[^\]\n]{0,80})?\](?![\s\S]*\[\/(?:quote|QUOTE|Quote)\])|<([\w-]{0,20}(?:example|sample|demo|template|illustration|expected)[\w-]{0,20})(?:[ \t][^<>\n]{0,80})?>(?![\s\S]*<\/\1>)|(?:^|\n)[ \t]*(?:\$|>>>|PS [A-Z]:\\[^>\n]*>)[ \t]+[^\s:][^\n]*[^\s:]\n[ \t]*$/;

/**
 * Markdown emphasis opened right against the call (`**<tool_call>…`, `*[f(a=1)]*`, `__{"name": …}__`): the call is
 * set in bold or italics as part of the prose, shown to the reader. (A list's `* ` has a space after it.)
 */
const EMPHASIZED = /(?:^|[^*\\])\*{1,3}$|(?:^|[^\w\\])_{1,3}$/;

/**
 * Whether the emphasis run that `tail` ends with closes one its line opened before (`*Looking into it now.*` then the
 * call, `**Note:**<tool_call>`): glued to the words before it and the last of an odd number of runs on the line, it
 * ends the sentence's emphasis; it opens none around the call. (`_` inside a word, `get_weather`, is no run.)
 */
function closesEmphasis(tail: string): boolean {
  const line = tail.slice(tail.lastIndexOf("\n") + 1);
  const run = /([*_])\1{0,2}$/.exec(line);
  if (run === null) return false;
  const body = line.slice(0, run.index);
  if (body.trim() === "" || /\s$/.test(body)) return false;
  const runs = run[1] === "*" ? (body.match(/\*+/g) ?? []) : (body.match(/(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}_])/gu) ?? []);
  return runs.length % 2 === 1 && (run[1] === "*" ? /(?:^|[\s(])\*{1,3}(?=[^\s*])/ : /(?:^|[\s(])_{1,3}(?=[^\s_])/).test(body);
}

/**
 * A blockquote's line right before the call's line that holds only the call's opening markup (`> <tool_call>`, `> ```json`,
 * `> [TOOL_CALLS]`, also in a nested quote, `>> <tool_call>`), then the call: the call began inside the quote. (A quoted sentence, then a call on the next
 * line, is the model quoting the request before it acts.)
 */
const QUOTE_GOES_ON = /(?:^|\n)[ \t]{0,3}>(?:[ \t]*>){0,7}[ \t]*(?:<[^<>\n]{1,80}>|[`~]{3,}[\w-]*|\[[A-Z_]{1,20}\])[ \t]*\n[ \t]*$/;

/**
 * An opening quote right before the call (`You asked "[get_weather(…)]" …`, `“<tool_call>…`, `'<tool_call>…`), a French
 * guillemet with its space (`« <tool_call>…`), or a CJK corner bracket, which needs no space before it (`他说「<tool_call>…`):
 * the call is quoted.
 */
const OPENING_QUOTE = /(?:(?:^|[\s(:])(?:["“„'‘]|[«‹][ \t\u00a0\u202f]?)|[「『〝])$/u;

/**
 * A label line right before the call that names a piece of a document rather than an action (`Captured output:`,
 * `Reference call:`, `Calling convention:`, `User's message:`, `Last turn:`, `Proposal:`, `Case 1:`): the call is an
 * exhibit shown under it. Up to four words may stand before the noun that names it; a label opening with a verb in
 * `-ing` says what the model does (`Checking the logs:`, `Using the tool call format:`), ReAct's `Action …:` lines are the
 * format's own, and what labels the call's own content (`The fix:`, `Payload:`, `Second attempt:`) may head a real one.
 */
const EXHIBIT_LABEL =
  /(?:^|\n)[^\p{L}\p{N}\n]*(?!action\b|\p{L}+ing\b)(?:[\p{L}\p{N}'’()-]+\s+){0,4}?(?:examples?|illustrations?|demo(?:nstration)?s?|samples?|references?|proposals?|options?|alternatives?|cases?|inputs?|prompts?|outputs?|stdout|stderr|logs?|traces?|schemas?|definitions?|signatures?|conventions?|templates?|formats?|reminders?|spec(?:ification)?s?|documentation|docs|messages?|turns?|history|transcripts?|excerpts?|snippets?|fixtures?|mocks?|stubs?|placeholders?|scenarios?|recap|quotes?|drafts?|canonical\s+forms?|reference\s+implementations?|skeletons?|boilerplate|pseudo-?code)(?:\s+(?:\d+|[a-z]|calls?|requests?|commands?|json|code|text)|\s+(?:of|for)\s+(?:the|a|an|this|that)\s+(?:tool\s+|function\s+)?(?:calls?|requests?|invocations?|commands?))?\s*:[*_]*\s*$/iu;

/**
 * A sentence before the call that presents it as an exhibit, an option weighed or a record (`Below is an
 * illustration:`, `To illustrate:`, `To give a concrete illustration, …:`, `One option is:`, `Consider this call:`, `The log shows:`, `As documented:`, `The
 * template says:`, `Here is my earlier call:`, `This is wrong:`, `I was going to call`, a `❌` line): not a call made.
 */
const PRESENTED =
  /(?:\b(?:here(?:'s|’s| is)|below is|the following is|this is)\s+(?:an?\s+|the\s+)?(?:\w+\s+)?(?:illustration|demo|demonstration|sample|example|reference|template|mock)\b|\bto (?:illustrate|demonstrate|show how|show (?:the|its|you the) (?:shape|form|format|structure|syntax)|give (?:you )?(?:an?|some) (?:\w+\s+)?(?:idea|illustration|example|sense|picture))\b|\bone (?:option|possibility|way|approach|alternative)\b|\bconsider\s+(?:this|the following|something like)\b|\b(?:the|this|that)\s+(?:logs?|trace|output|stdout|stderr|transcript|history|template|docs?|documentation|spec|prompt|instructions?|system prompt)\s+(?:shows?|says?|reads?|contains?|states?|gives?|lists?)\b|\bas documented\b|\bper the (?:spec|specification|docs|documentation|template|prompt|instructions)\b|\b(?:my|the|an?)\s+(?:earlier|previous|prior|last|old|original)\s+(?:tool\s+|function\s+)?(?:calls?|requests?|attempts?|commands?|outputs?|responses?)(?=\s*:?\s*$)|\b(?:this|that|it)(?:\s+is|\s+was|'s|’s)\s+(?:wrong|incorrect|bad|broken|invalid)\b|\bI\s+(?:was going to|considered|thought about|had planned to)\s+(?:call|use|run|invoke)\w*\b)[^.!?\n]*$|(?:^|\n)[ \t]*(?:❌|✗|✘|🚫|⛔)[^\n]*$/iu;

/**
 * A whole sentence before the call, ended by its period, that presents what follows as an exhibit: `Below is a demo
 * of the call format.`, `Here is a sample.`, `This is the template.` (the lead-ins above end on a colon or on nothing).
 * The noun stands within the sentence's first words: `Here is the weather for Paris, for example.` names no exhibit.
 */
const PRESENTED_STATEMENT =
  /(?:^|[.!?\n])[^\p{L}\n]*(?:here(?:'s|’s|\s+is)|below\s+is|the\s+following\s+is|what\s+follows\s+is|this\s+is)\s+(?:\w+\s+){0,3}?(?:illustrations?|demo|demonstration|samples?|examples?|templates?|mock(?:-?up)?)\b[^.!?\n]*\.\s*$/iu;

/**
 * A call put off to another time, in the sentence before it: `Tomorrow I'll run:`, `Next week we can send:`, `In a
 * future turn I might call:`, `Later we can try:`. A call made now is not one for tomorrow (`Let me check tomorrow's forecast:` acts now, and
 * so does a clause after the sentence's first, `Tomorrow I'll be in Paris, so let me check:`).
 */
const FOR_LATER =
  /(?:^|[.!?\n])[^\p{L}\n]*(?:(?:tomorrow|next\s+(?:week|month|session)|in\s+a\s+(?:future|later|next)\s+(?:turn|session|conversation|message|reply)|some\s+other\s+time)\s*,?\s+(?:I|we|you)(?:'ll|’ll|\s+will|\s+can|\s+could|\s+might|\s+may|\s+should)|later(?:\s+on)?\s*,?\s+(?:I|we|you)\s+(?:can|could|might|may))\b[^.!?\n,;]*$/iu;

/**
 * The words before a call saying tools are off for this answer (`Tools are disabled in this session.`, `Tool calling is
 * not available here.`): whatever follows is shown. Tools in general, not one tool (`The search tool is unavailable,
 * so I'll use the browser:` makes its call).
 */
const TOOLS_OFF =
  /(?:^|[.!?\n]\s*)(?:(?:all\s+)?tools|tool\s+(?:calling|use|access|calls)|function\s+calling|function\s+calls)\s+(?:are|is)\s+(?:currently\s+)?(?:disabled|unavailable|not\s+available|turned\s+off|switched\s+off|off)\b/i;

/**
 * The model saying, in the words before a call, that it cannot make calls (`I cannot call tools in this mode.`,
 * `I don't have the ability to execute functions, but:`): whatever follows is shown, not made.
 */
const CANNOT_CALL =
  /\bI\s+(?:have|'ve\s+got)\s+no\s+(?:tool|function)(?:[ -]calling)?\s+access\b|\bI(?: do not| don't| cannot| can't| can not| am unable to|'m unable to| am not able to|'m not able to| have no way to| am not (?:permitted|allowed) to|'m not (?:permitted|allowed) to)\s+(?:actually\s+|directly\s+|really\s+|currently\s+)?(?:have\s+(?:the\s+)?(?:ability|capability|means|access)\s+to\s+)?(?:call|execute|run|invoke|use|make|perform)\s+(?:any\s+|the\s+|these\s+|such\s+|real\s+|actual\s+|external\s+)?(?:tools?|functions?|function calls?|tool calls?|API calls?)\b/i;

/**
 * The same lead-ins in the languages models most often answer in besides English, as the last words before a
 * call: an example (`例如：`, `示例：`, `格式如下：`, `类似这样：`, `例えば`, `예를 들어`, `Por ejemplo:`, `Zum Beispiel:`,
 * `Par exemple :`, `Например:`), a call suggested to the reader (`你可以这样调用：`), or refused (`不要运行：`).
 * Only whole phrases: `如下` alone (`我将查询如下：`, I will query as follows) goes on to a real call.
 */
const FOREIGN_NOT_MADE =
  /(?:例如|比如|举例(?:来说|说明)?|示例|例子|样例|范例|格式(?:如下|是|为)|如下所示|类似(?:这样|于此|如下)|像这样|(?:可以|应该|应当|需要)?这样(?:调用|写|使用|用)|调用(?:方式|示例|格式|方法|样例)(?:如下|是|为)?|(?:你|您)(?:可以|可|需要|应该)(?:这样|如下|通过)?(?:调用|使用|运行|执行)[^。！？\n]*|(?:不要|别|请勿|切勿|禁止|不能|不应该?)(?:直接)?(?:运行|执行|调用|使用)[^。！？\n]*|例えば|以下のように|次のように|使用例|呼び出し例|サンプル|예를 들어|예시|(?:^|[^\p{L}])(?:por ejemplo|ejemplo|par exemple|exemple|zum beispiel|beispiel|z\.\s?b\.|por exemplo|exemplo|ad esempio|per esempio|esempio|например|пример))\s*[:：,，]?\s*$|(?:^|\n)[^\p{L}\n]*例\s*[:：]\s*$/iu;

/**
 * The same in other languages, as a whole sentence before the call that ends on its colon: one that opens with `for
 * example` (`Por ejemplo, una llamada se ve así:`, `Zum Beispiel sieht ein Aufruf so aus:`, `Например,
 * вызов выглядит так:`, `例如，…：`), one that says what a call looks like (`… sieht so aus:`, `… se ve así:`, `… fica
 * assim:`, `… ressemble à ceci :`, `… выглядит так:`), or names the format (`Das Format ist:`, `Le format est :`, `El
 * formato es:`, `Формат такой:`). Whatever follows is the example or the format shown; a sentence in which the model
 * says it acts is judged before this (`Voy a consultar el ejemplo:` makes its call), and `for example` inside a sentence
 * qualifies what it is about (`Je vais vérifier, par exemple, Paris :` makes its call, as in English).
 */
const FOREIGN_SHOWN =
  /(?:(?:^|[.!?。！？\n])[^\p{L}\n]*(?:por ejemplo|par exemple|zum beispiel|beispielsweise|por exemplo|ad esempio|per esempio|например|к примеру)(?!\p{L})|例如|比如|例えば|たとえば|예를 들어|(?<!\p{L})(?:(?:sieht|sehen)[ \t]+(?:\p{L}+[ \t]+){0,2}?so[ \t]+aus|so[ \t]+aus(?:sehen|sähe)|wie[ \t]+(?:\p{L}+[ \t]+){1,3}aussieht|se[ \t]+(?:ven?|vería|verían)[ \t]+así|así[ \t]+se[ \t]+(?:ven?|vería|verían)|assim[ \t]+(?:fica|ficaria)|(?:cómo|como)[ \t]+(?:se[ \t]+(?:ve|vería)|luce|quedaría|fica|ficaria)|fica(?:m|ria)?[ \t]+assim|à[ \t]+quoi[ \t]+ressembl\p{L}*|ressemblen?t?[ \t]+à[ \t]+(?:ceci|ça|cela)|выгляд\p{L}*[ \t]+(?:так|следующим образом)|как[ \t]+выгляд\p{L}*)(?!\p{L})|(?:以下|次)の(?:通り|とおり)|(?:^|[.!?。！？\n])[^\p{L}\n]*(?:(?:das|le|el|o|il)[ \t]+)?(?:format|formato|syntax|syntaxe|sintaxis|sintaxe|формат|синтаксис)(?:[ \t]+(?:ist|lautet|est|es|é|è|такой|следующий))?(?=[ \t]*[:：]))[^.!?。！？\n]*[:：][^\p{L}\p{N}\n]*$/iu;

/**
 * A label line in another language that names the call's format or an example of it: `Formato de la llamada:`, `Format
 * d'appel :`, `Aufrufformat:`, `Beispielaufruf:`, `Формат вызова:`, `参考格式：`, `呼び出し形式：`, `사용 예:`. (The word alone in a
 * sentence, `Ich prüfe das Format der Datei:`, is no label.)
 */
const FOREIGN_LABEL =
  /(?:^|\n)[^\p{L}\n]*(?:formato(?:[ \t]+d[eao][ \t]+(?:la[ \t]+|a[ \t]+)?(?:llamada|solicitud|petición|chamada|requisição|uso))?|format(?:[ \t]+d['’][ \t]*(?:appel|requête|utilisation))?|syntaxe|sintaxis|sintaxe|(?:beispiel|muster)(?:aufruf|anfrage|ausgabe|code|verwendung|nutzung)|(?:aufruf|anfrage|ausgabe)format|формат(?:[ \t]+(?:вызова|запроса|ответа))?|синтаксис(?:[ \t]+вызова)?|(?:参考|调用|请求|输出)?格式|(?:呼び出し|出力)?形式|書式|(?:호출[ \t]*)?형식|(?:사용|호출)[ \t]*예)[ \t]*[:：][^\p{L}\p{N}\n]*$/iu;

/**
 * A format the reader is told to follow, as the last words before a call: a label line `Response format:`,
 * `Expected output format:`, or `Use this format:`, `Remember to use the following format:`. The call is the
 * format shown, not one made (`I'll answer in this format:` goes on to a real call).
 */
const FORMAT_SHOWN =
  /(?:^|\n)[^\p{L}\p{N}\n]*(?:(?:expected|required|correct|proper)\s+)?(?:response|output|answer|reply|result|json|(?:tool\s+|function\s+)?call)\s+format\s*:?[*_]*\s*$|(?:^|[.!?\n]\s*)(?:(?:please|always|remember to|make sure to|be sure to|you must|must)\s+)?(?:use|follow)\s+(?:this|that|the following|the same|exactly this)\s+(?:format|syntax|template|structure|schema|pattern)\s*:?\s*$/iu;

/**
 * A question about the snippet that follows, as the last words before it: `Why does this fail?`, `Is this
 * correct?`, `Can you explain this output?`. The call is asked about, not made.
 */
const QUESTIONED = /(?:\b(?:why(?!\s+not\b)|how come)\b[^.!?\n]*|\b(?:is|does|can you|could you)\s+(?:\w+\s+){0,2}?(?:this|that|the following)\b[^.!?\n]*)\?\s*$/i;

/**
 * A tool described rather than called, as the last words before a call: `Tool use is formatted using XML-style
 * tags:`, `the tool is used like:`, `get_weather gets called this way:`, `Here is the tool definition:`, `The read_file tool takes a path:`, `Format
 * your call as YAML:`. The call is the tool's documentation, not one made.
 */
const DESCRIBED =
  /(?:\b(?:is|are)\s+(?:used|called|invoked|formatted|written|structured)\s+(?:like|as|using|with|in)\b|\b(?:is|are|gets?)\s+(?:used|called|invoked|formatted|written)\s+(?:this way|like this|like so|thus)\b|\b(?:tool|function)(?:'s|s')?\s+(?:definition|schema|signature|specification|spec)s?\b|\b(?:tool|function)\s+(?:takes|accepts|expects)\b|(?:^|[.!?\n]\s*)format\s+(?:your|the|each)\s+(?:tool\s+|function\s+)?(?:call|calls|request|response|answer|output)\b)[^.!?\n]*$/i;

/**
 * A call written by someone or something else, or about calls, as the last words before it: another model's or a
 * program's output echoed (`The model responded with:`, `It produced the following text:`, `Raw output:`, `Here's
 * what I got back:`, `Failed to parse tool call:`, `The tool call in the logs is:`), the prompt's tool list (`You have access to the following
 * tools:`), a summary of calls made (`Summary of actions taken:`, `Steps I took:`), a format demonstrated (`Let me
 * demonstrate:`, `This is what a tool call looks like in Hermes format:`, `Qwen uses this format:`, `Calls follow this shape:`, `According to the
 * docs:`), a call weighed (`Possible call:`) or a dataset's item (`Dataset entry 1:`, `Ground truth:`, a `Q:` … `A:` pair),
 * what should have been written (`A correct response would have been:`), a habit (`Whenever you ask, I call`), a
 * reference (`For completeness, the call is`), a request converted for a client (`Paste this into Postman:`).
 */
const NOT_OWN_CALL =
  /(?:\b(?:model|llm|assistant|parser|server|it|they|qwen\w*|llama\w*|mistral\w*|gemma\w*|deepseek\w*|gpt[\w.-]*|claude\w*)\s+(?:then\s+|instead\s+|now\s+|still\s+|actually\s+|always\s+|just\s+)?(?:emits|emitted|outputs|outputted|produces|produced|generates|generated|returns|returned|responds|responded|replies|replied|writes|wrote|sends|sent|gives|gave|prints|printed)(?:\s+(?:back|with|the following|this|something like|text|output|response|json|content|a|tool|function|calls?|instead))*\s*[:.]?|(?:^|[.!?\n]\s*|\b(?:the|this|my|its|their|your)\s+)[^\p{L}\n]*(?:raw|full|actual|complete|original|model|llm|assistant|debug(?:ging)?|server|console|terminal|streamed|generated)\s+(?:output|response|text|completion|result|log|reply)s?\s*:|\bwhat (?:I|we|it|they) (?:got|received|saw|get|receive)(?:\s+back)?\s*:?|\b(?:fail(?:ed|s|ure)?\s+to\s+parse|pars(?:e|ing|er)\s+(?:error|failure|failed|exception)|(?:could not|couldn't|cannot|can't|unable to)\s+(?:be\s+)?parsed?)\b(?![^.!?\n]*\b(?:retry\w*|again|now|fix\w*|correct\w*|let me|I'll|I will)\b)[^.!?\n]*|\b(?:available\s+(?:tools|functions)|(?:tools|functions)\s+available)(?:\s+(?:are|is|include))?\s*:|\b(?:access to|(?:can|could|may) use|(?:I|you) have)\s+(?:the following|these|those)\s+(?:tools|functions)\b[^.!?\n]*|(?:^|\n)[^\p{L}\n]*(?:summary|recap)(?:\s+of\s+[^:\n]{1,40})?\s*:|\b(?:steps|actions|calls|commands|tools|functions)\s+(?:I|we)(?:'ve| have)?\s+(?:took|taken|made|used|ran|run|performed|executed|called)\s*:?|\b(?:actions|steps|calls|commands|tools)\s+(?:taken|performed|completed|executed|made|used|so far)\s*:|\b(?:let me|let's|I'll|I will|allow me to|I can|I'd like to)\s+(?:demonstrate|illustrate)\b[^.!?\n]*|\b(?:let me|let's|I'll|I will|allow me to|I can|I'd like to)\s+(?:show|explain)\s+(?:(?:to\s+)?you\s+)?(?:how\b|the (?:\w+\s+)?(?:format|syntax|structure|usage)\b|an? (?:\w+\s+)?(?:example|sample|demo)\b)[^.!?\n]*|\bwhat\s+(?:a|an|the|my|your|each)\s+(?:\w+\s+){0,2}?(?:calls?|requests?|invocations?|responses?|outputs?)\s+(?:looks?|would look)\s+like\b[^.!?\n,;]*|\b(?:uses?|used|expects?|follows?|follow|accepts?|requires?)\s+(?:this|the following|a|the|that)\s+(?:\w+\s+)?(?:format|syntax|template|convention|shape|pattern|structure)\b[^.!?\n,;]*|\baccording to\s+(?:the\s+|its\s+|their\s+|your\s+)?(?:\w+\s+)?(?:docs|documentation|readme|spec|specification|manual|guide|template|prompt|instructions)\s*[:,]?|\bas follows\s*\.|\b(?:in|from) (?:the|my|your|these|those|its) (?:logs?|transcript|history|traces?|debug output|(?:bug\s+)?report|issue|ticket)\b[^.!?\n,;]*|\b(?:copied|quoted|taken|pasted|excerpted)\s+(?:verbatim\s+)?from\b[^.!?\n,;]*|\b(?:possible|potential|candidate|tentative)\s+(?:tool\s+|function\s+)?(?:calls?|requests?|commands?|invocations?|actions?)\s*:?|(?:^|\n)[^\p{L}\n]*(?:dataset|data|training|synthetic|eval(?:uation)?|few-shot)\s+(?:entry|entries|example|sample|record|row|item|data)(?:\s+\d+)?\s*:|(?:^|\n)[^\p{L}\n]*(?:(?:tools?|functions?|api)\s+)?(?:reference|documentation|docs|signatures?|definitions?)\s*:?[*_]*|\beither\s+(?:city|one|option|of (?:these|them|the following))\b[^.!?\n]*|\b(?:when(?:ever)?|each time|every time)\b[^.!?\n]*,\s*(?:I|the (?:assistant|model))\s+(?:call|emit|output|write|send|use|run|return|respond with)\s*:?|\bwould have been\b[^.!?\n]*|\bshould have (?:been|written|called|used|sent|output|emitted|produced|responded|replied|returned|answered)\b[^.!?\n]*|\b(?:expected|ideal|desired|target|reference|gold(?:en)?|correct(?:ly[ \t]+formatted)?|properly[ \t]+formatted|well-formed|valid)\s+(?:tool\s+|function\s+)?(?:calls?|outputs?|responses?|answers?|results?|completions?|requests?)\s+(?:is|are|was|would be|looks like)\s*:?|(?:^|\n)[^\p{L}\n]*(?:ground[ -]truth|reference(?:\s+(?:answer|output|solution))?|gold(?:en)?(?:\s+(?:answer|output|label))?|target(?:\s+(?:output|answer|response))?|note to self|history|context|previous turn|(?:last|prior|earlier|previous)\s+(?:tool\s+|function\s+)?call|executed|ran|called|sent)\s*:[*_]*|(?:^|\n)[^\p{L}\n]*(?:q|question|prompt|input|user)\s*:[^\n]*\n(?:[^\n]*\n){0,3}?[^\p{L}\n]*(?:a|answer|completion|response|output|assistant)\s*:|\bfor (?:completeness|reference|illustration|illustrative purposes|demonstration|documentation)\b[^.!?\n]*|\((?:not executed|not run|dry[ -]run|not sent|not called)\)[^.!?\n]*|\b(?:convert(?:ed|ing)?|translat(?:ed|ing|ion)|turn(?:ed|ing)?)\b[^.!?\n]*\binto (?:a |an |the )?(?:tool|function) calls?\b[^.!?\n]*|\bfor your (?:\w+\s+)?(?:client|prompt|template)\b[^.!?\n]*|\b(?:paste|copy|put|insert)\s+(?:this|these|it|the following)\s+(?:into|in|to)\b[^.!?\n]*|\bpostman\b[^.!?\n]*|\b(?:fixtures?|test data|sample data|mock(?:ed)? (?:responses?|outputs?|data))\b(?:[^.!?\n]|\.\w)*|(?:✅|✔️?|☑️?|✓|\[(?:x|done|completed?)\]|\((?:done|completed?|finished)\))[ \t]*:?[ \t]*(?:(?:done|completed?|finished)\b[^:\n]{0,40}:)?|(?:^|\n)[^\p{L}\n]*(?:completed|done|finished)\s*:|\b(?:two|three|several|a few|some|multiple|different|other)\s+(?:ways|options|approaches|choices|alternatives|possibilities)\b[^.!?\n]*|\b(?:possible|alternative|candidate)\s+(?:approaches|options|ways|choices|calls|actions)\s*:|\bwhich (?:one|of (?:these|them|the following))\b[^.!?\n]*\?|\b(?:things|actions|calls) (?:I|we|you) (?:can|could) (?:do|use|make|run|try)\b[^.!?\n]*|(?:^|\n)[^\p{L}\n]*(?:(?:first|1st)\s+(?:option|choice|approach|way|alternative)|(?:plan|approach|option|choice|method|way)\s+(?:a|1|one))\b[^:\n]{0,30}:)\s*$/iu;

/**
 * A chat template's own words in the text before a call, anywhere in the lead-in: its system or user turn
 * (`<|im_start|>system`, `[INST]`, `<start_of_turn>user`, a transcript's `User:` line), or the tool instructions of Hermes' and Qwen's templates (`You may call one or more
 * functions to assist with the user query.`). The model is echoing its prompt; the call is part of the echo.
 */
const TEMPLATE_ECHO = /<\|im_start\|>\s*(?:system|user)\b|\[INST\]|\[AVAILABLE_TOOLS\]|<start_of_turn>\s*user\b|<\|user\|>|(?:^|\n)[ \t>]*(?:human|user)[ \t]*:|<\|start_header_id\|>\s*(?:system|user)\s*<\|end_header_id\|>|\byou may call one or more functions to assist with the user query\b|\byou are provided with function signatures\b/i;

/**
 * A log line the call is printed on: a timestamp or a log level opening its line (`2024-05-01 12:00:01 DEBUG
 * raw: <call>`, `[12:00:01] INFO model output: <call>`, `INFO:     response = <call>`). A timestamp is a clock time
 * with seconds, after a date or not, in the forms loggers print (`12:03:44`, `2024/05/01 12:00:01`, `Nov 27
 * 07:27:09` as syslog writes it, `E0501 12:00:01.123` as glog writes a level and a date). The call is a program's
 * record of a text, not one made. (`12:00 works for me. Booking it:` has no seconds: no log line.)
 */
const LOGGED =
  /(?:^|\n)[ \t]*(?:\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?Z?\]?|\[?(?:(?:\d{4}[-/.]\d{2}[-/.]\d{2}|\d{2}[-/.]\d{2}[-/.]\d{4}|[IWEF]\d{4}|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[ \t]{1,2}\d{1,2})[T \t])?\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?\]?|\[?(?:TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL)\]?:?)[ \t][^\n]*$/;

/**
 * A call written as a value in code: assigned to a variable (`text = """`, `mock_response = `, `const reply = '`).
 * The code holds the call's text; it is a program's data, not a call made.
 */
const ASSIGNED_IN_CODE = /(?:^|\n)[ \t]*(?:(?:const|let|var|val|final)[ \t]+)?[A-Za-z_][\w.]{0,60}[ \t]*(?::[ \t]*\w{1,30}[ \t]*)?=[ \t]*(?:[rbuf]?(?:"""|'''|["'`]))?[ \t]*\n?[ \t]*$/;

/**
 * A rule for calls written as the words before one (`If the user asks about Paris, call`, `When you need the weather,
 * output`, `Whenever the user mentions a city, respond with:`): a prompt's instruction, shown or echoed, about when to
 * call, not a call made now. A rule the model applies itself (`If it rains, I'll check:`) goes on to a call.
 */
const CONDITIONAL_RULE =
  /(?:^|[.!?\n]\s*)(?:if|when|whenever|each time|every time)\b[^.!?\n]{1,120},\s*(?:(?:you|the (?:assistant|model|agent))\s+(?:should|must|will|can|need to)\s+|always\s+|just\s+|then\s+|please\s+)?(?:call|output|emit|return|respond|reply|answer|write|invoke|use)\b[^.!?\n]*$/i;

/**
 * A call offered on a condition, as the sentence before it: it opens with a condition (`If the file is missing, run:`,
 * `Should the lookup time out, retry with:`, `Unless it is cached, call:`, `In case the first call fails, use this
 * one:`, `If so, send:`, `Whenever it changes, call:`), the condition's clause then a comma (or `then`) and what to do
 * then. The call waits on something the model does not know yet: it is offered, not made. Not a condition: an `if`
 * inside the sentence (`Let me check if the file exists:` asks whether), a condition in an earlier sentence (`If it
 * rains, I'll tell you. Checking:`), a concession (`Even if it's slow, I'll run it:`), the model hedging what it
 * understood (`If I understand correctly, …`, `If I'm not mistaken, …`), what the user asked for, which the model knows
 * (`If you want the weather, here it is:`), and `just in case` (a precaution taken now).
 */
const CONDITIONED =
  /(?:^|[.!?\n]\s*)(?:(?:and|but|or|so|then|otherwise|also|alternatively)[,]?\s+)?(?:if(?!\s+(?:I|we)\s+(?:understand|understood|recall|remember|read|see)\b|\s+I(?:'m|’m|\s+am)\s+not\s+(?:mistaken|wrong)\b|\s+you(?:'re|’re|\s+are)?\s+(?:want|wanted|asked|asking|mean|meant|looking for)\b(?!\s*(?:,|to\b))(?![^.!?\n,]*\blater\b))|unless|in case|in the event(?:\s+(?:that|of))?|whenever|if and when|provided(?:\s+that)?|should\s+(?:the|it|this|that|these|those|a|an|any|your|my|our|its|their|there|they|he|she|we|I|you)\b)\s+(?:[^.!?\n,]|\.(?=\w)){1,120}?(?:,|\s+then\b)(?:[^.!?\n]|\.(?=\w))*$/i;

/**
 * The same in the other languages models answer in: a sentence opening with `si`, `wenn`, `falls`, `если`, `如果`,
 * `假如`, `もし` or `만약`, its condition then a comma (`Si el archivo no existe, ejecuta:`, `如果文件不存在，运行：`).
 */
const CONDITIONED_OTHER =
  /(?:^|[.!?。！？\n]\s*)(?:(?:si|wenn|falls|если)\s+(?:[^.!?。！？\n,，、]|\.(?=\w)){1,120}?|(?:如果|假如|もし|만약)(?:[^.!?。！？\n,，、]|\.(?=\w)){1,60}?)[,，、][^.!?。！？\n]*$/iu;

/**
 * A call supposed rather than made, in a sentence opening so: `Suppose the assistant returned`, `Let's say the model
 * outputs`, `What if I send`. (`Assuming you mean Paris, let me check:` goes on to a real call.)
 */
const SUPPOSED = /(?:^|[.!?\n]\s*)(?:suppose|supposing|let's say|let us say|what if)\b[^.!?\n]*$/i;

/**
 * An output echoed, as the last words before a call: `I got this response:`, `Received from the model:`, `The output
 * is:`, `Compare this:`. The call is what came back or what is looked at, not one made.
 */
const OUTPUT_ECHOED =
  /(?:\b(?:I|we)\s+(?:got|get|received|receive|keep getting|am getting|are getting|see|saw)\s+(?:this|these|the following)(?:\s+\w+){0,2}\s*:?|\breceived\s+from\b[^.!?\n]*|\b(?:output|response|reply|completion|answer)\s+(?:is|was)\s*:|\bcompare\s+(?:this|that|it|the following)\b[^.!?\n]*)\s*$/i;

/** A plan's label line before a call (`Plan:`, `My plan:`, `Here's my plan:`): the steps of a plan, not a call made. */
const PLAN_LABEL = /(?:^|\n)[^\p{L}\n]*(?:(?:here(?:'s|’s|\s+is)\s+)?(?:my|the|our)\s+)?plan\s*:[*_]*\s*$/iu;

/** A call in a list item under a plan's label (`Here's my plan:` then `1. First I'll call <call>`): one step of a plan. */
const PLAN_LIST = /(?:^|\n)[^\p{L}\n]*(?:(?:here(?:'s|’s|\s+is)\s+)?(?:my|the|our)\s+)?plan\s*:[*_]*[ \t]*\n(?:[ \t]*\n)*(?:[ \t]*(?:\d+[.)]|[-*+])[ \t][^\n]*\n)*[ \t]*(?:\d+[.)]|[-*+])[ \t][^\n]*$/iu;

/** What another model might write (`The model might output`, `An LLM could respond with`): supposed, not made. */
const MODEL_MIGHT = /\b(?:models?|llms?|assistants?|agents?|AI)\s+(?:might|may|could|would|should|(?:are|is) (?:expected|supposed) to)\s+(?:then\s+|instead\s+|also\s+)?(?:output|emit|produce|generate|return|respond|reply|write|send|give|print)\b[^.!?\n]*$/i;

/** A question back to the user that the call completes (`Do you mean`, `Did you want`): asked, not made. */
const ASKED_BACK = /(?:^|[.!?\n]\s*)(?:do|did)\s+you\s+(?:mean|want|need)\b[^.!?\n]*$/i;

/** Options offered, the call one of them (`You could either:`, `Pick one of these:`): which one is made is the reader's. */
const OPTIONS_OFFERED = /\b(?:either|one of (?:these|the following|them))\s*:?\s*$/i;

/**
 * A bug report's label before a call (`## Actual output`, `Observed behaviour:`, `Current response:`): the call is
 * what a program printed, quoted in the report.
 */
const REPORT_LABEL = /(?:^|\n)[^\p{L}\n]*(?:actual|observed|current|wrong|got)\s+(?:output|result|response|behaviou?r|reply|completion)s?\s*:?[*_]*\s*$/iu;

/**
 * How a call is written, told to the reader: `The syntax you want is`, `Call it as:`, `Invoke the tool like:`, `The
 * function call should be:`, `One could call`. The call shows the form.
 */
const FORM_TOLD =
  /(?:\b(?:syntax|format|call|command|invocation)\s+(?:you|to)\s+(?:want|need|use)\b[^.!?\n]*|\b(?:call|request|command|invocation|output|response|answer|reply|result)\s+(?:should|must|ought to)\s+(?:be|look like|read)\s*:?|\bone\s+(?:could|can|would|might|may)\s+(?:call|use|run|write|send|invoke)\b[^.!?\n]*|(?:^|[.!?\n]\s*)(?:call|invoke|use)\s+(?:it|them|this tool|the tool|this function|the function)\s+(?:as|like)\b[^.!?\n]*)$/i;

/**
 * Lines of a transcript after the calls: a role's label opening a line (`tool: {…}`, `assistant: It is 22°C.`,
 * `**Tool:** sunny`, `AI: …`). The calls were one turn of a conversation written out, not calls to make.
 */
const TRANSCRIPT_GOES_ON = /(?:^|\n)[ \t>*_]*(?:assistant|ai|bot|tool|function|model|system)[*_]*[ \t]*:/i;

/**
 * Text after a call that explains its parts (`This calls the get_weather tool with …`, `In this call, `city` is …`,
 * `Here, the `city` parameter specifies …`, `Explanation: …`, `The above JSON represents a call to …`, `In the JSON
 * above, …`, `It returns {…}`, `Expected result: …`): the call is documented, not made.
 */
const EXPLAINED_AFTER =
  /(?:^|\n)[^\p{L}\n]*(?:explanation|expected (?:result|output|response))\s*:|\b(?:the (?:above|json|call|snippet|code|object|block)(?: above)?|this (?:json|object|snippet|block))\s+(?:\w+\s+)?(?:represents|describes|defines|specifies|calls|invokes)\b|\bin the (?:json|call|snippet|example|code|object) above\b|\b(?:it|this|that|which)\s+returns\s*:?\s*[{[]|\b(?:this|the above|that)\s+(?:(?:tool\s+|function\s+)?call\s+|request\s+|snippet\s+|json\s+|code\s+)?(?:calls|invokes|tells|instructs|asks)\s+(?:the\s+)?(?:\w+\s+)?(?:tool|function|assistant|model|agent|api)\b|(?:^|[.!?\n]\s*)(?:in|for)\s+(?:this|the above|that)\s+(?:call|example|request|snippet)\s*,|\bthe\s+`?\w+`?\s+(?:parameter|argument|field|key)\s+(?:is|specifies|sets|holds|contains|takes|tells|gives|names|should)\b/iu;

/**
 * Text after a call saying the model cannot reach what the call would use (`However, I can't access the weather
 * service.`), or handing the call to the reader (`You can use this to get the weather.`): the call is not made.
 */
const NOT_REACHED_AFTER =
  /\bI(?: do not| don't| cannot| can't| am unable to|'m unable to| am not able to|'m not able to| have no way to)\s+(?:actually\s+|directly\s+|currently\s+)?(?:access|reach|connect to)\b|\byou (?:can|could|may|might) (?:use|run|call|try|send|invoke) (?:this|that|it|these|the above)\b/i;

/**
 * Text after a call that assumes its outcome (`Assuming the action was successful, …`, `Let's assume the observation
 * is: …`, `Suppose it returned …`): the model goes on without the result, so the call was imagined, not left to run.
 */
const OUTCOME_ASSUMED =
  /\b(?:assum(?:e|ing)|suppos(?:e|ing)|pretend(?:ing)?)\b[^.!?\n]{0,60}?\b(?:results?|observations?|outputs?|responses?|actions?|calls?|tools?|it|this|that)\b[^.!?\n]{0,40}?\b(?:succeed(?:ed|s)?|successful|worked|works|returned|returns|is|was|came back)\b/i;

/** A note after a call that it is imagined: `(pretend this ran)`, `(imagine the result)`. */
const PRETENDED_AFTER = /\(\s*(?:pretend|imagine|imagined|simulated?|hypothetical(?:ly)?|mock(?:ed)?)\b[^)\n]*\)/i;

/** A question after a call about whether its values are right (`Is Paris the right city?`): asked before the call is made. */
const VALUES_QUESTIONED = /\b(?:is|are)\s+[^.!?\n]{1,60}?\s+(?:the\s+)?(?:right|correct|intended)\b[^.!?\n]*\?/i;

/** The next step of a plan after the call (`Step 2: read the notes`): the call is a plan's step, not one made now. */
const NEXT_STEP = /(?:^|\n)[^\p{L}\n]*step\s*\d+\s*[:.)]/iu;

/**
 * Text after a call that drops it for an answer of the model's own (`Actually, I already know the answer`, `Let's skip
 * the tool and answer from memory`, `Instead, here is the answer directly`): the call was weighed, not made.
 */
const DROPPED_AFTER =
  /\bI\s+already\s+know\s+(?:the\s+answer|this|that|it)\b|\bskip\s+(?:the|this|that)\s+(?:tool|call|lookup|search|request)\b|(?<!\b(?:rather than|instead of|not|without)\s+)\b(?:answer|respond|reply)(?:ing)?\s+(?:it\s+|this\s+)?(?:directly|from memory|from what I know)\b/i;

/**
 * Text after a call saying it was not run or made (`Note: this was not executed.`, `I did not run it.`, `I haven't sent
 * this request.`, `It only shows the shape.`, `Nothing was called.`, `I don't need tools; it's sunny.`, `I won't run this until you confirm.`, `Waiting for approval.`), that it was an earlier try (`This was my
 * previous attempt.`, `That one failed with a 500 error.`, `I already did this earlier.`), that it is wrong (`The call
 * above is invalid because …`), what it does (`That call fetches the weather.`, `This shows what the parser
 * receives.`), or handing it to the reader (`Copy the block above.`, `You can paste this into your terminal.`, `Swap in your
 * own values.`, `Replace the city with your own.`); or that
 * it should not have been written (`I should not have provided the above response.`).
 */
const NOT_MADE_AFTER =
  /\bI (?:should not|shouldn['’]t) have (?:provided|written|given|made|sent|output|called|used|included)\b|\b(?:not|never)\s+(?:been\s+)?(?:executed|run|called|sent|invoked|made)\b|\bI (?:don't|do not) (?:need|have) to (?:call|use|run) any (?:tools?|functions?)\b|\bI (?:don't|do not) need (?:any )?(?:tools|functions)\b|\bno (?:tools?|functions?|tool calls?) (?:are |is )?(?:needed|necessary|required)\b|\bnothing (?:was|has been|is) (?:called|run|executed|sent|invoked)\b|\bI (?:did not|didn't|have not|haven't|never|won't|will not|am not going to|'m not going to) (?:run|execute|call|invoke|send|make)\b|\b(?:haven['’]t|hasn['’]t|hadn['’]t|wasn['’]t|weren['’]t)\s+(?:been\s+)?(?:executed|run|called|sent|invoked|made)\b|\b(?:swap|fill|plug|put|substitute)\s+in\s+your\s+own\b|\b(?:replace|substitute|swap)\b[^.!?\n]{0,40}\bwith\s+your\s+own\b|\b(?:it|this|that)\s+(?:only|just|merely)\s+(?:shows|illustrates|demonstrates)\b|\b(?:just|only|merely)\s+showing\s+(?:the|its|what|how)\b|\bit(?:'s|’s| is)\s+(?:just\s+|only\s+|merely\s+)?an?\s+(?:template|placeholder|example|sample|mock(?:-?up)?|sketch)\b|\bfill\s+in\s+(?:the\s+|your\s+)?(?:real|actual|own)\s+values\b|\btreat\s+(?:it|this|that)\s+as\s+(?:pseudo-?code|an?\s+(?:example|sample|template|sketch|illustration))\b|\billustrative\b[^.!?\n]{0,20}\bnot\s+(?:executed|run|sent)\b|\b(?:awaiting|waiting for)\s+(?:your\s+|the user's\s+|user\s+)?(?:confirmation|approval|go-ahead|permission|review)\b|\buntil you (?:confirm|approve|say)\b|\b(?:this|that) was (?:my|the|an?) (?:previous|earlier|last|first|old|failed) (?:attempt|call|try|request|version)\b|\b(?:that|this|it)(?: one| call| request)? (?:failed|errored|returned an error|threw)\b|\bI already (?:did|ran|made|tried|called|sent) (?:this|that|it)\b|\b(?:the|this|that)\s+(?:call|request|json|snippet|command)(?:\s+above)?\s+(?:is|was)\s+(?:invalid|wrong|incorrect|malformed|broken)\b|\b(?:this|that|the above)\s+(?:call|request|command|snippet)\s+(?:fetches|gets|retrieves|looks up|checks|runs|does)\b|\b(?:this|that|the above)\s+(?:shows|illustrates|demonstrates)\b|\b(?:paste|copy)\s+(?:this|it|these|the (?:block|call|snippet|command|json|code)(?:\s+above)?|the above)\b/i;

/**
 * A line after a call that introduces the right version of it (`The correct representation is:`, `The correct call
 * would be:`, `Here's the corrected call:`, `Corrected:`, `Fixed version:`, `It should be:`, `Should be called as:`): the model says the call
 * before was wrong, so it is taken back, and the call that follows is one it shows as the fix. The line ends on its
 * colon: the block it introduces comes next. `The correct city is Paris.` and `This is the correct call.` correct nothing.
 */
const CORRECTED_AFTER =
  /(?:^|[.!?;\n])[ \t]*(?:(?:so|thus|therefore|instead|however|rather|actually|hence)[ \t]*,?[ \t]+)?(?:(?:here(?:'s|’s| is)|this is)[ \t]+)?(?:(?:the|a|my)[ \t]+)?(?:(?:correct(?:ed)?|right|proper(?:ly[ \t]+formatted)?|fixed|revised|amended)[ \t]+(?:(?:tool|function)[ \t]+)?(?:call|representation|version|format|syntax|form|request|response|invocation|one|way[ \t]+to[ \t]+(?:write|call|represent|format)[ \t]+(?:it|this|that))(?:[ \t]+(?:is|would[ \t]+be|should[ \t]+be|will[ \t]+be))?|(?:corrected|fixed)|correcting[ \t]+(?:the|that|this|my)[ \t]+(?:call|mistake|error|format)|(?:(?:it|this|that)[ \t]+)?should[ \t]+(?:be(?:[ \t]+(?:called|written|formatted|represented)[ \t]+as)?|have[ \t]+been|read|look[ \t]+like))[ \t]*[:：][ \t]*\r?(?:$|\n)/i;
/** The same in other languages: `La llamada correcta es:`, `Der richtige Aufruf ist:`, `L'appel correct est :`, `正确的调用是：`. */
const CORRECTED_AFTER_OTHER =
  /(?:^|[.!?;。！？\n])[ \t]*(?:(?:la|el)[ \t]+(?:llamada|formato|versión|forma)[ \t]+correct[ao][ \t]+(?:es|sería)|(?:der|die|das)[ \t]+(?:richtige|korrekte)[ \t]+(?:aufruf|format|version|form)[ \t]+(?:ist|wäre|lautet)|(?:l['’][ \t]*|la[ \t]+|le[ \t]+)(?:appel|format|version|forme)[ \t]+(?:correct|corrigé)e?[ \t]+(?:est|serait)|正确的(?:调用|格式|写法|版本)(?:是|应该是|为))[ \t]*[:：][ \t]*\r?(?:$|\n)/iu;

const CORRECTED_AFTER_ALL = new RegExp(CORRECTED_AFTER.source, "gi");
const CORRECTED_AFTER_OTHER_ALL = new RegExp(CORRECTED_AFTER_OTHER.source, "giu");

/**
 * Where each line in `rest` that introduces the right version of a call ends (right after its colon and line
 * break): the block it introduces follows. Whether it takes the calls before it back depends on that block: the
 * same values again correct nothing (see `restated-calls.ts`), other values or none do.
 */
export function correctionLineEnds(rest: string): number[] {
  const ends: number[] = [];
  for (const pattern of [CORRECTED_AFTER_ALL, CORRECTED_AFTER_OTHER_ALL]) for (const found of rest.matchAll(pattern)) ends.push(found.index + found[0].length);
  return ends.sort((a, b) => a - b);
}

/**
 * Text after a call that says the call must be put in another form: the model sets out to recast its own output
 * (`Let's reformat the response to fit the exact requirements.`, `Let me reformat it according to the given
 * instructions.`, `Reformatting the input to match the schema.`, `Let's rewrite the call in the required format.`),
 * or says its form is not the one asked for (`However, the task requires a different format.`, `This is not in the
 * correct format.`, `The call does not match the required format.`). The model takes the call back as malformed:
 * reading it guesses that the form it has just rejected was fine, whether or not a rewritten copy follows. A rewrite
 * of something else (`Let me rewrite the file.`, `Let's reformat the code.`) is the model's next step, not this.
 */
const FORMAT_RECANTED =
  /(?:^|[.!?;:\n])[ \t]*(?:(?:however|but|so|now|ok|okay|well|first)[ \t]*,?[ \t]+)?(?:(?:let(?:['’]s|[ \t]+me|[ \t]+us)|(?:I|we)(?:['’]ll|[ \t]+will|[ \t]+need[ \t]+to|[ \t]+should|[ \t]+must))[ \t]+(?:re-?format[ \t]+(?:it|this|that|them|(?:the|this|that|my|our|these|those)[ \t]+(?:(?:above|previous|given|tool|function)[ \t]+)?(?:response|answer|output|input|calls?|request|data|parameters|arguments))|(?:re-?write|re-?structure)[ \t]+(?:(?:the|this|that|my|our|these|those)[ \t]+(?:(?:above|previous|tool|function)[ \t]+)?(?:response|answer|output|calls?|request)|(?:it|this|that|them)[ \t]+(?:in|into|to[ \t]+(?:fit|match|follow)|according[ \t]+to)[ \t]+(?:the|a)[ \t]+(?:required|expected|requested|given|correct|proper|specified|right)[ \t]+format))|re-?formatting[ \t]+(?:it|this|that|them|(?:the|this|that|my|our)[ \t]+(?:(?:above|previous|given|tool|function)[ \t]+)?(?:response|answer|output|input|calls?|request|data|parameters|arguments)))\b|\b(?:requires?|needs?|expects?|calls[ \t]+for|asks[ \t]+for)[ \t]+a[ \t]+different[ \t]+format\b|\b(?:is|are|was|were)(?:n['’]t|[ \t]+not)[ \t]+(?:in[ \t]+)?(?:(?:the|a)[ \t]+)?(?:correct|right|proper|required|expected|valid|requested)[ \t]+format\b|\b(?:does|do|did)(?:n['’]t|[ \t]+not)[ \t]+(?:match|follow|fit|meet)[ \t]+the[ \t]+(?:required|expected|requested|given|correct|specified)[ \t]+(?:format|requirements)\b/i;

/**
 * Text after a call that says the tool does not fit the task (`The tool is not defined for this input.`, `The tools
 * provided are not relevant to the task.`, `This tool cannot be used here.`, `The provided function doesn't apply
 * to this task.`), or that the model works the answer out itself instead (`Let me solve this by hand instead.`,
 * `Let's calculate it manually.`): the model has turned from the call it wrote, so it is not one to make. A tool
 * that is simply named (`The tool will return the forecast.`) says neither, and a bare `function` is code's word
 * (`This function cannot be used with async code.`), not the tool's.
 */
const TOOL_DROPPED_AFTER =
  /\b(?:the|this|that|these|those)[ \t]+(?:(?:(?:given|provided|available|above)[ \t]+)?tools?|(?:given|provided|available|above)[ \t]+functions?|functions?[ \t]+(?:provided|given|above))(?:[ \t]+(?:provided|given|above|defined))?[ \t]+(?:(?:is|are|was|were)(?:n['’]t|[ \t]+not)[ \t]+(?:(?:really|actually|directly)[ \t]+)?(?:defined|applicable|suitable|appropriate|relevant|meant|designed|intended|usable|the[ \t]+(?:right|correct|proper)[ \t]+(?:one|tools?|functions?))\b|(?:cannot|can['’]t|can[ \t]+not|could[ \t]+not|couldn['’]t)[ \t]+be[ \t]+used\b|(?:does|do)(?:n['’]t|[ \t]+not)[ \t]+(?:apply|fit|work)[ \t]+(?:to|for|here|with)\b)|\b(?:let(?:['’]s|[ \t]+me|[ \t]+us)|I(?:['’]ll|[ \t]+will)|we(?:['’]ll|[ \t]+will))[ \t]+(?:calculate|compute|solve|work[ \t]+out|find|derive|do)\b[^.!?\n]{0,30}?\b(?:manually|by[ \t]+hand|myself|ourselves|without[ \t]+(?:the|using[ \t]+the|any)[ \t]+(?:tools?|functions?))\b/i;

/**
 * Text after a call that opens the user's next turn in a chat template's markup (`<|im_start|>user`, Llama's user
 * header, `<start_of_turn>user`, `[INST]`), or points back at it as a format shown (`Above is the JSON format
 * expected.`): the call is one turn of a transcript, or a format, not a call to make. A user's turn opened with
 * nothing in it ends the text where the model stopped (GLM's `<|user|>` is a stop token): no transcript.
 */
const TURN_OR_FORMAT_AFTER =
  /(?:<\|im_start\|>\s*(?:user|system)\b|<\|start_header_id\|>\s*(?:user|system)\s*<\|end_header_id\|>|<start_of_turn>\s*user\b|\[INST\]|<\|user\|>|<｜User｜>)(?!(?:\s|<\|[\w:. -]{1,40}\|>|<｜[^｜\n]{1,40}｜>)*$)|(?:^|[.!?\n]\s*)(?:the\s+)?above\s+(?:is|was|shows|showed|illustrates|demonstrates)\b/iu;

/**
 * Text after a call in which the model says, in the simple past, that it already used a tool (`I used {searchTool}
 * for this`, `I called the weather tool earlier`, `We ran that search`): a turn's calls run only after it ends, so the
 * call is a report of one made before, not one to make. Present or future (`I'm calling`, `I'll use`) is no such report.
 */
const REPORTED_AFTER = /\b(?:I|we)\s+(?:just\s+|already\s+|also\s+|first\s+|then\s+|previously\s+)?(?:used|called|invoked|ran|executed|queried)\b(?!\s+(?:for|to)\s+(?:you|it)\b)|\b(?:I|we|you)\s+(?:have\s+|had\s+)?already\s+(?:made|sent|tried|issued|submitted)\b|\b(?:was|were|has been|have been|had been)\s+(?:already\s+)?(?:sent|run|executed|called|made|issued|submitted)\s+(?:already|earlier|before|previously)\b|\bhold(?:ing)? off\b(?!\s+on\s+(?!(?:it|this|that|them|the\s+(?:call|request|tool|function|command|search|lookup))\b))/i;

/* eslint-enable regexp/no-super-linear-backtracking */

/** What may stand between a lead-in and its call: a fence's opening line, a list item's marker. */
// Each space matches one way only (one `\s` at a time): nested quantifiers over space backtrack exponentially.
const BETWEEN = /(?:\n[ \t]*(?:```|~~~)[\w-]*|\n[ \t]*(?:[-*+]|\d+[.)])|\s)+$/;

/** The last words before a call, what may stand between them and it taken off (see `BETWEEN`, `withoutEmphasis`, `headingAsLabel`). */
const leadIn = (text: string): string => headingAsLabel(withoutEmphasis(text.replace(BETWEEN, "")));

/**
 * The lead-in's last line, when it is a Markdown heading (`## Example usage`, `### Tomorrow I'll run`), read as the
 * label it is: its words, and a colon when they end on no mark of their own. A heading titles what comes under it, as
 * a label line does (`## Checking the weather` still announces the call under it).
 */
function headingAsLabel(lead: string): string {
  const start = lead.lastIndexOf("\n") + 1;
  const line = lead.slice(start);
  const marker = /^[ \t]{0,3}#{1,6}[ \t]+(?=\S)/u.exec(line);
  if (marker === null) return lead;
  // A closing run of `#` (`## Example ##`) is the heading's markup, not its words.
  const words = line.slice(marker[0].length).trimEnd().replace(/[ \t]#+$/u, "").trimEnd();
  if (words === "") return lead;
  return lead.slice(0, start) + words + (/[.:!?…。：！？]$/u.test(words) ? "" : ":");
}

/**
 * The lead-in's last line with a Markdown emphasis around it taken off (`**The user wrote:**`, `*Avoid this:*`,
 * `__Observation__:`): emphasis sets words off, it does not change what they say. Only a wrapper the line opens and
 * closes with the same marker, hugging its words (a list's `* ` has a space after it).
 */
function withoutEmphasis(lead: string): string {
  const start = lead.lastIndexOf("\n") + 1;
  const line = lead.slice(start);
  const indent = line.length - line.trimStart().length;
  const body = line.slice(indent);
  const marker = /^(?:\*{1,3}|_{1,3})/.exec(body)?.[0];
  if (marker === undefined) return lead;
  // The colon may stand outside the emphasis (`**Observation**:`).
  const colon = body.endsWith(`${marker}:`) || body.endsWith(`${marker}：`) ? body.slice(-1) : "";
  const closed = colon === "" ? body : body.slice(0, -1);
  if (closed.length <= marker.length * 2 || !closed.endsWith(marker)) return lead;
  const inner = closed.slice(marker.length, -marker.length);
  if (/^[\s*_]|[\s*_]$/.test(inner)) return lead;
  return lead.slice(0, start + indent) + inner + colon;
}

/**
 * Whether `before`, the text up to a call, ends in the sentence that introduces an example (or reports a
 * call, or offers one), or opens an inline code span (`` Call `f(x=1)` to… ``): the call is shown, not made.
 */
/**
 * A sentence ending on its colon whose object is an example, in other languages: an indefinite article or a number
 * before the word (`ein Beispiel`, `zwei Beispiele`, `des exemples`, `un ejemplo`, `un esempio`, `um exemplo`), or a
 * verb of giving or showing before it (`Приведу пример:`, `例を挙げます：`, `예를 들어 보겠습니다:`). The word alone in a
 * compound or after a preposition (`Beispieldateien`, `le fichier d'exemple`) names no example given.
 */
const EXAMPLE_OFFERED_OTHER =
  /(?:(?<!\p{L})(?:ein(?:e|ige[nm]?)?|zwei|drei|des|une?|quelques|unos?|unas|algun[oa]s|alcuni|uno|una|um|uma|uns|umas|alguns|algumas)[ \t]+(?:\p{L}+[ \t]+)?(?:beispiele?|exemples?|ejemplos?|esempi[oa]?|exemplos?)(?!\p{L})|(?<!\p{L})(?:приведу|покажу|дам|вот)[ \t]+(?:\p{L}+[ \t]+)?пример\p{L}*|例を(?:挙げ|示し|見せ|出し)|예(?:를|시를)[ \t]*(?:하나[ \t]*)?(?:들|보여))[^.!?。！？:：,，\n]{0,60}(?:[,，][ \t]*(?:wie|wann|wofür|comment|como|cómo|come|как|how)(?!\p{L})[^.!?。！？:：,，\n]{0,60})?[:：][ \t]*$/iu;

export function introducesExample(before: string, steps = true): boolean {
  // ReAct's `Thought:` line opens the action's block: what comes before it leads in too.
  const beforeThought = beforeReActThought(before.slice(-LEAD_IN_CHARS));
  return leadsInExample(before, steps) || (beforeThought !== undefined && beforeThought.trim() !== "" && leadsInExample(beforeThought, steps));
}

/** `steps`: whether a later step of a list counts (off: the caller judges it, see text-holdback.ts). */
function leadsInExample(before: string, steps: boolean): boolean {
  const tail = before.slice(-LEAD_IN_CHARS);
  // A backslash escaping the call's first character (`\<tool_call>`, `\[f()]`): written to be read literally.
  if (/(?:^|[^\\])(?:\\\\)*\\$/.test(tail) || /(?:^|[^`])`{1,2}$/.test(tail) || OPENING_QUOTE.test(tail) || (EMPHASIZED.test(tail) && !closesEmphasis(tail)) || QUOTE_GOES_ON.test(tail) || COMMENTED.test(tail) || COMMENT_LEFT_OPEN.test(tail) || TEMPLATE_ECHO.test(tail) || SHOWN_IN_MARKUP.test(tail) || LOGGED.test(tail) || ASSIGNED_IN_CODE.test(tail)) return true;
  const lead = leadIn(tail);
  // Refused or warned against, or the model says it cannot make calls: whoever says it, the call is not made.
  if (REFUSED.test(lead) || refusesInOtherLanguage(lead) || CANNOT_CALL.test(tail) || TOOLS_OFF.test(tail)) return true;
  // Offered on a condition the model does not know yet, whatever the sentence goes on to say (`If it fails, I'll retry:`).
  if (CONDITIONED.test(lead) || CONDITIONED_OTHER.test(lead)) return true;
  // Under a later step of a numbered list the model does not announce as its own act (`2. Paste this:`): a step shown.
  if (steps && underLaterStep(before, LEAD_IN_CHARS)) return true;
  // An example offered as the sentence's object, in other languages (`Ich werde ein Beispiel geben:`, `Je vais écrire
  // des exemples :`, `Приведу пример:`, `例を挙げます：`): what follows is the example, whoever says they give it.
  if (EXAMPLE_OFFERED_OTHER.test(withoutNameDots(lead))) return true;
  // The model says it acts now (`Let me check the examples:`, `Creating the file:`, `让我查看示例文件：`): the call is made.
  if (saysItActs(lead)) return false;
  // A label line headed by a word that names an example (`Example of what I will do:`, `Ex.:`, `Ejemplo de llamada:`);
  // a line the window cut is not read as one.
  const newline = lead.lastIndexOf("\n");
  if ((newline >= 0 || before.length <= LEAD_IN_CHARS) && labelsExample(lead.slice(newline + 1))) return true;
  if (shownBy(withoutNameDots(lead))) return true;
  // A phrasing no rule above was written for still says what the call is, where it comes from, or whose it is.
  return !endsWithReasoningClose(lead) && holdsShowingWord(lead.slice(newline + 1), newline < 0 && tail.length === LEAD_IN_CHARS);
}

/**
 * The lead-in with each dot inside a name (`ebook.get_toc`, `fs.read_file`, `main.py`: two word characters or more on
 * each side) made a middle dot, and each colon inside one (`workspace:list_events`, letters on each side) a ratio sign:
 * the patterns take a dot for a sentence's end and a colon for a label's, and a tool's or a file's name ends neither
 * (`Here is an example of how to call ebook.get_toc:` is one sentence). Abbreviations (`e.g.`, `i.e.`) keep their dots.
 */
const withoutNameDots = (lead: string): string =>
  lead.replace(/(?<=[\p{L}\p{N}_]{2})\.(?=[\p{L}\p{N}_]{2})/gu, "\u00b7").replace(/(?<=[\p{L}_-]{2}):(?=[\p{L}_]{2})/gu, "\u2236");

/** Whether the lead-in's last sentence or label shows, reports, offers or describes the call after it (see the patterns above). */
function shownBy(lead: string): boolean {
  return (
    EXAMPLE_LEAD_IN.test(lead) ||
    EXAMPLE_LABEL.test(lead) ||
    NOT_MADE.test(lead) ||
    SUGGESTED.test(lead) ||
    handsToReader(lead) ||
    ECHOED.test(lead) ||
    FORMAT_SHOWN.test(lead) ||
    QUESTIONED.test(lead) ||
    DESCRIBED.test(lead) ||
    FOREIGN_NOT_MADE.test(lead) ||
    FOREIGN_SHOWN.test(lead) ||
    FOREIGN_LABEL.test(lead) ||
    PRESENTED_STATEMENT.test(lead) ||
    FOR_LATER.test(lead) ||
    NOT_OWN_CALL.test(lead) ||
    CONDITIONAL_RULE.test(lead) ||
    SUPPOSED.test(lead) ||
    OUTPUT_ECHOED.test(lead) ||
    PLAN_LABEL.test(lead) ||
    PLAN_LIST.test(lead) ||
    REPORT_LABEL.test(lead) ||
    FORM_TOLD.test(lead) ||
    ASKED_BACK.test(lead) ||
    EXHIBIT_LABEL.test(lead) ||
    PRESENTED.test(lead) ||
    MODEL_MIGHT.test(lead) ||
    OPTIONS_OFFERED.test(lead)
  );
}

/**
 * Whether `before` ends in a sentence in which the model says it acts now (`Let me create the file:`, `I'll check
 * the weather:`, `Creating the file now:`, `让我来查看一下文件：`; see call-announcements.ts) and nothing around it
 * marks a call after it as shown, offered or refused rather than made.
 */
export function announcesCall(before: string): boolean {
  const lead = leadIn(before.slice(-LEAD_IN_CHARS));
  return saysItActs(lead) && !introducesExample(before);
}

/**
 * A hedge in the last words before a call written while reasoning (`maybe`, `perhaps`, `I could`, `or`,
 * `something like`, `should I`, a sentence opening with `If`/`Unless`): the call is weighed, not chosen.
 * (`Let me check if …` is no condition on the call.)
 */
const HEDGED = /(?:\b(?:maybe|perhaps|possibly|might|could|or|something like|should I|shall I)\b|(?:^|[.!?\n]\s*)(?:if|unless)\b)[^.!?\n]{0,80}$/i;

/** Whether reasoning that ends on a call hedges right before it (see `HEDGED`, and `HEDGED_OTHER` for other languages). */
export function hedgesCall(before: string): boolean {
  const lead = leadIn(before.slice(-LEAD_IN_CHARS));
  return HEDGED.test(lead) || HEDGED_OTHER.test(lead);
}

/** Words that doubt the act itself (`maybe`, `perhaps`, `something like`, `should I`), in the sentence's last words. */
const DOUBTS = /\b(?:maybe|perhaps|possibly|something like|should I|shall I)\b[^.!?\n]{0,80}$/i;
/** A modal or an `or` in the sentence's last words: a hedge, unless the sentence says the model acts (then it is what it acts on). */
const MODAL_OR = /\b(?:might|could|or)\b[^.!?\n]{0,80}$/i;

/**
 * Whether the last words before a call in the text hedge it, in any format: words that doubt the act (`Maybe
 * something like:`, `Perhaps this:`, `Quizás así:`, `也许可以这样：`), or a modal or an `or` in a sentence in which
 * the model does not say it acts (`I could call:`, `This might work:`, `Or:`; but `Let me check whether it might rain:`
 * and `I'll search the logs for errors or warnings:` act). The call is weighed, not made. A condition opening the
 * sentence is judged as a condition on the call (see `CONDITIONED`): `If I understand correctly, …:` hedges nothing.
 */
export function weighsCall(before: string): boolean {
  const lead = leadIn(before.slice(-LEAD_IN_CHARS));
  const weighed = DOUBTS.test(lead) || DOUBTS_OTHER.test(lead) || ((MODAL_OR.test(lead) || MODAL_OR_OTHER.test(lead)) && !saysItActs(lead));
  // A hedge in an earlier clause of a sentence whose last clause acts (`Maybe it rains, let me check:`) is about that clause.
  return weighed && !actsInLastClause(lead, doubtsAct);
}

/** Words that doubt the act in a clause that says the model acts: the doubting words (a modal or an `or` there is what it acts on). */
const doubtsAct = (clause: string): boolean => DOUBTS.test(clause) || DOUBTS_OTHER.test(clause);

/**
 * Text after a call that takes it back: `Wait, actually…`, `No wait`, `Oops`, `Sorry, that's the wrong
 * city`, `Ugh, that's still wrong`, `Still not right.`, `Hmm, but the user asked about Rome`, `Actually, don't run that`, `Scratch that`. Which call the
 * model meant (the first, a later one, none) is a guess. `Actually, let me also check Rome.` and `Sorry for the wait!`
 * take nothing back: an apology or a `Hmm` counts only with the mistake it owns.
 */
const RETRACTION =
  /(?:^|[.!?:;\n]\s*)(?:(?:err|erm|uh+|um+|hmm+|ah|oh|well|ok|okay)[,.!]*\s+)?(?:wait\b(?!\s+(?:for|until|a|while|till)\b)|hold on\b(?!\s+(?:for|until|a|while|till)\b)|oops\b|whoops\b|hmm+\b(?=,?\s+(?:no|wait|actually|but)\b|[^.!?\n]*\b(?:wrong|mistake|incorrect|meant)\b)|(?:sorry|I apologi[sz]e)\b(?=[^.!?\n]*\b(?:wrong|mistake|incorrect|meant|typo|error|should (?:be|have been)|not (?:that|this|what)|retry|redo|again)\b)|my (?:mistake|bad)\b|correction\b|scratch that\b|on second thought\b|never ?mind\b|I meant\b|I made a (?:mistake|typo|error)\b|no,? (?:wait|actually|that's|that is)\b|(?:actually|oh),? (?:no|wait|that's wrong|that is wrong|don't|do not|never ?mind|I meant|scratch)\b|(?:[a-z]+,\s+)?(?:that|this)(?:'s| is| was)(?: still| also| again)? (?:wrong|incorrect|not right|a mistake|not what)\b|still (?:wrong|incorrect|not right)\b|(?:don't|do not) (?:actually\s+|really\s+)?(?:run|execute|call|use|send|submit) (?:that|this|it)\b|ignore (?:that|this|the (?:above|previous))\b|let(?: me|['’]s| us) (?:fix|correct|redo) (?:that|this)\b)/i;

/** The same, as Chinese writes it: `等等`, `不对`, `我搞错了`, `更正`, `抱歉，写错了` (wait, not right, I got it wrong, correction). */
const RETRACTION_ZH = /(?:^|[。！？!?.:：;；\n]\s*)(?:等等|等一下|不对|不是这个|我(?:搞|弄|写|记)错了|更正|纠正一下|抱歉[，,]?\s*(?:我)?(?:搞|弄|写|记)?错|撤回|忽略(?:上面|以上|之前))/u;

/**
 * Text after a call that goes on with the sentence the call was part of (`… {"name": …} where city is the
 * city's name`, `[get_weather(city="Paris")] to get the weather`, `<tool_call>…</tool_call> is what a Hermes model
 * prints`), or an arrow pointing back at it (`[f(a=1)] <- this is the pythonic format`): the call is described, not made.
 */
const CONTINUED_SENTENCE = /^[,;]?[ \t]*(?:(?:where|which|whereas|wherein|but|or|so that|because|to|that|if|unless|returns?|gives?|means|prints?|outputs?|would|will|should|could|can|is|are|was|were|looks|shows|represents|illustrates|demonstrates|gets)\s|(?:<-{1,2}|←|⬅)\s)/;

/** Whether the text after calls goes on with a sentence they were part of (see `CONTINUED_SENTENCE`): the calls are described, not made. */
export const continuesSentence = (rest: string): boolean => CONTINUED_SENTENCE.test(rest);

/**
 * Text after a call that asks before making it (`Shall I proceed?`, `Should I run it?`, `Does this look right?`,
 * `Let me know if you want me to run it.`, `If you'd like, I can run it.`, `Please confirm and I will execute it.`), offers another call instead (`Alternatively:`, `or`, `Option 2:`), or
 * goes on with the user's turn of a transcript (`User: …`): the call is proposed, not made.
 */
const PROPOSED =
  /\b(?:shall|should|can|may) I (?:run|execute|proceed|go ahead|call|do|continue|try|use)\b|\bdo you want me to (?:run|execute|proceed|go ahead|call|do (?:it|this|that|so)|continue|try|use|send|make|submit|invoke|perform|start)\b|(?:^|[.!?\n]\s*)want me to (?:run|execute|call|proceed|go ahead|do|use|try)\b|\bif you(?:'d| would)? like,? I (?:can|could|will|'ll) (?:run|execute|call|make|send|invoke|do)\s+(?:it|this|that|these|them|the (?:call|request|tool|function|command))\b|\b(?:once|after|when|if) you (?:confirm|approve|agree|give the go-ahead)\b|\bplease confirm\b|\b(?:awaiting|waiting for) your (?:confirmation|approval|go-ahead)\b|\bwould you like me to (?:run|execute|proceed|call|go ahead|do|use|try)\b|\b(?:is|does) (?:this|that|it) (?:ok|okay|alright|fine|look (?:right|good|correct|ok|okay))\b|\blet me know if you(?:'d like| want| would like) me to (?:run|execute|proceed|go ahead|call|do (?:it|this|that|so)|continue|try|use|send|make|submit|invoke|perform|start)\b|\bwith your (?:permission|approval)\b|(?:^|[.!?:;\n]\s*)(?:(?:or|alternatively|otherwise)[ \t]*(?:[:,][ \t]*)?(?:$|\n)|(?:option|choice)\s*\d+\b)|(?:^|\n)[^\p{L}\n]*(?:user|human)\s*:|\bplease (?:approve|confirm|authori[sz]e)\b|\b(?:do|will|would|can|could) you (?:approve|confirm|allow|authori[sz]e|ok|okay)\b|\b(?:ok|okay|alright|good|safe|fine) to (?:run|proceed|execute|go ahead|go|continue|send|call)\b|(?:^|[.!?:;\n]\s*)(?:shall|should) I\s*\?|(?:^|[.!?:;\n]\s*)(?:proceed|go ahead|continue|run it|execute it|approve|confirm|ok|okay|yes or no)\s*\?|\((?:y\/n|yes\/no)\)|\[y\/n\]|\b(?:reply|respond|answer|type|say)\s+(?:with\s+)?["'“‘]?(?:yes|y|go|ok|okay|confirm|approve|proceed)\b|\bwait for your (?:confirmation|approval|go-ahead|permission|ok|okay)\b|\bsay the word\b|\bready when you are\b|\blet me know (?:and|when|once)\b[^.!?\n]*\bI(?:'ll| will| can)\s+(?:run|execute|call|proceed|go ahead|send|do)\b|\bif I should (?:proceed|run|go ahead|execute|continue|call)\b|\b(?:is|are) (?:this|that|these|those|the)\s+(?:(?:arguments|parameters|values|details|call|settings)\s+)?(?:correct|right|ok|okay|what you (?:want|meant))\s*\?/iu;

/**
 * Text after a call that says it is not a call being made: the model cannot make calls (`I am unable to execute
 * function calls`, `I don't have real-time access`), the call is imagined (`This is the call I would make`, `If I
 * had access…`), an example or a simulation (`This is just an example`, `Simulated response:`), or a template for
 * the reader (`Replace Paris with your city`, `You can replace the city…`). A call the model makes says none of these.
 */
const DISCLAIMED =
  /(?:^|[.!?\n]\s*)(?:why|how come)\b[^.!?\n]*\b(?:this|it|that|the (?:above|call|output|parser|model))\b[^.!?\n]*\?|\b(?:the above|this|that)(?:'s| is| was)\s+(?:what\s+(?:the\s+)?(?:model|llm|assistant|ai|agent)\b|(?:generated|produced|returned|output|written)\s+by\b)|\bI(?: do not| don't| cannot| can't| am unable to|'m unable to| am not able to|'m not able to| have no way to)\s+(?:actually\s+|directly\s+|really\s+)?(?:have\s+(?:the\s+)?(?:ability|capability|means)\s+to\s+)?(?:call|execute|run|invoke|make|perform)\s+(?:the\s+|any\s+|this\s+|these\s+|such\s+|real\s+|actual\s+)?(?:tools?|functions?|function calls?|tool calls?|calls|API calls?|commands)\b|\bI(?: do not| don't) have (?:real[- ]time |live |internet |direct )?access\b|\b(?:call|request|command|function call|tool call)s? (?:that )?I(?:'d| would| could| might) (?:make|use|send|run|issue)\b|\bif I (?:had|could|were able|was able)\b|\b(?:this|that|the above|above)(?: is|'s| was| would be)\s+(?:just\s+|only\s+|merely\s+|purely\s+)?(?:an?\s+)?(?:example|illustration|hypothetical|simulation|simulated|demonstration|placeholder|template|sample|demo|mock(?:-?up)?|pseudo-?code|skeleton)\b|(?:^|[(\n]|\b(?:a|an|this|that|is|was|are)\s+)(?:simulated|hypothetical|imaginary|made[- ]up|fake)\s+(?:tool\s+|function\s+)?(?:call|response|output|result|reply)s?\b|\breplace\s+[^.!?\n]{1,60}?\bwith\s+(?:your|the (?:actual|real|desired|appropriate|correct|relevant)|an? (?:actual|real|valid))\b|\byou(?:'ll| will)?(?: can| could| may| might| should| need to| have to)?\s+(?:also\s+)?(?:replace|substitute|swap out)\b|(?:^|[.!?]\s+|\n[ \t]*|\bplease\s+)(?:run|execute|call|invoke|try)\s+(?:this|that|it|these|them|the (?:above|call|calls|command|function|tool|request))\b[^.!?\n]*\b(?:and|then)\s+(?:tell|share|paste|send|give|let|report|show|post)\b|\bplease (?:run|execute|invoke)\s+(?:this|that|it|these|the)\b|\b(?:once|after|when) you(?:'ve| have)? (?:run|ran|execute|call|invoke|tri)\w*\b|(?<!\b(?:I'll|I will|we'll|we will|I can|I'd)\s+)\b(?:paste|share|post|send)\s+(?:me\s+)?(?:back\s+)?(?:the|its|their)\s+(?:result|output|response)s?\b|\bI(?: do not| don't| cannot| can't| am unable to|'m unable to| am not able to|'m not able to)\s+(?:actually\s+|directly\s+|really\s+)?(?:run|execute|call|invoke|make)\s+(?:it|this|that|these|them)\b|\b(?:this|that|it|the (?:call|above|request|command))\s+would\s+(?:return|give|produce|output|fetch|get|show|look|be)\b|\b(?:that|this)(?:'s| is)\s+(?:how|the way)\s+(?:you|to|one)\s+(?:would\s+|can\s+|could\s+)?(?:call|use|invoke|run)\b|\b(?:that|this)(?:'s| is) the (?:format|syntax|structure|shape|template)\b|(?:^|\n)[ \t]*\([ \t]*(?:an?[ \t]+)?(?:example|illustration|sample|hypothetical|not (?:executed|run))[ \t]*\)|\b(?:run|execute|call|invoke|try|paste)\s+(?:this|that|it|these|them|the (?:above|call|command|request))\s+yourself\b|\byou(?:'ll| will)?\s+(?:need|have)\s+to\s+(?:run|execute|call|invoke)\s+(?:this|that|it|these|them)\b|\bcopy(?:\s+and\s+paste)?\s+(?:this|that|it|the (?:above|call|json|command|snippet))\b|\bas an? (?:template|starting point|reference|guide|pattern)\b|\b(?:adjust|modify|change|edit|tweak|customi[sz]e|replace|substitute|swap|adapt)\b[^.!?\n]{0,60}?\b(?:as needed|as necessary|accordingly|to (?:match|suit|fit) your|to your (?:own\s+)?(?:case|needs|setup|situation|use case|data))\b|\bfill in (?:the|your)\s+(?:own\s+|actual\s+|real\s+|correct\s+|missing\s+)?(?:values?|blanks?|placeholders?|parameters?|arguments?|details|fields?|city|name|path|credentials|keys?|ids?|information)\b|(?:\bI(?: do not| don't| won't| will not)(?: actually| really| even)? need to|\bno need to|\bthere(?:'s| is) no need to)\s+(?:call|use|run|invoke|execute)\s+(?:the (?:tool|function)|it|this|that|any (?:tool|function)s?)\b(?![^.!?\n]*\b(?:again|too|also|for (?:the )?(?:other|another|next|rest)))/i;

/**
 * More text after a call that says it is not made: it is a format or what the model would do (`The above is the
 * format I will use`, `this is how I would call it`, `this is what I'd send if the tool were available`), the tool
 * is not there (`The tool is not available right now.`), the model cannot act (`I'm just a language model`, `…and
 * cannot execute this`, `I cannot actually access real-time data`), or it is handed to the reader (`Is this what
 * you expected?`, `Let me know the result.`, `After running this, you'll see the weather.`, a question about the
 * arguments: `Which city did you mean?`, `I will wait for your input before running it.`), or documents the call (`Returns the weather.`).
 */
const NOT_CALLED_AFTER =
  /\b(?:the above|this|that)(?:'s| is| was)\s+(?:the|an?|my)\s+(?:\w+\s+)?(?:format|syntax|structure|template|shape)\b|\b(?:this|that)(?:'s| is)\s+(?:how|what)\s+I(?:'d| would| could| might)\b|\bif (?:the |a |this |that |these |my )?(?:tools?|functions?)\s+(?:were|was|is|are|became)\s+(?:available|accessible|enabled|connected)\b|\b(?:tools?|functions?)\s+(?:(?:is|are)\s+(?:not\s+|currently not\s+|currently un|un)|(?:isn't|aren't)\s+(?:currently\s+)?)available\b|\bI(?:'m| am)\s+(?:just|only)\s+an?\s+(?:AI|language model|LLM|text[- ]based)\b|\bas an? (?:AI|language model|LLM)\b|\band (?:cannot|can't|am unable to|am not able to)\s+(?:actually\s+)?(?:execute|run|call|invoke)\s+(?:this|that|it|them|these|the (?:call|tool|function|command|code))\b|\bI(?: do not| don't| cannot| can't| am unable to|'m unable to| am not able to|'m not able to| have no way to)\s+(?:actually\s+|directly\s+)?(?:access|browse|retrieve|fetch|check|get|look up)\s+(?:real[- ]time|live|current|up-to-date|the internet|the web|external|online)\b|\b(?:is|was)\s+(?:this|that|it)\s+what you (?:expected|wanted|meant|were looking for|asked for|had in mind)\b|\blet me know\s+(?:the\s+|what\s+(?:the\s+)?)?(?:results?|outputs?|it (?:returns|says|prints|shows|gives))\b|\b(?:after|once|when)\s+(?:running|executing|calling|invoking)\s+(?:this|that|it|the (?:above|call|command|function|tool))\b[^.!?\n]*\byou\b|\b(?:which|what)\s+(?:\w+\s+){0,2}?(?:did|do|would)\s+you\s+(?:mean|prefer|have in mind)\b[^?\n]*\?|\bdid you mean\b[^?\n]*\?|\b(?:can|could|would) you (?:please )?(?:clarify|specify|confirm|tell me which)\b[^?\n]*\?|\b(?:wait|waiting) for your (?:input|reply|answer|response|go-ahead|decision)\b|\bbefore (?:I )?(?:run|running|execute|executing|call|calling|invoke|invoking|send|sending|make|making)\s+(?:it|this|that|these|them|the (?:call|tool|command|request))\b|^\s*(?:returns|yields)\s+(?:the|a|an|all|its)\b|\bI (?:don't|do not) have (?:the )?(?:permission|access|ability|rights?)\b|\(\s*(?:dry[ -]run|not executed|not run|not sent|for reference(?: only)?|illustrative|example only)\s*\)|\bfor (?:reference|illustration|illustrative purposes|demonstration)(?: only| purposes)?\b|\b(?:is|are) (?:only |just )?(?:shown|provided|given|included) (?:for|as)\b|\bI(?:'m| am) not (?:going to )?(?:run|running|execute|executing|call|calling|send|sending|make|making)\b|\b(?:answer|respond|reply|do (?:this|it|that)|handle (?:this|it))\s+without\s+(?:the\s+|any\s+|using\s+(?:the\s+|any\s+)?)?(?:tools?|functions?|calling)\b|\b(?:the|this|that)(?:'s| is| was)\s+(?:the\s+)?(?:expected|ideal|target|reference|desired)\s+(?:\w+\s+)?(?:output|response|answer|result|completion|call)\b|\b(?:assistant|model|llm|agent)\s+(?:should|must|would|is expected to)\s+(?:\w+\s+)?(?:produce|output|emit|return|generate|write|respond)\b|(?:^|\n)[^\p{L}\n]*(?:or|alternatively|otherwise|instead)\b[^\n]*:[ \t]*(?:\n|$)|(?:^|\n)[^\p{L}\n]*if (?:that|this|it|the (?:first|above|call|search))\s+(?:fails|doesn't work|does not work|errors|returns nothing|finds nothing)\b|(?:^|\n)[^\p{L}\n]*(?:(?:second|2nd|third|another|other|alternative)\s+(?:option|choice|approach|way|alternative|plan)|(?:plan|approach|option|choice|method|way)\s+(?:b|c|2|3|two|three))\b|\b(?:fallback|backup)\b[^\n]*:[ \t]*(?:\n|$)|\(\s*(?:from earlier|earlier|previous(?:ly)?|already (?:run|done|called|executed)|done|completed)\s*\)/iu;

/**
 * Text after a call that speaks of its result as already had: `Based on the results, Paris is sunny`, `According
 * to the tool, it's 22°C`, `I've retrieved the weather`, `The call succeeded`, `The forecast came back`, `So the
 * answer is: …`, `Summary: …`, `Here's what I found in the file.`, `Here are the results of the search:`, a sentence
 * reporting it in the past, its subject left out or not (`Found results.`, `Found 3 files.`, `I found the page.`). The model
 * imagined the result; the call was not left for the client to make. A result still to come (`Based on the results,
 * I'll decide`, `Once the result comes back…`) is no such claim.
 */
const RESULT_CLAIMED =
  /\b(?:based on|according to|from|given)\s+(?:the|these|this|those|its|their)\s+(?:\w+\s+)?(?:results?|output|response|data|findings|tool|search)\b(?![^.!?\n]*\b(?:I'll|I will|we'll|we will|I can|I'd|next|then|once|when|if)\b)|\bI(?:'ve| have)\s+(?:now\s+|successfully\s+|just\s+)?(?:fetched|retrieved|obtained|got|gotten|looked up|pulled|gathered|collected|received)\b|\bI\s+(?:received|retrieved|fetched|obtained)\s+(?:the|this|that|these|your)\b|(?:^|[.!?\n]\s*)(?:(?:I|we)\s+)?(?:just\s+)?(?:found|fetched|retrieved|obtained|located|gathered|looked up|pulled up)\s+(?!(?:out|that)\b)[\p{L}\d"'“‘]|\b(?:the|this|that)\s+(?:tool\s+|function\s+)?(?:call|tool|search|request|command|query|lookup)\s+(?:succeeded|worked|completed|was successful|went through|came back|returned|shows|showed|found|gave)\b|(?<!\b(?:what|how|whether|if|when|once|until|what's in)\s+(?:the\s+|its\s+|their\s+)?)\b(?:results?|output|data|response|forecast)\s+(?:came back|shows?|showed|indicates?|indicated|confirms?|confirmed|reveals?|revealed)\b|\bthe (?:final )?answer is\b|(?:^|\n)[^\p{L}\n]*summary\s*:|\bhere(?:'s| is| are)\s+what\s+(?:I|we)(?:'ve| have)?\s+(?:found|got|learned|discovered|gathered|retrieved)\b|\bhere(?:'s| is| are)\s+what\s+(?:it|the\s+(?:file|tool|search|call|command|page|query|function|lookup))\s+(?:contains|says|returned|shows|showed|found|gave)\b|\bhere\s+(?:is|are)\s+the\s+(?:results?|output|contents?)\s+(?:of|from)\s+(?:the|this|that|my)\s+(?:search|call|tool|command|query|lookup|file)\b|\bhere(?:'s|’s|\s+is|\s+are)\s+(?:the|your)\s+(?:results?|outputs?|findings|forecast)\s*[.!:]|(?<!\b(?:once|when|after|if|until|till|as soon as|whether|before)\s+)\b(?:it|that|this|everything|all|the (?:file|change|changes|update|email|message|event|job|record|note|issue|payment))(?:'s|’s| is| was| has been| went| has)?\s+(?:now\s+|all\s+)?(?:done|finished|complete|completed|saved|sent|updated|created|deployed|through|worked|succeeded)\b(?![^.!?\n]*\b(?:once|when|after|if|until|I'll|I will)\b)/iu;

/**
 * A terse report after the calls that their result is in, opening a sentence: `3 results found.`, `No results
 * found.`, `Got the results.`; and the same in other languages (`找到了3个结果。`, `Encontré 3 resultados.`, `J'ai
 * trouvé…`, `Ich habe … gefunden.`). The turn's calls run once it ends: the model imagined the outcome. A bare
 * `Done.` says no result and stays neutral (servers' tests end calls with it).
 */
const RESULT_REPORTED =
  /(?:^|[.!?\n]\s*)(?:(?:(?:no|\d+|some|several|many|the)\s+)?(?:results?|matches|files?|items?|records?|entries|documents?)\s+(?:were\s+|was\s+)?found\b|(?:I\s+)?got\s+(?:the|some|\d+)\s)/iu;
const RESULT_REPORTED_OTHER =
  /(?:^|[。！？!?.\n]\s*)(?:我?(?:已经?|已)?(?:找到了?|查到了?|获取到了?|搜索到了?)|(?:encontr[ée]|he encontrado|encontrei|j'ai trouvé|ich habe\b[^.!?\n]{0,60}\bgefunden))/iu;

/** A final answer after the calls (LangChain refuses a ReAct output with both; LlamaIndex's label is `Answer:`): the calls' results were imagined. */
const FINAL_ANSWER = /(?:^|\n)[^\p{L}\n]*(?:final )?answer\s*:/iu;

/** More copies than this of one call in one answer is a generation stuck in a loop, not calls the model chose. */
export const MAX_SAME_CALL = 8;

/**
 * Whether the text around calls read from a text (`rest`: the text after the first call, calls removed)
 * disowns them: takes them back, goes on with a sentence they were part of, gives a final answer built
 * on their imagined results, proposes them (asks first, offers another instead), or says they are not made
 * (hypothetical, an example, a template, beyond what the model can do).
 */
export function disownsCalls(rest: string): boolean {
  return disownsCallsOutright(rest) || namesPlanStep(rest) || CORRECTED_AFTER.test(rest) || CORRECTED_AFTER_OTHER.test(rest);
}

/** Whether `rest` goes on to a plan's next step (`Step 2: …`): the calls before it are a plan's steps, unless the plan is then carried out. */
export const namesPlanStep = (rest: string): boolean => NEXT_STEP.test(rest);

/**
 * As `disownsCalls`, whatever calls come later: a line that introduces the right version of the calls (`The correct
 * call is:`, see `correctionLineEnds`) and a plan's next step (`namesPlanStep`) aside, which the calls written
 * after them decide.
 */
export function disownsCallsOutright(rest: string): boolean {
  return (
    RETRACTION.test(rest) ||
    RETRACTION_ZH.test(rest) ||
    CONTINUED_SENTENCE.test(rest) ||
    FINAL_ANSWER.test(rest) ||
    PROPOSED.test(rest) ||
    DISCLAIMED.test(rest) ||
    NOT_CALLED_AFTER.test(rest) ||
    RESULT_CLAIMED.test(rest) ||
    RESULT_REPORTED.test(rest) ||
    RESULT_REPORTED_OTHER.test(rest) ||
    statesResultValue(rest) ||
    claimsActionDone(rest) ||
    reportsOutcome(rest) ||
    TRANSCRIPT_GOES_ON.test(rest) ||
    EXPLAINED_AFTER.test(rest) ||
    NOT_REACHED_AFTER.test(rest) ||
    VALUES_QUESTIONED.test(rest) ||
    PRETENDED_AFTER.test(rest) ||
    OUTCOME_ASSUMED.test(rest) ||
    DROPPED_AFTER.test(rest) ||
    REPORTED_AFTER.test(rest) ||
    TURN_OR_FORMAT_AFTER.test(rest) ||
    NOT_MADE_AFTER.test(rest) ||
    FORMAT_RECANTED.test(rest) ||
    TOOL_DROPPED_AFTER.test(rest) ||
    disownsCallsInOtherLanguage(rest) ||
    holdsShowingWordAfter(rest)
  );
}

/** Whether one call (name and arguments) comes back more than `MAX_SAME_CALL` times. */
export function repeatsInLoop(calls: readonly { readonly name: string; readonly arguments: string }[]): boolean {
  if (calls.length <= MAX_SAME_CALL) return false;
  const counts = new Map<string, number>();
  for (const call of calls) {
    const key = `${call.name}\u0000${call.arguments}`;
    const count = (counts.get(key) ?? 0) + 1;
    if (count > MAX_SAME_CALL) return true;
    counts.set(key, count);
  }
  return false;
}

const TYPE_NAMES = new Set(["string", "integer", "number", "boolean", "array", "object"]);

/** A type's name in a slot (`<string>`, `<int>`): what the value must be, copied from a signature, not the value. */
const SLOT_TYPES = /^(?:string|str|text|integer|int|number|num|float|double|boolean|bool|array|list|object|dict|any|null|value|placeholder)$/i;

/** The names templates give the value they take (`$ARGUMENTS`, `{input}`, `<user input>`), and words that ask for one (`<insert city>`). */
const SLOT_WORDS = /^(?:args?|arguments|params?|parameters|input|user[\s_-]?input|user[\s_-]?query|query[\s_-]?here)$|^(?:your|the|some|insert|enter|put|type|fill(?:[\s_-]in)?|specify|provide|replace(?:[\s_-]with)?|add)[\s_-]|[\s_-]here$/i;

/**
 * A value written to be filled in: `<city>`, `your_city_here`, `YOUR_API_KEY`, `{city}`. Not `...`: quoted
 * calls elide real values that way, and the call is still the one the model made.
 */
function isPlaceholder(value: string, key: string | undefined, types: readonly string[] | undefined): boolean {
  const text = value.trim();
  if (/^(your|my)_\w+$/i.test(text) || /^\w+_here$/i.test(text) || /^your\s[\w\s]*\shere$/i.test(text)) return true;
  // `your_` (or `your-`, `your.`) opening a whole value that is one token: `your_email@example.com`, `your-api-key`.
  if (/^your[_.-][\w.@+-]+$/i.test(text)) return true;
  // Letters that stand for any value (`XXX`), or the key's name made a slot: `CITY_NAME`, `example_city`, `city_example`.
  if (/^x{3,8}$/i.test(text)) return true;
  if (key !== undefined && slotNamedAfter(text, key)) return true;
  // Documentation's stand-in for a path (`/path/to/file.py`, `path/to/your/dir`, `C:\\path\\to\\x`): no file of the user's.
  if (/^(?:~|\.{1,2})?[/\\]?path[/\\]to(?:[/\\]|$)|^[a-z]:\\path\\to\\/i.test(text)) return true;
  // A template engine's slot (`{{query}}`, `{{ user.name }}`): never a value of its own.
  if (/^\{\{[^{}\n]{1,60}\}\}$/.test(text)) return true;
  // A shell or command template's positional argument in braces (`${1}`; a bare `$5` may be a price).
  if (/^\$\{\d\}$/.test(text)) return true;
  const bracketed = /^(?:<([A-Za-z][\w -]{0,40})>|\{\{?\s*([A-Za-z_][\w -]{0,40}?)\s*\}?\}|\[([A-Za-z_][\w -]{0,40})\]|\$\{?([A-Za-z_]\w{0,40})\}?|%([A-Za-z_]\w{0,40})%|__([A-Z][A-Z0-9_]{0,40}?)__)$/.exec(text);
  if (bracketed !== null) {
    const inner = (bracketed[1] ?? bracketed[2] ?? bracketed[3] ?? bracketed[4] ?? bracketed[5] ?? bracketed[6])!;
    if (SLOT_WORDS.test(inner) || SLOT_TYPES.test(inner)) return true;
    // A shell or environment variable in capitals (`$LOCATION`, `${FILE}`): a tool never expands it, so it stands for a value.
    if (bracketed[4] !== undefined && /^[A-Z][A-Z0-9_]+$/.test(bracketed[4])) return true;
    // The key named inside (`<city name>`, `[city]`, `$CITY`): a slot for the value, not the value.
    if (key !== undefined && (foldIdentifier(inner) === foldIdentifier(key) || inner.split(/[\s_-]+/).some((word) => foldIdentifier(word) === foldIdentifier(key)))) return true;
  }
  // A schema's type copied as the value: `{"city": "string"}`.
  return types !== undefined && TYPE_NAMES.has(text) && types.includes(text);
}

/**
 * Whether `text` is the key's name made a slot: the name alone in capitals (`CITY`), in capitals with a slot's word
 * after it (`CITY_NAME`, `QUERY_VALUE`, `QUERY_TEXT`) or before it (`TARGET_CITY`, `INPUT_QUERY`, `FILE_PATH`), or
 * `example_` or `sample_` around it (`example_city`, `sample_query`, `city_example`).
 */
function slotNamedAfter(text: string, key: string): boolean {
  const folded = foldIdentifier(key);
  return SLOTS_NAMED_AFTER.some((pattern) => {
    const name = pattern.exec(text)?.[1];
    return name !== undefined && foldIdentifier(name) === folded;
  });
}

/** The shapes of `slotNamedAfter`, each capturing the name it makes a slot of. */
const SLOTS_NAMED_AFTER = [
  /^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*?)(?:_(?:NAME|VALUE|TEXT|STRING|HERE|PLACEHOLDER))?$/,
  /^(?:TARGET|INPUT|SOME|PLACEHOLDER|FILE|DIR|FOLDER)_([A-Z][A-Z0-9]*)$/,
  /^(?:example|sample)[_-]([a-z][a-z0-9_]*)$/,
  /^([a-z][a-z0-9_]*)[_-](?:example|sample)$/,
];

/** Each string of `value` with the key it is under (none in a list) and whether that key is top-level, depth first. */
function* stringsOf(value: unknown, key: string | undefined, depth = 0): Generator<[string, string | undefined, boolean]> {
  if (depth > 32) return;
  if (typeof value === "string") yield [value, key, depth === 1];
  else if (Array.isArray(value)) for (const item of value) yield* stringsOf(item, undefined, depth + 1);
  else if (isJsonObject(value)) for (const [member, item] of Object.entries(value)) yield* stringsOf(item, member, depth + 1);
}

/** Every double-quoted string literal of a text that is not JSON (yet): keys included, harmlessly. */
function* literalsOf(text: string): Generator<[string, string | undefined, boolean]> {
  for (const match of text.matchAll(/"((?:[^"\\\n]|\\.){0,200})"/g)) yield [match[1]!, undefined, false];
}

/**
 * Whether `value`, a call's arguments, is the tool's parameters schema copied in their place (`{"type": "object",
 * "properties": {…}}`), for a tool that declares neither `type` nor `properties` as a parameter.
 */
function copiesSchema(value: unknown, properties: JsonObject | undefined): boolean {
  if (!isJsonObject(value) || !isJsonObject(value["properties"])) return false;
  const type = value["type"];
  if (typeof type !== "string" || !TYPE_NAMES.has(type)) return false;
  return ownValue(properties, "type") === undefined && ownValue(properties, "properties") === undefined;
}

/** Whether the arguments of a call read from text hold a placeholder where a value should be, or are the schema itself. */
export function holdsPlaceholder(args: string, tool: ToolDefinition): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(args);
  } catch {
    parsed = undefined;
  }
  const properties = declaredProperties(tool.parameters);
  if (copiesSchema(parsed, properties)) return true;
  const strings = parsed === undefined ? literalsOf(args) : stringsOf(parsed, undefined);
  for (const [value, key, topLevel] of strings) {
    const types = key === undefined || !topLevel ? undefined : declaredTypes(ownValue(properties, key));
    if (isPlaceholder(value, key, types)) return true;
  }
  return false;
}

/**
 * Whether a JSON object in `text` (call markup: JSON in tags, fences, lists) has a key written twice:
 * `{"city": "Paris", "city": "Rome"}` parses to one of them, and which the model meant is a guess.
 * Strings outside any object, and XML or pythonic markup around the JSON, are passed over.
 */
export function hasDuplicateKeys(text: string): boolean {
  const stack: (Set<string> | undefined)[] = [];
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (char === "{") stack.push(new Set());
    else if (char === "[") stack.push(undefined);
    else if ((char === "}" || char === "]") && stack.length > 0) stack.pop();
    else if (char === '"') {
      let end = at + 1;
      while (end < text.length && text[end] !== '"' && text[end] !== "\n") end += text[end] === "\\" ? 2 : 1;
      const keys = stack.at(-1);
      let next = end + 1;
      while (next < text.length && (text[next] === " " || text[next] === "\t" || text[next] === "\n" || text[next] === "\r")) next++;
      if (keys !== undefined && text[next] === ":") {
        const key = text.slice(at + 1, end);
        if (keys.has(key)) return true;
        keys.add(key);
      }
      at = end;
    }
  }
  return false;
}

/**
 * The call formats' own markers that can only be call markup (`<tool_call>`, `[TOOL_CALLS]`, `<|python_tag|>`,
 * `<function_calls>`, …): whole tokens whose name says they hold a call, not a wrapper that is also a common word.
 */
const CALL_ONLY_MARKERS = [...new Set(MARKERS.filter((marker) => /^[<[].*[>\]]$/u.test(marker) && marker.length >= 9 && /tool|function_?call|python_tag|start_action|action_start/iu.test(marker)))];

/** Past this many characters, a text is not scanned for markers talked about. */
const MAX_MARKUP_SCANNED = 20_000;

/**
 * Whether `text` talks about call markup: a call format's marker inside a sentence, with words before it on its
 * line and words after it (`Here's some text with [TOOL_CALLS] that shouldn't trigger.`, `Also has <tool_call> tags
 * and …`) that is not the one `call` (the text read as calls) opens with. Such a text is about the formats, and a
 * call in it is shown, not made. A marker that opens a call has the call after it (`{`, a tool's name then its
 * arguments, a line break), not a phrase.
 */
export function talksAboutMarkup(text: string, call: string): boolean {
  if (text.length > MAX_MARKUP_SCANNED) return false;
  for (const marker of CALL_ONLY_MARKERS) {
    // The calls' own marker named around them announces them (`I'll use a <tool_call> block:`).
    if (call.trimStart().startsWith(marker)) continue;
    for (let at = text.indexOf(marker); at >= 0; at = text.indexOf(marker, at + 1)) {
      const line = text.slice(text.lastIndexOf("\n", at - 1) + 1, at);
      const rest = text.slice(at + marker.length, at + marker.length + 80);
      if (/\p{L}/u.test(line) && /^[ \t]*(?:[`'"][ \t]*)?\p{L}[\p{L}'’-]*(?:[ \t]+\p{L}|[ \t]*[.,;:!?](?:[ \t]|$))/u.test(rest)) return true;
    }
  }
  return false;
}
