import { describe, it } from "vitest";
import { parseBareValue } from "../../../../src/repair/parsers/parse-bare-value.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const weather = objectSchema(["city", "unit"], { required: ["city"] });
const file = objectSchema(["path"], { required: ["path"] });
const counter = objectSchema(["count", "label"], { types: { count: { type: "integer" } }, required: ["count"] });
const toggle = objectSchema(["enabled"], { types: { enabled: { type: "boolean" } }, required: ["enabled"] });
// A tool that takes nothing but one free-text string (LangChain's single-input tools, a retriever's query).
const retriever = objectSchema(["query"], { types: { query: { type: "string", description: "query to look up in retriever" } }, required: ["query"] });
const typedQuery = (extra: Record<string, unknown>) => objectSchema(["query"], { types: { query: { type: "string", ...extra } }, required: ["query"] });

describe("parse-bare-value", () => {
  it.each([
    [weather, '"Paris"', { city: "Paris" }],
    [weather, "Paris", { city: "Paris" }],
    [weather, '  "San Francisco, CA" \n', { city: "San Francisco, CA" }],
    [weather, "Zürich\n", { city: "Zürich" }],
    [weather, "'Zürich'", { city: "Zürich" }],
    [file, String.raw`C:\Users\a b\x.txt`, { path: String.raw`C:\Users\a b\x.txt` }],
    [file, '"say \\"hi\\""', { path: 'say "hi"' }],
    [counter, "42", { count: 42 }],
    [toggle, "true", { enabled: true }],
    [toggle, "False", { enabled: false }],
    // a sentence or several words, when the one thing the tool takes is free text
    [retriever, "What is a pre-trained chatbot?", { query: "What is a pre-trained chatbot?" }],
    [retriever, "How to write a unit test in XY? Include best practices and examples.", { query: "How to write a unit test in XY? Include best practices and examples." }],
    [retriever, "latest DeepSeek R1 benchmarks", { query: "latest DeepSeek R1 benchmarks" }],
    [retriever, "  weather in San Francisco \n", { query: "weather in San Francisco" }],
    // a colon not followed by a space is no label (a time, a URL)
    [retriever, "meetings at 10:30 on https://a.example/x", { query: "meetings at 10:30 on https://a.example/x" }],
    // an `=` or a dash that names no declared key is part of the value
    [file, "a=b.txt", { path: "a=b.txt" }],
    [file, "--dry-run.log", { path: "--dry-run.log" }],
    [retriever, "x==y", { query: "x==y" }],
    [retriever, "e=mc2", { query: "e=mc2" }],
    [weather, "-Paris", { city: "-Paris" }],
  ])("%s → %j", (schema, input, expected) => assertReads(parseBareValue, schema, input, expected));

  it.each([
    // prose is not a value
    [weather, "Happy to help! What exactly would you like me to do?"],
    [weather, "I will check the weather in Paris.\nOne moment."],
    [weather, "city: Paris"],
    // several words unquoted: a sentence as likely as a value
    [weather, "San Francisco"],
    [weather, "I don't know"],
    // JSON or markup gone wrong is not a value
    [weather, '````{ "key": "value" }```'],
    [weather, "<city>Paris</city>"],
    // quotes around the arguments themselves, or around a fence: the quotes wrap an object, not a value
    [weather, '`{"city": "Paris"}`'],
    [weather, "'{city: Paris}'"],
    [weather, "'''json\n{\"city\": \"Paris\"}\n'''"],
    [weather, "[Paris]"],
    // a literal is never text
    [weather, "None"],
    [weather, "undefined"],
    // no single required property, or not of the value's type
    [objectSchema(["city"]), "Paris"],
    [objectSchema(["a", "b"], { required: ["a", "b"] }), "Paris"],
    [counter, "Paris"],
    [counter, "4.5"],
    [toggle, "yes"],
    // a cut string
    [weather, '"Par'],
    // a sentence is a value only for a tool that takes nothing but one free-text string
    [weather, "What is the weather in Paris?"],
    [objectSchema(["query", "limit"], { types: { limit: { type: "integer" } }, required: ["query"] }), "latest news in Paris"],
    [typedQuery({ enum: ["news", "sports"] }), "latest news"],
    [typedQuery({ pattern: "^[a-z]+$" }), "latest news"],
    [typedQuery({ format: "uri" }), "see the docs"],
    [objectSchema(["query"], { types: { query: { type: "integer" } }, required: ["query"] }), "forty two"],
    // even then: not on several lines, not a `key = value` or `key: value` pair, not markup, not too long
    [retriever, "I will search for it.\nOne moment."],
    [retriever, "query = latest news"],
    [retriever, "query: latest news"],
    // the key written with its value, as an assignment or a flag: the value is only the rest
    [weather, "city=Par"],
    [weather, "city=Paris"],
    [weather, "City = Paris"],
    [weather, "--city Paris"],
    [weather, "--city=Paris"],
    [weather, "-city Paris"],
    [file, "path=/tmp/a.txt"],
    [file, "file_path=a.txt"],
    [retriever, "query=latest"],
    [retriever, "--query latest news"],
    // a lead-in or a label before the words: part of the value, or prose around it?
    [retriever, "Here are the arguments: What is a pre-trained chatbot?"],
    [retriever, "Search query: latest news"],
    [retriever, "Sure. Query: weather in Paris"],
    [retriever, "search for <b>news</b>"],
    [retriever, "word ".repeat(50)],
  ])("%s → nothing", (schema, input) => assertReads(parseBareValue, schema, input, undefined));
});
