/**
 * What the text after calls written as text may show about them, beyond its
 * words: another object opened right after them and never closed (the turn
 * was cut while it wrote its next call), or the arguments of a call written
 * again with other values (`{"name": "f", …} the args were {"query": "x"}`).
 * Either way which calls the model made, with which values, is a guess.
 */
import { parseJsonObject } from "../../json.ts";
import { declaredProperties, deepEqualJson } from "../schema-shape.ts";
import type { ToolDefinition } from "../types.ts";
import { PAYLOAD_MARKERS, TAGS } from "./call-markers.ts";
import { onlyEndOfTurn, splitEndOfTurn } from "./end-of-turn.ts";
import { findJsonEnd } from "./scan.ts";

/** Past this many characters after the calls, the text is not scanned for objects. */
const MAX_SCANNED = 20_000;
/** Nor past this many openings: a turn's own restatement of its arguments comes early. */
const MAX_OBJECTS = 32;

/**
 * Whether `after` (the text after the calls, calls removed) opens another call right after them (space,
 * `;` or `,` between) that the text never closes: a JSON object or list (`{"name": "f", …}{`), a call
 * tag with none of its closers after it (`</tool_call>\n<tool_call>` at the end), an element call
 * (`<get_time>\n  <tz>UT` or `<get_ti` at the end), or a payload marker
 * with nothing read after it (`[TOOL_CALLS]` at the end). The turn was cut inside its next call, so
 * the calls read are only some of it.
 */
export function opensCallAfter(after: string): boolean {
  if (after.length > MAX_SCANNED) return false;
  const start = /^[\s;,]*/.exec(after)![0].length;
  const char = after[start];
  if (char === "{" || char === "[") return findJsonEnd(after, start) < 0;
  const rest = after.slice(start);
  if (char === "<" && opensElementCall(rest)) return true;
  for (const [open, closers] of TAGS) {
    if (rest.startsWith(open) && !closers.some((closer) => rest.includes(closer, open.length))) return true;
  }
  const marker = PAYLOAD_MARKERS.find((payload) => rest.startsWith(payload));
  if (marker === undefined) return false;
  const payload = /^\s*/.exec(rest.slice(marker.length))![0].length + marker.length;
  return payload === rest.length || ((rest[payload] === "{" || rest[payload] === "[") && findJsonEnd(rest, payload) < 0);
}

/** `<` and an element's name the text ends inside (`<get_ti`). */
const CUT_OPENER = /^<[A-Za-z_][\w.:-]{0,63}$/u;
/** An element's opening tag. */
const ELEMENT_OPENER = /^<([A-Za-z_][\w.:-]{0,63})>/u;

/**
 * Whether `rest` (the text right after calls) opens an element call that never ends, as Cline's and
 * Roo Code's form writes its next call: an opening tag the text ends inside, or one with markup after
 * it and no closer (`<get_time>` then `<tz>UTC</tz>` or `<tz>UT` at the end). End-of-turn tokens at the
 * end are not part of it, and a tag alone (`<start_function_response>`, `<eos>`, a result element left
 * empty) is where the model stopped, not a call; an element holding words (`<b>note`) may be prose's markup.
 */
function opensElementCall(rest: string): boolean {
  const { body: text } = splitEndOfTurn(rest);
  // A stop token cut by the stream (`<end_of_tu`) is not a call's name.
  if (CUT_OPENER.test(text)) return onlyEndOfTurn(text) === "no";
  const opener = ELEMENT_OPENER.exec(text);
  if (opener === null) return false;
  const inner = text.slice(opener[0].length).trimStart();
  return inner.startsWith("<") && !text.includes(`</${opener[1]!}>`, opener[0].length);
}

/**
 * Whether `before` (the text up to the calls) ends with a call tag's closer that no opener before it
 * pairs (`</tool_calls:opensource>` then the call, `</tool_call>\n<tool_call>…`): the markup is out of
 * order, a piece cut from a longer text, so the calls after it are not surely a turn's own.
 */
export function closesNothingBefore(before: string): boolean {
  const text = before.trimEnd();
  const closer = CLOSERS.find((candidate) => text.endsWith(candidate));
  if (closer === undefined) return false;
  // An opener further back than this pairs nothing a reader would see as the same block.
  const earlier = text.slice(Math.max(0, text.length - closer.length - MAX_SCANNED), text.length - closer.length);
  return !TAGS.some(([open, closers]) => closers.includes(closer) && earlier.includes(open));
}

/** The closing tags of call blocks (`</tool_call>`, `</function>`, …): markers that only close. */
const CLOSERS = [...new Set(TAGS.flatMap(([, closers]) => closers.filter((closer) => closer.startsWith("</"))))];

