/**
 * Texts that hold a call written as text, by why the call was or was not made: the families of
 * outputs parsers' tests and users' reports keep as text (an example of the format, a quote of an
 * earlier call, a call followed by its invented result, a call the model asks leave for, a call inside
 * reasoning, a call shown in markup or among code, a closing remark to the reader), and their
 * counterparts that are made (the same call, a lead-in that acts, or none). Each family is written
 * in several call formats, with several wordings and positions.
 *
 * Every text gets a part by a hash of its text (of its wording, for the second set of wordings): `tune` rows are
 * the table test's; `held` rows are kept out of the test and only counted, to see whether what the tune rows
 * taught carries over.
 */

export interface FamilyText {
  readonly family: string;
  /** Whether the text makes its call: then the call must be read; otherwise the text stays text. */
  readonly made: boolean;
  readonly text: string;
  /** The call made: tool name and arguments. */
  readonly call: readonly [string, Record<string, unknown>];
  readonly part: "tune" | "held";
  /** From the second set of wordings, whose part is the wording's (never seen by the rules when held). */
  readonly reworded: boolean;
}

type Format = (name: string, args: Record<string, string>) => string;

const json = (name: string, args: Record<string, string>) => JSON.stringify({ name, arguments: args }).replace(/":/g, '": ').replace(/,"/g, ', "');
const py = (args: Record<string, string>) => Object.entries(args).map(([key, value]) => `${key}=${JSON.stringify(value)}`).join(", ");

/** Call formats a model writes as text. */
export const FORMATS: Record<string, Format> = {
  hermes: (name, args) => `<tool_call>${json(name, args)}</tool_call>`,
  hermesLines: (name, args) => `<tool_call>\n${json(name, args)}\n</tool_call>`,
  pythonic: (name, args) => `[${name}(${py(args)})]`,
  invoke: (name, args) =>
    `<function_calls>\n<invoke name="${name}">\n${Object.entries(args).map(([key, value]) => `<parameter name="${key}">${value}</parameter>`).join("\n")}\n</invoke>\n</function_calls>`,
  qwenXml: (name, args) =>
    `<tool_call>\n<function=${name}>\n${Object.entries(args).map(([key, value]) => `<parameter=${key}>\n${value}\n</parameter>`).join("\n")}\n</function>\n</tool_call>`,
  mistral: (name, args) => `[TOOL_CALLS][${json(name, args)}]`,
  bareJson: (name, args) => json(name, args),
  fencedJson: (name, args) => "```json\n" + json(name, args) + "\n```",
};

/** The calls written: a tool and its arguments. */
const CALLS: readonly [string, Record<string, string>][] = [
  ["get_weather", { city: "Paris" }],
  ["get_weather", { city: "Tokyo" }],
  ["get_weather", { city: "São Paulo" }],
  ["get_time", { tz: "Europe/Berlin" }],
  ["get_time", { tz: "America/New_York" }],
];

/** Words the call's value is spoken of by, in a made-up result. */
const place = (args: Record<string, string>) => args["city"] ?? args["tz"] ?? "";

interface Family {
  readonly name: string;
  readonly made: boolean;
  /** Text before and after the call; `$V` stands for the call's value. */
  readonly around: readonly (readonly [string, string])[];
  /** Formats the family is written in (default: all). */
  readonly formats?: readonly string[];
}

const NOT_MADE: readonly Family[] = [
  {
    name: "an example of the format",
    made: false,
    around: [
      ["Tool calls look like this:\n", ""],
      ["For example, to get the weather you would write:\n", ""],
      ["Here is an example of a tool call:\n", "\nUse the same shape for other cities."],
      ["The expected format is:\n", ""],
      ["Example:\n", ""],
      ["A call to the weather tool is written as follows:\n", ""],
      ["", "\nThis is the format the assistant should use for tool calls."],
      ["", "\nThat is an example; replace the value with your own."],
      ["To invoke a tool, the model emits something like:\n", ""],
      ["Sample response:\n", ""],
      ["The documentation gives this call:\n", ""],
      ["An illustration of the syntax:\n", "\n(Only an illustration.)"],
      ["Format reminder:\n", ""],
      ["", "\nThe above shows how a call is structured."],
      ["Syntax:\n", "\nwhere the value is the city or zone."],
    ],
  },
  {
    name: "a quote of an earlier call",
    made: false,
    around: [
      ["Earlier I called:\n", ""],
      ["Already tried:\n", ""],
      ["My previous call was:\n", "\nIt returned an error, so I need a different approach."],
      ["You ran this before:\n", ""],
      ["In the last turn I sent:\n", ""],
      ["Here is the call from the log:\n", ""],
      ["Previously the assistant wrote:\n", ""],
      ["The call I made a moment ago was:\n", ""],
      ["", "\nThat was my earlier attempt, and it failed."],
      ["", "\nThis is the call I already made in the previous step."],
      ["As a reminder, my first call was:\n", ""],
      ["Last time, I executed:\n", ""],
      ["The history shows this call:\n", ""],
    ],
  },
  {
    name: "a call followed by its invented result",
    made: false,
    around: [
      ["", "\nThe weather in $V is sunny and mild today."],
      ["", "\nIt is currently cloudy in $V."],
      ["", "\n$V: clear skies, light wind."],
      ["", "\nThe result shows clear skies over $V."],
      ["", "\nResult: sunny"],
      ["", '\n<tool_response>{"forecast": "rain"}</tool_response>\nIt will rain in $V.'],
      ["", "\nIt returned clear skies."],
      ["", "\nGreat, it worked! $V looks sunny."],
      ["", "\nDone. The forecast for $V is rain."],
      ["", "\nThe tool says it's raining in $V."],
      ["", "\nSo in $V it is warm and dry right now."],
      ["", "\nThe current time in $V is a quarter past three in the afternoon."],
      ["", "\nThe call succeeded and reported fog."],
      ["", "\nOutput: foggy morning"],
      ["", "\nAs expected, $V is rainy this week."],
      ["", "\n✅ Success: the forecast for $V came back."],
      ["", "\nStatus: 200 OK"],
      ["", "\n❌ Failed: the weather service timed out."],
      ["", "\nExit code: 0"],
    ],
  },
  {
    name: "a call the model asks leave for, or will not make",
    made: false,
    around: [
      ["", "\nShould I run this?"],
      ["", "\nShall I go ahead with this call?"],
      ["", "\nWant me to send it?"],
      ["", "\nLet me know if you'd like me to execute it."],
      ["", "\nI won't run it unless you confirm."],
      ["", "\nSay yes and I'll send it."],
      ["", "\nReply 'go' to run it."],
      ["I could run the following, if you approve:\n", ""],
      ["With your permission, I'd call:\n", ""],
      ["I'm not going to run this, but here it is:\n", ""],
      ["", "\nDo you want me to proceed?"],
      ["", "\nIs it OK if I run this?"],
      ["", "\nI'll wait for your go-ahead before calling it."],
      ["I would call this, but I need your confirmation first:\n", ""],
      ["", "\nConfirm and I'll make the call."],
    ],
  },
  {
    name: "a call inside reasoning",
    made: false,
    formats: ["hermes", "hermesLines", "invoke", "qwenXml"],
    around: [
      ["<analysis>\nThe user wants the weather. I might call\n", "\nbut the user already said it.\n</analysis>\nIt's up to you which city to check."],
      ["<analysis>Option:\n", "\nNo, not needed.</analysis>\nNo lookup is needed here."],
      ["◁think▷The user asks about $V. I could do\n", "\nthen answer.◁/think▷I can look it up for you if you like."],
      ["◁think▷Maybe\n", "\n◁/think▷Which city do you mean?"],
      ["<thoughts>\nOne way:\n", "\n</thoughts>\nI'd need the city first."],
      ["<internal_monologue>Plan:\n", "\n</internal_monologue>\nTell me the city and I'll check."],
      ["<think_process>\n", "\nHmm, the user asked something else.\n</think_process>\nSure, what else can I help with?"],
      ["<reason>\n", "\nwould work, but no.\n</reason>\nLet's talk about something else."],
      ["<|channel|>analysis<|message|>Consider\n", "\nnot now.<|end|><|start|>assistant<|channel|>final<|message|>Ask me again later."],
      ["<deliberation>\n", "\n</deliberation>\nNo call needed."],
    ],
  },
  {
    name: "a call shown in markup",
    made: false,
    around: [
      ["**", "**"],
      ["*", "*"],
      ["__", "__"],
      ["Here it is in bold: **", "**"],
      ["> ", ""],
      ["| call | meaning |\n|---|---|\n| ", " | the weather |"],
      ["<code>", "</code>"],
      ["<pre>\n", "\n</pre>"],
      ["<example>\n", "\n</example>"],
      ["<blockquote>\n", "\n</blockquote>"],
      ["<kbd>", "</kbd>"],
      ["<sample>\n", "\n</sample>"],
      ["<!-- ", " -->"],
      ["<!--\n", "\n-->"],
      ["Here is what I would run:\n<!--\n", "\n-->\nTell me if it looks right."],
      ["<!-- disabled for now\n", "\n-->"],
      ["<!--\n", ""],
      ["/*\n", "\n*/"],
      ["  /* old call:\n", "\n  */"],
      ["<em>", "</em>"],
      ["<strong>", "</strong>"],
    ],
  },
  {
    name: "a call among code",
    made: false,
    formats: ["hermes", "pythonic", "invoke", "qwenXml", "bareJson"],
    around: [
      ['```python\nprompt = """\n', '\n"""\nprint(parse(prompt))\n```'],
      ["```python\nexpected = '", "'\nassert parse(text) == expected\n```"],
      ["```js\nconst sample = `", "`;\nconsole.log(parse(sample));\n```"],
      ["```\n$ echo '", "' | ./parser\n```"],
      ["def test_parse():\n    text = '''", "'''\n    assert parse(text)\n"],
      ["```yaml\nexample: |\n  ", "\n```"],
      ["```text\n", "\n```\nThe parser turns the block above into a call."],
      ["```xml\n<message role=\"assistant\">\n", "\n</message>\n```"],
    ],
  },
  {
    name: "a closing remark to the reader",
    made: false,
    around: [
      ["", "\nHope this helps!"],
      ["", "\nHope that helps."],
      ["", "\nLet me know if you have any other questions."],
      ["", "\nFeel free to ask if you need anything else."],
      ["", "\nHappy to help further!"],
      ["", "\nGood luck!"],
      ["", "\nEnjoy your trip!"],
      ["", "\nHave a great day!"],
      ["Sure! ", "\nAnything else I can help with?"],
      ["", "\nI hope this is useful."],
      ["", "\nCheers!"],
      ["", "\nIs there anything else you need?"],
    ],
  },
];

const MADE: readonly Family[] = [
  {
    name: "a call made",
    made: true,
    around: [
      ["", ""],
      ["I'll check the weather now.\n", ""],
      ["Let me look that up.\n", ""],
      ["Sure, checking.\n", ""],
      ["", "\nOne moment while I fetch it."],
      ["", "\nI'll report back once it returns."],
      ["To answer, I need the current data.\n", ""],
      ["Checking $V:\n", ""],
      ["I need to call the tool:\n", ""],
      ["", "\n"],
      ["Let me fetch that for you.\n\n", ""],
      ["Of course! Let me check $V for you.\n", ""],
      ["Calling the tool now:\n", ""],
      ["I'll use the weather tool for $V.\n", ""],
      ["Looking it up.\n", "\nI'll tell you as soon as I have it."],
      ["<!-- checking the weather -->\n", ""],
      ["", "\n<!-- end of call -->"],
      ["See src/*.ts for the tools.\n", ""],
    ],
  },
  {
    name: "a call made after reasoning",
    made: true,
    formats: ["hermes", "hermesLines", "invoke", "qwenXml", "pythonic", "mistral"],
    around: [
      ["<think>\nThe user asks about $V. I should call the tool.\n</think>\n", ""],
      ["<think>Need data.</think>\n\n", ""],
      ["<analysis>The user wants the weather in $V.</analysis>\n", ""],
      ["◁think▷The user wants $V.◁/think▷", ""],
      ["<thinking>\nI'll look it up.\n</thinking>\n", ""],
    ],
  },
];

/**
 * A second set of wordings, written after the first set's rules were made: each wording is in one part as a whole
 * (its part from a hash of the wording), so the held wordings say whether the rules carry to words not seen.
 */
const REWORDED: readonly Family[] = [
  {
    name: "an example of the format",
    made: false,
    around: [
      ["When the assistant wants the weather, its message contains:\n", ""],
      ["The canonical shape of a request is\n", ""],
      ["Here's what a well-formed call to the tool looks like:\n", ""],
      ["Illustrative call (not executed):\n", ""],
      ["Demo:\n", ""],
      ["", "\nThe snippet above is an illustration of the calling convention."],
      ["Models are expected to reply in this shape:\n", ""],
      ["For instance:\n", ""],
      ["Reference usage:\n", ""],
      ["", "\nUse this as a template for your own requests."],
    ],
  },
  {
    name: "a quote of an earlier call",
    made: false,
    around: [
      ["Two turns ago I issued:\n", ""],
      ["Your earlier message included this call:\n", ""],
      ["The request I sent last time was\n", ""],
      ["", "\nThat request already went out in my previous reply."],
      ["Recap of the call already executed:\n", ""],
      ["From the earlier step, the call was:\n", ""],
      ["", "\n(This was already sent earlier.)"],
      ["Here is what the assistant sent in its previous turn:\n", ""],
      ["Copied from the conversation history:\n", ""],
      ["", "\nI had already sent exactly this a minute ago."],
    ],
  },
  {
    name: "a call followed by its invented result",
    made: false,
    around: [
      ["", "\nResponse: {\"forecast\": \"sunny\"}"],
      ["", "\n$V shows partly cloudy skies this afternoon."],
      ["", "\nAccording to the result, $V is dry."],
      ["", "\nThe lookup came back: mild and breezy."],
      ["", "\nIn $V right now it's drizzling."],
      ["", "\nSuccess! The forecast says showers for $V."],
      ["", "\nHere's what I got: $V is overcast."],
      ["", "\n→ overcast, light rain"],
      ["", "\nThe answer: $V is chilly tonight."],
      ["", "\nIt looks like $V is having a heatwave."],
    ],
  },
  {
    name: "a call the model asks leave for, or will not make",
    made: false,
    around: [
      ["", "\nOkay if I go ahead and run that?"],
      ["", "\nShould I execute this now?"],
      ["", "\nCan I proceed with this request?"],
      ["", "\nJust say the word and I will run it."],
      ["", "\nApprove this and I'll send it right away."],
      ["Here's the call I'd make, pending your approval:\n", ""],
      ["", "\nWould you like me to go ahead?"],
      ["", "\nI'll hold off until you give the OK."],
      ["I haven't run this yet — tell me if I should:\n", ""],
      ["", "\nMay I make this call?"],
    ],
  },
  {
    name: "a call inside reasoning",
    made: false,
    formats: ["hermes", "hermesLines", "invoke", "qwenXml"],
    around: [
      ["<reasoning_trace>\n", "\nprobably unnecessary\n</reasoning_trace>\nThe answer doesn't need a lookup."],
      ["<thinking_process>I could try\n", "\n</thinking_process>\nI'll need the city first."],
      ["<hidden_thoughts>\n", "\n</hidden_thoughts>\nNo need to check."],
      ["<inner_thoughts>Perhaps\n", "\n</inner_thoughts>\nCould you clarify?"],
      ["<analysis>\n", "\nThe user wants something else.\n</analysis>\nHappy to chat instead."],
      ["◁think▷\n", "\nno, skip◁/think▷What do you mean exactly?"],
      ["<reflection>\n", "\nnot needed</reflection>\nAll set."],
      ["<scratchpad>\n", "\n</scratchpad>\nLet's discuss first."],
    ],
  },
  {
    name: "a call shown in markup",
    made: false,
    around: [
      ["***", "***"],
      ["<b>", "</b>"],
      ["<i>", "</i>"],
      ["<mark>", "</mark>"],
      ["<td>", "</td>"],
      ["<li>", "</li>"],
      ["<p>", "</p>"],
      ["<h3>", "</h3>"],
      ["<samp>", "</samp>"],
      ["<q>", "</q>"],
    ],
  },
  {
    name: "a call among code",
    made: false,
    formats: ["hermes", "pythonic", "invoke", "qwenXml", "bareJson"],
    around: [
      ['```python\nRAW = r"""', '"""\ncalls = parser.extract(RAW)\n```'],
      ["```go\nconst input = `", "`\n```"],
      ["```ruby\nfixture = <<~TXT\n  ", "\nTXT\n```"],
      ["```bash\ncat > out.txt <<'EOF'\n", "\nEOF\n```"],
      ["```ts\nit('parses', () => {\n  const text = `", "`;\n  expect(parse(text)).toHaveLength(1);\n});\n```"],
      ["```python\nmessages = [{\"role\": \"assistant\", \"content\": '''", "'''}]\n```"],
    ],
  },
  {
    name: "a closing remark to the reader",
    made: false,
    around: [
      ["", "\nHope this is what you were looking for!"],
      ["", "\nLet me know if there's anything else."],
      ["", "\nHave a nice weekend!"],
      ["", "\nGlad I could help."],
      ["", "\nAnything else you'd like to know?"],
      ["", "\nFeel free to reach out with more questions."],
      ["", "\nBest of luck with your plans!"],
      ["", "\nEnjoy!"],
      ["", "\nTake care!"],
      ["", "\nHappy travels!"],
    ],
  },
  {
    name: "a call made",
    made: true,
    around: [
      ["On it.\n", ""],
      ["Fetching the forecast for $V.\n", ""],
      ["Let me get the current conditions.\n", ""],
      ["", "\nI'll share the results as soon as they arrive."],
      ["Good question! Let me check.\n", ""],
      ["First, I'll look up $V.\n", ""],
      ["I'm going to call the weather tool.\n", ""],
      ["", "\nWaiting for the tool's response."],
      ["Alright, checking the weather in $V now.\n\n", ""],
      ["The user asked about $V, so I'll query the tool.\n", ""],
      ["", "\nThis will fetch the latest data."],
      ["Sure thing.\n", "\n"],
      ["", "\n✅ Done"],
    ],
  },
  {
    name: "a call made after reasoning",
    made: true,
    formats: ["hermes", "hermesLines", "invoke", "qwenXml", "pythonic", "mistral"],
    around: [
      ["<reasoning>The user asks about $V.</reasoning>\n", ""],
      ["<scratchpad>need weather</scratchpad>\n", ""],
      ["◁think▷Look it up.◁/think▷\n", ""],
      ["<thoughts>Call the tool.</thoughts>\n", ""],
      ["<think>\nOK.\n</think>\n\nSure, checking.\n", ""],
    ],
  },
];

/** FNV-1a over the text: a part that depends on nothing but the text. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let at = 0; at < text.length; at++) {
    value ^= text.charCodeAt(at);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** Every text of every family, each call format and each call, with its part. */
export function familyTexts(): FamilyText[] {
  const texts: FamilyText[] = [];
  const sets: (readonly [Family, boolean])[] = [...[...NOT_MADE, ...MADE].map((each) => [each, false] as const), ...REWORDED.map((each) => [each, true] as const)];
  for (const [family, byWording] of sets) {
    const formats = family.formats ?? Object.keys(FORMATS);
    let row = 0;
    for (const [before, after] of family.around) {
      const wordingPart = hash(`${before}\u0000${after}`) % 10 < 3 ? "held" : "tune";
      for (const formatName of formats) {
        // One call per (wording, format), turning through the calls: every wording meets several calls and formats.
        const [name, args] = CALLS[row++ % CALLS.length]!;
        const value = place(args);
        const text = before.replaceAll("$V", value) + FORMATS[formatName]!(name, args) + after.replaceAll("$V", value);
        const part = byWording ? wordingPart : hash(text) % 10 < 3 ? "held" : "tune";
        texts.push({ family: family.name, made: family.made, text, call: [name, args], part, reworded: byWording });
      }
    }
  }
  return texts;
}
