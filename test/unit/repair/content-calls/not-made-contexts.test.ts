/**
 * Calls put in contexts that say they are not made (a log line, code, a prompt's rule, a supposition, an output
 * quoted in a bug report, a plan, a transcript that goes on, an explanation of the call's parts), each checked in
 * several call formats, beside the same calls in contexts that make them: those must still be read.
 */
import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const formats = {
  Hermes: `<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>`,
  "Hermes on lines": `<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>`,
  pythonic: `[get_weather(city="Paris")]`,
  invoke: `<function_calls>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n</invoke>\n</function_calls>`,
  "Qwen3-Coder": `<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>`,
  JSON: `{"name": "get_weather", "arguments": {"city": "Paris"}}`,
  Mistral: `[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]`,
  GLM: `<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>`,
  Llama: `<function=get_weather>{"city": "Paris"}</function>`,
  Gemma: `<|tool_call>call:get_weather{city:<|"|>Paris<|"|>}<tool_call|>`,
};

const notMade: [string, (call: string) => string][] = [
  ["a log line with a timestamp", (call) => `[2024-05-01 12:00:01] DEBUG model output: ${call}`],
  ["a log line with a level", (call) => `INFO:     response text = ${call}`],
  ["a log line in a fence", (call) => `Here is what I see in the server log:\n\`\`\`\n2024-05-01 12:00:01 DEBUG raw: ${call}\n\`\`\``],
  ["a value assigned in code", (call) => `mock_response = ${call}`],
  ["a triple-quoted string assigned in code", (call) => `text = """\n${call}\n"""\nprint(parse(text))`],
  ["a prompt's rule with `if`", (call) => `If the user asks about Paris, call\n${call}`],
  ["a prompt's rule with `when`", (call) => `When you need the weather, output\n${call}`],
  ["a prompt's rule with `whenever`", (call) => `Whenever the user mentions a city, respond with:\n${call}`],
  ["a system prompt's rule", (call) => `You are a helpful assistant. When you need a tool, respond with\n${call}`],
  ["a supposition", (call) => `Suppose the assistant returned\n${call}`],
  ["`let's say`", (call) => `Let's say the model outputs\n${call}`],
  ["`what if`", (call) => `What if I send\n${call}`],
  ["an output received", (call) => `I got this response:\n${call}`],
  ["`received from`", (call) => `Received from the model:\n${call}`],
  ["`the output is:`", (call) => `The output is:\n${call}`],
  ["`compare this`", (call) => `Compare this:\n${call}\nwith what you wrote.`],
  ["a step in a plan's list", (call) => `Here's my plan:\n\n1. First I'll call ${call}\n2. Then I'll read the file.`],
  ["a plan's label", (call) => `Plan:\n1. ${call}\n2. Summarize the forecast.`],
  ["a bug report's heading", (call) => `## Actual output\n\n${call}`],
  ["`the syntax you want is`", (call) => `The syntax you want is\n${call}`],
  ["`call it as:`", (call) => `# Tools\n\nYou have the get_weather tool. Call it as:\n${call}`],
  ["a quoted transcript", (call) => `> User: weather in Paris?\n> Assistant: ${call}`],
  ["a transcript going on with the tool's turn", (call) => `assistant: ${call}\ntool: {"temp": 22}\nassistant: It is 22°C in Paris.`],
  ["a transcript in bold labels", (call) => `**Assistant:** ${call}\n**Tool:** 22°C`],
  ["an explanation after", (call) => `${call}\n\nExplanation: the call asks for the weather in Paris.`],
  ["`this calls the … tool` after", (call) => `${call}\n\nThis calls the get_weather tool with the city set to Paris.`],
  ["`in this call,` after", (call) => `${call}\n\nIn this call, \`city\` is the name of the city.`],
  ["a parameter explained after", (call) => `${call}\n\nHere, the \`city\` parameter specifies the location.`],
  ["`I can't access` after", (call) => `${call}\nHowever, I can't access the weather service.`],
  ["`you can use this` after", (call) => `${call}\n\nYou can use this to get the weather.`],
  ["a question about the values after", (call) => `${call}\nIs Paris the right city?`],
  ["the plan's next step after", (call) => `Step 1: ${call}\nStep 2: read the notes file`],
  ["`the function call should be:`", (call) => `The function call should be:\n${call}`],
  ["`one could call`", (call) => `One could call\n${call}`],
  ["`the model might output`", (call) => `The model might output\n${call}`],
  ["a question back", (call) => `Do you mean\n${call}`],
  ["options offered", (call) => `You could either:\n- ${call}\n- ask me for another city`],
  ["`the above JSON represents` after", (call) => `${call}\n\nThe above JSON represents a call to the get_weather function.`],
  ["`in the JSON above` after", (call) => `${call}\n\nIn the JSON above, "name" is the tool and "arguments" holds its inputs.`],
  ["`it returns {…}` after", (call) => `${call}\n\nIt returns {"temp": 22}.`],
  ["`Expected result:` after", (call) => `${call}\n\nExpected result: the temperature in Paris.`],
  ["`(pretend this ran)` after", (call) => `${call}\n(pretend this ran)`],
  ["`I received the …` after", (call) => `${call}\n\nI received the weather data: sunny, 22°C.`],
  ["its outcome assumed after", (call) => `${call}\n\nAssuming the action was successful, the weather in Paris is mild.`],
  ["`let's suppose it returned` after", (call) => `${call}\nLet's suppose it returned 22°C.`],
  ["`I already know the answer` after", (call) => `${call}\nActually, I already know the answer: it's sunny in Paris.`],
  ["`skip the tool` after", (call) => `${call}\nLet's skip the tool and answer from memory.`],
  ["`the answer directly` after", (call) => `${call}\n\nInstead, here is the answer directly: sunny.`],
];

