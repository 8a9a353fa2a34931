/**
 * Schema validation with ajv, cached per engine.
 *
 * ajv caches compiled schemas by object identity, but a proxy sees a fresh
 * schema object with every request: without our own cache it would compile
 * (milliseconds) on every call and grow without bound. So the schema's JSON
 * text is the key of a bounded LRU, ajv is told not to keep what it compiles
 * (`addUsedSchema: false`), and an evicted schema is removed from ajv.
 *
 * Two validators per schema: the fast one (first error only) answers "valid?"
 * on every call; the one with `allErrors` and `verbose` (costly, and only
 * needed to repair) is compiled the first time a call fails.
 *
 * ajv also keeps, per instance, a table of every pattern, format and ref
 * function it generated code for, which `removeSchema` does not empty: an
 * instance is retired after `compilesPerInstance` compiles and a fresh one
 * takes over, so that table cannot grow with the distinct schemas seen.
 * Patterns run on a linear-time engine (linear-regexp.ts).
 */
import { createHash } from "node:crypto";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { Options as AjvOptions, ValidateFunction } from "ajv";
import type { RegExpEngine } from "ajv/dist/types/index.js";
import formatsModule from "ajv-formats";
import type { FormatsPlugin } from "ajv-formats";
import { createLinearRegExpEngine } from "./linear-regexp.ts";
import { LruCache } from "./schema-cache.ts";
import { checkSchemaCost, checkSchemaShape, defaultSchemaLimits } from "./schema-limits.ts";
import type { SchemaFeatures, SchemaLimits } from "./schema-limits.ts";
import type { JsonSchema, SchemaError } from "./types.ts";

/** A schema that compiled. Both methods return `undefined` when ajv throws (runaway `$ref` recursion). */
export interface CompiledSchema {
  readonly schema: JsonSchema;
  /** Fast path: stops at the first error. */
  isValid(value: unknown): boolean | undefined;
  /** Every error, with `schema`, `parentSchema` and `data` (the repair path). */
  errorsOf(value: unknown): readonly SchemaError[] | undefined;
}

export type SchemaCompilation =
  | { readonly ok: true; readonly compiled: CompiledSchema }
  | { readonly ok: false; readonly reason: string };

export interface SchemaValidatorOptions extends Partial<SchemaLimits> {
  /** Compiled schemas kept (default 512). */
  readonly maxCachedSchemas?: number;
  /** Serialised bytes of the schemas kept (default 16 MiB). */
  readonly maxCachedBytes?: number;
  /** Compiles on one ajv instance before a fresh one replaces it (default 1000). */
  readonly compilesPerInstance?: number;
}

/**
 * Subschemas one request may still compile (schemas already cached cost
 * nothing): compiling runs synchronously, about 0.1 ms per subschema, so a
 * request naming many large, new schemas would hold the event loop.
 */
export interface CompileBudget {
  remaining: number;
}

export interface SchemaValidator {
  /** Compiles (or finds cached) `schema`, charging a cache miss to `budget` when given. */
  compile(schema: JsonSchema, budget?: CompileBudget): SchemaCompilation;
  readonly limits: SchemaLimits;
  /** Schemas currently cached (compiled or refused). */
  readonly cachedSchemas: number;
  readonly cachedBytes: number;
  /** Drops every cached schema and releases it from ajv. */
  clear(): void;
}

type Dialect = "2019" | "2020";

// CommonJS interop: at run time the default import is the plugin itself; its
// declaration file describes the module object around it.
const addFormats = formatsModule as unknown as FormatsPlugin;

interface Flavour {
  readonly dialect: Dialect;
  readonly allErrors: boolean;
  readonly features: SchemaFeatures;
}

function createAjv({ dialect, allErrors, features }: Flavour, regExp: RegExpEngine): Ajv2019 {
  const options: AjvOptions = {
    // Clients send schemas written for many validators: unknown keywords and
    // formats are ignored, not fatal.
    strict: false,
    allErrors,
    verbose: allErrors,
    addUsedSchema: false,
    // Meta-validation would double compile time; ajv still rejects keywords
    // whose value has the wrong type, which is what breaks compilation.
    validateSchema: false,
    // No loadSchema: a remote `$ref` is a compile error, never a fetch.
    logger: false,
    code: { regExp, optimize: false },
  };
  const ajv = dialect === "2020" ? new Ajv2020(options) : new Ajv2019(options);
  // Both classes switch these on for every schema; most tool schemas use
  // neither, and tracking them multiplies the generated code (and compile time).
  const switches = ajv.opts as { unevaluated?: boolean; dynamicRef?: boolean };
  switches.unevaluated = features.unevaluated;
  switches.dynamicRef = features.dynamicReferences;
  addFormats(ajv);
  return ajv;
}

