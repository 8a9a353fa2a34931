/**
 * Calls that are someone else's or about calls, not the model's own: another model's or a program's output echoed,
 * the prompt's tool list, a summary of calls made, a format demonstrated, a call weighed; and text after a call
 * that says it is a format, the tool is not there, or the model cannot act. Each lead-in and each ending is checked
 * in several call formats, with neighbours that must still be read.
 */
import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const formats = [
  ["Hermes", '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>'],
  ["pythonic", '[get_weather(city="Paris")]'],
  ["a declared name", 'get_weather(city="Paris")'],
  ["Qwen3-Coder XML", "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>"],
  ["Mistral", '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]'],
  ["ReAct", 'Action: get_weather\nAction Input: {"city": "Paris"}'],
  ["Qwen-Agent", '✿FUNCTION✿: get_weather\n✿ARGS✿: {"city": "Paris"}'],
] as const;

const staysText = (content: string) => expect(readBothWays(content)).toEqual({ calls: [], text: content });
const isRead = (content: string) => expect(readBothWays(content).calls).toEqual([["get_weather", { city: "Paris" }]]);

describe("a lead-in that makes the call someone else's, or about calls", () => {
  const leads = [
    "The model responded with:",
    "It produced the following text:",
    "Instead, Qwen emits:",
    "In the test, we assert that the model emits",
    "Here's what I got back:",
    "Raw output:",
    "The raw response:",
    "Debugging output:",
    "The tool call in the logs is:",
    "Error: failed to parse tool call:",
    "Parsing error in:",
    "Available tools:",
    "You have access to the following tools:",
    "Summary of actions taken:",
    "Steps I took:",
    "Actions performed:",
    "Let me demonstrate:",
    "Let me explain the format first:",
    "Let me show you how to call it:",
    "This is what a tool call looks like in Hermes format:",
    "Qwen uses this format:",
    "According to the docs:",
    "My tools are invoked as follows.",
    "Hmm, the user wants the weather. Possible call:",
    "Dataset entry 1:",
    "# Tool reference",
    "I can check either city:",
    "<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n<|im_start|>assistant",
    "# Tools\n\nYou may call one or more functions to assist with the user query.",
    "When you ask about the weather, I call",
    "A correct response would have been:",
    "What I should have written is:",
    "The expected tool call is:",
    "Ground truth:",
    "Reference answer:",
    "Q: What's the weather in Paris?\nA:",
    "Last tool call:",
    "History:",
    "Note to self:",
    "I won't need it, but for completeness the call is",
    "Here is your request converted to a tool call (not executed):",
    "Here's the JSON payload for your API client:",
    "Paste this into Postman:",
  ];
  for (const [format, call] of formats) {
    it.each(leads)(`${format} after "%s" stays text`, (lead) => staysText(`${lead}\n${call}`));
  }
});

describe("text after the call that says it is not made", () => {
  const endings = [
    "The above is the format I will use once you give me a city.",
    "Note: this is how I would call it, but I'm not going to.",
    "This is what I'd send if the tool were available.",
    "The tool is not available right now.",
    "I'm just a language model and cannot execute this.",
    "However, I cannot actually access real-time weather data.",
    "Is this what you expected?",
    "That should work. Let me know the result.",
    "After running this, you'll see the weather.",
    "Which city did you mean, Paris in France or Paris in Texas?",
    "Did you mean Paris, Texas?",
    "Could you confirm the city first?",
    "I will wait for your input before running it.",
    "Returns the weather.",
    "Error: the tool returned 500.",
    "But I don't have permission to run it.",
    "(dry run)",
    "This call is shown for reference only.",
    "That's the call; I'm not running it now.",
    "Actually I can answer without tools: it's sunny.",
    "This is the expected output for the test.",
    "The assistant should produce exactly this.",
  ];
  for (const [format, call] of formats) {
    it.each(endings)(`${format} before "%s" stays text`, (ending) => staysText(`${call}\n\n${ending}`));
  }
});