/**
 * Whether `after` holds a JSON object made only of a called tool's parameters, with values other
 * than that call's (`the args were {"query": "x"}` after a call with `"a"`): the text gives the
 * call's arguments twice, and which the model meant is a guess. The same values written again
 * (`… with {"city": "Paris"}`) restate the call and leave it read.
 */
export function restatesOtherArguments(
  after: string,
  calls: readonly { readonly name: string; readonly arguments: string }[],
  tools: readonly ToolDefinition[],
): boolean {
  if (after.length > MAX_SCANNED || !after.includes("{")) return false;
  const called = calls.flatMap((call) => {
    const properties = declaredProperties(tools.find((tool) => tool.name === call.name)?.parameters);
    const args = parseJsonObject(call.arguments);
    return properties === undefined || args === undefined ? [] : [{ properties, args }];
  });
  if (called.length === 0) return false;
  let seen = 0;
  for (let at = after.indexOf("{"); at >= 0 && seen < MAX_OBJECTS; at = after.indexOf("{", at + 1), seen++) {
    const end = findJsonEnd(after, at);
    if (end < 0) return false;
    const object = parseJsonObject(after.slice(at, end));
    if (object === undefined) continue;
    const keys = Object.keys(object);
    if (keys.length === 0) continue;
    const conflicts = called.some(({ properties, args }) => keys.every((key) => Object.hasOwn(properties, key)) && keys.some((key) => !Object.hasOwn(args, key) || !deepEqualJson(args[key], object[key])));
    if (conflicts) return true;
    at = end - 1;
  }
  return false;
}

