/**
 * What a schema costs once its `$ref`s are followed, measured before ajv
 * sees it. Two shapes make validation time explode while the schema stays
 * small, and both are refused:
 *
 * - A `$ref` graph that fans out at one place in the data:
 *   `a0 = {anyOf: [{$ref: a1}, {$ref: a1}]}`, `a1 = …` doubles the work per
 *   level (3 KB, 2^40 steps). The walk counts every node as if each `$ref`
 *   were inlined and stops at `maxExpandedNodes`.
 * - Recursion that reaches one place in the data by two routes
 *   (`node = {anyOf: [{properties: {c: {$ref: node}}}, {properties: {c: {$ref: node}}}]}`)
 *   is exponential in the depth of the arguments. Recursion whose routes
 *   lead to different places (`left`/`right` of a tree) stays linear and is
 *   allowed: the data paths of a schema's recursive `$ref`s must form a
 *   prefix-free set.
 *
 * The walk uses an explicit stack: a recursive walk is what a hostile schema
 * would overflow.
 */
import { isJsonObject } from "../json.ts";
import { getPointer } from "./json-pointer.ts";

export interface ExpansionLimits {
  /** Schema objects visited with every `$ref` inlined (recursion counted once). */
  readonly maxExpandedNodes: number;
  /** Branches of one `allOf`/`anyOf`/`oneOf`. */
  readonly maxCombinatorBranches: number;
}

export type ExpansionVerdict = { readonly ok: true; readonly expandedNodes: number } | { readonly ok: false; readonly reason: string };

/**
 * One place in the data, relative to where a schema applies: `k:name` a
 * property, `k:*` any property, `i:3` an item, `i:*` any item, `n` a
 * property name. `*` overlaps every name of its kind.
 */
type Segment = string;

/** A `$ref` target being expanded, with the routes back to it found so far. */
interface Entry {
  readonly target: object;
  readonly at: readonly Segment[];
  readonly routes: Segment[][];
  readonly parent: Entry | undefined;
  /** `$ref`s followed to get here; bounds the walk up the chain. */
  readonly depth: number;
}

interface Work {
  readonly node: unknown;
  readonly at: readonly Segment[];
  readonly chain: Entry | undefined;
}

// Keywords whose subschemas apply to the same data as their parent.
const IN_PLACE_LISTS = ["allOf", "anyOf", "oneOf"] as const;
const IN_PLACE_SINGLES = ["not", "if", "then", "else"] as const;
const IN_PLACE_MAPS = ["dependentSchemas", "dependencies"] as const;
// Keywords whose subschema applies one level down, and where.
const DESCENDING_SINGLES: Readonly<Record<string, Segment>> = {
  additionalProperties: "k:*",
  unevaluatedProperties: "k:*",
  propertyNames: "n",
  additionalItems: "i:*",
  unevaluatedItems: "i:*",
  contains: "i:*",
};
const REF_KEYWORDS = ["$ref", "$recursiveRef", "$dynamicRef"] as const;
/** Routes recorded per expanded target before the schema is refused outright. */
const MAX_ROUTES = 64;
/** `$ref`s followed one inside another; real schemas nest a handful. */
const MAX_REFERENCE_DEPTH = 128;

function overlaps(left: Segment, right: Segment): boolean {
  if (left === right) return true;
  const kind = left.slice(0, 2);
  return kind === right.slice(0, 2) && (left.endsWith(":*") || right.endsWith(":*"));
}

/** Whether one route is a prefix of the other, place by place: then some data is reached twice. */
function ambiguous(left: readonly Segment[], right: readonly Segment[]): boolean {
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index++) if (!overlaps(left[index]!, right[index]!)) return false;
  return true;
}

/** A draft's meta-schema, which ajv holds already: bounded, and not the client's to shape. */
export function refersToMetaSchema(reference: unknown): boolean {
  return typeof reference === "string" && /^https?:\/\/json-schema\.org\//.test(reference);
}

/** `#` or `#/json/pointer` inside the schema; anything else is not followed. */
function resolveLocal(root: Record<string, unknown>, reference: string): object | undefined {
  if (reference === "#") return root;
  if (!reference.startsWith("#/")) return undefined;
  let pointer: string;
  try {
    pointer = decodeURIComponent(reference.slice(1));
  } catch {
    return undefined;
  }
  const target = getPointer(root, pointer);
  // A boolean subschema has nothing to expand; an empty object stands in for it.
  return isJsonObject(target) ? target : typeof target === "boolean" ? {} : undefined;
}