describe("neighbours that are still calls", () => {
  const leads = [
    "According to the docs, I need to pass the city name:",
    "The API uses the following format, so here is my call:",
    "To see what the output looks like, I'll run:",
    "Let me see what it returns:",
    "Let me see what we get:",
    "Let me show you the weather in Paris:",
    "Summary of the task: get the weather. Calling the tool now.",
    "The model outputs are fine. Now calling:",
    "Failed to parse that; let me try again:",
    "The parse error is fixed now, retrying:",
    "Using the available tools, I'll check:",
    "I'll answer in this format:",
    "OK, the output of the last call was empty, so let me try Paris:",
    "The reference docs are clear on this. Checking now:",
    "Either way, let me look:",
    "Looking for your test files:",
    "Running curl:",
    "Searching for your script:",
    "The context is clear. Checking:",
  ];
  const endings = [
    "I'll report back once I have the result.",
    "This will give us the current weather.",
    "The tool is available, so this should work.",
    "Once this returns, I will summarize the weather for you.",
    "What else would you like to know after this?",
    "The result returns the forecast too.",
  ];
  for (const [format, call] of formats) {
    it.each(leads)(`${format} after "%s" is read`, (lead) => isRead(`${lead}\n${call}`));
    it.each(endings)(`${format} before "%s" is read`, (ending) => isRead(`Let me check.\n${call}\n${ending}`));
  }
});

describe("a call in inline code of one or two backticks", () => {
  it.each(["`", "``"])("%s around a Hermes call stays text", (ticks) => {
    staysText(`${ticks}<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>${ticks}`);
  });
});

describe("text after the call that speaks of its result as already had", () => {
  const claims = [
    "Based on the results, Paris is sunny with a high of 22°C.",
    "Great, the weather data shows it's sunny.",
    "The call succeeded. Paris: 22°C, sunny.",
    "I've retrieved the weather: 22°C.",
    "According to the tool, it's 22°C.",
    "The forecast came back: sunny, 22°C.",
    "So the answer is: 22°C and sunny.",
    "Summary: Paris is sunny today.",
    "Here's what I found in the forecast.",
    "Here is what the tool returned: sunny.",
    "Here are the results of the search:",
  ];
  const stillToCome = [
    "Based on the results, I'll decide what to pack.",
    "Once the result comes back, I will summarize it.",
    "Done!",
    "I'll tell you what the data shows.",
    "Here's what I'll do next: pack an umbrella.",
    "Here is the plan once it returns.",
  ];
  for (const [format, call] of formats) {
    it.each(claims)(`${format} before "%s" stays text`, (claim) => staysText(`Let me check the weather.\n${call}\n\n${claim}`));
    it.each(stillToCome)(`${format} before "%s" is read`, (ending) => isRead(`Let me check the weather.\n${call}\n\n${ending}`));
  }
});

