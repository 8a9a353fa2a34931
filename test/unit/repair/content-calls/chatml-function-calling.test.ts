import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

describe("llama-cpp-python's chatml-function-calling form: functions.NAME: then the JSON", () => {
  it.each([
    ["one call", 'functions.get_weather:\n{ "city": "Paris" }', [["get_weather", { city: "Paris" }]], ""],
    ["after prose", 'Let me check.\nfunctions.get_weather:\n{"city": "Paris"}', [["get_weather", { city: "Paris" }]], "Let me check."],
    ["two calls", 'functions.get_weather:\n{"city": "Paris"}\nfunctions.get_time:\n{"tz": "CET"}', [["get_weather", { city: "Paris" }], ["get_time", { tz: "CET" }]], ""],
    ["CRLF", 'functions.get_time:\r\n{"tz": "UTC"}', [["get_time", { tz: "UTC" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["an undeclared tool", 'functions.delete_all:\n{"path": "/"}'],
    ["prose after the object on its line", 'functions.get_weather:\n{"city": "Paris"} is the format'],
    ["words between the id and the object", 'functions.get_weather: call it with\n{"city": "Paris"}'],
    ["the object two lines down", 'functions.get_weather:\n\n{"city": "Paris"}'],
    ["the id mentioned mid-sentence", 'Use functions.get_weather:\n{"city": "Paris"}'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
