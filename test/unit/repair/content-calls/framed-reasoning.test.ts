/**
 * A reasoning block between an example's lead-in and a call (`Here is an example:`, then `<think>…</think>`, then the
 * call): the block and the call are one exhibit, whatever the reasoning's last words say, so the call stays text,
 * whole and streamed one character at a time, short reasoning or long. A lead-in in which the model acts, or none,
 * leaves the call after its reasoning read.
 */
import { describe } from "vitest";
import { eachFormat, parisCallFormats } from "./read-both-ways.ts";

const formats = { Hermes: parisCallFormats.Hermes, "Qwen3-Coder": parisCallFormats["Qwen3-Coder"], pythonic: parisCallFormats.pythonic };
const longThought = `The user wants the weather. ${"I should check the city and the days, then call the tool once. ".repeat(8)}`;
const reasonings = [
  "<think>I need the weather.</think>",
  "<think>\nI need the weather.\n</think>\n",
  `<think>${longThought}</think>`,
  "<seed:think>I need the weather.</seed:think>",
  "[THINK]I need the weather.[/THINK]",
];

describe("an example's lead-in before a reasoning block keeps the call after the block text", () => {
  const leads = ["Here is an example:", "Example model output (do not run):", "Pseudocode of the request:"];
  const texts = leads.flatMap((lead) => reasonings.map((reasoning) => `${lead}\n${reasoning}`));
  eachFormat(formats, texts, (framed, call) => `${framed}\n${call}`, "stays text");
});

describe("a lead-in that acts before the reasoning, or none, leaves the call read", () => {
  const texts = ["", "Let me check.\n", "The user asked about Paris.\n"].flatMap((lead) => reasonings.map((reasoning) => `${lead}${reasoning}`));
  eachFormat(formats, texts, (before, call) => `${before}\n${call}`, "read");
});
