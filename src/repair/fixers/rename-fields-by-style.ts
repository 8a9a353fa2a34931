// {"filePath":"a"} → {"file_path":"a"}; {"CaBundle":"x"} → {"ca_bundle":"x"}; {"file-path":"a"} → {"filePath":"a"}; {"parameter name=\"ops\"":[]} → {"ops":[]}; {"args.path":"a"} → {"path":"a"}
import type { ValueFixer } from "../types.ts";
import { isJsonObject } from "../../json.ts";
import { copyObject, defineOwn, formatPointer } from "../json-pointer.ts";
import { itemsSchemaOf, propertySchemaOf } from "../parsers/schema-guide.ts";
import { foldIdentifier } from "../similarity.ts";
import { foldToolName, stripNamespaces } from "../name-resolution.ts";
import { ARGUMENT_KEYS } from "../envelopes.ts";
import { declaredProperties } from "../schema-shape.ts";
import { renameIn, renameKeys } from "./rename-fields.ts";
import type { RenamePolicy } from "./rename-fields.ts";

/** A key as a name: without a parameter tag's markup or its own quotes around it, compatibility forms (full-width letters) as their plain letters, case and separators ignored. */
function spelling(key: string): string {
  return foldIdentifier(withoutQuotes(withoutParameterTag(key.normalize("NFKC"))));
}

/**
 * A key written as a path in one of the two path notations, `args.path` or `params[path]`: its head and
 * its last segment, or `undefined`. `:` and `/` are not read as paths: keys holding them are as often text
 * (a URL, a file's path, `key: value` read into a key).
 */
function splitPath(key: string): { head: string; tail: string } | undefined {
  const trimmed = key.trim();
  if (trimmed.endsWith("]")) {
    const open = trimmed.lastIndexOf("[");
    const tail = trimmed.slice(open + 1, -1);
    return open > 0 && !tail.includes("[") ? { head: trimmed.slice(0, open), tail } : undefined;
  }
  const cut = trimmed.lastIndexOf(".");
  return cut > 0 && cut < trimmed.length - 1 ? { head: trimmed.slice(0, cut), tail: trimmed.slice(cut + 1) } : undefined;
}

/**
 * The words a model puts a call's arguments under (`arguments`, `args`, `params`, `kwargs`, …), folded; not
 * `input` or `properties`, words a tool's own data uses as often.
 */
const ARGUMENT_WORDS: ReadonlySet<string> = new Set(ARGUMENT_KEYS.filter((key) => key !== "input" && key !== "properties").map(foldIdentifier));

/**
 * The declared key a key names under the call's own namespace, folded: a path whose head is an arguments
 * envelope's word or the called tool's name (`args.path`, `arguments[path]`, `read_file.path`,
 * `functions.read_file.path`), never a key the schema declares (then the head is a property: nest-dotted-keys'
 * case). Only in the arguments object itself; `undefined` for any other key.
 */
function underCallNamespace(key: string, schema: unknown, toolName: string | undefined): string | undefined {
  const path = splitPath(key);
  if (path === undefined) return undefined;
  const head = path.head.trim();
  const declared = declaredProperties(schema) ?? {};
  if (Object.keys(declared).some((name) => spelling(name) === spelling(head))) return undefined;
  const namesCall = ARGUMENT_WORDS.has(foldIdentifier(head)) || (toolName !== undefined && foldToolName(stripNamespaces(head)) === foldToolName(toolName));
  return namesCall ? spelling(path.tail) : undefined;
}

/**
 * The same name, spelt in another case or separator style, inside its own quotes or a parameter tag's
 * markup, or (in the arguments object) under the call's own namespace, is the key the model meant:
 * renaming it changes form only. It renames to any absent declared key, also where the schema allows
 * unknown keys, but only when exactly one unknown key and one declared key spell the name; a key that
 * reads two ways (`args.path` is `path` under `args`, and also spells `args_path`) names both, and
 * neither is taken when both are declared.
 */
function stylePolicy(schema: unknown, toolName: string | undefined, atRoot: boolean): RenamePolicy {
  return {
    level: (unknownKey, declaredKey) => {
      const target = spelling(declaredKey);
      if (target === "") return undefined;
      const named = spelling(unknownKey) === target || (atRoot && underCallNamespace(unknownKey, schema, toolName) === target);
      return named ? 0 : undefined;
    },
    anyAbsentKey: true,
  };
}

