import type { JsonObject } from "../json.ts";

/**
 * Whether another round may be asked for at all. A request bound to a
 * stored `conversation` would have the upstream append every round's input
 * and output to it: the client's conversation would keep the failed turn
 * and a second copy of its input. Such requests get `then` instead.
 */
export function allowsExtraRounds(body: JsonObject): boolean {
  return body.conversation === undefined || body.conversation === null;
}