const made: [string, (call: string) => string][] = [
  ["alone", (call) => call],
  ["after `Let me check.`", (call) => `Let me check.\n${call}`],
  ["after `I'll call … now:`", (call) => `I'll call get_weather now:\n${call}`],
  ["after an assumption, then acting", (call) => `Assuming you mean Paris, France, let me check the weather:\n${call}`],
  ["after a condition the model acts on", (call) => `If it rains there, I'll tell you. Checking:\n${call}`],
  ["after `Let me see what it says:`", (call) => `Let me see what it says:\n${call}`],
  ["then waiting for the request", (call) => `${call}\nI'll wait for that request to finish.`],
  ["then saying what it will do", (call) => `${call}\nThis will fetch the current weather for Paris.`],
  ["then a thanks", (call) => `${call}\nThank you!`],
  ["after `We can use the following call:`", (call) => `We can use the following call:\n${call}`],
  ["after a question answered", (call) => `Do you mean Paris, France? Yes, checking it:\n${call}`],
  ["then `I'll report what I received.`", (call) => `${call}\nI'll report what I received.`],
  ["then knowing the city", (call) => `${call}\nI already know your city from earlier.`],
  ["then an assumption about the city", (call) => `${call}\nI assumed you meant Paris in France.`],
];

describe("calls in contexts that do not make them stay text", () => {
  for (const [format, call] of Object.entries(formats)) {
    it.each(notMade)(`${format}: %s`, (_title, write) => {
      const content = write(call);
      expect(readBothWays(content)).toEqual({ calls: [], text: content });
    });
  }
});

describe("the same calls made are read", () => {
  for (const [format, call] of Object.entries(formats)) {
    it.each(made)(`${format}: %s`, (_title, write) => {
      expect(readBothWays(write(call)).calls).toEqual([["get_weather", { city: "Paris" }]]);
    });
  }
});

describe("the key's name made a slot stays text; a real value is read", () => {
  const hermes = (city: string) => `<tool_call>{"name": "get_weather", "arguments": {"city": ${JSON.stringify(city)}}}</tool_call>`;
  it.each(["CITY_NAME", "CITY_VALUE", "example_city", "city-example", "XXX", "xxxx"])("%s stays text", (slot) => {
    const content = hermes(slot);
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
  it.each(["PARIS", "NEW_YORK", "example city", "Xenia", "x".repeat(12), "STATE_NAME"])("%s is read", (value) => {
    expect(readBothWays(hermes(value)).calls).toEqual([["get_weather", { city: value }]]);
  });
});

describe("the key's name alone or with a slot's word, and a shell variable, stay text in every format; values are read", () => {
  const writers: Record<string, (city: string) => string> = {
    Hermes: (city) => `<tool_call>{"name": "get_weather", "arguments": {"city": ${JSON.stringify(city)}}}</tool_call>`,
    "Qwen3-Coder": (city) => `<tool_call>\n<function=get_weather>\n<parameter=city>\n${city}\n</parameter>\n</function>\n</tool_call>`,
    pythonic: (city) => `[get_weather(city=${JSON.stringify(city)})]`,
    invoke: (city) => `<function_calls>\n<invoke name="get_weather">\n<parameter name="city">${city}</parameter>\n</invoke>\n</function_calls>`,
  };
  for (const [format, write] of Object.entries(writers)) {
    it.each(["CITY", "CITY_TEXT", "TARGET_CITY", "INPUT_CITY", "sample_city", "city_sample", "$LOCATION", "${PLACE}"])(`${format}: %s stays text`, (slot) => {
      const content = write(slot);
      expect(readBothWays(content)).toEqual({ calls: [], text: content });
    });
    it.each(["CITY_CENTER", "NEW_YORK", "CITYVILLE", "$5 city", "sampled city"])(`${format}: %s is read`, (value) => {
      expect(readBothWays(write(value)).calls).toEqual([["get_weather", { city: value }]]);
    });
  }
  const readFile = [{ name: "read_file", parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] } }];
  it.each(["FILE_PATH", "$FILE", "PATH"])("a path %s stays text", (slot) => {
    const content = `<tool_call>{"name": "read_file", "arguments": {"path": ${JSON.stringify(slot)}}}</tool_call>`;
    expect(readBothWays(content, readFile)).toEqual({ calls: [], text: content });
  });
  it.each(["$HOME/.bashrc", "FILE_PATHS.md", "README"])("a path %s is read", (value) => {
    expect(readBothWays(`<tool_call>{"name": "read_file", "arguments": {"path": ${JSON.stringify(value)}}}</tool_call>`, readFile).calls).toEqual([["read_file", { path: value }]]);
  });
});
