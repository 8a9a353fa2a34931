import { randomInt } from "node:crypto";

const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/**
 * A tool-call id for an upstream that sent none: 9 alphanumeric characters,
 * the strictest format providers accept (Mistral rejects anything else).
 */
export function synthesizeCallId(): string {
  let id = "";
  for (let index = 0; index < 9; index++) id += alphabet[randomInt(alphabet.length)];
  return id;
}

/**
 * The id of the call at `position` (from 0) of a split: the emitted call's
 * id with `_1`, `_2`, … appended, so that the same answer gives the same ids
 * streamed or not. An emitted call without an id gives `call_1`, `call_2`, ….
 */
export function splitCallId(id: string, position: number): string {
  return `${id === "" ? "call" : id}_${position + 1}`;
}
