import { isJsonObject, type JsonObject } from "../json.ts";
import type { FastifyRequest } from "fastify";
import { ToolmendError } from "../errors.ts";
import { textNestsDeeper } from "../repair/json-depth.ts";

/** The body of an intercepted request, kept as bytes (forwarded unchanged) and parsed once. */
export interface JsonBody {
  readonly bytes: Buffer;
  readonly value: JsonObject;
}

/**
 * Parses an intercepted route's body; anything but a JSON object, or one
 * nested deeper than `maxDepth`, is the client's error (400): toolmend
 * re-serialises bodies it changes, and serialising recurses.
 */
export function readJsonBody(request: FastifyRequest, maxDepth: number): JsonBody {
  const bytes = request.body;
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) {
    throw new ToolmendError("invalid_json", "The request body must be a JSON object.");
  }
  const text = bytes.toString("utf8");
  if (textNestsDeeper(text, maxDepth)) {
    throw new ToolmendError("invalid_json", `The request body nests deeper than ${maxDepth} levels.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ToolmendError("invalid_json", `The request body is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  if (!isJsonObject(value)) {
    throw new ToolmendError("invalid_json", "The request body must be a JSON object.");
  }
  return { bytes, value };
}
