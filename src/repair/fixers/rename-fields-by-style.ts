// {"filePath":"a"} → {"file_path":"a"}; {"CaBundle":"x"} → {"ca_bundle":"x"}; {"file-path":"a"} → {"filePath":"a"}
import type { ValueFixer } from "../types.ts";
import { foldIdentifier } from "../similarity.ts";
import { renameKeys } from "./rename-fields.ts";
import type { RenamePolicy } from "./rename-fields.ts";

/**
 * The same name, spelt in another case or separator style, is the key the
 * model meant: renaming it changes form only. It renames to any absent
 * declared key, also where the schema allows unknown keys, but only when
 * exactly one unknown key and one declared key spell the name.
 */
const stylePolicy: RenamePolicy = {
  level: (unknownKey, declaredKey) => (foldIdentifier(unknownKey) !== "" && foldIdentifier(unknownKey) === foldIdentifier(declaredKey) ? 0 : undefined),
  anyAbsentKey: true,
};

export const renameFieldsByStyle: ValueFixer = {
  name: "rename-fields-by-style",
  purpose: "Rename an unknown key to the absent declared key it spells in another case or separator style.",
  class: "lossless",
  stage: "value",
  fix(value, { errors }) {
    return renameKeys(value, errors, stylePolicy);
  },
};
