// {"filePath":"a"} → {"file_path":"a"}; {"CaBundle":"x"} → {"ca_bundle":"x"}; {"file-path":"a"} → {"filePath":"a"}; {"parameter name=\"ops\"":[]} → {"ops":[]}
import type { ValueFixer } from "../types.ts";
import { isJsonObject } from "../../json.ts";
import { copyObject, defineOwn, formatPointer } from "../json-pointer.ts";
import { itemsSchemaOf, propertySchemaOf } from "../parsers/schema-guide.ts";
import { foldIdentifier } from "../similarity.ts";
import { renameIn, renameKeys } from "./rename-fields.ts";
import type { RenamePolicy } from "./rename-fields.ts";

/**
 * The same name, spelt in another case or separator style, or inside its own
 * quotes, is the key the model meant: renaming it changes form only. It renames to any absent
 * declared key, also where the schema allows unknown keys, but only when
 * exactly one unknown key and one declared key spell the name.
 */
const stylePolicy: RenamePolicy = {
  level: (unknownKey, declaredKey) => {
    const folded = foldIdentifier(withoutQuotes(withoutParameterTag(unknownKey)));
    return folded !== "" && folded === foldIdentifier(declaredKey) ? 0 : undefined;
  },
  anyAbsentKey: true,
};

/** Quotes a key was written with inside its own quotes (`"\"command\""`, `` "`path`" ``, from `<parameter="command">`): never part of a declared name. */
const QUOTE_PAIRS: Readonly<Record<string, string>> = { '"': '"', "'": "'", "`": "`", "“": "”", "‘": "’", "«": "»" };

/** The key without one pair of quotes around it (spaces aside); the key itself when there is none. */
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
  purpose: "Rename an unknown key to the absent declared key it spells in another case or separator style, inside its own quotes or a parameter tag's markup.",
  class: "lossless",
  stage: "value",
  fix(value, { errors }) {
    return renameKeys(value, errors, stylePolicy);
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
export function renameStylesInValid(value: unknown, schema: unknown): { value: unknown; renames: StyleRename[] } | undefined {
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
    const renamed = renameIn(current, currentSchema, [], stylePolicy);
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
