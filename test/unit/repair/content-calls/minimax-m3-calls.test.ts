import { describe, expect, it } from "vitest";
import { readBothWays, tools } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const NS = "]<]minimax[>[";
const element = (key: string, value: string): string => `${NS}<${key}>${value}${NS}</${key}>`;
const invoke = (name: string, body: string): string => `${NS}<invoke name="${name}">${body}${NS}</invoke>`;
const block = (...invokes: string[]): string => `${NS}<tool_call>\n${invokes.join("\n")}\n${NS}</tool_call>`;

const more: ToolDefinition[] = [
  ...tools,
  { name: "read", parameters: { type: "object", properties: { file_path: { type: "string" }, offset: { type: "integer" }, limit: { type: "integer" } }, required: ["file_path"] } },
  { name: "grep", parameters: { type: "object", properties: { pattern: { type: "string" }, "-A": { type: "integer" }, "-n": { type: "boolean" } }, required: ["pattern"] } },
  { name: "tag", parameters: { type: "object", properties: { labels: { type: "array", items: { type: "string" } }, note: { type: "string" } } } },
  {
    name: "create_order",
    parameters: {
      type: "object",
      properties: {
        user_id: { type: "integer" },
        shipping: { type: "object", properties: { city: { type: "string" }, zip: { type: "string" } } },
        items: { type: "array", items: { type: "object", properties: { sku: { type: "string" }, qty: { type: "integer" } } } },
        days: { type: "array", items: { type: "integer" } },
      },
    },
  },
];

const calls: { title: string; content: string; calls: (readonly [string, unknown])[]; text: string }[] = [
  {
    title: "one call after prose, values typed from the schema",
    content: `I'll check.${block(invoke("get_weather", `\n${element("city", "Paris")}\n${element("days", "3")}\n`))}`,
    calls: [["get_weather", { city: "Paris", days: 3 }]],
    text: "I'll check.",
  },
  { title: "a string keeps its spaces and digits", content: block(invoke("get_weather", element("city", " 007 "))), calls: [["get_weather", { city: " 007 " }]], text: "" },
  { title: "no arguments", content: block(invoke("get_time", "")), calls: [["get_time", {}]], text: "" },
  {
    title: "two invokes in one block",
    content: block(invoke("get_time", element("tz", "UTC")), invoke("get_weather", element("city", "Oslo"))),
    calls: [["get_time", { tz: "UTC" }], ["get_weather", { city: "Oslo" }]],
    text: "",
  },
  { title: "the invoke without its wrapper", content: invoke("get_time", element("tz", "UTC")), calls: [["get_time", { tz: "UTC" }]], text: "" },
  {
    title: "a token alone before the call goes with it",
    content: `Reading it.${NS}\n- ${invoke("get_time", element("tz", "UTC"))}\n${NS}</tool_call>`,
    calls: [["get_time", { tz: "UTC" }]],
    text: "Reading it.-",
  },
  {
    title: "the namespace tokens skipped by the server",
    content: 'Checking.\n<tool_call>\n<invoke name="get_weather">\n<city>Paris</city>\n<days>2</days>\n</invoke>\n</tool_call>',
    calls: [["get_weather", { city: "Paris", days: 2 }]],
    text: "Checking.",
  },
  { title: "an empty string value", content: block(invoke("get_time", element("tz", ""))), calls: [["get_time", { tz: "" }]], text: "" },
];

