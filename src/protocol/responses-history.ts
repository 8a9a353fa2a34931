import { isJsonObject, type JsonObject } from "../json.ts";
import type { MendArguments } from "./wire-format.ts";

/** A copy of a Responses `body` with every `function_call` item of its `input` put through `mend`, or `undefined` when none changed. */
export function mendResponsesHistory(body: JsonObject, mend: MendArguments): JsonObject | undefined {
  const input = body.input;
  if (!Array.isArray(input)) return undefined;
  let changed: unknown[] | undefined;
  input.forEach((item: unknown, position) => {
    if (!isJsonObject(item) || item.type !== "function_call") return;
    const outcome = mend(item.name, item.arguments);
    if (outcome === undefined) return;
    changed ??= [...input];
    changed[position] = { ...item, arguments: outcome };
  });
  return changed === undefined ? undefined : { ...body, input: changed };
}