/**
 * Walks `schema` as a validator would, `$ref`s inlined, and refuses the
 * shapes described above. A `$ref` it cannot resolve within the schema is
 * refused too: its cost cannot be known.
 */
export function checkSchemaExpansion(schema: Record<string, unknown>, limits: ExpansionLimits): ExpansionVerdict {
  const stack: Work[] = [{ node: schema, at: [], chain: undefined }];
  let visited = 0;
  while (stack.length > 0) {
    const { node, at, chain } = stack.pop()!;
    if (!isJsonObject(node)) continue;
    if (++visited > limits.maxExpandedNodes) {
      return { ok: false, reason: `schema expands to more than ${limits.maxExpandedNodes} subschemas once its $refs are followed` };
    }
    const push = (child: unknown, segment?: Segment) => {
      if (isJsonObject(child)) stack.push({ node: child, at: segment === undefined ? at : [...at, segment], chain });
    };

    for (const keyword of REF_KEYWORDS) {
      const reference = node[keyword];
      if (reference === undefined) continue;
      // `$recursiveRef: "#"` and `$dynamicRef` resolve to the root in the schemas tools declare.
      if (refersToMetaSchema(reference)) continue;
      const target = typeof reference === "string" ? resolveLocal(schema, keyword === "$ref" ? reference : "#") : undefined;
      if (target === undefined) return { ok: false, reason: `${keyword} ${JSON.stringify(reference).slice(0, 80)} does not point inside the schema` };
      const refused = followReference(target, at, chain, stack);
      if (refused !== undefined) return { ok: false, reason: refused };
    }
    for (const keyword of IN_PLACE_LISTS) {
      const branches = node[keyword];
      if (!Array.isArray(branches)) continue;
      if (branches.length > limits.maxCombinatorBranches) {
        return { ok: false, reason: `${keyword} has more than ${limits.maxCombinatorBranches} branches` };
      }
      for (const branch of branches) push(branch);
    }
    for (const keyword of IN_PLACE_SINGLES) push(node[keyword]);
    for (const keyword of IN_PLACE_MAPS) {
      const map = node[keyword];
      if (isJsonObject(map)) for (const child of Object.values(map)) push(child);
    }
    const properties = node["properties"];
    if (isJsonObject(properties)) for (const [name, child] of Object.entries(properties)) push(child, `k:${name}`);
    const patterns = node["patternProperties"];
    if (isJsonObject(patterns)) for (const child of Object.values(patterns)) push(child, "k:*");
    for (const [keyword, segment] of Object.entries(DESCENDING_SINGLES)) push(node[keyword], segment);
    const items = node["items"];
    if (Array.isArray(items)) items.forEach((child, index) => push(child, `i:${index}`));
    else push(items, "i:*");
    const prefixItems = node["prefixItems"];
    if (Array.isArray(prefixItems)) prefixItems.forEach((child, index) => push(child, `i:${index}`));
  }
  return { ok: true, expandedNodes: visited };
}

/**
 * Queues a `$ref`'s target, or, when the target is already being expanded
 * above, records the route back to it on every target of the cycle and
 * returns why the schema is refused, if it is.
 */
function followReference(target: object, at: readonly Segment[], chain: Entry | undefined, stack: Work[]): string | undefined {
  let cycleStart: Entry | undefined;
  for (let entry = chain; entry !== undefined; entry = entry.parent) {
    if (entry.target === target) {
      cycleStart = entry;
      break;
    }
  }
  if (cycleStart === undefined) {
    const depth = (chain?.depth ?? 0) + 1;
    if (depth > MAX_REFERENCE_DEPTH) return `$refs nested more than ${MAX_REFERENCE_DEPTH} deep`;
    const entry: Entry = { target, at, routes: [], parent: chain, depth };
    stack.push({ node: target, at, chain: entry });
    return undefined;
  }
  // Each target on the cycle sees the cycle starting from itself: down to here, then from the start back to it.
  for (let entry = chain; entry !== undefined; entry = entry.parent) {
    const route = [...at.slice(entry.at.length), ...entry.at.slice(cycleStart.at.length)];
    if (route.length === 0) return "$ref cycle that never descends into the data";
    if (entry.routes.some((known) => ambiguous(known, route))) {
      return "recursive $refs reach the same place in the data by two routes (exponential validation)";
    }
    if (entry.routes.length >= MAX_ROUTES) return `more than ${MAX_ROUTES} recursive $refs`;
    entry.routes.push(route);
    if (entry === cycleStart) break;
  }
  return undefined;
}
