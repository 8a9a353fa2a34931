/**
 * Bounds on the schemas a client may declare. A tool schema arrives with
 * every request and is hostile input: compiling it runs ajv's code generator,
 * whose time and memory grow with the schema's size and nesting. Checking
 * the shape first keeps a hostile schema from costing more than a real one.
 */
import type { JsonSchema } from "./types.ts";

export interface SchemaLimits {
  /** Serialised size; real tool schemas are a few KB, big ones under 100 KB. */
  readonly maxSchemaBytes: number;
  /** Nesting of objects and arrays inside the schema. */
  readonly maxSchemaDepth: number;
  /** Objects, arrays and values visited; bounds the walk itself. */
  readonly maxSchemaNodes: number;
}

export const defaultSchemaLimits: SchemaLimits = {
  maxSchemaBytes: 256 * 1024,
  maxSchemaDepth: 48,
  maxSchemaNodes: 50_000,
};

export type SchemaShapeVerdict =
  | { readonly ok: true; readonly key: string }
  | { readonly ok: false; readonly reason: string };

/**
 * Checks depth and node count with an explicit stack (a recursive walk is
 * what a 100 000-deep schema would overflow), then serialises the schema:
 * the text is both the size check and the cache key.
 */
export function checkSchemaShape(schema: JsonSchema, limits: SchemaLimits): SchemaShapeVerdict {
  if (typeof schema === "boolean") return { ok: true, key: String(schema) };
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
    return { ok: false, reason: "schema is not an object or a boolean" };
  }
  const stack: { readonly node: unknown; readonly depth: number }[] = [{ node: schema, depth: 1 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (++nodes > limits.maxSchemaNodes) {
      return { ok: false, reason: `schema has more than ${limits.maxSchemaNodes} nodes` };
    }
    if (typeof node !== "object" || node === null) continue;
    if (depth > limits.maxSchemaDepth) {
      return { ok: false, reason: `schema is nested deeper than ${limits.maxSchemaDepth} levels` };
    }
    for (const child of Object.values(node)) {
      if (typeof child === "object" && child !== null) stack.push({ node: child, depth: depth + 1 });
      else nodes++;
    }
  }
  let key: string;
  try {
    // Shared (not cyclic) subobjects pass the node bound but are serialised
    // once per reference; a cycle throws here.
    key = JSON.stringify(schema);
  } catch (error) {
    return { ok: false, reason: `schema cannot be serialised: ${(error as Error).message}` };
  }
  if (key.length > limits.maxSchemaBytes) {
    return { ok: false, reason: `schema is larger than ${limits.maxSchemaBytes} bytes` };
  }
  return { ok: true, key };
}
