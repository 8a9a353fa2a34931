/**
 * The schema the tolerant parsers read: the tool's schema with its local
 * `$ref`s read in place (a Pydantic model's nested model, enum or list
 * item, `{"$ref": "#/$defs/Item"}`), so that a parser inside that value
 * knows its keys and types as it would without the `$ref`. Only a guide:
 * every reading is validated against the schema itself.
 *
 * A `$ref` is replaced by its target when it is all the node says (beside
 * annotations) and the target is a local object; a `$ref` to a target being
 * read already (recursion), one with other keywords beside it, or one past
 * the budget stays as written, which the parsers read as "unknown". A schema
 * with no `$ref` is read as it is.
 */
import { isJsonObject, type JsonObject } from "../../json.ts";
import { defineOwn, refTarget } from "../json-pointer.ts";

/** Schema nodes copied at most: past it, `$ref`s stay as written. */
const MAX_COPIED_NODES = 20_000;
/** `$ref`s followed one inside another. */
const MAX_REF_DEPTH = 16;
/** Keywords beside a `$ref` that say nothing about the value (Pydantic writes `description`, `title` and `default` there). */
const ANNOTATIONS: ReadonlySet<string> = new Set(["$ref", "description", "title", "default", "examples", "$comment", "deprecated"]);

/** The schema with its local `$ref`s read in place (see the module comment). */
export function guideSchema(schema: unknown): unknown {
  if (!isJsonObject(schema) || !holdsRef(schema)) return schema;
  return inline(schema, schema, [], { remaining: MAX_COPIED_NODES });
}

/** Whether some node of `schema` is a `$ref` (bounded like the copy: past the budget, the answer is yes). */
function holdsRef(schema: JsonObject): boolean {
  const stack: unknown[] = [schema];
  for (let visited = 0; stack.length > 0; visited++) {
    const node = stack.pop();
    if (typeof node !== "object" || node === null) continue;
    if (visited > MAX_COPIED_NODES) return true;
    if (!Array.isArray(node) && Object.hasOwn(node, "$ref")) return true;
    stack.push(...Object.values(node));
  }
  return false;
}

function localTarget(reference: unknown, root: JsonObject): unknown {
  return typeof reference === "string" && reference.startsWith("#/") ? refTarget(root, reference) : undefined;
}

function inline(node: unknown, root: JsonObject, reading: readonly object[], budget: { remaining: number }): unknown {
  if (budget.remaining <= 0 || typeof node !== "object" || node === null) return node;
  budget.remaining--;
  if (Array.isArray(node)) return node.map((item) => inline(item, root, reading, budget));
  const object = node as JsonObject;
  if (typeof object["$ref"] === "string" && Object.keys(object).every((key) => ANNOTATIONS.has(key))) {
    const target = localTarget(object["$ref"], root);
    if (isJsonObject(target) && !reading.includes(target) && reading.length < MAX_REF_DEPTH) return inline(target, root, [...reading, target], budget);
    return node;
  }
  const copy: JsonObject = {};
  for (const [key, value] of Object.entries(object)) {
    // Definitions are read where they are used, not copied as a whole.
    defineOwn(copy, key, key === "$defs" || key === "definitions" ? value : inline(value, root, reading, budget));
  }
  return copy;
}
