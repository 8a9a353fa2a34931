/**
 * Bounds on the schemas a client may declare. A tool schema arrives with
 * every request and is hostile input: compiling it runs ajv's code generator,
 * whose time and memory grow with the schema's size and nesting, and
 * validating with it can take time exponential in a small schema's size.
 * Checking the shape first keeps a hostile schema from costing more than a
 * real one; a schema over a bound is not compiled, and its calls are
 * reported `unvalidated`.
 */
import { checkSchemaExpansion, refersToMetaSchema, type ExpansionVerdict } from "./schema-expansion.ts";
import type { JsonSchema } from "./types.ts";

export interface SchemaLimits {
  /** Serialised size; real tool schemas are a few KB, big ones under 100 KB. */
  readonly maxSchemaBytes: number;
  /** Nesting of objects and arrays inside the schema. */
  readonly maxSchemaDepth: number;
  /** Objects, arrays and values visited; bounds the walk itself. */
  readonly maxSchemaNodes: number;
  /** `$ref`, `$recursiveRef` and `$dynamicRef` keywords in the schema. */
  readonly maxSchemaRefs: number;
  /** Subschemas visited with every `$ref` inlined (recursion counted once). */
  readonly maxExpandedNodes: number;
  /** Branches of one `allOf`/`anyOf`/`oneOf`. */
  readonly maxCombinatorBranches: number;
}

export const defaultSchemaLimits: SchemaLimits = {
  maxSchemaBytes: 256 * 1024,
  maxSchemaDepth: 48,
  maxSchemaNodes: 50_000,
  maxSchemaRefs: 256,
  maxExpandedNodes: 1000,
  maxCombinatorBranches: 128,
};

/**
 * Vocabulary a schema uses that costs every schema compiled with it:
 * ajv tracks evaluated properties and items everywhere once `unevaluated*`
 * is on, and passes dynamic scopes through every call once `$recursiveRef`
 * or `$dynamicRef` is.
 */
export interface SchemaFeatures {
  readonly unevaluated: boolean;
  readonly dynamicReferences: boolean;
}

export type SchemaShapeVerdict =
  | { readonly ok: true; readonly key: string; readonly features: SchemaFeatures }
  | { readonly ok: false; readonly reason: string };

const UNEVALUATED = new Set(["unevaluatedProperties", "unevaluatedItems"]);
const DYNAMIC = new Set(["$recursiveRef", "$recursiveAnchor", "$dynamicRef", "$dynamicAnchor"]);
const REFERENCES = new Set(["$ref", "$recursiveRef", "$dynamicRef"]);

/**
 * Checks depth, node count and `$ref` count with an explicit stack (a
 * recursive walk is what a 100 000-deep schema would overflow), then
 * serialises the schema: the text is both the size check and the cache key.
 */
export function checkSchemaShape(schema: JsonSchema, limits: SchemaLimits): SchemaShapeVerdict {
  if (typeof schema === "boolean") return { ok: true, key: String(schema), features: { unevaluated: false, dynamicReferences: false } };
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
    return { ok: false, reason: "schema is not an object or a boolean" };
  }
  const stack: { readonly node: unknown; readonly depth: number }[] = [{ node: schema, depth: 1 }];
  let nodes = 0;
  let references = 0;
  let unevaluated = false;
  let dynamicReferences = false;
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (++nodes > limits.maxSchemaNodes) {
      return { ok: false, reason: `schema has more than ${limits.maxSchemaNodes} nodes` };
    }
    if (typeof node !== "object" || node === null) continue;
    if (depth > limits.maxSchemaDepth) {
      return { ok: false, reason: `schema is nested deeper than ${limits.maxSchemaDepth} levels` };
    }
    if (!Array.isArray(node)) {
      for (const key of Object.keys(node)) {
        if (REFERENCES.has(key) && ++references > limits.maxSchemaRefs) {
          return { ok: false, reason: `schema has more than ${limits.maxSchemaRefs} $refs` };
        }
        // A nested `$id` starts a new base for `#/…` pointers, which the cost check could not follow.
        if (key === "$id" && depth > 1 && typeof (node as Record<string, unknown>)[key] === "string") {
          return { ok: false, reason: "schema declares $id below its root" };
        }
        unevaluated ||= UNEVALUATED.has(key);
        dynamicReferences ||= DYNAMIC.has(key);
        if (REFERENCES.has(key) && refersToMetaSchema((node as Record<string, unknown>)[key])) {
          // The draft meta-schemas use the whole vocabulary.
          unevaluated = true;
          dynamicReferences = true;
        }
      }
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
  return { ok: true, key, features: { unevaluated, dynamicReferences } };
}

/**
 * What validating with the schema would cost once its `$ref`s are followed
 * (see schema-expansion.ts); run once per distinct schema, before compiling.
 */
export function checkSchemaCost(schema: JsonSchema, limits: SchemaLimits): ExpansionVerdict {
  if (typeof schema === "boolean") return { ok: true, expandedNodes: 1 };
  return checkSchemaExpansion(schema, limits);
}
