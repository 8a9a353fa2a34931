/**
 * A hedge in an earlier clause of the sentence right before a call, whose last clause says the model acts (`Maybe it
 * rains, let me check:`): the hedge is about that clause (the weather, the reader, a choice the model then makes), as
 * in an earlier sentence, and the call is read, in every format, whole and streamed. Near-misses that stay text: the
 * hedge in the acting clause itself, a lone hedge word before it, a last clause that does not act.
 */
import { describe } from "vitest";
import { eachFormat, parisCallFormats as formats } from "./read-both-ways.ts";

const made: string[] = [
  "Maybe it rains, let me check:\n",
  "You might want an umbrella, let me check:\n",
  "I think it could be sunny, but let me verify:\n",
  "Either Paris or Lyon; I'll start with Paris:\n",
  "It could be sunny there, so I'll check Paris first:\n",
  "Perhaps the forecast changed — let me look again:\n",
  "Vielleicht regnet es, ich werde das prüfen:\n",
  "Quizás llueva hoy, voy a comprobarlo:\n",
  "Peut-être qu'il pleut, je vais vérifier :\n",
];

const weighed: string[] = [
  "Maybe, let me try:\n",
  "Perhaps so, I'll call:\n",
  "Maybe not, let me check:\n",
  "It might rain, let me maybe try this:\n",
  "It might rain, so something like:\n",
  "I could check the weather, one moment:\n",
  "You might want an umbrella, or something like:\n",
  "Let me check, maybe:\n",
  "Vielleicht so, vielleicht anders:\n",
];

describe("a hedge in an earlier clause leaves the acting clause's call read", () => {
  eachFormat(formats, made, (lead, call) => lead + call, "read");
});

describe("a hedge in the acting clause, or alone before it, still weighs the call", () => {
  eachFormat(formats, weighed, (lead, call) => lead + call, "stays text");
});
