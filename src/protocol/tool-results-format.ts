/**
 * What the execution-error step needs from a wire format: where a request's
 * tool results and the calls they answer sit, how to put changed results
 * back, and how to name a result's place in an error's `param`.
 */
import type { ToolHistory } from "../tool-results/inspect-tool-results.ts";
import type { ResultContent } from "../tool-results/result-content.ts";
import type { JsonObject } from "../json.ts";

/** A request's tool history, with where each result sits (index in `messages` or `input`). */
export interface LocatedToolHistory extends ToolHistory {
  readonly positions: readonly number[];
}

export interface ToolResultsFormat {
  /** The type of the content part a hint is added as, when a result is a list of parts. */
  readonly hintPartType: string;
  read(body: JsonObject): LocatedToolHistory;
  /** A copy of `body` with the results at `positions` given new content. */
  write(body: JsonObject, contents: ReadonlyMap<number, ResultContent>): JsonObject;
  /** `messages[4].content`, `input[3].output`. */
  paramOf(position: number): string;
}

/** A copy of `body` in which the items of its list `list` at the given positions have `field` replaced. */
export function replaceItemFields(body: JsonObject, list: string, field: string, values: ReadonlyMap<number, unknown>): JsonObject {
  const items = [...(body[list] as unknown[])];
  for (const [position, value] of values) items[position] = { ...(items[position] as JsonObject), [field]: value };
  return { ...body, [list]: items };
}
