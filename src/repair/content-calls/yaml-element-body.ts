/**
 * A tool's element holding its arguments as a YAML mapping, the way
 * prompt-based tool-calling middlewares teach models to call
 * (`<get_weather>\nlocation: Seoul\nunit: celsius\n</get_weather>`): one
 * `key: value` line per argument, a list as `- item` lines under its key,
 * an object as indented keys, long text as a `|` block.
 *
 * Read as YAML reads it, every scalar as text (the failsafe schema): the
 * tool's schema types the values later, as in the other tagged formats.
 * Only a mapping whose keys the tool declares is read (the caller checks
 * that); anything YAML could read otherwise than as written is left as text:
 * a comment (`path: a.txt # the file` may be the model's `#`), an anchor, an
 * alias or a tag, a key without a value, a key written twice, or a parse error.
 */
import { isMap, isScalar, parseDocument, visit } from "yaml";
import type { RawArguments } from "./raw-call.ts";

/** A YAML body longer than this is not read (a call's arguments are far smaller). */
const MAX_YAML_BODY = 64_000;

/** Whether the document holds markup that would read otherwise than as written: comments, anchors, aliases, tags. */
function hasAmbiguousMarkup(document: ReturnType<typeof parseDocument>): boolean {
  if (document.comment !== null || document.commentBefore !== null) return true;
  let found = false;
  visit(document, {
    Alias() {
      found = true;
      return visit.BREAK;
    },
    Node(_key, node) {
      if ((node.comment ?? null) !== null || (node.commentBefore ?? null) !== null || node.tag !== undefined || node.anchor !== undefined) {
        found = true;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/**
 * The body without the indentation every line of it shares, when that holds a tab: the element's own
 * indentation, which YAML refuses in tabs and reads in spaces. Indentation inside the mapping is left as
 * it is (a tab there is still an error).
 */
function withoutCommonTabs(body: string): string {
  const lines = body.split("\n");
  const indents = lines.filter((line) => line.trim() !== "").map((line) => /^[ \t]*/.exec(line)![0]);
  if (indents.length === 0) return body;
  let common = indents[0]!;
  for (const indent of indents) while (!indent.startsWith(common)) common = common.slice(0, -1);
  if (!common.includes("\t")) return body;
  return lines.map((line) => (line.startsWith(common) ? line.slice(common.length) : line.trimStart())).join("\n");
}

/**
 * The arguments of a YAML mapping body: each top-level key with its value's
 * text (a nested list or object as JSON, for a property that takes one);
 * `undefined` when the body is not such a mapping.
 */
export function yamlBodyArguments(written: string): RawArguments | undefined {
  if (written.length > MAX_YAML_BODY) return undefined;
  const body = withoutCommonTabs(written);
  if (body.length > MAX_YAML_BODY || !/^[A-Za-z_][\w.-]*:(?:[ \t]|$)/m.test(body.trimStart())) return undefined;
  const document = parseDocument(body, { schema: "failsafe", uniqueKeys: true, prettyErrors: false });
  if (document.errors.length > 0 || document.warnings.length > 0 || !isMap(document.contents) || hasAmbiguousMarkup(document)) return undefined;
  const params: [string, string][] = [];
  const structured: string[] = [];
  for (const pair of document.contents.items) {
    if (!isScalar(pair.key) || typeof pair.key.value !== "string" || pair.value === null) return undefined;
    const key = pair.key.value;
    if (isScalar(pair.value)) {
      const value = pair.value.value;
      // `key:` with nothing after it: YAML's null, or a value the model left out.
      if (typeof value !== "string" || (value === "" && pair.value.type === "PLAIN")) return undefined;
      params.push([key, value]);
      continue;
    }
    // A list or an object: its JSON, for a property that takes one (a string property would keep JSON the model never wrote).
    params.push([key, JSON.stringify(pair.value.toJSON())]);
    structured.push(key);
  }
  return params.length === 0 ? undefined : { kind: "params", params, declaredOnly: true, openText: structured };
}
