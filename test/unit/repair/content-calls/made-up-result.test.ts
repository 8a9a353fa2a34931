import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("a call followed by the result the model wrote itself", () => {
  it.each([
    ["Hermes, then its tool response", '<tool_call>\n{"name": "get_time", "arguments": {"tz": "UTC"}}\n</tool_call>\n<tool_response>\n{"time": "12:00"}\n</tool_response>\nIt is noon.'],
    ["an invoke, then an empty tool response and a conclusion", '<tool_calls>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n</invoke>\n</tool_calls>\n<tool_response>\n</tool_response>\n\nNo output again.'],
    ["function calls, then function results", '<function_calls>\n<invoke name="get_weather">\n<parameter name="city">Oslo</parameter>\n</invoke>\n</function_calls>\n<function_results>\nSunny\n</function_results>'],
    ["Qwen3-Coder XML, then a tool result element", "<tool_call>\n<function=get_time>\n<parameter=tz>\nUTC\n</parameter>\n</function>\n</tool_call>\n<tool_result>12:00</tool_result>"],
    ["a bare JSON call, then a tool response with attributes", '{"name": "get_time", "arguments": {"tz": "UTC"}}\n<tool_response name="get_time">12:00</tool_response>'],
    ["after prose", 'Let me check.\n<tool_call>{"name": "get_time", "arguments": {}}</tool_call>\n\n<tool_response>\n12:00\n</tool_response>'],
    ["Mistral, then its [TOOL_RESULTS]", '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}][TOOL_RESULTS]{"content": "sunny"}[/TOOL_RESULTS]The weather in Paris is sunny.'],
    ["Mistral, then [TOOL_RESULTS] on the next line", '[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Paris"}}]\n[TOOL_RESULTS] {"content": 22} [/TOOL_RESULTS] It is 22 degrees.'],
    ["Llama's python tag, then an ipython turn", '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}}<|eom_id|><|start_header_id|>ipython<|end_header_id|>\n\n{"temp": 20}<|eot_id|>'],
    ["a bare JSON call, then an ipython turn", '{"name": "get_weather", "parameters": {"city": "Paris"}}<|eot_id|><|start_header_id|>ipython<|end_header_id|>\n\n{"temp": 20}'],
    ["Llama 4, then a tool header", '<|python_start|>[get_weather(city="Paris")]<|python_end|><|eot|><|header_start|>ipython<|header_end|>\n\n20 degrees'],
    ["GLM, then its observation token", 'get_weather\n{"city": "Paris"}<|observation|>\n{"temp": 20}<|assistant|>\nIt is 20 degrees.'],
    ["Hermes, then the user turn holding a tool response", '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call><|im_end|>\n<|im_start|>user\n<tool_response>\n{"temp": 20}\n</tool_response><|im_end|>'],
    ["Hermes, then a ChatML tool turn", '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call><|im_end|>\n<|im_start|>tool\n{"temp": 20}<|im_end|>'],
    ["Qwen-Agent, then its result", '✿FUNCTION✿: get_weather\n✿ARGS✿: {"city": "Paris"}\n✿RESULT✿: {"temp": 20}\n✿RETURN✿: It is 20 degrees.'],
    ["a tool_code block, then a tool_outputs block", '```tool_code\nget_weather(city="Paris")\n```\n```tool_outputs\n{"temp": 20}\n```\nIt is 20 degrees in Paris.'],
    ["Command R, then its tool result", '<|START_ACTION|>[{"tool_name": "get_weather", "parameters": {"city": "Paris"}}]<|END_ACTION|><|START_TOOL_RESULT|>[{"temp": 20}]<|END_TOOL_RESULT|>'],
    ["DeepSeek, then its tool outputs", '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Paris"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜><｜tool▁outputs▁begin｜><｜tool▁output▁begin｜>{"temp": 20}<｜tool▁output▁end｜><｜tool▁outputs▁end｜>It is 20 degrees.'],
    ["Kimi, then its tool turn", '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|><|im_end|><|im_system|>tool<|im_middle|>## Return of functions.get_weather:0\n{"temp": 20}'],
    ["MiniMax, then its tool turn", '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n</invoke>\n</minimax:tool_call>\n]~b]tool\n<response>{"temp": 20}</response>'],
    ["Granite, then a tool role", '<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Paris"}}]<|end_of_text|>\n<|start_of_role|>tool<|end_of_role|>{"temp": 20}'],
    ["a call, then a label line for its result", '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\nFunction response: {"temp": 20}\nIt is 20 degrees in Paris.'],
    ["a call, then `Result:`", '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\nResult:\n{"temp": 20}'],
    ["a call, then `Tool output:`", '[get_weather(city="Paris")]\nTool output: 20 degrees'],
    ["a call, then `FUNCTION RETURN` and an object", '{"name": "get_weather", "arguments": {"city": "Paris"}}\nFUNCTION RETURN {"temp": 20}'],
    ["a ReAct action, then an observation the model wrote", 'Thought: I need the weather.\nAction: get_weather\nAction Input: {"city": "Paris"}\nObservation: It is sunny and 25°C in Paris.'],
    ["a ReAct action, an observation on the next line, then an answer", 'Action: get_time\nAction Input: {"tz": "UTC"}\nObservation:\n12:00\nThought: I know the time.\nAnswer: It is noon.'],
    ["a call, then a bold `Tool response:` label", '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n\n**Tool response:** {"temp": 20}'],
    ["a call, then `**Result:**`", '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n**Result:** 20 degrees'],
    ["a call, then a `### Result` heading", '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n### Result\n20 degrees'],
    ["a JSON call, then the assistant's next turn (Llama)", '{"name": "get_weather", "parameters": {"city": "Paris"}}<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\nThe weather in Paris is sunny and 25°C.'],
    ["a Hermes call, then the assistant's next turn (ChatML)", '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call><|im_end|>\n<|im_start|>assistant\nThe weather in Paris is sunny.'],
    ["a tool_code call, then Gemma's next model turn", '```tool_code\nget_weather(city="Paris")\n```<end_of_turn>\n<start_of_turn>model\nIt is sunny.'],
    ["a JSON call, then an observation", '{"name": "get_weather", "arguments": {"city": "Paris"}}\nObservation: {"temp": 20}'],
    ["a Hermes call, then a response label and the response", '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>\nResponse:\n```json\n{"temp": 20}\n```'],
    ["a call, then a bracketed tool output", '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>\n[Tool output] 20°C, sunny'],
    ["a call, then what the tool returned", '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>\n\nThe tool returned: 20°C and sunny.'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });

  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["prose between the call and a tool response", '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>\nI will wait for the <tool_response> before answering.', [["get_time", { tz: "UTC" }]], "I will wait for the <tool_response> before answering."],
    ["a word that only starts like the element", '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>\n<tool_responder>x</tool_responder>', [["get_time", { tz: "UTC" }]], "<tool_responder>x</tool_responder>"],
    ["prose that mentions a result after the call", '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>\nThe result will tell us the time.', [["get_time", { tz: "UTC" }]], "The result will tell us the time."],
    ["Qwen-Agent's stop word kept at the end", '✿FUNCTION✿: get_time\n✿ARGS✿: {"tz": "UTC"}\n✿RESULT✿', [["get_time", { tz: "UTC" }]], "✿RESULT✿"],
    ["an end-of-turn token after the call", '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call><|im_end|>', [["get_time", { tz: "UTC" }]], "<|im_end|>"],
    ["a ReAct action, then its stop word kept", 'Action: get_time\nAction Input: {"tz": "UTC"}\nObservation:', [["get_time", { tz: "UTC" }]], "Observation:"],
    ["a ReAct action, then the stop word and blank lines", 'Thought: the time.\nAction: get_time\nAction Input: {"tz": "UTC"}\nObservation:\n\n', [["get_time", { tz: "UTC" }]], "Thought: the time.\nObservation:"],
    ["an observation mentioned in prose after the call", '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>\nMy observation: the clock may lag.', [["get_time", { tz: "UTC" }]], "My observation: the clock may lag."],
    ["a word that begins like a label", '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>\nResulting time will be shown: soon', [["get_time", { tz: "UTC" }]], "Resulting time will be shown: soon"],
    ["a label later in the text, after prose", '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>\nI will report back.\nResult: pending', [["get_time", { tz: "UTC" }]], "I will report back.\nResult: pending"],
    ["a heading about results later, after prose", '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>\nI will summarise below.\n### Results\nPending.', [["get_time", { tz: "UTC" }]], "I will summarise below.\n### Results\nPending."],
    ["a bold word that is no label", '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>\n**Results** will follow.', [["get_time", { tz: "UTC" }]], "**Results** will follow."],
    ["an end-of-turn token alone after the call", '{"name": "get_weather", "parameters": {"city": "Paris"}}<|eot_id|>', [["get_weather", { city: "Paris" }]], "<|eot_id|>"],
    ["prose that mentions the assistant after the call", '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>\nThe assistant will answer once it returns.', [["get_time", { tz: "UTC" }]], "The assistant will answer once it returns."],
    ["a response promised, no label", '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>\nResponse will follow once it returns.', [["get_time", { tz: "UTC" }]], "Response will follow once it returns."],
    ["what the tool returns, described", '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>\nThe tool returns the time in UTC.', [["get_time", { tz: "UTC" }]], "The tool returns the time in UTC."],
    ["a tool output mentioned in brackets later", '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>\nI will read the [tool output] next.', [["get_time", { tz: "UTC" }]], "I will read the [tool output] next."],
    ["the call alone", '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>', [["get_time", { tz: "UTC" }]], ""],
    ["Mistral's [TOOL_RESULTS] alone after the call", 'Sure.\n[TOOL_CALLS]\n{"name": "get_time", "arguments": {"tz": "UTC"}}\n[TOOL_RESULTS]', [["get_time", { tz: "UTC" }]], "Sure.\n[TOOL_RESULTS]"],
    ["GLM's observation token, then its end token", '<tool_call>get_time\n<arg_key>tz</arg_key>\n<arg_value>UTC</arg_value>\n</tool_call><|observation|><|endoftext|>', [["get_time", { tz: "UTC" }]], "<|observation|><|endoftext|>"],
    ["Command R's tool result token alone", '<|START_ACTION|>[{"tool_name": "get_time", "parameters": {"tz": "UTC"}}]<|END_ACTION|><|START_TOOL_RESULT|>', [["get_time", { tz: "UTC" }]], "<|START_TOOL_RESULT|>"],
    ["a ChatML tool turn opened and left empty", '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>\n<|im_start|>tool\n', [["get_time", { tz: "UTC" }]], "<|im_start|>tool"],
  ])("%s: the call is read", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });
});
