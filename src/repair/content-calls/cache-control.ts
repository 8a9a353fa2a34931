/**
 * Anthropic's prompt-caching marker on a content block (`"cache_control": {"type": "ephemeral"}`, or `null`
 * when unset): a tool_use block printed whole into the text carries it beside its id, name and input
 * (`{'id': 'toolu_…', 'input': {…}, 'name': 'read', 'type': 'tool_use', 'cache_control': None}`, as a
 * gateway hands the block back as its repr). It says how the request is cached, never what the call does,
 * so it goes with the envelope as the call's id does. Only the marker's own shapes: any other value there
 * would be words or data dropped.
 */
import { isJsonObject } from "../../json.ts";
import { ownValue } from "../json-pointer.ts";

export const CACHE_CONTROL_KEY = "cache_control";

/** The cache types the Messages API defines. */
const CACHE_TYPES: readonly string[] = ["ephemeral"];

/** Whether `value` is a cache marker: `null`, or `{"type": "ephemeral"}` with at most a `ttl` string beside it. */
export function isCacheControlMarker(value: unknown): boolean {
  if (value === null) return true;
  if (!isJsonObject(value)) return false;
  const type = ownValue(value, "type");
  const ttl = ownValue(value, "ttl");
  const keys = Object.keys(value);
  return typeof type === "string" && CACHE_TYPES.includes(type) && (ttl === undefined || typeof ttl === "string") && keys.every((key) => key === "type" || key === "ttl");
}
