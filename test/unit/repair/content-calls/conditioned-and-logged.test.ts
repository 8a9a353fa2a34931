/**
 * A call offered on a condition (the sentence before it opens with one: `If …,`, `Should … ,`, `Unless …,`, `In case
 * …,`) and a call printed on a log line (a timestamp or a level opening its line, in the forms loggers print), in
 * several call formats, beside the near-misses that make the call: an `if` inside the sentence, a condition in an
 * earlier sentence, a concession, a hedge on what the model understood, a precaution, a clock time with no seconds.
 */
import { describe } from "vitest";
import { eachFormat } from "./read-both-ways.ts";

const formats = {
  Hermes: `<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>`,
  "Hermes on lines": `<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>`,
  invoke: `<function_calls>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n</invoke>\n</function_calls>`,
  "Qwen3-Coder": `<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>`,
  Mistral: `[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]`,
  GLM: `<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>`,
  Llama: `<function=get_weather>{"city": "Paris"}</function>`,
  "ReAct with its thought": `Thought: I need the weather.\nAction: get_weather\nAction Input: {"city": "Paris"}`,
};

const conditioned: string[] = [
  "If the cache is stale, call:\n",
  "If Paris returns nothing, send this instead:\n",
  "If not, use:\n",
  "If so, I'll send:\n",
  "Should the API be down, retry later with:\n",
  "Should it time out, I'll retry with:\n",
  "Unless you already have the forecast, run:\n",
  "In case the city name is ambiguous, try:\n",
  "In the event that the first request fails, send:\n",
  "And if that returns an error, use:\n",
  "Whenever the forecast changes, call:\n",
  "Provided the key is set, this works:\n",
  "If config.yaml is missing then create it with:\n",
  "I checked the docs. If the lookup is slow, use:\n",
  "If you need the forecast later, I'll send:\n",
  "If you want it again later, send:\n",
  "Si la ciudad no existe, ejecuta:\n",
  "Wenn die Stadt fehlt, rufe:\n",
  "如果城市不存在，运行：\n",
];

const logged: string[] = [
  "12:03:44 response: ",
  "[2024/05/01 12:00:01] model said ",
  "I0501 09:14:22.000123  4411 server.cc:17] got ",
  "Nov 27 07:27:09 host agent[311]: output ",
  "[12:00:01.250+02:00] raw ",
  "05/01/2024 12:00:01 - parsed: ",
];

const made: string[] = [
  "Let me check if the city exists:\n",
  "I'll see whether it rains, and if so, I'll tell you. Checking:\n",
  "If it rains there, I'll tell you. Checking now:\n",
  "Even if it's slow, I'll run it now:\n",
  "If I understand correctly, you want Paris:\n",
  "If I'm not mistaken, this is the right tool:\n",
  "Just in case, I'll fetch it again:\n",
  "I'll fetch it again, just in case:\n",
  "Since the cache is stale, I'll call it:\n",
  "Should be quick, checking now:\n",
  "12:00 works. Booking it:\n",
  "At 12:03:44 you asked for Paris. Checking:\n",
  "Sí, voy a buscarlo:\n",
  "If you mean the weather in Paris, here it is:\n",
  "If you're asking about today, checking now:\n",
];

describe("a call offered on a condition stays text", () => {
  eachFormat(formats, conditioned, (lead, call) => lead + call, "stays text");
});

describe("a call printed on a log line stays text", () => {
  eachFormat(formats, logged, (lead, call) => lead + call, "stays text");
});

describe("the same calls made are read", () => {
  eachFormat(formats, made, (lead, call) => lead + call, "read");
});
