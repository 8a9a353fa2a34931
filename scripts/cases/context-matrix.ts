/**
 * The text around a call: what real models write before, after and between
 * their calls. Each call format the engine reads (matrix-formats.ts), with
 * plain values, set in one context: prose leading in (in English and other
 * languages), prose after, reasoning before, Markdown, a fence, indentation,
 * CRLF line ends, stop tokens, invisible characters, the tool's name in the
 * prose. And contexts in which the call is not made, whose right outcome is
 * the text as it is: an example, a block the user asked for, a refusal, a
 * call taken back, quoted, suggested to the reader, a closing remark or a
 * result claimed after it, a call weighed in reasoning (the rules in
 * docs/repair-engine.md, "Calls written as text"). And the call's place in
 * its line: after a sentence, inside one, glued to it, before one, in
 * reasoning; and not made, written inside a sentence.
 *
 * The held part (some contexts, some formats) is fixed before any run and
 * only counted: it says whether a fix was a family's.
 */
import { createRandom, type Random } from "./random.ts";
import { generatorTools, type GeneratorTool } from "./schemas.ts";
import { objectFor } from "./values.ts";
import { jsonStyles, type Layout, type MatrixCall, type MatrixFormat } from "./matrix-formats.ts";
import { cellCases, type MatrixCase, type MatrixPart } from "./format-matrix.ts";

/**
 * Contexts whose cases are only counted (chosen before any result was seen): steps
 * the reader should take, a short example label, a reply quoted line by line, the
 * model saying what it does next. The earlier held parts (seven contexts and six
 * formats; then a call's place in a line, a condition, a log line, a two-paragraph
 * lead) were looked at and are tuned now.
 */
export const HELD_CONTEXTS: ReadonlySet<string> = new Set(["user_steps", "example_short", "quoted_reply", "next_act"]);
/** Formats whose cases are only counted: none now, every format is tuned. */
export const HELD_CONTEXT_FORMATS: ReadonlySet<string> = new Set<string>();

/** What the context makes of the call: made (read it), not made (leave the text), or either (all the calls, or none). */
export type ContextKind = "call" | "text" | "either";

interface Built {
  readonly text: string;
  /** Where the docs leave this case open (a fence whose language names no call format): all the calls or none. */
  readonly kind?: ContextKind;
}

interface Scene {
  readonly random: Random;
  readonly format: MatrixFormat;
  readonly calls: readonly MatrixCall[];
  /** The calls in the format, with the scene's line break. */
  readonly call: string;
  readonly nl: string;
  /** The first call's tool name, for prose that names it. */
  readonly name: string;
}

interface Context {
  readonly kind: ContextKind;
  /** `undefined`: the context does not apply to this format. */
  readonly build: (scene: Scene) => Built | undefined;
}

/** Formats that are a fence themselves or hold one: no other fence around them. */
const fenced = (scene: Scene): boolean => scene.call.includes("```");
/** Prose before a call that must open its line ends its line. */
const lead = (scene: Scene, prose: string): string => (scene.format.opensLine === true && !prose.endsWith("\n") ? `${prose.trimEnd()}\n` : prose);
const fill = (template: string, scene: Scene): string => template.replaceAll("{name}", scene.name).replaceAll("\n", scene.nl);

