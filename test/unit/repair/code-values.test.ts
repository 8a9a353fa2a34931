import { describe, expect, it } from "vitest";
import { codeValue } from "../../../src/repair/code-values.ts";
import type { ToolDefinition } from "../../../src/repair/types.ts";
import { callOutcomes } from "./call-outcomes.ts";

describe("codeValue", () => {
  it.each([
    ["{age: function(yearBorn,thisYear) {return thisYear - yearBorn;}}", "function(yearBorn,thisYear) { … }"],
    ['{"abc": function() {return \'])))\';}}', "function() { … }"],
    ["{'a': function(){return '\"'}}", "function(){ … }"],
    ["{a: async function named(x, y) { return 1 }, b: 2}", "async function named(x, y) { … }"],
    ["{gen: function* () { yield 1 }}", "function* () { … }"],
    ['{"cb": (err, data) => console.log(data)}', "(err, data) => …"],
    ['{"map": x => x * 2}', "x => …"],
    ['{"list": [1, (a) => a]}', "(a) => …"],
    ['{"list": [x => x]}', "x => …"],
    ["{'n': 1, 'f': async () => { await go() }}", "async () => …"],
    // a keyword argument, as a Python-style call writes it
    ["run(cb=function(x) { return x })", "function(x) { … }"],
    // a call with empty parentheses as a member's whole value: its value is made when the code runs
    ['{"d": new Date()}', "new Date()"],
    ['{"id": ObjectId(), "n": 1}', "ObjectId()"],
    ['{"ts": Date.now(), "q": "x"}', "Date.now()"],
    ["{id: uuid(), name: 'a'}", "uuid()"],
    ['{"a": "1", "created": datetime.now()}', "datetime.now()"],
    ['{"meta": {"at": new Date() }}', "new Date()"],
    ['{\n  "n": Math.random( )\n}', "Math.random( )"],
    // arguments in a Markdown fence, bare or after a lead-in: the fence is around them, not a value
    ["```json\n{age: function(a) {return a;}}\n```", "function(a) { … }"],
    ["```\n{\"d\": new Date()}\n```", "new Date()"],
    ["Here:\n```json\n{\"cb\": (x) => x}\n```", "(x) => …"],
  ])("%s → %s", (text, head) => expect(codeValue(text)).toBe(head));

  it.each([
    // quoted: the model's own string (a code parameter's value)
    '{"note": "function(x) { return x }", "n": 1',
    "{'code': 'var o = {f: function(a) {return a}}', 'n': 1",
    "{'q': 'it's a: function(a) {x}'}",
    // the word alone, or code shown in prose with no body: text
    "{desc: function of x, n: 2}",
    "{name: functionfoo(x) {y}}",
    "{desc: the function foo(bar) is slow, n: 2}",
    // a pythonic call to a tool named function
    "[function(arg=value)]",
    // Perl's hash arrows write keys, not functions
    '{tool => "shell", args => {\n  --command echo "hello"\n}}',
    // a call named in text, a call with words after it, a wrapper around a value, calls in a list or as a pythonic call
    "{desc: the f() helper, n: 2}",
    "{cmd: run() now}",
    '{"_id": ObjectId("5f1a")}',
    '{"d": "new Date()",}',
    "[get_time()]",
    // inside a template literal or a fenced value: the value's own text
    "{code: `const id = {a: post.id.toString()}`, n: 1}",
    '{"code": ```\nx = {"t": now()}\n```}',
    // an arrow inside unquoted text
    "{cmd: echo a => b}",
  ])("%s → nothing", (text) => expect(codeValue(text)).toBeUndefined());
});

describe("a call with a function where a value goes", () => {
  const tools: ToolDefinition[] = [
    { name: "record", parameters: { type: "object", properties: { age: {}, name: { type: "string" } }, additionalProperties: false } },
    { name: "run", parameters: { type: "object", properties: { code: { type: "string" } }, required: ["code"] } },
  ];
  const { repairOf, textOutcome } = callOutcomes(tools);

  it.each<[string, string, string, unknown]>([
    ["a function's source, unquoted", "record", "{age: function(born, now) {return now - born;}}", "refused"],
    ["the same beside other slips", "record", "{'name': 'Ann', age: function() { return 3 },}", "refused"],
    ["an arrow function", "record", '{"name": "Ann", "age": (born) => 2024 - born}', "refused"],
    ["a function as a string's value", "run", "{code: function() { return 1 }}", "refused"],
    ["a function in fenced arguments", "record", "```json\n{age: function(born, now) {return now - born;}}\n```", "refused"],
    // near misses: the code quoted is the model's string; a word that only names a function is text
    ["the code quoted", "run", "{code: 'function() { return 1 }'}", { code: "function() { return 1 }" }],
    ["code in a double-quoted value with a slip", "run", '{"code": "const f = (a) => { return a }",}', { code: "const f = (a) => { return a }" }],
    ["a word for a function", "record", "{name: function of age}", { name: "function of age" }],
    ["an empty call where a value goes", "record", '{"name": new Date()}', "refused"],
    ["an empty call beside other slips", "record", "{name: 'Ann', age: Date.now(),}", "refused"],
    ["a call named among words", "record", "{name: the f() helper}", { name: "the f() helper" }],
  ])("%s", (_what, name, text, expected) => expect(repairOf(name, text)).toEqual(expected));

  it.each<[string, string, unknown]>([
    // A call the text holds but does not give: the text stays text.
    ["in Hermes call tags", '<tool_call>{"name": "record", "arguments": {"age": function(a) {return a}}}</tool_call>', "text"],
    ["in a fenced JSON call", '```json\n{"name": "record", "arguments": {"age": () => 3}}\n```', "text"],
    ["an empty call in Hermes call tags", '<tool_call>{"name": "record", "arguments": {"name": new Date()}}</tool_call>', "text"],
    ["quoted, in Hermes call tags", '<tool_call>{"name": "run", "arguments": {"code": "function(a) {return a}"}}</tool_call>', { code: "function(a) {return a}" }],
  ])("%s, whole and streamed", (_what, content, expected) => expect(textOutcome(content)).toEqual(expected));
});
