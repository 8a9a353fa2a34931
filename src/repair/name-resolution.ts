/**
 * Shared by the name fixers: a candidate name counts only when it names
 * exactly one declared tool, verbatim or once case and separators are ignored.
 */
import { uniqueMatch } from "./similarity.ts";

/**
 * A tool name without case and separators. Besides `_`, `-`, `.` and spaces,
 * `:` and `/` join the words of a name too (`github/create_issue`,
 * `memory:read_graph`): no provider allows them in a declared name, so a
 * model that writes them meant a separator.
 */
export function foldToolName(name: string): string {
  return name.replace(/[\s_\-.:/]+/g, "").toLowerCase();
}

/** The declared name `candidate` spells, or `undefined` when none or several. */
export function declaredNameFor(candidate: string, toolNames: readonly string[]): string | undefined {
  if (candidate.length === 0) return undefined;
  if (toolNames.includes(candidate)) return candidate;
  const folded = foldToolName(candidate);
  if (folded.length === 0) return undefined;
  const match = uniqueMatch(toolNames, (name) => foldToolName(name) === folded);
  if (match === undefined) return undefined;
  // `web:search` spells `web_search`, and also `search` under a namespace: with both declared, which one is a guess.
  const lastSegment = /[.:/]([^.:/]+)$/.exec(candidate.trim())?.[1];
  if (lastSegment !== undefined && spellsAnother(lastSegment, match, toolNames)) return undefined;
  return match;
}

/** The one declared name `text` spells verbatim, or once case and separators are ignored; `undefined` when none or several. */
function spelledName(text: string, toolNames: readonly string[]): string | undefined {
  if (toolNames.includes(text)) return text;
  const folded = foldToolName(text);
  return folded === "" ? undefined : uniqueMatch(toolNames, (name) => foldToolName(name) === folded);
}

/**
 * The declared name a written name stands for, read as a path: the whole name (`get_weather`, `GetWeather`,
 * `github/create_issue` for `github_create_issue`), or its last segment under any namespace joined with
 * `.`, `:` or `/` (`functions.get`, `default_api:get`, `repo_browser.ReadFile`). A name that reads two ways
 * (`requests.get` spells `requests_get` and is `get` under a namespace, both declared) gives `undefined`, and
 * so does a name that ends in its separator (`read_file:`): only the whole name could say.
 */
export function declaredNameInPath(written: string, toolNames: readonly string[]): string | undefined {
  if (toolNames.includes(written)) return written;
  const cut = Math.max(written.lastIndexOf("."), written.lastIndexOf(":"), written.lastIndexOf("/"));
  const lastSegment = written.slice(cut + 1);
  const bySegment = lastSegment === "" ? undefined : spelledName(lastSegment, toolNames);
  if (cut < 0 || lastSegment === "") return bySegment;
  const whole = spelledName(written, toolNames);
  return bySegment !== undefined && whole !== undefined && bySegment !== whole ? undefined : (bySegment ?? whole);
}

/** Whether `text` spells a declared name other than `match` (case and separators aside). */
export function spellsAnother(text: string, match: string, toolNames: readonly string[]): boolean {
  const folded = foldToolName(text);
  return toolNames.some((name) => name !== match && foldToolName(name) === folded);
}

/** Namespaces models put in front of a tool name (OpenAI's prompt format, Gemini, Harmony's `to=`). */
const NAMESPACE = /^(?:to=)?(?:functions|function|default_api|tools|tool|api|multi_tool_use)(?:::|[.:/])/i;

/** `functions.default_api.read_file` → `read_file`; unchanged when there is no known namespace. */
export function stripNamespaces(name: string): string {
  let current = name.trim();
  for (let guard = 0; guard < 4 && NAMESPACE.test(current); guard++) current = current.replace(NAMESPACE, "");
  return current;
}