const phrases = {
  leadEn: [
    "I'll look that up for you.\n\n",
    "Sure, let me check.\n",
    "Let me fetch that now:\n",
    "To answer this I need current data first.\n\n",
    "Okay. I'll start with the first step.\n\n",
    "Good question! Checking now.\n\n",
    "I'm going to run the tool with the details you gave.\n",
    "Alright, here goes:\n\n",
  ],
  leadOther: [
    "Voy a buscar eso ahora.\n\n",
    "Je vais vérifier cela tout de suite.\n",
    "Ich schaue das kurz nach.\n\n",
    "我来帮你查一下。\n",
    "確認します。\n\n",
    "Сейчас проверю.\n",
    "Vou verificar isso agora.\n\n",
    "확인해 보겠습니다.\n",
    "Controllo subito.\n\n",
    "Bunu hemen kontrol ediyorum.\n",
  ],
  after: [
    "\n\nI'll report back once it finishes.",
    "\nOne moment while this runs.",
    "\n\nI'll continue as soon as the result is in.",
    "\n\nOnce it returns, I'll summarize what it says.",
  ],
  think: [
    "<think>\nThe user wants this done. I need the tool for it.\n</think>\n\n",
    "<think>Which tool fits? {name} does. I'll call it.</think>\n",
    "<think>\nFirst I should check what's there.\n\nThe right tool is {name}.\n</think>\n\nLet me check.\n",
  ],
  markdown: [
    "**Checking the data**\n\n",
    "### Looking it up\n\n",
    "- You want the latest figures.\n- That needs live data.\n\nFetching it now:\n\n",
    "## Next action\n\nI'll run **{name}** now.\n\n",
    "_One moment._\n\n",
  ],
  fenceLead: ["Running it now:\n\n", "I'll make the call:\n", "Calling the tool.\n\n"],
  fenceTags: ["", "xml", "json", "text"],
  eot: ["<|im_end|>", "</s>", "<|eot_id|>", "<|end|>", "<|endoftext|>", "<end_of_turn>"],
  named: ["I'll call {name} to get this.\n\n", "Using {name} for this step.\n", "Running `{name}` with the details you gave.\n\n", "{name} is the right tool here; calling it now.\n"],
  between: ["\n\nNext, the second one:\n\n", "\nThen I'll also do this:\n", "\n\nAnd in parallel:\n"],
  // Not made.
  example: [
    "For example:\n",
    "Here is an example of the call:\n\n",
    "You can call it like this:\n",
    "Example call:\n",
    "### Example 2\n\n",
    "The syntax is:\n",
    "Por ejemplo:\n",
    "例如：\n",
    "Zum Beispiel:\n",
    "Par exemple :\n",
    "Например:\n",
  ],
  refused: ["I won't run this:\n", "Do not run:\n", "Avoid this:\n", "I will not call {name} for this:\n", "I can't use {name} here, so I won't send this:\n"],
  retracted: ["\n\nWait, actually, I don't need the tool for this.", "\n\nActually, I don't need to call the tool.", "\n\nNo wait, that's the wrong one.", "\n\nOops, wrong city.", "\n\nSorry, wrong file."],
  quotedLead: ["The user wrote:\n", "Earlier I used:\n", "Previously:\n", "You asked:\n", "The previous call was:\n"],
  suggested: ["You could call:\n", "Alternatively, you can use:\n", "You would need to call:\n", "I recommend calling:\n", "Try this:\n"],
  closing: ["\n\nHope this helps!", "\n\nLet me know if you have any other questions.", "\n\nGood luck!", "\n\nHave a great day!"],
  claimed: ["\n\nBased on the results, everything is in order.", "\n\nHere are the results.", "\n\nI've retrieved the data.", "\n\nThe call succeeded.", "\n\nSo the answer is: 42."],
  unopened: [
    "The user wants the data. {name} fits.\n</think>\n\n",
    "Okay, so I need to call {name} with the right values.\n</think>\n",
    "Let me think about which tool applies here. The {name} tool is the one.\n\n</think>\n\nI'll run it now.\n\n",
  ],
  longProse:
    "You asked about the report. There are a few things to look at: the input data, the settings, and the output folder. " +
    "The settings look fine from what you described, but the data may have changed since yesterday, so it is worth checking " +
    "again before we go on.\n\n",
  inlineLead: ["Let me check: ", "Sure, calling it now: ", "On it. ", "Running {name}: "],
  retry: [
    "That didn't work. Let me try again with different values:\n",
    "The previous attempt returned an error, so I'll retry:\n",
    "Oops, the file wasn't there. Trying the other path:\n\n",
    "Got it, thanks for the details. Now I'll update it:\n",
    "I ran the first step; moving on to the next one.\n\n",
  ],
  reasoningTags: [
    "<thinking>\nI need live data for this.\n</thinking>\n\n",
    "[THINK]The tool gives the answer.[/THINK]\n",
    "<reasoning>{name} is the right tool.</reasoning>\n\n",
    "◁think▷Need the tool.◁/think▷\n",
  ],
  handedOver: [
    "\n\nYou can run this yourself and paste the output here.",
    "\n\nRun that on your machine and send me what it prints.",
    "\n\nFeel free to adjust the values before using it.",
    "\n\nJust copy it into your client.",
    "\n\nUse it as a starting point and change the values to fit.",
  ],
  offeredBefore: [
    "If you'd like to try it, send:\n",
    "Here's a call you can adapt:\n",
    "One way to do it would be:\n",
    "You might want to run:\n",
    "Want to try it yourself? Use:\n",
  ],
  offered: [
    "If you want to do it yourself, the call is:\n",
    "Here's a call you could use:\n",
    "A call like this should do it:\n",
    "You may want to send:\n",
    "Should you need it later, use:\n",
    "To do this on your side, send the following:\n",
    "Another way would be:\n",
    "Here's one you can reuse:\n",
    "You can try something like:\n",
    "If you prefer, run:\n",
    "Here is a request you can send:\n",
    "Something like this would work:\n",
    "If you'd rather do it by hand, send:\n",
    "Curious? Try:\n",
    "To check it on your own, run:\n",
    "Here's something you can paste:\n",
    "Here's a request you can tweak:\n",
  ],
  codeBefore: [
    "Here's the updated function:\n\n```python\ndef total(items):\n    return sum(item.price for item in items)\n```\n\nNow I'll save it.\n\n",
    "The config should look like this:\n\n```yaml\nport: 8080\nlog_level: debug\n```\n\nLet me apply it:\n",
    "```bash\nnpm test\n```\nfailed on my side earlier, so I'll check the logs first.\n\n",
  ],
  tableBefore: [
    "| City | Temp |\n| --- | --- |\n| Paris | ? |\n\nLet me fill in the missing value.\n\n",
    "| Step | Status |\n|---|---|\n| Build | done |\n| Deploy | next |\n\nStarting the deploy now:\n",
  ],
  quoteBefore: [
    "> Can you take care of this today?\n\nSure, doing it now.\n\n",
    "> please check the latest numbers\n\nOn it:\n",
  ],
  inlineCode: [
    "The file `config.yaml` needs an update. Doing it now.\n\n",
    "I'll set `max_results` to a small number to keep it quick.\n",
    "Using `{name}` here, since it covers what you asked.\n\n",
  ],
  afterOther: ["\n\nTe aviso cuando termine.", "\n\nJe reviens vers vous dès que c'est fini.", "\n\n完成后我会告诉你。", "\n\nIch melde mich, sobald es fertig ist."],
  emoji: ["🔍 Looking that up…\n\n", "✅ Got it. Running it now.\n", "🚀 Deploying:\n\n", "📂 Reading the file first.\n"],
  exampleAlt: [
    "Just to show the shape of it:\n",
    "This is roughly what it looks like:\n",
    "A typical call looks like this:\n",
    "The general form is:\n",
    "Sample:\n",
    "E.g.\n",
    "For reference:\n",
    "As an illustration:\n",
    "To give you an idea:\n",
  ],
  refusedAlt: [
    "I'd rather not run this one:\n",
    "I'm not going to send this:\n",
    "This one is unsafe, so I'm not running it:\n",
    "Not running this:\n",
    "I shouldn't call this:\n",
    "I'm declining to execute this:\n",
  ],
  reportedAlt: [
    "This is what I sent a moment ago:\n",
    "My last request was:\n",
    "For the record, I already sent:\n",
    "Here's what I ran before:\n",
    "I had sent this earlier:\n",
  ],
  proposalAfter: ["\n\nShould I go ahead?", "\n\nOkay to send?", "\n\nDo you want me to run it?", "\n\nGood to go?", "\n\nLet me know and I'll send it.", "\n\nShall I?"],
  claimedAlt: ["\n\nAll done — the file is saved.", "\n\nDone! Everything went through.", "\n\nLooks like it worked.", "\n\nGreat, that's finished.", "\n\nThat returned three matches."],
  retractAlt: ["\n\nHmm, scratch that.", "\n\nNever mind, I have the answer already.", "\n\nOn second thought, that's not needed.", "\n\nHold on, that's the wrong tool.", "\n\nErr, ignore that."],
  // A call's place in a line: after a sentence, inside one, glued to it, before one.
  inlineAfter: ["Let me check. ", "Sure, I'll look that up. ", "On it! ", "Okay, fetching the data now. ", "Good question. I need current data for this. ", "Voy a buscarlo. "],
  inlineMid: [
    "I'll run {call} and then report back.",
    "Let me send {call} and wait for the result.",
    "Now I'll call {call} and check what comes back.",
    "Sure, running {call} right away.",
    "I'm going to use {call} first, then summarize.",
  ],
  inlineGlued: ["Let me check.", "Sure, checking now!", "我来查一下。", "確認します。", "One moment:", "Checking…"],
  inlineThen: [" One moment.", " I'll report back once it returns.", " Waiting for it to finish.", " Then I'll summarize what comes back.", " 稍等。"],
  inlineTwo: [" Then the second one: ", " And I'll also run ", " Next: "],
  thinkInlineEnd: ["<think>The user wants data. Let me check. {call}</think>", "<think>\nI need the tool for this. {call}\n</think>", "<think>Need to inspect first.{call}</think>"],
  thinkInlineGoesOn: ["<think>Need to inspect first.{call}Then continue.</think>", "<think>I need data. {call} Then I'll see what it says and answer.</think>\n"],
  // Not made, inline.
  inlineExample: ["For example, {call} would fetch it.", "E.g. {call} is a typical call.", "Something like {call} is how it's written.", "Por ejemplo, {call} lo buscaría."],
  inlineRefused: ["Don't run {call} here.", "I won't send {call} since it would overwrite the file.", "Please do not call {call} yet.", "I'm not going to run {call} for this."],
  inlineSyntax: ["The syntax is {call}, with your city.", "You would write {call} to get it.", "A call looks like {call} in this format.", "The format is {call} where each value is yours to fill in."],
  inlineQuoted: ['The user typed "{call}" in the last message.', "You wrote “{call}” earlier.", "Earlier I used {call} for the same thing."],
  inlineOffered: ["Should I run {call} now?", "If you want, I can send {call} for you.", "Want me to run {call}?", "You could try {call} yourself."],
  weighed: [
    "<think>\nI could call it:\n{call}\nBut I already know this.\n</think>\n\nThe answer is 42.",
    "<think>Maybe {call} would work, but no: the user only wants an explanation.</think>\nHere is the explanation you asked for.",
  ],
  // Appended with the second held part (chosen before any run of it).
  conditional: [
    "If that doesn't work, try:\n",
    "In case the first call fails, use this one:\n",
    "Next time, call it like this:\n",
    "If the file is missing, run:\n",
    "Should the lookup time out, retry with:\n",
  ],
  logLine: ["2024-05-01 12:00:01 DEBUG raw: ", "[INFO] 12:03:44 model output: ", "WARN 2025-02-11T08:15:00Z parsed: ", "E0501 12:00:01.123 agent.py:88] bad call: "],
  leadTwoParas: [
    "You asked for last week's figures.\n\nI'll fetch them first and then summarise what changed.\n\n",
    "Thanks for the details.\n\nLet me run this now so we have real numbers to work with.\n",
    "Got it, that's the file in the repo root.\n\nReading it now.\n\n",
  ],
  // Appended with the third held part (chosen before any run of it).
  userSteps: [
    "Follow these steps:\n\n1. Stop the server.\n2. Then send:\n",
    "To reproduce it on your machine:\n1. Clone the repo.\n2. Run the following:\n",
    "Steps for you:\n1. Open the admin console.\n2. Paste this request:\n",
    "1. Make sure you're logged in.\n2. Submit the request below:\n\n",
  ],
  userStepsAfter: ["\n3. Compare the output with mine.", "\n3. Restart the server.", "", "\n\n3. Tell me what it prints."],
  exampleShort: ["Example:\n", "For instance:\n", "For instance, a request could be:\n", "Example usage:\n", "An example request:\n\n", "Beispiel:\n", "Exemple :\n"],
  quotedReplyLead: ["Your assistant replied:\n", "On Monday the bot wrote:\n\n", "", "Here's what came back in the thread:\n"],
  quotedReplyAfter: ["\n\nWhy did it answer like that?", "\n\nThat's the part I don't understand.", "", "\n\nShould this have been parsed as a call?"],
  nextAct: [
    "Next, I'll fetch the data:\n",
    "Now calling the tool.\n",
    "Now calling {name}:\n\n",
    "The first part is done. Next, I'll update the record:\n",
    "Next I'll run {name} with those values.\n",
    "Now I'm calling it:\n",
  ],
};

