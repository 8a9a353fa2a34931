/**
 * A call that is one step of a list (numbered, `Step N`, or bulleted) stays text when the list goes on after it,
 * when it stands under a later step, or under a bullet leading into it with an earlier bullet above: a procedure
 * for the reader or a plan written out. In several call formats and languages, whole and streamed, beside the
 * near-misses that make the call: the model announcing its act in the item or in the line opening the list, a
 * first step alone, a list before the call with prose leading in after it, a list after the call that is not its.
 */
import { describe, expect, it } from "vitest";
import { eachFormat, parisCallFormats as formats, readBothWays } from "./read-both-ways.ts";

/** Text around `{CALL}` in which the call is a step of a list. */
const steps: string[] = [
  "To check the weather yourself:\n1. Open your API client.\n2. Send this request:\n{CALL}\n3. Read the forecast in the response.",
  "Here's how to do it:\n1. Open a terminal.\n2. Paste the following:\n{CALL}",
  "1. Open your client.\n2. Send this request:\n   {CALL}\n3. Check the output.",
  "1) Log in.\n2) Run:\n{CALL}\n3) Check the result.",
  "1. Open your client.\n2. {CALL}\n3. Check the output.",
  "**1.** Open your client.\n**2.** Send this request:\n{CALL}\n**3.** Check the output.",
  "1. Open your client.\n2. Send this request:\n\n{CALL}\n\n3. Check the output.",
  "1. Open your client.\n2. Send this request:\n\n{CALL}",
  "You'll need to do this on your side:\n1. Send this request:\n{CALL}\n2. Paste the response here.",
  "Step 1: Open the console.\nStep 2: Enter the call below.\n{CALL}\nStep 3: Press Enter.",
  "### Step 1: Open your client\n### Step 2: Send the request\n{CALL}",
  "Step one: open your client.\nStep two: send this request:\n{CALL}",
  "To get it yourself:\n- Open your API client.\n- Send this request:\n{CALL}\n- Read the forecast.",
  "* Open the console.\n* Paste this:\n{CALL}",
  "Plan:\n1. Check the weather:\n{CALL}\n2. Summarize.",
  "1. Abre la consola.\n2. Envía esta llamada:\n{CALL}\n3. Revisa la respuesta.",
  "Paso 1: abre la consola.\nPaso 2: envía esto:\n{CALL}",
  "1. Öffne deinen Client.\n2. Sende diese Anfrage:\n{CALL}\n3. Prüfe die Antwort.",
  "1. Ouvrez votre client.\n2. Envoyez cette requête :\n{CALL}",
  "1. 打开你的客户端。\n2. 发送以下请求：\n{CALL}\n3. 查看返回结果。",
  "步骤1：打开客户端。\n步骤2：发送请求：\n{CALL}",
  "1. Open your client.\n2. Send this request,\nwith your own key:\n{CALL}\n3. Check the output.",
  "1. Open your client.\n2. Send this request,\nto <code>api</code> with your own key:\n{CALL}",
  "<think>Let me help.</think>\n1. Open your client.\n2. Send this request:\n{CALL}",
];

/** The same shapes in which the call is the model's own, made now. */
const made: string[] = [
  "I need to:\n1. Check the weather\n2. Summarize it\n\nLet me check the weather first:\n{CALL}",
  "Let me check the weather:\n{CALL}\nThis will:\n1. Fetch the forecast.\n2. Show it.",
  "1. I read the config (done).\n2. Now I'll check the weather:\n{CALL}",
  "1. Let me check the weather:\n{CALL}",
  "1. Check the weather:\n{CALL}",
  "I found:\n- a.py\n- b.py\n\nLet me check the weather:\n{CALL}",
  "Files to check:\n- config.py\n- main.py\n{CALL}",
  "- Let me check the weather:\n{CALL}",
  "Step 1 of 1, checking the weather now:\n{CALL}",
  "1. 我来查询天气：\n{CALL}",
  "<think>Two things to do:\n1. Look up Paris.\n2. Second call: city=London\nThat covers both.</think>\n{CALL}",
  "<think>Plan:\n1. Check the weather.\n2. Summarize it.</think>\n{CALL}",
  "<thinking>Plan:\n- Check the weather.\n- Summarize it.\nDone planning.</thinking>\n{CALL}",
  "[THINK]Steps:\n1. Open the forecast.\n2. Check Paris:\nthen answer.[/THINK]\n{CALL}",
];

describe("a call that is a step of a list stays text", () => {
  eachFormat(formats, steps, (around, call) => around.replace("{CALL}", call), "stays text");
});

describe("the same calls made are read", () => {
  eachFormat(formats, made, (around, call) => around.replace("{CALL}", call), "read");
});

describe("calls the model announces, one under each item of a list, are all read", () => {
  const both = (call: string, around: string): string => around.replace("{A}", call).replace("{B}", call.replace("Paris", "London"));
  const lists = [
    "Let me check both cities:\n- Paris:\n{A}\n- London:\n{B}",
    "I'll check both cities now:\n1. Paris:\n{A}\n2. London:\n{B}",
    "1. Checking the weather in Paris:\n{A}\n2. Checking the weather in London:\n{B}",
    "我来依次查询：\n1. 巴黎：\n{A}\n2. 伦敦：\n{B}",
  ];
  for (const [format, call] of Object.entries({ Hermes: formats.Hermes, invoke: formats.invoke, "Qwen3-Coder": formats["Qwen3-Coder"] })) {
    it.each(lists)(`${format}: %j`, (around) => {
      expect(readBothWays(both(call, around)).calls).toEqual([
        ["get_weather", { city: "Paris" }],
        ["get_weather", { city: "London" }],
      ]);
    });
  }
});