/** A measured value, as a result states it: `22°C`, `18 degrees`, `45%`, `$1,200`, `3.5 km`. */
const MEASURE = /(?:\d[\d,.]{0,20}\s?(?:°\s?[CF]?|%|percent\b|degrees?\b|km\b|miles?\b|mph\b|km\/h|kg\b|lbs?\b|USD\b|EUR\b|dollars?\b|euros?\b)|[$€£¥]\s?\d)/iu;
/** Words that put a sentence in the future, a condition, or an intention: no result stated. */
const NOT_YET = /\b(?:will|'ll|shall|going to|let me|let's|once|when|after|if|should|would|could|might|may|can|need to|want to|to (?:get|check|find|see|fetch|look)|(?<!\bas )expect(?:ed)?|usually|typically|normally)\b|\?/iu;
/** A verb that states how something is: a copula, or `looks`, `seems`, `feels`, `says`, `shows`, `reports`, `reads`. */
const STATING = /\b(?:is|are|was|were|looks|seems|feels|says|shows|reports|reads)\b|\b(?:it|that|this|there|what)(?:'s|’s)/iu;
/** Work in progress in the first person (`I'm checking Paris, which is …`): the model says what it does, not what came back. */
const IN_PROGRESS = /\b(?:I(?:'m|’m| am)|we(?:'re|’re| are))\s+(?:now\s+|just\s+)?\p{L}+ing\b/iu;
/** The reader spoken to (`Paris is one of the cities you asked about.`): a sentence about the request, not a result. */
const TO_READER = /\b(?:you|your)\b/iu;

/** The most string values of a call's arguments a result is looked for about. */
const MAX_VALUES = 32;

/**
 * The strings of arguments, nested ones too (`{"query": ["python", "tutorial"]}`), the first `MAX_VALUES` of them.
 * A stack, not recursion, and a bound on the nodes visited: the arguments are the model's, nested as deep as it wrote them.
 */
function stringLeaves(args: object): string[] {
  const out: string[] = [];
  const stack: unknown[] = [args];
  for (let visited = 0; stack.length > 0 && out.length < MAX_VALUES && visited < 16 * MAX_VALUES; visited++) {
    const value = stack.pop();
    if (typeof value === "string") out.push(value);
    else if (typeof value === "object" && value !== null) stack.push(...Object.values(value).slice(0, MAX_VALUES).reverse());
  }
  return out;
}

/** The sentences of a text: split after `.`, `!` or `?` and at line breaks. */
const sentencesOf = (text: string): string[] => text.split(/(?<=[.!?])\s+|\n+/u).filter((sentence) => sentence.trim() !== "");

/**
 * Whether a sentence of `after` states, as a fact, a result about a value the calls were made with (`The weather in
 * Paris is sunny with 22°C.`, `It is currently cloudy in Paris.`, `Paris: clear skies.` after a call for Paris): the
 * model wrote the answer the call was to fetch, so the call was imagined, not left for the client to make. A sentence
 * about what is still to come (`I'll report Paris's temperature in °C.`), a question, or the model's own work in
 * progress (`I'm checking Paris, which is …`), or a sentence to the reader (`Paris is one of the cities you asked about.`)
 * states nothing. A measured value (`22°C`) after the value is enough;
 * without one, a verb that says how it is (`is`, `looks`, `it's`) must be there. So does a sentence whose subject is
 * what a fetching tool's name or description says it brings back (`The weather is sunny.` after `get_weather`).
 */
export function statesResultAfter(
  after: string,
  calls: readonly { readonly name?: string; readonly arguments: string }[],
  tools: readonly ToolDefinition[] = [],
): boolean {
  if (after.length > MAX_SCANNED) return false;
  const values = calls.flatMap((call) => {
    const args = parseJsonObject(call.arguments);
    return args === undefined ? [] : stringLeaves(args).filter((value) => value.trim().length >= 3);
  });
  const topics = calls.flatMap((call) => (call.name === undefined ? [] : topicsOf(call.name, tools.find((tool) => tool.name === call.name)?.description)));
  if (values.length === 0 && topics.length === 0) return false;
  const topicSubject = topics.length === 0 ? undefined : subjectPattern(topics);
  return sentencesOf(after).some((sentence) => {
    if (NOT_YET.test(sentence) || IN_PROGRESS.test(sentence) || TO_READER.test(sentence)) return false;
    if (topicSubject !== undefined && topicSubject.test(sentence) && !LATER.test(sentence)) return true;
    const lower = sentence.toLowerCase();
    const named = values.filter((value) => namesValue(lower, value.trim().toLowerCase()));
    if (named.length === 0) return false;
    if (MEASURE.test(sentence) || STATING.test(sentence)) return true;
    // A result line keyed by the value (`Paris: clear skies, light wind.`).
    const line = sentence.replace(/^[^\p{L}\p{N}]+/u, "").toLowerCase();
    return named.some((value) => line.startsWith(`${value.trim().toLowerCase()}:`) && /\p{L}/u.test(line.slice(value.trim().length + 1)));
  });
}

/** A tool's name that fetches or works out something: its verb, then the words for what it gives back. */
const FETCHING_NAME = /^(?:get|fetch|read|search|find|lookup|look_?up|query|check|calculate|compute|convert|retrieve|list|show|count|estimate|predict|analy[sz]e|detect)(?:_|-|(?=[A-Z]))(.+)$/u;
/** Words of a name that say nothing of what comes back. */
const NO_TOPIC = new Set(["current", "latest", "live", "info", "information", "data", "details", "for", "by", "the", "of", "from", "api", "tool", "all", "list"]);

/** A description that opens on a fetching verb, and the words for what it gives back: `Get the current weather for a city.` */
const FETCHING_DESCRIPTION =
  /^\s*(?:gets?|fetch(?:es)?|returns?|retrieves?|looks?\s+up|reads?|search(?:es)?|finds?|quer(?:y|ies)|checks?|calculates?|computes?|converts?|lists?|shows?)\s+(?:the\s+|a\s+|an\s+)?((?:[a-z]+\s+){0,2}?[a-z]+)(?=\s+(?:for|of|in|at|on|by|from|with|to|given|that|which)\b|\s*[.,;:(]|\s*$)/iu;

const topicWords = (words: readonly string[]): string[] =>
  words.map((word) => word.toLowerCase()).filter((word) => word.length >= 3 && /^[a-z]+$/u.test(word) && !NO_TOPIC.has(word));

/**
 * What a fetching tool gives back, from its name and the description's opening: `get_current_weather` or `Get the
 * current weather for a city.` → `weather`, `calculate_triangle_area` → `triangle`, `area`. A tool that writes, sends
 * or runs has none: `The file is a.txt` after `write_file` tells its input.
 */
function topicsOf(name: string, description: string | undefined): string[] {
  const fromName = FETCHING_NAME.exec(name)?.[1]?.split(/[_\-.]+|(?<=[a-z])(?=[A-Z])/u) ?? [];
  const fromDescription = (description === undefined ? undefined : FETCHING_DESCRIPTION.exec(description.slice(0, 200))?.[1]?.split(/\s+/u)) ?? [];
  return topicWords([...fromName, ...fromDescription]);
}

/** Words that put what the topic's sentence says later: `The file is read next.` */
const LATER = /\b(?:next|then|later|first|being)\b/iu;

/**
 * A sentence saying how a topic the tools fetch is, as its subject (`The weather is sunny.` after `get_weather`, `The
 * area in square metres is 25.` after `calculate_area`): the model wrote what the call was to bring. Built once per
 * text, every topic in one pattern (topics are ASCII letters only, see `topicWords`).
 */
function subjectPattern(topics: readonly string[]): RegExp {
  const names = [...new Set(topics)].join("|");
  return new RegExp(String.raw`\b(?:the|its)\s+(?:[\p{L}-]+\s+){0,2}?(?:${names})s?(?:\s+(?:in|for|of|at|on|near)\s+[^.!?,;]{1,40}?)?\s+(?:is|are|was|were|looks|seems|feels)\b`, "iu");
}

/**
 * Whether `sentence` (lower case) speaks of `value` as its topic: the value written in it, neither quoted (`{"city":
 * "Paris"}`: the arguments again) nor right after a copula (`The city used is Paris.`: the argument named).
 */
function namesValue(sentence: string, value: string): boolean {
  for (let at = sentence.indexOf(value); at >= 0; at = sentence.indexOf(value, at + 1)) {
    const before = sentence.slice(Math.max(0, at - 12), at);
    if (!/["'“‘`]$/u.test(before) && !/\b(?:is|are|was|were|be)\s+$/u.test(before)) return true;
  }
  return false;
}

/** A first person in a sentence: the model speaking of what it does. */
const FIRST_PERSON = /\b(?:I|me|we|us)\b/u;
/** An action the model may ask leave for: running, sending, making the call. */
const ACTING = /\b(?:run|send|execute|call|proceed|go ahead|submit|make|continue|fire|trigger|perform|issue|invoke|start)\b/iu;
/** The reader told to answer first (`Confirm`, `Approve`, `Say yes`, `Reply "go"`), as a sentence opens. */
const ASKED_TO_ANSWER = /^[^\p{L}]*(?:please\s+)?(?:confirm|approve|authori[sz]e|say\s+(?:yes|go|ok|okay|so|the word)|reply|answer|respond|type|give me the go-ahead)\b/iu;
/** What the model will do once the reader has answered: `and I'll`, `then I will`, `so I can`. */
const THEN_I_ACT = /\b(?:and|then|so)\s+I(?:'ll|’ll| will| can| shall)\b/iu;

/**
 * Whether a sentence of `after` asks the reader's leave for the call: a question in which the model speaks of
 * itself acting (`Want me to send it?`, `Is it OK if I run this?`, `Should we go ahead?`), or an order to answer
 * first followed by what the model will then do (`Confirm and I'll make the call.`). The call waits on the
 * reader: proposed, not made. A question with no first person in it (`Would you like to know more?`) asks
 * about something else.
 */
export function asksLeaveAfter(after: string): boolean {
  if (after.length > MAX_SCANNED) return false;
  return sentencesOf(after).some((sentence) => {
    const text = sentence.trim();
    if (text.endsWith("?")) return FIRST_PERSON.test(text) && ACTING.test(text);
    return ASKED_TO_ANSWER.test(text) && THEN_I_ACT.test(text);
  });
}

/**
 * A remark that closes a conversation, addressed to the reader: `Hope this helps!`, `Let me know if you have any
 * other questions.`, `Feel free to ask …`, `Happy to help!`, `Good luck!`, `Have a great day!`, `Enjoy your trip!`,
 * `Cheers!`, `Anything else I can help with?`. A model that ends its turn so thinks its answer is complete as the
 * reader sees it: the call before it is shown to the reader, not left for the client to make. (`Thank you!` and
 * `Would you like to know more?` close nothing of the kind.)
 */
const CLOSING =
  /^[^\p{L}]*(?:I\s+)?(?:hope\s+(?:this|that|it|these|the above)\s+(?:helps|is|answers)\b|take care\b|happy (?:travels|holidays|coding|hunting|trails)\b|feel free to\b|happy to help\b|glad (?:to|I could) help\b|good luck\b|best of luck\b|have (?:a|an) (?:great|good|nice|wonderful|lovely|fantastic) \p{L}+|enjoy(?:\s+(?:your|the)\b|!|\.)|cheers\b|(?:is there\s+)?anything else (?:I can|you need|you'd like|you would like)\b|let me know if (?:you have|there(?:'s| is| are)) (?:any\s+)?(?:(?:other|more|further|additional)\s+)?(?:questions?|anything else)\b)/iu;

/** Whether a sentence of `after` closes the conversation with a remark to the reader (see `CLOSING`). */
export function closesConversationAfter(after: string): boolean {
  if (after.length > MAX_SCANNED) return false;
  return sentencesOf(after).some((sentence) => CLOSING.test(sentence.trim()));
}