/**
 * Where in a line a call sits. A format with a marker of its own (a tag, a special token, Mistral's `[TOOL_CALLS]`,
 * Qwen-Agent's `✿FUNCTION✿`, Functionary's `>>>`) is a call wherever it stands in a line: the parsers' own tests read
 * `Some text before <tool>…</tool> and after` and `Test <｜tool▁calls▁begin｜>…`. The bare forms are read only where
 * the docs place them: a fence opens its line, `functools[…]` and ReAct's labels open a line, a tool's own element
 * (Cline) opens a line or follows a sentence's end on it, a bare JSON call opens a line or ends one after text, a
 * pythonic list stands alone. A made call written where its format is not read is no case of that format: the inline
 * contexts that make a call do not apply to the bare forms, except a JSON call or a tool's element after a sentence on
 * its line or opening it with a sentence after it (the places the docs give them; `inline_glued`'s lead-ins include an
 * ellipsis, which ends no sentence for the element). A call not made is text wherever it stands: the negative contexts apply to every format but fences and
 * ReAct (whose labels cannot be written in a sentence).
 */
const BARE_FORMS: ReadonlySet<string> = new Set(["llama_json", "pythonic", "functools", "react", "cline", "glm_bare"]);
/** The bare forms read after a sentence on their line, and opening it with a sentence after them. */
const LINE_PLACED: ReadonlySet<string> = new Set(["llama_json", "cline"]);
const opensWithFence = (scene: Scene): boolean => scene.call.startsWith("```");
const marked = (scene: Scene): boolean => !opensWithFence(scene) && !BARE_FORMS.has(scene.format.name);
const inlineText = (scene: Scene): boolean => !opensWithFence(scene) && scene.format.name !== "react";
/**
 * A call at the end of the reasoning is read in the tag and token formats only (docs: bare JSON, a pythonic call or
 * Mistral's `[TOOL_CALLS]` in reasoning is thought); markers in square brackets or plain characters other than
 * Mistral's are left open.
 */