describe("a call written inside a sentence", () => {
  const bash = [{ name: "Bash", parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"] } }];
  const hermes = '<tool_call>{"name": "Bash", "arguments": {"command": "ls"}}</tool_call>';
  const qwen = "<function=Bash><parameter=command>ls</parameter></function>";
  const mistral = '[TOOL_CALLS][{"name": "Bash", "arguments": {"command": "ls"}}]';
  const sentences: [string, string][] = [
    ["The parser saw ", " and treated it as a call."],
    ["In Qwen's tool syntax, ", " runs a command."],
    ["Models like Qwen emit ", " when they want to run something."],
    ["If I write ", " the harness runs it."],
    ["The string ", " is what gets parsed."],
    ["To debug, compare ", " with the raw tokens."],
    ["In Qwen's tool syntax, a call is written ", ", with one tag per argument."],
  ];
  for (const call of [hermes, qwen, mistral]) {
    it.each(sentences)(`${call.slice(0, 12)}… between "%s" and "%s" stays text`, (before, after) => {
      const content = `${before}${call}${after}`;
      expect(readBothWays(content, bash)).toEqual({ calls: [], text: content });
    });
    it.each([
      ["Running: ", ""],
      ["Let me check ", ""],
      ["Calling it ", " now."],
      ["Let me check.\n", "\nthen I will summarize the output."],
      ["Let me list the files ", "\n\nand then read them."],
    ])(`${call.slice(0, 12)}… between "%s" and "%s" is read`, (before, after) => {
      expect(readBothWays(`${before}${call}${after}`, bash).calls).toEqual([["Bash", { command: "ls" }]]);
    });
  }
});

describe("calls offered as options", () => {
  const both = [
    { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } },
    { name: "web_search", parameters: { type: "object", properties: { query: { type: "string" } }, required: ["query"] } },
  ];
  const pairs = [
    ['<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>', '<tool_call>{"name": "web_search", "arguments": {"query": "Paris weather"}}</tool_call>'],
    ['[get_weather(city="Paris")]', '[web_search(query="Paris weather")]'],
  ] as const;
  const layouts: ((a: string, b: string) => string)[] = [
    (a, b) => `Here are a few things I can do:\n1. ${a}\n2. ${b}`,
    (a, b) => `Possible approaches:\n- ${a}\n- ${b}`,
    (a, b) => `Two ways to get this:\n\n${a}\n\n${b}`,
    (a, b) => `${a}\n\nOr for a broader search:\n${b}`,
    (a, b) => `First option:\n${a}\nSecond option:\n${b}`,
    (a, b) => `Approach A: ${a}\nApproach B: ${b}`,
    (a, b) => `Plan A:\n${a}\nPlan B (fallback):\n${b}`,
    (a, b) => `${a}\n\nIf that doesn't work:\n${b}`,
    (a, b) => `You have two choices:\n${a}\n${b}`,
    (a, b) => `Which one should I run?\n${a}\n${b}`,
  ];
  for (const [a, b] of pairs) {
    it.each(layouts.map((layout) => [layout(a, b)]))("%s stays text", (content) => {
      expect(readBothWays(content, both)).toEqual({ calls: [], text: content });
    });
    // Prose between tagged calls is read as the turn's (a pythonic call after prose is another matter: a guess).
    const read = a.startsWith("<") ? [`Let me do both.\n${a}\n${b}`, `${a}\n\nNow the search:\n${b}`] : [`Let me do both.\n${a}\n${b}`];
    it.each(read)("%s is read", (content) => {
      expect(readBothWays(content, both).calls.length).toBe(2);
    });
  }
});

describe("a call after a chat transcript's user turn", () => {
  it.each([
    '[INST] What is the weather in Paris? [/INST][TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]',
    "<start_of_turn>user\nWeather in Paris?<end_of_turn>\n<start_of_turn>model\n```tool_code\nprint(get_weather(city=\"Paris\"))\n```",
    'Human: Weather in Paris?\n\nAssistant: [get_weather(city="Paris")]',
    '<|user|>\nWeather in Paris?<|end|>\n<|assistant|>\n<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>',
  ])("%s stays text", (content) => staysText(content));

  it.each([
    '<|im_start|>assistant\n<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>',
    '<|start_header_id|>assistant<|end_header_id|>\n\n{"name": "get_weather", "parameters": {"city": "Paris"}}',
    'The user wants the weather in Paris.\n<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>',
  ])("%s is read", (content) => isRead(content));
});

describe("a call shown in markup: a table cell, an HTML code element, a command's output, a fixture", () => {
  const hermes = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>';
  it.each([
    `| input | output |\n|---|---|\n| weather in Paris | ${hermes} |`,
    `<details><summary>Example</summary>\n\n${hermes}\n\n</details>`,
    `<pre>${hermes}</pre>`,
    `<code>${hermes}</code>`,
    "```\n$ cat call.txt\n" + hermes + "\n```",
    `>>> print(reply)\n${hermes}`,
    "Update the fixture:\n```\n" + hermes + "\n```\nand rerun the tests.",
    "Here's the fixture file `tests/fixtures/call.txt`:\n```\n" + hermes + "\n```",
  ])("%s stays text", (content) => staysText(content));

  it.each([
    `<details><summary>Thinking</summary>I need the weather.</details>\n${hermes}`,
    `$ is the currency sign; checking the weather:\n${hermes}`,
    `| city |\n|---|\n| Paris |\n\nLet me check it.\n${hermes}`,
  ])("%s is read", (content) => isRead(content));
});

describe("a call reported as done", () => {
  const hermes = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>';
  it.each([`✅ ${hermes}`, `✓ Completed: ${hermes}`, `[done] ${hermes}`, `Step 1 (done): ${hermes}\nStep 2: summarize.`, `${hermes}\n\n(from earlier)`])(
    "%s stays text",
    (content) => staysText(content),
  );
  it.each([`Let me try again:\n${hermes}`, `Retrying:\n${hermes}`, `✅ Read the file.\nNow the weather:\n${hermes}`])("%s is read", (content) => isRead(content));
});

describe("a JSON call after another on its line that did not read", () => {
  const shell = [{ name: "shell", parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"] } }];
  it.each([
    'Compare {"tool": "shell", "args": {"command": "ls"}} vs {"tool": "shell", "args": {"command": "pwd"}}',
    'Either {"name": "shell", "arguments": {"command": "ls"}} or {"name": "shell", "arguments": {"command": "pwd"}}',
  ])("%s stays text", (content) => expect(readBothWays(content, shell)).toEqual({ calls: [], text: content }));
  it.each([
    'I\'ll use the shell tool. The format is {"tool": "shell", "args": {...}}.\n\n{"tool": "shell", "args": {"command": "ls -la"}}',
    '{"tool": "shell", "args": {"command": "ls -la"}}',
  ])("%s is read", (content) => expect(readBothWays(content, shell).calls).toEqual([["shell", { command: "ls -la" }]]));
});