const moreCalls: { title: string; content: string; calls: (readonly [string, unknown])[] }[] = [
  {
    title: "1400.0 for an integer, a path with spaces",
    content: block(invoke("read", element("file_path", "/home/u/My Docs/style.css") + element("offset", "1400.0") + element("limit", "100"))),
    calls: [["read", { file_path: "/home/u/My Docs/style.css", offset: 1400, limit: 100 }]],
  },
  { title: "argument names that are options", content: block(invoke("grep", element("pattern", "TODO") + element("-A", "3") + element("-n", "true"))), calls: [["grep", { pattern: "TODO", "-A": 3, "-n": true }]] },
  { title: "a list as item elements", content: block(invoke("tag", element("labels", element("item", "a") + element("item", "b")))), calls: [["tag", { labels: ["a", "b"] }]] },
  {
    title: "an object as child elements, each member typed from its schema",
    content: block(invoke("create_order", element("user_id", "42") + element("shipping", element("city", "Singapore") + element("zip", "018956")))),
    calls: [["create_order", { user_id: 42, shipping: { city: "Singapore", zip: "018956" } }]],
  },
  {
    title: "a list of objects",
    content: block(invoke("create_order", element("items", element("item", element("sku", "book-001") + element("qty", "2")) + element("item", element("sku", "pen-007") + element("qty", "5"))))),
    calls: [["create_order", { items: [{ sku: "book-001", qty: 2 }, { sku: "pen-007", qty: 5 }] }]],
  },
  { title: "a list of integers", content: block(invoke("create_order", element("days", element("item", "1") + element("item", "2")))), calls: [["create_order", { days: [1, 2] }]] },
  { title: "markup inside a string value stays text", content: block(invoke("tag", element("note", "<b>bold</b> & more"))), calls: [["tag", { note: "<b>bold</b> & more" }]] },
];

const prose: [string, string][] = [
  ["an undeclared tool", block(invoke("delete_all", element("path", "/")))],
  ["an undeclared argument", block(invoke("get_weather", element("city", "Paris") + element("country", "FR")))],
  ["an argument written twice", block(invoke("get_weather", element("city", "Paris") + element("city", "Rome")))],
  ["a member written twice in a nested object", block(invoke("create_order", element("shipping", element("city", "Oslo") + element("city", "Rome"))))],
  ["an invoke cut before its end", `${NS}<tool_call>\n${NS}<invoke name="get_weather">${element("city", "Par")}`],
  ["an element not closed", block(invoke("get_weather", `${NS}<city>Paris`))],
  ["a broken invoke before a good one", block(invoke("get_weather", `${element("city", "Miami")}${NS}<broken>oops`), invoke("get_weather", element("city", "Chicago")))],
  ["text between the elements", block(invoke("get_weather", `the city is ${element("city", "Paris")}`))],
  ["a call shown as an example", `For example:\n${block(invoke("get_time", element("tz", "UTC")))}`],
  ["a closing token alone", `Done.${NS}</tool_call>`],
  ["the token in prose", `The token ${NS} marks tags.`],
];

describe("MiniMax-M3 calls written as text", () => {
  it.each(calls)("$title", (row) => {
    expect(readBothWays(row.content)).toEqual({ calls: row.calls, text: row.text });
  });

  it.each(moreCalls)("$title", (row) => {
    expect(readBothWays(row.content, more).calls).toEqual(row.calls);
  });

  it.each(prose)("%s stays text", (_title, content) => {
    expect(readBothWays(content, more).calls).toEqual([]);
  });

  // XML quotes an attribute in double or single quotes alike: the invoke's name reads either way, with its tokens or without.
  it.each([
    ["with its tokens", (content: string) => content],
    ["its tokens skipped", (content: string) => content.split(NS).join("")],
  ])("reads the invoke's name in single quotes, %s", (_title, form) => {
    for (const row of calls) {
      const single = form(row.content.replace(/<invoke name="([^"]+)">/g, "<invoke name='$1'>"));
      const double = form(row.content);
      expect(readBothWays(single)).toEqual({ ...readBothWays(double), text: readBothWays(double).text.replace(/<invoke name="([^"]+)">/g, "<invoke name='$1'>") });
    }
  });

  it("keeps an invoke whose name's quotes do not pair as text", () => {
    for (const content of [block(`${NS}<invoke name='get_time">${element("tz", "UTC")}${NS}</invoke>`), block(`${NS}<invoke name=get_time>${element("tz", "UTC")}${NS}</invoke>`)]) {
      expect(readBothWays(content).calls).toEqual([]);
    }
  });

  it("leaves MiniMax-M2's parameter elements to their own reader", () => {
    const content = '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n</invoke>\n</minimax:tool_call>';
    expect(readBothWays(content).calls).toEqual([["get_weather", { city: "Paris" }]]);
  });
});