function reasoningKind(scene: Scene): ContextKind {
  // A tool's own element is a tag: read where its row places it (after a sentence's end on its line, too).
  if (scene.format.name === "cline") return "call";
  if (BARE_FORMS.has(scene.format.name) || ["mistral_list", "mistral_args", "devstral"].includes(scene.format.name)) return "text";
  return scene.call.startsWith("<") || scene.format.name === "minimax_m3" ? "call" : "either";
}
/** `{call}` in a phrase replaced by the scene's calls (a function, so `$` in a value is no replacement pattern). */
const around = (phrase: string, scene: Scene, call = scene.call): string => {
  const [before, after] = fill(phrase, scene).split("{call}");
  return `${before}${call}${after ?? ""}`;
};

export const contexts: Record<string, Context> = {
  lead_en: { kind: "call", build: (scene) => ({ text: lead(scene, fill(scene.random.pick(phrases.leadEn), scene)) + scene.call }) },
  lead_other: { kind: "call", build: (scene) => ({ text: lead(scene, fill(scene.random.pick(phrases.leadOther), scene)) + scene.call }) },
  // A fence that opens the text with prose after it is a code block and its explanation (docs), yet Continue's
  // ```tool block is a call: for a format that is a fence itself, the docs leave it open.
  after: { kind: "call", build: (scene) => ({ text: scene.call + fill(scene.random.pick(phrases.after), scene), ...(fenced(scene) ? { kind: "either" as const } : {}) }) },
  around: {
    kind: "call",
    build: (scene) => ({ text: lead(scene, fill(scene.random.pick(phrases.leadEn), scene)) + scene.call + fill(scene.random.pick(phrases.after), scene) }),
  },
  think: { kind: "call", build: (scene) => ({ text: fill(scene.random.pick(phrases.think), scene) + scene.call }) },
  // A server without a reasoning parser leaves the answer glued to the closing tag.
  think_glued: { kind: "call", build: (scene) => ({ text: fill("<think>\nI need the {name} tool.\n</think>", scene) + scene.call }) },
  markdown: { kind: "call", build: (scene) => ({ text: lead(scene, fill(scene.random.pick(phrases.markdown), scene)) + scene.call }) },
  fence: {
    kind: "call",
    build: (scene) => {
      if (fenced(scene)) return undefined;
      const tag = scene.random.pick(phrases.fenceTags);
      // The docs read calls in a bare or ```json fence, and tag formats or JSON calls in ```xml; another language is left open.
      const open = tag === "text" || (tag === "xml" && !/^(?:<|\{|\[\{)/.test(scene.call));
      return { ...(open ? { kind: "either" as const } : {}), text: `${fill(scene.random.pick(phrases.fenceLead), scene)}\`\`\`${tag}${scene.nl}${scene.call}${scene.nl}\`\`\`${scene.random.pick(["", "\n"])}` };
    },
  },
  // A raw value indented with its lines is kept as written (docs: "space on one side only (indented code) … is kept
  // as written"): only formats whose values are JSON or literals are indented here.
  indent: {
    kind: "call",
    build: (scene) => {
      if (scene.format.cannotCarry !== undefined) return undefined;
      const pad = scene.random.pick(["  ", "   "]);
      const body = scene.call.split("\n").map((line) => (line === "" ? line : pad + line)).join("\n");
      return { text: `- Fetching it now:\n${body}` };
    },
  },
  crlf: {
    kind: "call",
    build: (scene) => ({ text: lead(scene, scene.random.pick(phrases.leadEn).replaceAll("\n", "\r\n")) + scene.call + scene.random.pick(["\r\n", "\r\n\r\n", ""]) }),
  },
  eot: { kind: "call", build: (scene) => ({ text: scene.call + scene.random.pick(["", "\n"]) + scene.random.pick(phrases.eot) }) },
  invisible: {
    kind: "call",
    build: (scene) => {
      const prose = scene.random.pick(phrases.leadEn);
      const variant = scene.random.int(0, 2);
      if (variant === 0) return { text: `\uFEFF${lead(scene, prose)}${scene.call}` };
      if (variant === 1) return { text: `${lead(scene, `${prose.trimEnd()}\u200B\n`)}${scene.call}` };
      return { text: `\u200B${scene.call}` };
    },
  },
  named: { kind: "call", build: (scene) => ({ text: lead(scene, fill(scene.random.pick(phrases.named), scene)) + scene.call }) },
  blank: { kind: "call", build: (scene) => ({ text: scene.random.pick(["\n\n", "\n", "   \n"]) + scene.call + scene.random.pick(["\n\n\n", "  \n", " "]) }) },
  // Calls with prose between them that narrates the next step: one turn's calls, every one read (docs), in every format.
  between: {
    kind: "call",
    build: (scene) => {
      if (scene.calls.length < 2) return undefined;
      const [first, ...rest] = scene.calls;
      const layout = sceneLayout(scene);
      return { text: `${scene.format.write([first!], layout)}${fill(scene.random.pick(phrases.between), scene)}${scene.format.write(rest, layout)}` };
    },
  },
  // Not made: the text stays text.
  example: { kind: "text", build: (scene) => ({ text: lead(scene, fill(scene.random.pick(phrases.example), scene)) + scene.call }) },
  asked_block: {
    kind: "text",
    build: (scene) => {
      if (fenced(scene)) return undefined;
      return scene.random.chance(0.5)
        ? { text: `Here is the JSON you asked for:\n\n\`\`\`\n${scene.call}\n\`\`\`` }
        : { text: `\`\`\`\n${scene.call}\n\`\`\`\n\nThis is the block a model writes for the tool.` };
    },
  },
  refused: { kind: "text", build: (scene) => ({ text: lead(scene, fill(scene.random.pick(phrases.refused), scene)) + scene.call }) },
  retracted: { kind: "text", build: (scene) => ({ text: scene.call + fill(scene.random.pick(phrases.retracted), scene) }) },
  quoted: {
    kind: "text",
    build: (scene) =>
      scene.random.chance(0.4)
        ? { text: `You sent this earlier:\n\n${scene.call.split("\n").map((line) => `> ${line}`).join("\n")}\n\nI'll look at why it failed.` }
        : { text: lead(scene, fill(scene.random.pick(phrases.quotedLead), scene)) + scene.call },
  },
  suggested: { kind: "text", build: (scene) => ({ text: lead(scene, fill(scene.random.pick(phrases.suggested), scene)) + scene.call }) },
  closing: { kind: "text", build: (scene) => ({ text: scene.call + scene.random.pick(phrases.closing) }) },
  claimed: { kind: "text", build: (scene) => ({ text: scene.call + scene.random.pick(phrases.claimed) }) },
  weighed: { kind: "text", build: (scene) => ({ text: scene.random.pick(phrases.weighed).replace("{call}", scene.call) }) },
  // Appended last: the seeds of the contexts before them stay as they were.
  // Reasoning whose opening tag the chat template wrote (Qwen3, DeepSeek-R1): only its closing tag is in the text.
  think_unopened: { kind: "call", build: (scene) => ({ text: fill(scene.random.pick(phrases.unopened), scene) + scene.call }) },
  long_prose: { kind: "call", build: (scene) => ({ text: lead(scene, phrases.longProse + fill(scene.random.pick(phrases.leadEn), scene)) + scene.call }) },
  inline_lead: { kind: "call", build: (scene) => ({ text: lead(scene, fill(scene.random.pick(phrases.inlineLead), scene)) + scene.call }) },
  retry: { kind: "call", build: (scene) => ({ text: lead(scene, fill(scene.random.pick(phrases.retry), scene)) + scene.call }) },
  reasoning_tags: { kind: "call", build: (scene) => ({ text: fill(scene.random.pick(phrases.reasoningTags), scene) + scene.call }) },
  handed_over: { kind: "text", build: (scene) => ({ text: scene.call + scene.random.pick(phrases.handedOver) }) },
  offered_before: { kind: "text", build: (scene) => ({ text: lead(scene, fill(scene.random.pick(phrases.offeredBefore), scene)) + scene.call }) },
  offered: { kind: "text", build: (scene) => ({ text: lead(scene, fill(scene.random.pick(phrases.offered), scene)) + scene.call }) },
  // Other writing before the call, then a lead-in: code the model showed, a table, the user's words quoted, inline code.
  code_before: { kind: "call", build: (scene) => ({ text: lead(scene, fill(scene.random.pick(phrases.codeBefore), scene)) + scene.call }) },
  table_before: { kind: "call", build: (scene) => ({ text: lead(scene, fill(scene.random.pick(phrases.tableBefore), scene)) + scene.call }) },
  quote_before: { kind: "call", build: (scene) => ({ text: lead(scene, fill(scene.random.pick(phrases.quoteBefore), scene)) + scene.call }) },
  inline_code_prose: { kind: "call", build: (scene) => ({ text: lead(scene, fill(scene.random.pick(phrases.inlineCode), scene)) + scene.call }) },
  after_other: { kind: "call", build: (scene) => ({ text: scene.call + scene.random.pick(phrases.afterOther), ...(fenced(scene) ? { kind: "either" as const } : {}) }) },
  example_alt: { kind: "text", build: (scene) => ({ text: lead(scene, fill(scene.random.pick(phrases.exampleAlt), scene)) + scene.call }) },
  refused_alt: { kind: "text", build: (scene) => ({ text: lead(scene, fill(scene.random.pick(phrases.refusedAlt), scene)) + scene.call }) },
  reported_alt: { kind: "text", build: (scene) => ({ text: lead(scene, fill(scene.random.pick(phrases.reportedAlt), scene)) + scene.call }) },
  proposal_after: { kind: "text", build: (scene) => ({ text: scene.call + scene.random.pick(phrases.proposalAfter) }) },
  claimed_alt: { kind: "text", build: (scene) => ({ text: scene.call + scene.random.pick(phrases.claimedAlt) }) },
  retract_alt: { kind: "text", build: (scene) => ({ text: scene.call + scene.random.pick(phrases.retractAlt) }) },
  emoji_lead: { kind: "call", build: (scene) => ({ text: lead(scene, fill(scene.random.pick(phrases.emoji), scene)) + scene.call }) },
  // The call's place in its line (see BARE_FORMS above for the formats each applies to).
  inline_after: {
    kind: "call",
    build: (scene) => (marked(scene) || LINE_PLACED.has(scene.format.name) ? { text: fill(scene.random.pick(phrases.inlineAfter), scene) + scene.call } : undefined),
  },
  inline_mid: { kind: "call", build: (scene) => (marked(scene) ? { text: around(scene.random.pick(phrases.inlineMid), scene) } : undefined) },
  inline_glued: { kind: "call", build: (scene) => (marked(scene) ? { text: fill(scene.random.pick(phrases.inlineGlued), scene) + scene.call } : undefined) },
  inline_then: {
    kind: "call",
    build: (scene) => (marked(scene) || LINE_PLACED.has(scene.format.name) ? { text: scene.call + scene.random.pick(phrases.inlineThen) } : undefined),
  },
  inline_around: {
    kind: "call",
    build: (scene) => (marked(scene) ? { text: fill(scene.random.pick(phrases.inlineAfter), scene) + scene.call + scene.random.pick(phrases.inlineThen) } : undefined),
  },
  // Two calls with a sentence between them on one line: as `between`, every call read.
  inline_two: {
    kind: "call",
    build: (scene) => {
      if (scene.calls.length < 2 || !marked(scene)) return undefined;
      const [first, ...rest] = scene.calls;
      const layout = sceneLayout(scene);
      return { text: `${fill(scene.random.pick(phrases.inlineAfter), scene)}${scene.format.write([first!], layout)}${scene.random.pick(phrases.inlineTwo)}${scene.format.write(rest, layout)}` };
    },
  },
  // In reasoning: a call the reasoning and the answer end on is made (tag and token formats); one the reasoning goes on after is weighed.
  think_inline_end: {
    kind: "call",
    build: (scene) => (inlineText(scene) ? { text: around(scene.random.pick(phrases.thinkInlineEnd), scene), kind: reasoningKind(scene) } : undefined),
  },
  think_inline_goes_on: { kind: "text", build: (scene) => (inlineText(scene) ? { text: around(scene.random.pick(phrases.thinkInlineGoesOn), scene) } : undefined) },
  // Not made, written inside a sentence: an example, a refusal, the syntax, quoted or reported, offered.
  inline_example: { kind: "text", build: (scene) => (inlineText(scene) ? { text: around(scene.random.pick(phrases.inlineExample), scene) } : undefined) },
  inline_refused: { kind: "text", build: (scene) => (inlineText(scene) ? { text: around(scene.random.pick(phrases.inlineRefused), scene) } : undefined) },
  inline_syntax: { kind: "text", build: (scene) => (inlineText(scene) ? { text: around(scene.random.pick(phrases.inlineSyntax), scene) } : undefined) },
  inline_quoted: { kind: "text", build: (scene) => (inlineText(scene) ? { text: around(scene.random.pick(phrases.inlineQuoted), scene) } : undefined) },
  inline_offered: { kind: "text", build: (scene) => (inlineText(scene) ? { text: around(scene.random.pick(phrases.inlineOffered), scene) } : undefined) },
  // The second held part, appended last (the seeds of the contexts before it stay as they were); tuned now.
  conditional: { kind: "text", build: (scene) => ({ text: lead(scene, fill(scene.random.pick(phrases.conditional), scene)) + scene.call }) },
  // A log line's timestamp or level before the call on its line; a call that must open its line has none.
  log_line: { kind: "text", build: (scene) => (scene.format.opensLine === true || opensWithFence(scene) ? undefined : { text: scene.random.pick(phrases.logLine) + scene.call }) },
  lead_two_paras: { kind: "call", build: (scene) => ({ text: lead(scene, fill(scene.random.pick(phrases.leadTwoParas), scene)) + scene.call }) },
  // The third held part, appended last (the seeds of the contexts before it stay as they were), labelled from the docs'
  // rules before any run. A step in a numbered list of steps the reader should take: an imperative to the reader, offered.
  user_steps: {
    kind: "text",
    build: (scene) => ({ text: lead(scene, fill(scene.random.pick(phrases.userSteps), scene)) + scene.call + scene.random.pick(phrases.userStepsAfter) }),
  },
  // Introduced as an example, in few words.
  example_short: { kind: "text", build: (scene) => ({ text: lead(scene, fill(scene.random.pick(phrases.exampleShort), scene)) + scene.call }) },
  // Quoted in a reply: every line of the call behind a blockquote's `>` (`> `, `>`, or nested `>> `).
  quoted_reply: {
    kind: "text",
    build: (scene) => {
      const mark = scene.random.pick(["> ", ">", ">> "]);
      const quoted = scene.call.split("\n").map((line) => `${mark}${line}`).join("\n");
      return { text: scene.random.pick(phrases.quotedReplyLead) + quoted + scene.random.pick(phrases.quotedReplyAfter) };
    },
  },
  // The model says what it does next, and does it: an announcement.
  next_act: { kind: "call", build: (scene) => ({ text: lead(scene, fill(scene.random.pick(phrases.nextAct), scene)) + scene.call }) },
};

const sceneLayouts = new WeakMap<Scene, Layout>();
const sceneLayout = (scene: Scene): Layout => sceneLayouts.get(scene)!;

/** One or two calls of distinct tools, plain values. */
function drawCalls(random: Random, several: boolean): { tools: GeneratorTool[]; calls: MatrixCall[] } {
  const tools: GeneratorTool[] = [random.pick(generatorTools)];
  if (several) {
    const second = random.pick(generatorTools);
    if (second.name !== tools[0]!.name) tools.push(second);
  }
  return { tools, calls: tools.map((tool) => ({ name: tool.name, args: objectFor(tool.parameters, random) })) };
}

export interface ContextCase extends MatrixCase {
  /** The context's name (also in `shape`). */
  readonly context: string;
  readonly kind: ContextKind;
}

export function contextCase(format: MatrixFormat, name: string, seed: number): ContextCase | undefined {
  const context = contexts[name]!;
  const random = createRandom(seed);
  const wantsSeveral = name === "between" || name === "inline_two" || (format.several && random.chance(0.25));
  if (wantsSeveral && !format.several) return undefined;
  const { tools, calls } = drawCalls(random, wantsSeveral);
  const nl = name === "crlf" ? "\r\n" : "\n";
  const layout: Layout = { nl, json: random.pick(Object.values(jsonStyles)), broken: random.chance(0.5) };
  const scene: Scene = { random, format, calls, call: format.write(calls, layout), nl, name: calls[0]!.name };
  sceneLayouts.set(scene, layout);
  const built = context.build(scene);
  if (built === undefined) return undefined;
  // Plain values only: a format that cannot carry one, or has its own reading of it, is out of this matrix.
  const values = calls.flatMap((call) => Object.values(call.args)).filter((value): value is string => typeof value === "string");
  if (values.some((value) => format.cannotCarry?.(value) === true || format.unwritable?.(value) === true || /^\s|\s$/.test(value))) return undefined;
  const kind = built.kind ?? context.kind;
  const part: MatrixPart = HELD_CONTEXTS.has(name) || HELD_CONTEXT_FORMATS.has(format.name) ? "held" : "tuned";
  return {
    id: `${format.name}/${name}/${seed}`,
    format: format.name,
    shape: name,
    context: name,
    kind,
    part,
    tools,
    text: built.text,
    expected: kind === "text" ? null : calls,
    mayRefuse: kind === "either",
  };
}

/** `perCell` cases for every format × context (fewer where a context does not apply), seeds from `seedBase`. */
export const contextCases = (perCell: number, seedBase = 1): ContextCase[] => cellCases(Object.keys(contexts), perCell, seedBase, contextCase);