/**
 * Draft 2019-09 is the default dialect: it also reads draft-07 schemas
 * (`definitions`, array-form `items`), which is what most tools declare.
 * A schema that says it is 2020-12 gets the 2020 vocabulary (`prefixItems`),
 * and so does one that names no draft but uses `prefixItems` and no
 * array-form `items` (how Pydantic v2 writes a tuple: only 2020-12 has the
 * keyword, and read as 2019-09 the tuple's items would go unchecked).
 */
function dialectOf(schema: JsonSchema): Dialect {
  if (typeof schema !== "object") return "2019";
  const declared = schema["$schema"];
  if (typeof declared === "string") return declared.includes("2020-12") ? "2020" : "2019";
  return writesTuplesAs2020(schema) ? "2020" : "2019";
}

/** Schema nodes looked at for `prefixItems`; the schema has passed the shape bounds already. */
const MAX_DIALECT_NODES = 50_000;

/** Whether some subschema has `prefixItems` (a list) and none has array-form `items`. */
function writesTuplesAs2020(schema: Record<string, unknown>): boolean {
  let prefixItems = false;
  const stack: unknown[] = [schema];
  for (let visited = 0; stack.length > 0 && visited < MAX_DIALECT_NODES; visited++) {
    const node = stack.pop();
    if (typeof node !== "object" || node === null) continue;
    if (Array.isArray(node)) {
      stack.push(...(node as unknown[]));
      continue;
    }
    const record = node as Record<string, unknown>;
    if (Array.isArray(record["items"])) return false;
    if (Array.isArray(record["prefixItems"])) prefixItems = true;
    for (const [key, value] of Object.entries(record)) if (key !== "enum" && key !== "const" && key !== "default" && key !== "examples") stack.push(value);
  }
  return prefixItems;
}

interface Entry {
  readonly compilation: SchemaCompilation;
  /** Set on eviction: an identity hit on an evicted entry recompiles through the LRU. */
  evicted: boolean;
  release(): void;
}

/** Creates a validator whose cache lives in the returned object (no module state). */
export function createSchemaValidator(options: SchemaValidatorOptions = {}): SchemaValidator {
  const limits: SchemaLimits = {
    maxSchemaBytes: options.maxSchemaBytes ?? defaultSchemaLimits.maxSchemaBytes,
    maxSchemaDepth: options.maxSchemaDepth ?? defaultSchemaLimits.maxSchemaDepth,
    maxSchemaNodes: options.maxSchemaNodes ?? defaultSchemaLimits.maxSchemaNodes,
    maxSchemaRefs: options.maxSchemaRefs ?? defaultSchemaLimits.maxSchemaRefs,
    maxExpandedNodes: options.maxExpandedNodes ?? defaultSchemaLimits.maxExpandedNodes,
    maxCombinatorBranches: options.maxCombinatorBranches ?? defaultSchemaLimits.maxCombinatorBranches,
  };
  const compilesPerInstance = Math.max(1, options.compilesPerInstance ?? 1000);
  const regExp = createLinearRegExpEngine();
  const instances = new Map<string, { readonly ajv: Ajv2019; compiles: number }>();
  /** The instance for `flavour`, counting one compile on it; a spent one is replaced. */
  const ajvFor = (flavour: Flavour): Ajv2019 => {
    const name = `${flavour.dialect}:${flavour.allErrors}:${flavour.features.unevaluated}:${flavour.features.dynamicReferences}`;
    let instance = instances.get(name);
    if (instance === undefined || instance.compiles >= compilesPerInstance) {
      // The retired instance lives on only through the validators still cached from it.
      instance = { ajv: createAjv(flavour, regExp), compiles: 0 };
      instances.set(name, instance);
    }
    instance.compiles++;
    return instance.ajv;
  };
  const cache = new LruCache<Entry>({
    maxEntries: options.maxCachedSchemas ?? 512,
    maxBytes: options.maxCachedBytes ?? 16 * 1024 * 1024,
    onEvict: (_key, entry) => {
      entry.evicted = true;
      entry.release();
    },
  });
  // Callers that reuse one schema object (a library user, a benchmark) skip
  // the serialisation; per-request objects fall through to the LRU.
  let byIdentity = new WeakMap<object, Entry>();

  const refused = (reason: string): Entry => ({ compilation: { ok: false, reason }, evicted: false, release: () => undefined });

  function compileEntry(schema: JsonSchema, features: SchemaFeatures): Entry {
    const dialect = dialectOf(schema);
    const ajvSchema = withRootId(schema);
    const fastAjv = ajvFor({ dialect, allErrors: false, features });
    const fast = compileWith(fastAjv, ajvSchema);
    if (!fast.ok) return refused(fast.reason);
    let fullAjv: Ajv2019 | undefined;
    let full: ValidateFunction | "failed" | undefined;
    const compiled: CompiledSchema = {
      schema,
      isValid(value) {
        try {
          return fast.validate(value) as boolean;
        } catch {
          return undefined;
        }
      },
      errorsOf(value) {
        if (full === undefined) {
          fullAjv = ajvFor({ dialect, allErrors: true, features });
          const result = compileWith(fullAjv, ajvSchema);
          full = result.ok ? result.validate : "failed";
        }
        if (full === "failed") return undefined;
        try {
          return full(value) ? [] : (full.errors ?? []);
        } catch {
          return undefined;
        }
      },
    };
    return {
      compilation: { ok: true, compiled },
      evicted: false,
      release: () => {
        removeFrom(fastAjv, ajvSchema);
        if (fullAjv !== undefined) removeFrom(fullAjv, ajvSchema);
      },
    };
  }

  return {
    compile(schema, budget) {
      if (typeof schema === "object" && schema !== null) {
        const known = byIdentity.get(schema);
        if (known !== undefined && !known.evicted) return known.compilation;
      }
      const shape = checkSchemaShape(schema, limits);
      if (!shape.ok) return shape;
      // A digest, not the text, is the key: the cache holds 32 bytes per schema, not its whole text twice.
      const key = createHash("sha256").update(shape.key).digest("base64");
      let entry = cache.get(key);
      if (entry === undefined) {
        const cost = checkSchemaCost(schema, limits);
        if (cost.ok && budget !== undefined) {
          // Not cached: the schema is fine, this request has just compiled enough.
          if (cost.expandedNodes > budget.remaining) return { ok: false, reason: "this request's schema compile budget is spent" };
          budget.remaining -= cost.expandedNodes;
        }
        entry = cost.ok ? compileEntry(schema, shape.features) : refused(cost.reason);
        // Refusals are cached too: a hostile schema costs one check, not one per request.
        cache.set(key, entry, shape.key.length);
      }
      if (typeof schema === "object" && !entry.evicted) byIdentity.set(schema, entry);
      return entry.compilation;
    },
    limits,
    get cachedSchemas() {
      return cache.size;
    },
    get cachedBytes() {
      return cache.bytes;
    },
    clear() {
      cache.clear();
      byIdentity = new WeakMap();
    },
  };
}

