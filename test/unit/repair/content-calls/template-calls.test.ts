/**
 * A call holding a template's placeholder for a value (`{"city": "<city>"}`, `city="YOUR_CITY"`) shows a format: it
 * is never run, and it is no call that failed to read either. Before the calls read, it governs them as an example's
 * lead-in does (which call the model meant is a guess): none is read. After them, the calls before it are read.
 */
import { describe, expect, it } from "vitest";
import { parisCallFormats, readBothWays } from "./read-both-ways.ts";

const formats = Object.entries(parisCallFormats).filter(([format]) => format !== "ReAct");
const template = (call: string, slot: string) => call.replace("Paris", slot);
const slots = ["<city>", "YOUR_CITY", "{city}"];

describe("a template's call before a call keeps it text", () => {
  for (const [format, call] of formats) {
    it.each(slots)(`${format}: %s`, (slot) => {
      for (const content of [
        `${template(call, slot)}\n\nLet me check the weather now.\n${call}`,
        `Here is the format:\n${template(call, slot)}\n\nNow the real one:\n${call}`,
        `${template(call, slot)}\n\n${call}`,
      ]) {
        expect(readBothWays(content)).toEqual({ calls: [], text: content });
      }
    });
  }
});

describe("calls before a template's call are read", () => {
  const cline = "<get_weather>\n<city>Paris</city>\n</get_weather>";
  const made: [string, string][] = [
    ["pythonic", parisCallFormats.pythonic],
    ["bare JSON", parisCallFormats["bare JSON"]],
    ["a tool's own element", cline],
  ];
  it.each(made)("%s", (_format, call) => {
    for (const lead of ["For example:", "The general form is:", "In general, the format is as follows:"]) {
      expect(readBothWays(`${call}\n\n${lead}\n${template(call, "<city>")}`).calls).toEqual([["get_weather", { city: "Paris" }]]);
    }
  });

  it("a tool's definition echoed before a call is no template: the call is read", () => {
    const definition = '{"name": "get_weather", "description": "Get the weather.", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}';
    expect(readBothWays(`${definition}\n\nLet me check the weather now.\n${parisCallFormats["bare JSON"]}`).calls).toEqual([["get_weather", { city: "Paris" }]]);
  });
});
