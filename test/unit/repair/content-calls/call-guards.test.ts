import { describe, expect, it } from "vitest";
import { holdsPlaceholder, introducesExample, quoteAfter } from "../../../../src/repair/content-calls/call-guards.ts";
import { readBothWays, tools } from "./read-both-ways.ts";

const hermes = (city: string) => `<tool_call>{"name": "get_weather", "arguments": {"city": ${JSON.stringify(city)}}}</tool_call>`;

describe("calls that are shown, not made, stay text", () => {
  it.each([
    ["a Hermes call in a blockquote", `> ${hermes("Paris")}`],
    ["a blockquote of several lines", `Like this:\n> <tool_call>\n> {"name": "get_weather", "arguments": {"city": "Paris"}}\n> </tool_call>`],
    ["a pythonic call in an indented blockquote", '  > [get_weather(city="Paris")]'],
    ["a call opened on a nested blockquote's line", `You wrote:\n>> <function_calls>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n</invoke>\n</function_calls>`],
    ["a call opened on a spaced nested blockquote's line", `> > <tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>`],
    ["a call after a French guillemet and its space", `Vous avez écrit « ${hermes("Paris")} »`],
    ["a call after a CJK corner bracket", `你之前写的是「${hermes("Paris")}」`],
    ["a call in a forum's quote", `[quote]\n${hermes("Paris")}\n[/quote]`],
    ["a call in a forum's quote naming its author", `[quote="assistant"]\n${hermes("Paris")}\n[/quote]`],
    ["a call after `You replied with`", `Earlier you replied with\n${hermes("Paris")}`],
    ["a fence opened on a nested blockquote's line", '>> ```json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n```'],
    ["a placeholder in angle brackets named as its key", hermes("<city>")],
    ["a placeholder to fill in", hermes("your_city_here")],
    ["a placeholder in words", hermes("your city here")],
    ["an upper-case placeholder", '<tool_call>{"name": "get_time", "arguments": {"tz": "YOUR_TIMEZONE"}}</tool_call>'],
    ["a schema's type copied as the value", hermes("string")],
    ["a template's braces", '[get_weather(city="{city}")]'],
    ["after `For example:`", `For example:\n${hermes("Paris")}`],
    ["after `like this:`", 'You can call it like this:\nget_weather(city="Paris")'],
    ["after an example's introduction", `Here is an example of how to call the tool:\n\n${hermes("Paris")}`],
    ["after how one would call it", `Here is how you would call it:\n${hermes("Paris")}`],
    ["a fenced JSON call after `Here's how you can do it:`", `To see it, use the weather tool.\n\nHere's how you can do it:\n\n\`\`\`json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n\`\`\``],
    ["after `Here is how to get it:`", `Here is how to get it:\n${hermes("Paris")}`],
    ["after e.g.", 'A call looks like, e.g.: [get_weather(city="Paris")]'],
    ["an example, then another call", `For example:\n${hermes("London")}\nNow for real:\n${hermes("Paris")}`],
    ["inside prose, in backticks", 'You can call it like `get_weather(city="Paris")` to get the weather.'],
    ["a tool that was not declared", '<tool_call>{"name": "get_forecast", "arguments": {"city": "Paris"}}</tool_call>'],
    ["a pythonic call with an ellipsis", "get_weather(city=...)"],
    ["after a label line `Example call:`", `Example call:\n${hermes("Paris")}`],
    ["after a heading `### Example`", `### Example\n${hermes("Paris")}`],
    ["after `Example 1:`", `Example 1:\n${hermes("Paris")}`],
    ["a list item after `Examples:`", `Examples:\n- ${hermes("Paris")}`],
    ["after a comment `// example`", `// example\n${hermes("Paris")}`],
    ["after `Sample output:`", `Sample output:\n${hermes("Paris")}`],
    ["after a label line `Template:`", `Template:\n${hermes("Paris")}`],
    ["a fenced call after a label line `Format:`", `Format:\n\`\`\`json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n\`\`\`\nUse that format to call tools.`],
    ["after `Such as:`", `Such as:\n${hermes("Paris")}`],
    ["in a fence after an example's introduction", `Here is an example response:\n\n\`\`\`\n${hermes("Paris")}\n\`\`\``],
    ["in an inline code span", `Call \`${hermes("Paris")}\` to get the weather.`],
    ["a call reported as made before", `In the previous turn I called:\n${hermes("Paris")}\nand it returned nothing.`],
    ["a call the model says it called", `I called {"name": "get_weather", "arguments": {"city": "Paris"}}`],
    ["a call a tool returned", `The tool returned {"name": "get_weather", "arguments": {"city": "Paris"}}`],
    ["after `Previously:`", `Previously: {"name": "get_weather", "arguments": {"city": "Paris"}}`],
    ["a call offered, not made", `Would you like me to run:\n${hermes("Paris")}`],
    ["a call shown as what not to do", `Don't do this:\n${hermes("Paris")}`],
    ["a call shown as what it would look like", `Here's what the call would look like:\n${hermes("Paris")}`],
    ["instructions for calling a tool", `To call a tool, write:\n[TOOL_CALLS]get_weather[ARGS]{"city": "Paris"}`],
    ["a conditional call", `If I were to call it, I'd write {"name": "get_weather", "arguments": {"city": "Paris"}}`],
    ["a placeholder naming its key in words", hermes("<city name>")],
    ["a placeholder in square brackets", hermes("[city]")],
    ["a placeholder as a shell variable", hermes("$CITY")],
    ["the parameters schema copied as the arguments", '<tool_call>{"name": "get_time", "arguments": {"type": "object", "properties": {"tz": {"type": "string"}}}}</tool_call>'],
    ["the format instruction of a chat template, echoed", 'For each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n{"name": "get_time", "arguments": {"tz": "UTC"}}\n</tool_call>'],
    ["an empty element named in the lead-in", `Wrap the call in <tool_call></tool_call> like so\n${hermes("Paris")}`],
    ["`send a request with`", `To get the weather, send a request with the tool name and arguments:\n\`\`\`json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n\`\`\`\nThe tool returns the temperature.`],
    // A token that opens calls, then prose the reading skips before the call: the lead-in still counts.
    ["a call token, then an example's lead-in", `<|python_tag|>Here is how to call it:\n\n${hermes("Paris")}`],
    ["a call token, then a lead-in and a fenced tag call", '<|python_tag|>Here is how to call it:\n\n```\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n</invoke>\n```\n\nThen wait for the result.<|eom_id|>'],
    ["a call token, then `For example:`", `<|python_tag|>For example:\n${hermes("Paris")}`],
  ])("%s", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});

describe("lead-ins in other languages", () => {
  it.each([
    ["a format shown in Chinese", `工具调用的格式如下：\n\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n\n这个格式包含了工具调用的所有必要信息。`],
    ["`should look like this` in Chinese", `当你需要调用工具时，返回的格式应该类似这样：\n\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n\n其中 name 是工具名称。`],
    ["`for example` in Chinese", `例如：\n${hermes("Paris")}`],
    ["a label `示例：`", `示例：\n${hermes("Paris")}`],
    ["a label `例：`", `例：\n${hermes("Paris")}`],
    ["a call suggested to the reader in Chinese", `你可以这样调用：\n${hermes("Paris")}`],
    ["a call warned against in Chinese", `不要直接运行下面的命令：\n${hermes("Paris")}`],
    ["`for example` in Japanese", `例えば：\n${hermes("Paris")}`],
    ["`for example` in Korean", `예를 들어:\n${hermes("Paris")}`],
    ["`for example` in Spanish", `Por ejemplo:\n${hermes("Paris")}`],
    ["`for example` in German", `Zum Beispiel:\n${hermes("Paris")}`],
    ["`for example` in French", `Par exemple :\n${hermes("Paris")}`],
    ["`for example` in Russian", `Например:\n${hermes("Paris")}`],
    ["taken back in Chinese after the call", `${hermes("Paris")}\n等等，用户问的是罗马。`],
    ["`I got it wrong` in Chinese after the call", `${hermes("Paris")}\n抱歉，我写错了城市。`],
    ["a refusal in Chinese", `我不会运行这个：\n${hermes("Paris")}`],
    ["a refusal in Spanish", `No voy a ejecutar esto:\n${hermes("Paris")}`],
    ["a warning in Portuguese", `Não execute isso:\n${hermes("Paris")}`],
    ["a refusal in French", `Je ne vais pas lancer ça :\n${hermes("Paris")}`],
    ["a refusal in German, the negation before the verb", `Ich werde das nicht ausführen:\n${hermes("Paris")}`],
    ["a warning in German, the negation after the verb", `Führe das nicht aus:\n${hermes("Paris")}`],
    ["a refusal in Russian", `Я не буду запускать это:\n${hermes("Paris")}`],
    ["a warning in Japanese", `これは実行しないでください：\n${hermes("Paris")}`],
    ["a warning in Korean", `이것은 실행하지 마세요:\n${hermes("Paris")}`],
    ["an example announced in Spanish", `Voy a mostrarte un ejemplo:\n${hermes("Paris")}`],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });

  it.each([
    ["a call announced in Chinese", `好的，我来查询巴黎的天气。\n${hermes("Paris")}`, "好的，我来查询巴黎的天气。"],
    ["`let me call the tool` in Chinese", `让我调用工具查询：\n${hermes("Paris")}`, "让我调用工具查询："],
    ["`I will query as follows` in Chinese", `我将查询如下：\n${hermes("Paris")}`, "我将查询如下："],
    ["a Chinese word holding 例 that is no label", `这是一个特例，我先查一下：\n${hermes("Paris")}`, "这是一个特例，我先查一下："],
    ["a Spanish sentence that acts", `Voy a consultar el tiempo:\n${hermes("Paris")}`, "Voy a consultar el tiempo:"],
    ["a wait mentioned in Chinese before the call", `请稍等，我查一下：\n${hermes("Paris")}`, "请稍等，我查一下："],
    ["Chinese prose after the call", `${hermes("Paris")}\n查询完成后我会告诉你结果。`, "查询完成后我会告诉你结果。"],
    // Announcements: the model says it acts now, so words an example's introduction also holds do not make it one.
    ["a progressive lead-in naming examples", `Checking the examples:\n${hermes("Paris")}`, "Checking the examples:"],
    ["a progressive lead-in naming the syntax", `Checking the syntax:\n${hermes("Paris")}`, "Checking the syntax:"],
    ["a Chinese lead-in naming the call's method", `让我查一下调用方法：\n${hermes("Paris")}`, "让我查一下调用方法："],
    ["a Spanish progressive lead-in ending with an ellipsis", `Revisando el clima…\n${hermes("Paris")}`, "Revisando el clima…"],
    ["a German sentence naming what does not work, then acting", `Ich prüfe, warum es nicht läuft, und führe den Test aus:\n${hermes("Paris")}`, "Ich prüfe, warum es nicht läuft, und führe den Test aus:"],
  ])("%s is read", (_title, content, text) => {
    const reading = readBothWays(content);
    expect(reading.calls.length).toBe(1);
    expect(reading.text).toBe(text);
  });
});

describe("calls near the guards are still read", () => {
  it.each([
    ["a call after a quoted line", `> a quote\n${hermes("Paris")}`, "> a quote"],
    ["a call after a forum's quote closed", `[quote]What's the weather?[/quote]\nLet me check:\n${hermes("Paris")}`, "[quote]What's the weather?[/quote]\nLet me check:"],
    ["a call after corner brackets closed", `你问的是「巴黎天气」，我来查询：\n${hermes("Paris")}`, "你问的是「巴黎天气」，我来查询："],
    ["a call after guillemets closed", `Vous avez demandé « la météo ». Je vais vérifier :\n${hermes("Paris")}`, "Vous avez demandé « la météo ». Je vais vérifier :"],
    ["Functionary's >>> opening a line", '>>>get_time\n{"tz": "UTC"}', ""],
    ["a value that mentions an example", hermes("Example City"), ""],
    ["prose that mentions an example file before the call", `I'll read the example file now.\n${hermes("Paris")}`, "I'll read the example file now."],
    ["a value in angle brackets that names nothing", hermes("<b>"), ""],
    ["after prose that says a search returned nothing", `The previous search returned nothing, so let me try again:\n${hermes("Paris")}`, "The previous search returned nothing, so let me try again:"],
    ["after prose that says a call was wrong", `I called the wrong tool before. Now:\n${hermes("Paris")}`, "I called the wrong tool before. Now:"],
    ["after prose with `don't`", `I don't have that yet; checking it:\n${hermes("Paris")}`, "I don't have that yet; checking it:"],
    ["after prose about samples", `Here are some samples of the data. Checking:\n${hermes("Paris")}`, "Here are some samples of the data. Checking:"],
    ["after prose that makes a template", `Let me create the template:\n${hermes("Paris")}`, "Let me create the template:"],
    ["after prose about a format", `Here is the weather in the right format:\n${hermes("Paris")}`, "Here is the weather in the right format:"],
    ["after a list item", `- Checking weather\n${hermes("Paris")}`, "- Checking weather"],
    ["after prose that mentions how a call looks", `The weather tool should be called like this. Calling it now:\n${hermes("Paris")}`, "The weather tool should be called like this. Calling it now:"],
    ["a value with a dollar amount", hermes("$5 Street"), ""],
    ["an empty reasoning element before the call", `<think>\n\n</think>\n\n${hermes("Paris")}`, "<think>\n\n</think>"],
    ["an empty reasoning element on one line before the call", `<think></think>\n${hermes("Paris")}`, "<think></think>"],
    ["a lead-in naming the tag it uses", `Calling it in a <tool_call> block:\n${hermes("Paris")}`, "Calling it in a <tool_call> block:"],
    ["after a sentence with `here's how`, then one that acts", `Here's how the forecast works. Let me check it:\n${hermes("Paris")}`, "Here's how the forecast works. Let me check it:"],
    ["a call token, then prose that acts", `<|python_tag|>Let me check it:\n${hermes("Paris")}`, "<|python_tag|>Let me check it:"],
  ])("%s", (_title, content, text) => {
    const reading = readBothWays(content);
    expect(reading.calls.length).toBe(1);
    expect(reading.text).toBe(text);
  });
});

describe("guard parts", () => {
  it("quoteAfter follows a blockquote to its line's end, however the text was cut", () => {
    expect(quoteAfter("blank", "  > x")).toBe("quoted");
    expect(quoteAfter(quoteAfter("blank", "  "), "> x")).toBe("quoted");
    expect(quoteAfter("quoted", "x\n")).toBe("blank");
    expect(quoteAfter("blank", "a > b")).toBe("text");
  });

  it.each(["For example:", "for instance ", "Here's an example of the syntax:\n", "Usage:", "like so:", "The syntax is:"])("introducesExample(%j)", (text) => {
    expect(introducesExample(`Some prose. ${text}`)).toBe(true);
  });

  it.each(["Let me check.", "I'll look at the examples/ folder.\n", "Sure! ", "Looks like rain. Checking:", "I'll check the Python syntax in the file:", "Let me create the template:", "Let me look at the usage of this function:", "I'll read it like this:", "Let me check the examples:", "Let's see what the file looks like:", "Reading the example config:"])("not introducesExample(%j)", (text) => {
    expect(introducesExample(text)).toBe(false);
  });

  it.each([["your_email@example.com"], ["your-email@domain.com"], ["your.name@company.com"], ["your-api-key"], ["YOUR-TOKEN"], ["your_city"]])(
    "a whole value opening with your_, your- or your. (%j) is a placeholder, in every format",
    (value) => {
      const formats = [
        `<tool_call>{"name": "get_weather", "arguments": {"city": ${JSON.stringify(value)}}}</tool_call>`,
        `<tool_call>\n<function=get_weather>\n<parameter=city>\n${value}\n</parameter>\n</function>\n</tool_call>`,
        `[get_weather(city=${JSON.stringify(value)})]`,
        `<tool_call>get_weather<arg_key>city</arg_key><arg_value>${value}</arg_value></tool_call>`,
      ];
      for (const text of formats) expect([text, readBothWays(text).calls]).toEqual([text, []]);
    },
  );

  it.each([["yourself"], ["your rights as a tenant"], ["s3://your-bucket/a.txt"], ["ana@your-domain.io"], ["yours-truly"]])("%j is the value", (value) => {
    expect(readBothWays(hermes(value)).calls).toEqual([["get_weather", { city: value }]]);
  });

  it("holdsPlaceholder reads broken arguments' strings too", () => {
    expect(holdsPlaceholder('{"city": "your_city_here",}', tools[0]!)).toBe(true);
    expect(holdsPlaceholder('{"city": "Paris",}', tools[0]!)).toBe(false);
  });
});

describe("a schema as arguments, for a tool that takes one", () => {
  it("is read", () => {
    const define = { name: "define_type", parameters: { type: "object", properties: { type: { type: "string" }, properties: { type: "object" } }, required: ["type"] } };
    const reading = readBothWays('<tool_call>{"name": "define_type", "arguments": {"type": "object", "properties": {"a": {"type": "string"}}}}</tool_call>', [define]);
    expect(reading.calls).toEqual([["define_type", { type: "object", properties: { a: { type: "string" } } }]]);
  });
});
