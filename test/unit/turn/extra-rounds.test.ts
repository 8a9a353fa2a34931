import { describe, expect, it } from "vitest";
import { chatCompletionsFormat } from "../../../src/protocol/chat-completions-format.ts";
import { responsesFormat } from "../../../src/protocol/responses-format.ts";
import { extraRoundsAllowed } from "../../../src/turn/extra-rounds.ts";

const chat = chatCompletionsFormat.request;
const responses = responsesFormat.request;

describe("extraRoundsAllowed", () => {
  it("refuses extra rounds for a stored conversation", () => {
    expect(extraRoundsAllowed(responses, {})).toBe(true);
    expect(extraRoundsAllowed(responses, { conversation: null })).toBe(true);
    expect(extraRoundsAllowed(responses, { conversation: "conv_1" })).toBe(false);
    expect(extraRoundsAllowed(responses, { conversation: { id: "conv_1" } })).toBe(false);
  });

  it("allows a whole answer of several choices another round", () => {
    expect(extraRoundsAllowed(chat, { n: 2 })).toBe(true);
  });

  it("allows a stream another round only for one choice", () => {
    const position = { started: false, continuesAfterOutput: true };
    expect(extraRoundsAllowed(chat, {}, position)).toBe(true);
    expect(extraRoundsAllowed(chat, { n: 1 }, position)).toBe(true);
    expect(extraRoundsAllowed(chat, { n: null }, position)).toBe(true);
    expect(extraRoundsAllowed(chat, { n: 2 }, position)).toBe(false);
    expect(extraRoundsAllowed(chat, { n: "2" }, position)).toBe(false);
  });

  it("allows a stream another round after output only when the format's stream can go on after it", () => {
    expect(extraRoundsAllowed(chat, {}, { started: true, continuesAfterOutput: true })).toBe(true);
    expect(extraRoundsAllowed(responses, {}, { started: false, continuesAfterOutput: false })).toBe(true);
    expect(extraRoundsAllowed(responses, {}, { started: true, continuesAfterOutput: false })).toBe(false);
  });
});
