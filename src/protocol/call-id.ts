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
