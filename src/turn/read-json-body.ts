import { isJsonObject, type JsonObject } from "../json.ts";
import type { FastifyRequest } from "fastify";
import { ToolmendError } from "../errors.ts";

/** The body of an intercepted request, kept as bytes (forwarded unchanged) and parsed once. */
export interface JsonBody {
  readonly bytes: Buffer;
  readonly value: JsonObject;
}

/** Parses an intercepted route's body; anything but a JSON object is the client's error (400). */
export function readJsonBody(request: FastifyRequest): JsonBody {
  const bytes = request.body;
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) {
    throw new ToolmendError("invalid_json", "The request body must be a JSON object.");
  }
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString("utf8"));
  } catch (error) {
    throw new ToolmendError("invalid_json", `The request body is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  if (!isJsonObject(value)) {
    throw new ToolmendError("invalid_json", "The request body must be a JSON object.");
  }
  return { bytes, value };
}
