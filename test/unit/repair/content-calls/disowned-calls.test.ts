/**
 * Calls written as text that the model did not make: refused or warned
 * against, suggested to the reader, echoed from someone else's words or a
 * tool's output, taken back after, part of a sentence, said to be hypothetical,
 * an example or a template, repeated in a loop, or cut short after the name. Each family also has rows that must still be
 * read: a wrong call is worse than none, but a real call left as text is a miss.
 */
import { describe, expect, it } from "vitest";
import { disownsCalls, hasDuplicateKeys, MAX_SAME_CALL, repeatsInLoop } from "../../../../src/repair/content-calls/call-guards.ts";
import { readBothWays, tools } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const hermes = (city: string) => `<tool_call>{"name": "get_weather", "arguments": {"city": ${JSON.stringify(city)}}}</tool_call>`;
const bashTools: ToolDefinition[] = [
  ...tools,
  { name: "bash", parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"] } },
];
const rm = '<tool_call>{"name": "bash", "arguments": {"command": "rm -rf /"}}</tool_call>';

function staysText(content: string, toolList: readonly ToolDefinition[] = bashTools): void {
  expect(readBothWays(content, toolList)).toEqual({ calls: [], text: content });
}

describe("a call refused or warned against stays text", () => {
  it.each([
    ["I won't run this", `I won't run this because it's dangerous:\n${rm}`],
    ["I cannot execute", `I cannot execute the following command:\n${rm}`],
    ["I will not run", `I will not run:\n${rm}`],
    ["Do not run", `Do not run:\n${rm}`],
    ["you should never run", `You should never run something like\n${rm}`],
    ["Avoid this", `Avoid this:\n${rm}`],
    ["the wrong way", `The wrong way:\n${rm}`],
    ["Incorrect, then Correct", `Incorrect:\n${rm}\nCorrect:\n${hermes("Paris")}`],
    ["a label line `Bad:`", `Bad:\n[bash(command="rm -rf /")]\nGood:\n[bash(command="ls")]`],
    ["a pythonic call after `Never do`", 'Never do\n[bash(command="rm -rf /")]'],
  ])("%s", (_title, content) => staysText(content));
});

describe("a call suggested to the reader or imagined stays text", () => {
  it.each([
    ["you could call, on its own line", 'You could call:\nget_weather(city="Paris")\nto find out.'],
    ["you should call", `You should call:\n${hermes("Paris")}`],
    ["alternatively, you can use", `Alternatively, you can use:\n${hermes("Paris")}`],
    ["instead of one, use another", 'Instead of [bash(command="rm -rf /")], use [bash(command="ls")]'],
    ["the call would be", `I can't call tools directly, but the call would be:\n${hermes("Paris")}`],
    ["my next step would be", `My next step would be:\n${hermes("Paris")}`],
    ["I would call", `I would call ${hermes("Paris")} but I don't have access.`],
    ["an agent would answer", 'An agent would answer:\nAction: get_weather\nAction Input: {"city": "Paris"}'],
    ["if you want", `If you want, run:\n${hermes("Paris")}`],
  ])("%s", (_title, content) => staysText(content));
});

describe("a call echoed from someone's words or a tool's output stays text", () => {
  it.each([
    ["the user wrote", `The user wrote:\n${hermes("Paris")}\nShould I run it?`],
    ["you asked, in quotes", `You asked: "${hermes("Paris")}" — I am not sure what you mean.`],
    ["in curly quotes", `You wrote “${hermes("Paris")}” earlier.`],
    ["in straight quotes mid-line", `I think you mean "[get_weather(city='Paris')]" right?`],
    ["a tool result label", `Tool result:\n${hermes("Paris")}`],
    ["the output was", 'The output was:\n{"name": "get_weather", "arguments": {"city": "Paris"}}'],
    ["the tool said", 'The tool said: {"name": "get_weather", "arguments": {"city": "Paris"}}'],
    ["an Observation label", `Observation:\n${hermes("Paris")}`],
    ["a transcript's user line", `User: ${hermes("Paris")}\nAssistant: sure`],
    ["a chat template's user turn", `<|im_start|>user\n${hermes("Paris")}<|im_end|>`],
    ["the previous call was", `The previous call was:\n${hermes("Paris")}`],
    ["earlier I wrote", `Earlier I wrote ${hermes("Paris")}`],
  ])("%s", (_title, content) => staysText(content));
});

describe("a call described as part of the prose stays text", () => {
  it.each([
    ["a format, then where …", 'The tool takes a JSON object:\n\n```json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n```\n\nwhere city is the name of a city.'],
    ["the format is as follows", 'The function call format is as follows\n```json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n```'],
    ["the request body looks like", 'The request body looks like\n```json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n```'],
    ["a call, then to …", '[get_weather(city="Paris")] to get the weather'],
    ["a call, then which returns …", `${hermes("Paris")}, which returns the forecast.`],
  ])("%s", (_title, content) => staysText(content));
});

describe("calls taken back after, or followed by a final answer, stay text", () => {
  it.each([
    ["wait, actually, then another call", `${hermes("Paris")}\nWait, actually the user meant Rome.\n${hermes("Rome")}`],
    ["wait, actually, no second call", `Let me check Paris.\n${hermes("Paris")}\nWait, actually, that's wrong — the user asked about Rome.`],
    ["no wait", `[get_weather(city="Paris")]\nNo wait, I should use Rome.`],
    ["actually, don't run that", `[bash(command="rm -rf build")]\nActually, don't run that — it would delete your build.`],
    ["an apology for the call", `${hermes("Paris")}\nI apologize, I used the wrong city. It should be Rome.`],
    ["hmm, but …, then another call", `I should check the weather.\n${hermes("Paris")}\nHmm, but the user asked about Rome, not Paris.\n${hermes("Rome")}`],
    ["oops", `${hermes("Paris")}\nOops, wrong city.`],
    ["scratch that", `${hermes("Paris")}\nScratch that.\n${hermes("Rome")}`],
    ["an interjection, then that's still wrong", `Let me check:\n${hermes("Paris")}\n\nUgh, that's still wrong. Let me use the correct format:\n${hermes("Paris")}`],
    ["still not right, on its own", `${hermes("Paris")}\n\nStill not right. The format is off.`],
    ["this is also wrong", `${hermes("Paris")}\nThis is also wrong.`],
    ["a ReAct action with a final answer", 'Thought: I need the weather.\nAction: get_weather\nAction Input: {"city": "Paris"}\nObservation: It is sunny, 22C.\nThought: I now know the final answer.\nFinal Answer: It is sunny in Paris.'],
  ])("%s", (_title, content) => staysText(content));
});

describe("a call proposed rather than made stays text", () => {
  it.each([
    ["shall I proceed", `${hermes("Paris")}\nShall I proceed?`],
    ["should I run it", `I'd like to run:\n${hermes("Paris")}\nShould I run it?`],
    ["do you want me to", `${hermes("Paris")}\nDo you want me to execute this?`],
    ["does this look right", `${hermes("Paris")}\nDoes this look right?`],
    ["let me know if you want me to", `${hermes("Paris")}\nLet me know if you want me to run it.`],
    ["either one or the other", '[get_weather(city="Paris")] or [get_weather(city="Rome")]'],
    ["alternatively, between two calls", `${hermes("Paris")}\nAlternatively:\n${hermes("Rome")}`],
    ["or, on its own line", `${hermes("Paris")}\nor\n${hermes("Rome")}`],
    ["option labels", `Option 1:\n${hermes("Paris")}\nOption 2:\n${hermes("Rome")}`],
    ["a conditional fallback", `If that fails, try:\n${hermes("Rome")}`],
    ["in case", `In case the first one fails:\n${hermes("Rome")}`],
    ["next time", `Next time, call:\n${hermes("Paris")}`],
    ["what the assistant should answer", `The assistant should respond with:\n${hermes("Paris")}`],
    ["an expected output label", `Expected output:\n${hermes("Paris")}`],
    ["a test case label", `Test case:\n${hermes("Paris")}`],
    ["a TODO label", `TODO:\n${hermes("Paris")}`],
    ["a transcript, the user's turn after", `Assistant: ${hermes("Paris")}\nUser: thanks`],
  ])("%s", (_title, content) => staysText(content));
});

describe("a call commented out, or with a key written twice, stays text", () => {
  it.each([
    ["in an HTML comment", `<!-- ${hermes("Paris")} -->`],
    ["after a line comment", `// ${hermes("Paris")}`],
    ["after a Python comment", '# [get_weather(city="Paris")]'],
    ["struck through", `~~${hermes("Paris")}~~`],
    ["a key written twice with two values", '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris", "city": "Rome"}}</tool_call>'],
    ["a key written twice in a fenced call", '```json\n{"name": "get_weather", "arguments": {"city": "Paris", "days": 1, "days": 2}}\n```'],
  ])("%s", (_title, content) => staysText(content));
});

describe("a loop and a call cut after its name stay text", () => {
  it.each([
    [`${MAX_SAME_CALL + 1} copies of one call`, Array.from({ length: MAX_SAME_CALL + 1 }, () => hermes("Paris")).join("\n")],
    ["30 copies in one pythonic list", `[${Array.from({ length: 30 }, () => 'get_weather(city="Paris")').join(", ")}]`],
    ["a Qwen3-Coder call cut after its name", "<tool_call>\n<function=get_time>"],
    ["a Qwen3-Coder loop of openings, the last cut after its name", "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<tool_call>\n<function=get_weather>"],
    ["a complete call, then one cut after its name", "<tool_call>\n<function=get_time>\n<parameter=tz>\nUTC\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=get_time>"],
    ["a GLM call cut after its name", "<tool_call>get_time"],
    ["a GLM call cut after its name and a line break", "<tool_call>get_time\n"],
  ])("%s", (_title, content) => staysText(content));
});

describe("a call the text after it says is not made stays text", () => {
  it.each([
    ["the call the model would make", `{"name": "get_weather", "arguments": {"city": "Paris"}}\nThis is the call I would make, but I don't have access to tools.`],
    ["the model unable to execute calls", `${hermes("Paris")}\nHowever, I am unable to execute function calls myself.`],
    ["the model without real-time access", '{"name": "get_weather", "parameters": {"city": "Paris"}}\n\nI don\'t have real-time access to weather data, but you can check a weather website.'],
    ["a simulated response after it", `${hermes("Paris")}\n(Simulated response: it is sunny in Paris.)`],
    ["a hypothetical response label after it", '[get_weather(city="Paris")]\n\nHypothetical response: 20 degrees and sunny.'],
    ["just an example", '```json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n```\nThis is just an example; the actual call depends on your setup.'],
    ["replace the value with your own", '{"name": "get_weather", "arguments": {"city": "Paris"}}\nReplace Paris with your own city.'],
    ["you can replace", `${hermes("Paris")}\nYou can replace the city with any other.`],
    ["if the model had access", '{"name": "get_weather", "arguments": {"city": "Paris"}}\nIf I had access to the tool, this would return the weather.'],
    ["a dangerous command the model cannot run", `${rm}\nI can't run commands on your machine; please review it first.`],
  ])("%s", (_title, content) => staysText(content));
});

describe("a call handed to the user to run, or shown to them, stays text", () => {
  it.each([
    ["asked to run it and share the output", '{"name": "get_weather", "arguments": {"city": "Paris"}}\nPlease run this and tell me the output.'],
    ["once you run this", '{"name": "get_weather", "arguments": {"city": "Paris"}}\nOnce you run this, paste the result here.'],
    ["execute it and share the result", `The tool call needed is:\n${hermes("Paris")}\nPlease execute it and share the result.`],
    ["`Use the following:`", `To check the weather, use the following:\n\`\`\`json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n\`\`\``],
    ["`Run this:`", `To get the weather in Paris, run this:\n${hermes("Paris")}`],
    ["`Try this:`", `Try this:\n${hermes("Paris")}`],
    ["`Call the … tool with:`", `Call the get_weather tool with:\n${hermes("Paris")}`],
    ["you would need to call", `You would need to call:\n${hermes("Paris")}`],
    ["I recommend calling", `I recommend calling:\n${hermes("Paris")}`],
    ["a call that can be used", `The following function call can be used to get the weather:\n${hermes("Paris")}`],
    ["what the assistant calls in a transcript", `The assistant calls:\n${hermes("Paris")}`],
  ])("%s", (_title, content) => staysText(content));
});

describe("a previous call quoted stays text", () => {
  it.each([
    ["my previous call was", `My previous call was ${hermes("Paris")} and it failed.`],
    ["the last request was, on its own line", `The last request was:\n${hermes("Paris")}`],
  ])("%s", (_title, content) => staysText(content));
});

describe("calls near these guards are still read", () => {
  it.each([
    ["three copies of one call", [1, 2, 3].map(() => hermes("Paris")).join("\n"), 3, ""],
    [`${MAX_SAME_CALL} copies of one call`, Array.from({ length: MAX_SAME_CALL }, () => hermes("Paris")).join("\n"), MAX_SAME_CALL, ""],
    ["actually, let me also …", `${hermes("Paris")}\nActually, let me also check Rome.\n${hermes("Rome")}`, 2, "Actually, let me also check Rome."],
    ["wait for the results", `${hermes("Paris")}\nWait for the results before answering.`, 1, "Wait for the results before answering."],
    ["a negation that governs no action", `I can't find the file, so let me search:\n${hermes("Paris")}`, 1, "I can't find the file, so let me search:"],
    ["a refusal, then a sentence that acts", `I won't guess; let me check:\n${hermes("Paris")}`, 1, "I won't guess; let me check:"],
    ["you asked, then acting", `You asked about Paris. Checking now:\n${hermes("Paris")}`, 1, "You asked about Paris. Checking now:"],
    ["I can use", `I can use the weather tool for that:\n${hermes("Paris")}`, 1, "I can use the weather tool for that:"],
    ["a result line, then acting", `Result: the file is empty.\nLet me check again:\n${hermes("Paris")}`, 1, "Result: the file is empty.\nLet me check again:"],
    ["a correction before the call", `Wait, the user asked about Rome, not Paris.\n${hermes("Rome")}`, 1, "Wait, the user asked about Rome, not Paris."],
    ["a correction in reasoning before the call", `<think>The user says Paris. Wait, actually they said Rome.</think>\n${hermes("Rome")}`, 1, "<think>The user says Paris. Wait, actually they said Rome.</think>"],
    ["a sentence after the call", `${hermes("Paris")}\nThis will return the current weather.`, 1, "This will return the current weather."],
    ["you will see, then the call", `Checking the weather for you. You'll see the result shortly.\n${hermes("Paris")}`, 1, "Checking the weather for you. You'll see the result shortly."],
    ["a GLM call without arguments, closed", "<tool_call>get_time</tool_call>", 1, ""],
    ["a Qwen3-Coder call without arguments, closed", "<tool_call>\n<function=get_time>\n</function>\n</tool_call>", 1, ""],
    ["a bare Qwen3-Coder function without arguments", "<function=get_time></function>", 1, ""],
    ["a question after the call that asks nothing about it", `Let me check the weather for you.\n${hermes("Paris")}\nWould you like to know more?`, 1, "Let me check the weather for you.\nWould you like to know more?"],
    ["a plan for later after the call", `First I'll check Paris:\n${hermes("Paris")}\nThen, once I have that, I'll check Rome.`, 1, "First I'll check Paris:\nThen, once I have that, I'll check Rome."],
    ["a Markdown heading before the call", `## Checking the weather\n${hermes("Paris")}`, 1, "## Checking the weather"],
    ["a prose sentence about options before the call", `I'll use the first option:\n${hermes("Paris")}`, 1, "I'll use the first option:"],
    ["as requested", `Sure, as requested:\n${hermes("Paris")}`, 1, "Sure, as requested:"],
    ["as you asked", `As you asked:\n${hermes("Paris")}`, 1, "As you asked:"],
    ["if you want the thing, here it is", `If you want the weather, here it is:\n${hermes("Paris")}`, 1, "If you want the weather, here it is:"],
    ["an apology for the wait after the call", `${hermes("Paris")}\nSorry for the wait!`, 1, "Sorry for the wait!"],
    ["a musing after the call", `${hermes("Paris")}\nHmm, the result should arrive soon.`, 1, "Hmm, the result should arrive soon."],
    ["an offer of more after the call", `${hermes("Paris")}\nOr, if you prefer, I can also check Rome.`, 1, "Or, if you prefer, I can also check Rome."],
    ["a result promised after the call", `Let me check.\n${hermes("Paris")}\nI'll report back once I have the result.`, 1, "Let me check.\nI'll report back once I have the result."],
    ["no access said before the call", `I don't have real-time access, so let me use the tool:\n${hermes("Paris")}`, 1, "I don't have real-time access, so let me use the tool:"],
    ["an example mentioned after the call", `${hermes("Paris")}\nThis will give us an example of the forecast format.`, 1, "This will give us an example of the forecast format."],
    ["hold on while it runs: a wait, not a retraction", `${hermes("Paris")}\nHold on while it runs.`, 1, "Hold on while it runs."],
    ["answering from memory, said of what the call avoids", `${hermes("Paris")}\nI'm doing this lookup rather than answering from memory.`, 1, "I'm doing this lookup rather than answering from memory."],
    ["`replace` in a sentence about something else", `${hermes("Paris")}\nThen I'll see how to replace the forecast panel.`, 1, "Then I'll see how to replace the forecast panel."],
    ["simulated as a plain word", `${hermes("Paris")}\nLooking up simulated response surfaces too.`, 1, "Looking up simulated response surfaces too."],
    ["a previous call that failed, then a retry", `My previous call failed, trying again:\n${hermes("Paris")}`, 1, "My previous call failed, trying again:"],
    ["a comparison with the user's city after the call", `${hermes("Paris")}\nOnce I have it, I will compare it with your own city.`, 1, "Once I have it, I will compare it with your own city."],
    ["calling, said as the model acts", `Calling the weather tool:\n${hermes("Paris")}`, 1, "Calling the weather tool:"],
    ["I'll use the tool", `I'll use the weather tool:\n${hermes("Paris")}`, 1, "I'll use the weather tool:"],
    ["using the tool", `Using get_weather:\n${hermes("Paris")}`, 1, "Using get_weather:"],
    ["`run` in a sentence about something else", `The forecast should run through Friday. Checking:\n${hermes("Paris")}`, 1, "The forecast should run through Friday. Checking:"],
    ["a question to the user after the call", `${hermes("Paris")}\nOnce I have it, do you want the forecast too?`, 1, "Once I have it, do you want the forecast too?"],
    ["an answer label before the call", `Answer: let me check first.\n${hermes("Paris")}`, 1, "Answer: let me check first."],
    ["one key in two objects", '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris", "opts": {"city": "x"}}}</tool_call>', 1, ""],
  ])("%s", (_title, content, count, text) => {
    const reading = readBothWays(content, bashTools);
    expect(reading.calls.length).toBe(count);
    expect(reading.text).toBe(text);
  });
});

describe("guard parts", () => {
  it.each(["Wait, that's the wrong city.", "\nHmm, but Rome.", "Sorry, wrong one.", "Sorry, I meant Rome.", "Hmm, no.", "\nOr:", "Alternatively,\n", "Final Answer: 42", "where city is a city", "This is the call I would make.", "I cannot execute tool calls.", "This is just an example.", "Replace Paris with your city.", "(Simulated output: 20)", "If I could run it, you would see the weather.", "Please run this and tell me the output.", "Once you've run it, paste the output.", "Answer: it is sunny.", "Actually, I don't need to call the tool; it is sunny.", "No need to call the tool here.", "There is no need to use it.", "If you'd like, I can run it for you.", "Want me to run this?", "Do you want me to run it?", "Fill in your own values.", "Fill in the missing parameters first.", "Let me know if you'd like me to send it.", "I'll hold off on it for now.", "I'll run it once you confirm.", "Please confirm and I will execute it.", "Damn, that's still wrong.", "\nStill not right.", "Still wrong: the city is Rome."])("disownsCalls(%j)", (rest) => {
    expect(disownsCalls(rest)).toBe(true);
  });

  it.each(["", "Wait for it.", "Actually, let me also check Rome.", "This returns the weather.", "Waiting for the result.", "Sorry for the wait!", "Hmm, this may take a moment.", "\nto get the weather", "Or, if you prefer, I can check Rome too.", "I can't wait to see it.", "This example file is read next.", "The tool replaces old values.", "I'll run it and then tell you.", "The answer will follow.", "No need to call it again for Rome.", "No need to check Rome too.", "I don't need to call the tool for the other city.", "If you'd like more detail, ask.", "You confirmed Paris earlier.", "Would you like to know more?", "Do you want me to save the output somewhere when it's ready?", "Next step: parse the response and fill in the report.", "Let me know if you'd like me to adjust the layout while this runs.", "I'll hold off on recommendations until it returns.", "It is still raining there.", "Still, that is what you asked for.", "That is right, Paris it is.", "I still think Paris is right."])("not disownsCalls(%j)", (rest) => {
    expect(disownsCalls(rest)).toBe(false);
  });

  it.each([
    ['{"a": 1, "a": 2}', true],
    ['[{"a": 1}, {"a": 2}]', false],
    ['{"a": {"b": 1}, "b": 2}', false],
    ['{"a": "x\\" \\"a\\": y"}', false],
    ['<invoke name="a"><parameter name="a">1</parameter></invoke>', false],
  ])("hasDuplicateKeys(%j) is %s", (text, expected) => {
    expect(hasDuplicateKeys(text)).toBe(expected);
  });

  it("repeatsInLoop counts one call's copies, not calls", () => {
    const call = (city: string) => ({ name: "get_weather", arguments: `{"city":"${city}"}` });
    expect(repeatsInLoop(Array.from({ length: MAX_SAME_CALL + 1 }, () => call("Paris")))).toBe(true);
    expect(repeatsInLoop(Array.from({ length: 20 }, (_, index) => call(`City ${index}`)))).toBe(false);
    expect(repeatsInLoop([...Array.from({ length: MAX_SAME_CALL }, () => call("Paris")), call("Rome")])).toBe(false);
  });
});
