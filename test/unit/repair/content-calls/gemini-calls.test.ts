import { describe, expect, it } from "vitest";
import { controlsEnd, GeminiArgumentsScanner, readGeminiHead } from "../../../../src/repair/content-calls/gemini-calls.ts";
import { readBothWays } from "./read-both-ways.ts";

describe("readGeminiHead", () => {
  const names = ["get_time", "get_weather"];

  it.each([
    ["<ctrl42>call:get_time{", false],
    ["<ctrl95><ctrl42>call:default_api:get_time{", false],
    ["call:get_time{", true],
    ["call:default_api:get_time{", true],
  ])("reads %j", (text, bare) => {
    expect(readGeminiHead(text, 0, names, bare)).toEqual({ name: "get_time", open: text.length - 1 });
  });

  it.each(["<", "<ct", "<ctrl4", "<ctrl42>", "<ctrl42>cal", "<ctrl42>call:", "<ctrl42>call:default_a", "<ctrl42>call:get_t", "<ctrl42>call:get_time"])("waits on %j", (text) => {
    expect(readGeminiHead(text, 0, names, false)).toBe("wait");
  });

  it.each(["<b>", "<ctrl>call:get_time{", "<ctrl42> call:get_time{", "<ctrl42>call:get_forecast{", "<ctrl42>call:get_time(", "<ctrl42>call:get_timex{", "call:get_time{"])("rules out %j", (text) => {
    expect(readGeminiHead(text, 0, names, false)).toBe("no");
  });

  it("counts a bounded run of control tokens", () => {
    expect(controlsEnd("<ctrl1><ctrl2>x", 0)).toBe(14);
    expect(controlsEnd("<ctrl1234>", 0)).toBe(0);
  });
});

describe("GeminiArgumentsScanner", () => {
  it("ends at the same brace fed whole or one character at a time, past brackets in strings", () => {
    const text = '{a:<ctrl46>x}{<ctrl46>,b:"y}\\"",c:[1,{d:2}]} after';
    const whole = new GeminiArgumentsScanner().scan(text, 0);
    expect(whole).toBe(text.indexOf(" after"));
    const scanner = new GeminiArgumentsScanner();
    let end = -1;
    for (let length = 1; length <= text.length && end < 0; length++) {
      end = scanner.scan(text.slice(0, length), scanner.resume);
    }
    expect(end).toBe(whole);
  });
});

describe("Gemini's call syntax", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["control tokens around a call", '<ctrl42>call:get_weather{city:"Paris"}<ctrl43><ctrl44>', [["get_weather", { city: "Paris" }]], ""],
    ["Gemini's quote token", "call:default_api:get_weather{city:<ctrl46>Paris<ctrl46>,days:3}", [["get_weather", { city: "Paris", days: 3 }]], ""],
    ["after prose on its line, a brace in a string", "I'll check.<ctrl95><ctrl42>call:default_api:get_weather{city:<ctrl46>Pa{ris<ctrl46>}", [["get_weather", { city: "Pa{ris" }]], "I'll check."],
    ["plain, opening a line after prose", 'Sure.\ncall:get_weather{city: "Paris"}', [["get_weather", { city: "Paris" }]], "Sure."],
    ["calls on their own lines", '<ctrl42>call:get_weather{city:"Paris"}\n<ctrl42>call:get_time{tz:"UTC"}\n', [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]], ""],
    ["calls back to back", '<ctrl42>call:get_time{tz:"UTC"}<ctrl43><ctrl42>call:get_time{tz:"CET"}<ctrl43>', [["get_time", { tz: "UTC" }], ["get_time", { tz: "CET" }]], ""],
    ["a string over several lines", "<ctrl42>call:get_weather{city:<ctrl46>New\nYork<ctrl46>}", [["get_weather", { city: "New\nYork" }]], ""],
    // Framed by its control tokens, a call is closed as a tag is: the prose after it on its line is the answer's.
    ["between its control tokens, prose after it on its line", "<ctrl42>call:get_weather{city:<ctrl46>Paris<ctrl46>}<ctrl43> One moment.", [["get_weather", { city: "Paris" }]], "One moment."],
    [
      "two framed calls, prose after them on their line",
      '<ctrl42>call:get_time{tz:"UTC"}<ctrl43><ctrl42>call:get_time{tz:"CET"}<ctrl43> I will report back.',
      [["get_time", { tz: "UTC" }], ["get_time", { tz: "CET" }]],
      "I will report back.",
    ],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["after prose on its line, without control tokens", 'Here is the syntax example: call:get_weather{city:"Paris"}'],
    ["followed by prose on its line", 'call:get_weather{city:"Paris"} is how you call it'],
    ["opened by its control token, not closed by one, prose after it", '<ctrl42>call:get_weather{city:"Paris"} is how you call it'],
    ["framed, the subject of a sentence", "<ctrl42>call:get_weather{city:<ctrl46>Paris<ctrl46>}<ctrl43> is how Gemini writes it."],
    ["a name not declared", '<ctrl42>call:get_forecast{city:"Paris"}'],
    ["cut inside a string", "<ctrl42>call:default_api:get_weather{city:<ctrl46>Paris"],
    ["a declared name's prefix", "call_me{x:1}"],
    ["a control token alone", "<ctrl99> hello"],
    ["HTML", "a <b>bold</b> word"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
