/**
 * A hedge right before a call, in any call format: words that doubt the act (`Maybe something like:`, `Perhaps`,
 * `Quizás`, `也许`) always, a modal or an `or` when the sentence does not say the model acts (`I could call:`, `Or:`).
 * Whole and streamed, beside the near-misses that make the call: a modal or an `or` inside an announcement (what
 * the model acts on), a condition on what the model understood (`If I understand correctly, …:`), a hedge in an
 * earlier sentence.
 */
import { describe } from "vitest";
import { eachFormat, parisCallFormats as formats } from "./read-both-ways.ts";

const hedged: string[] = [
  "Maybe something like:\n",
  "Perhaps this would do it:\n",
  "Possibly:\n",
  "Let me maybe try this:\n",
  "I could call the weather tool:\n",
  "Something along these lines might work:\n",
  "The first option didn't fit. Or:\n",
  "Quizás algo así:\n",
  "Vielleicht so:\n",
  "Peut-être comme ça :\n",
  "Возможно, так:\n",
  "也许可以这样：\n",
  "こんな感じかもしれません：\n",
];

const made: string[] = [
  "Let me check the weather:\n",
  "If I understand correctly, you want Paris:\n",
  "If I'm not mistaken, this is the right tool:\n",
  "Let me check whether it might rain in Paris:\n",
  "I'll search for the forecast or warnings in Paris:\n",
  "Ich werde prüfen, ob es regnen könnte:\n",
  "Voy a comprobar si llueve o no:\n",
  "Maybe it rains. Let me check:\n",
];

describe("a hedged call stays text in every format", () => {
  eachFormat(formats, hedged, (lead, call) => lead + call, "stays text");
});

describe("the same calls made are read", () => {
  eachFormat(formats, made, (lead, call) => lead + call, "read");
});