/**
 * With `addUsedSchema: false` ajv cannot resolve `"$ref": "#"` (recursion to
 * the root, common in tree-shaped parameters) in a schema without `$id`: it
 * looks the empty id up among registered schemas. A root `$id` of our own
 * lets it resolve locally; it is never registered, so schemas of different
 * requests cannot see each other.
 */
function withRootId(schema: JsonSchema): JsonSchema {
  if (typeof schema !== "object" || typeof schema["$id"] === "string") return schema;
  return { ...schema, $id: "https://toolmend.invalid/tool-parameters.json" };
}

type CompileResult = { readonly ok: true; readonly validate: ValidateFunction } | { readonly ok: false; readonly reason: string };

function compileWith(ajv: Ajv2019, schema: JsonSchema): CompileResult {
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(schema);
  } catch (error) {
    // ajv registers the schema before compiling it; a failed compile must not leave it behind.
    removeFrom(ajv, schema);
    return { ok: false, reason: `schema does not compile: ${(error as Error).message}` };
  }
  try {
    // A `$ref` cycle with no data step in between (`a` → `b` → `a`) recurses
    // on any input; one probe finds it before a real call does.
    validate({});
  } catch (error) {
    removeFrom(ajv, schema);
    return { ok: false, reason: `schema cannot be evaluated: ${(error as Error).message}` };
  }
  return { ok: true, validate };
}

/**
 * `removeSchema` also deletes whatever ajv holds under the schema's `$id`.
 * With `addUsedSchema: false` that is never ours: it is a meta-schema (or
 * nothing), which a hostile `$id` must not be able to unregister.
 */
function removeFrom(ajv: Ajv2019, schema: JsonSchema): void {
  if (typeof schema !== "object") return; // ajv keeps one shared entry per boolean schema
  const hasId = typeof schema["$id"] === "string";
  const schemas = hasId ? { ...ajv.schemas } : undefined;
  const refs = hasId ? { ...ajv.refs } : undefined;
  try {
    ajv.removeSchema(schema);
  } catch {
    // Only thrown for a parameter it cannot identify; nothing is held then.
  }
  if (schemas !== undefined) Object.assign(ajv.schemas, schemas);
  if (refs !== undefined) Object.assign(ajv.refs, refs);
}