/** Quotes a key was written with inside its own quotes (`"\"command\""`, `` "`path`" ``, from `<parameter="command">`): never part of a declared name. */
const QUOTE_PAIRS: Readonly<Record<string, string>> = { '"': '"', "'": "'", "`": "`", "“": "”", "‘": "’", "«": "»" };

/**
 * The key without one pair of quotes around it (spaces aside); the key itself when there is none. A quote
 * at one end only is left: the text around the key may have been read wrong, and the key may hold a piece
 * of a value.
 */
function withoutQuotes(key: string): string {
  const trimmed = key.trim();
  const close = QUOTE_PAIRS[trimmed[0] ?? ""];
  return close !== undefined && trimmed.length > 2 && trimmed.endsWith(close) ? trimmed.slice(1, -1) : key;
}

/**
 * A parameter tag's markup read into the key with it (`parameter name="ops"`, `<parameter=path>`, a parser
 * that took the whole tag for the name): markup, never part of a declared name.
 */
const PARAMETER_TAG = /^<?(?:parameter|param|arg)(?:[ \t]+name)?[ \t]*=[ \t]*([^<>=\s][^<>=]*)$/i;

/** The key inside a parameter tag's markup; the key itself when there is none. */
function withoutParameterTag(key: string): string {
  const trimmed = key.trim();
  return PARAMETER_TAG.exec(trimmed.endsWith(">") ? trimmed.slice(0, -1) : trimmed)?.[1]?.trim() ?? key;
}

export const renameFieldsByStyle: ValueFixer = {
  name: "rename-fields-by-style",
  purpose: "Rename an unknown key to the absent declared key it spells in another case or separator style, inside its own quotes or a parameter tag's markup, or under the call's own namespace (`args.path`, `read_file.path`).",
  class: "lossless",
  stage: "value",
  fix(value, { errors, schema, toolName }) {
    return renameKeys(value, errors, (instancePath) => stylePolicy(schema, toolName, instancePath === ""), schema);
  },
};

/** A key renamed in a call that validated as sent. */
export interface StyleRename {
  readonly pointer: string;
  readonly from: string;
  readonly to: string;
}

/** Objects deeper than this are not looked into. */
const MAX_DEPTH = 16;

/**
 * The same renames in a call the schema accepts as sent, where unknown keys
 * are allowed: `{"max_results": 3}` validates beside a declared `maxResults`,
 * yet the tool reads `maxResults` and never sees the 3. Follows `properties`
 * and `items` only; `undefined` when nothing is renamed.
 */
export function renameStylesInValid(value: unknown, schema: unknown, toolName?: string): { value: unknown; renames: StyleRename[] } | undefined {
  const renames: StyleRename[] = [];
  const visit = (current: unknown, currentSchema: unknown, path: readonly string[]): unknown => {
    if (path.length > MAX_DEPTH || currentSchema === undefined) return current;
    if (Array.isArray(current)) {
      const items = itemsSchemaOf(currentSchema);
      if (items === undefined) return current;
      let copy: unknown[] | undefined;
      current.forEach((item, index) => {
        const visited = typeof item === "object" && item !== null ? visit(item, items, [...path, String(index)]) : item;
        if (visited !== item) (copy ??= [...current])[index] = visited;
      });
      return copy ?? current;
    }
    if (!isJsonObject(current)) return current;
    const renamed = renameIn(current, currentSchema, [], stylePolicy(schema, toolName, path.length === 0));
    const source = renamed ?? current;
    let result = renamed;
    const oldKeys = Object.keys(current);
    Object.keys(source).forEach((key, index) => {
      if (key !== oldKeys[index]) renames.push({ pointer: formatPointer([...path, oldKeys[index]!]), from: oldKeys[index]!, to: key });
      const child = source[key];
      const visited = typeof child === "object" && child !== null ? visit(child, propertySchemaOf(currentSchema, key), [...path, key]) : child;
      if (visited === child) return;
      result ??= copyObject(current);
      defineOwn(result, key, visited);
    });
    return result ?? current;
  };
  const result = visit(value, schema, []);
  return renames.length === 0 ? undefined : { value: result, renames };
}
