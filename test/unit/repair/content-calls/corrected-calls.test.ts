/**
 * A call, then a line that introduces the right version of it (`The correct call is:`, `Corrected:`, `It should
 * be:`), then another call with other values: the model says the first was wrong, so it is taken back, and the
 * second is shown as the fix. Neither is read (a turn's calls are read all or none), in every format. The same
 * values after the line correct nothing: the call is read once (see restated-calls.test.ts). Lines that correct
 * nothing (`Checking London too:`, `The correct city is London, so:`) leave both calls read.
 */
import { describe, expect, it } from "vitest";
import { parisCallFormats, readBothWays } from "./read-both-ways.ts";

const formats = Object.entries(parisCallFormats).filter(([format]) => format !== "ReAct");

const corrections = [
  "The correct representation is:",
  "The correct call is:",
  "The correct tool call would be:",
  "The correct format is:",
  "The proper representation is:",
  "The properly formatted call is:",
  "Here is the corrected call:",
  "Here's the correct version:",
  "So the right call is:",
  "Corrected call:",
  "Correct version:",
  "Corrected:",
  "Fixed:",
  "It should be:",
  "This should have been:",
  "The correct way to write it is:",
  "Correcting the call:",
  "La llamada correcta es:",
  "Der richtige Aufruf ist:",
  "L'appel correct est :",
  "正确的调用是：",
];

const notCorrections = ["Checking London too:", "Now the correct city, London:", "The correct city is London, so:", "Next, the right one for London:", "La llamada para Londres:"];

describe("a call followed by its correction stays text", () => {
  for (const [format, call] of formats) {
    it.each(corrections)(`${format}: %s`, (line) => {
      const content = `${call}\n\n${line}\n${call.replace("Paris", "London")}`;
      expect(readBothWays(content)).toEqual({ calls: [], text: content });
    });
  }
});

describe("a call followed by a correction line and the same call: read once", () => {
  // (A fence opening the text with prose after it is a code block and its explanation: not these rows' question.)
  for (const [format, call] of formats.filter(([format]) => format !== "JSON fence")) {
    it.each(corrections)(`${format}: %s`, (line) => {
      expect(readBothWays(`${call}\n\n${line}\n${call}`).calls).toEqual([["get_weather", { city: "Paris" }]]);
    });
  }
});

describe("a line between calls that corrects nothing leaves both read", () => {
  // (A fence opening the text with prose after it is a code block and its explanation: not these rows' question.)
  for (const [format, call] of formats.filter(([format]) => format !== "JSON fence")) {
    it.each(notCorrections)(`${format}: %s`, (line) => {
      expect(readBothWays(`${call}\n\n${line}\n${call.replace("Paris", "London")}`).calls).toEqual([
        ["get_weather", { city: "Paris" }],
        ["get_weather", { city: "London" }],
      ]);
    });
  }
});
