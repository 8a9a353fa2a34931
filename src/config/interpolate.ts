/**
 * `${VAR}` and `${VAR:-default}` in a config file's string values, read
 * from the environment after the YAML is parsed (a variable's value can never
 * change the file's structure). `$${` writes a literal `${`.
 */
import { parse as parseYaml } from "yaml";

/** Where interpolation failed, as a JSON-pointer path and a message. */
export interface InterpolationIssue {
  readonly path: string;
  readonly message: string;
}

export interface Interpolated {
  readonly value: unknown;
  readonly issues: readonly InterpolationIssue[];
  /** Values substituted from variables whose names look secret, to mask wherever the config is printed. */
  readonly secrets: readonly string[];
}

const reference = /\$\$\{|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;
const wholeReference = /^\$\{[A-Za-z_][A-Za-z0-9_]*(?::-[^}]*)?\}$/;
const secretName = /KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL|AUTH/i;

/**
 * Replaces references in every string value of `document`. A value that is
 * one reference and nothing else is read as a YAML scalar afterwards, so
 * `port: ${PORT:-8420}` is a number and `enabled: ${ON:-false}` a boolean.
 */
export function interpolate(document: unknown, env: Readonly<Record<string, string | undefined>>): Interpolated {
  const issues: InterpolationIssue[] = [];
  const secrets: string[] = [];

  const replaceIn = (text: string, path: string): unknown => {
    if (!text.includes("${")) return text;
    const replaced = text.replace(reference, (match, name: string | undefined, fallback: string | undefined) => {
      if (name === undefined) return "${";
      const value = env[name];
      if (value !== undefined && (value !== "" || fallback === undefined)) {
        if (secretName.test(name) && value !== "") secrets.push(value);
        return value;
      }
      if (fallback !== undefined) return fallback;
      issues.push({ path, message: `${match} is not set (write \${${name}:-default} for a fallback)` });
      return match;
    });
    return wholeReference.test(text) ? asScalar(replaced) : replaced;
  };

  const walk = (node: unknown, path: string): unknown => {
    if (typeof node === "string") return replaceIn(node, path === "" ? "/" : path);
    if (Array.isArray(node)) return node.map((item, index) => walk(item, `${path}/${index}`));
    if (typeof node === "object" && node !== null) {
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child, `${path}/${key}`)]));
    }
    return node;
  };

  return { value: walk(document, ""), issues, secrets };
}

/** A number, boolean or null as YAML reads it; anything else (a mapping, a list) stays the text it was. */
function asScalar(text: string): unknown {
  let value: unknown;
  try {
    value = parseYaml(text);
  } catch {
    return text;
  }
  return typeof value === "number" || typeof value === "boolean" || value === null ? value : text;
}
