/**
 * Shared by the name fixers: a candidate name counts only when it names
 * exactly one declared tool, verbatim or once case and separators are ignored.
 */
import { foldIdentifier, uniqueMatch } from "./similarity.ts";

/** The declared name `candidate` spells, or `undefined` when none or several. */
export function declaredNameFor(candidate: string, toolNames: readonly string[]): string | undefined {
  if (candidate.length === 0) return undefined;
  if (toolNames.includes(candidate)) return candidate;
  const folded = foldIdentifier(candidate);
  if (folded.length === 0) return undefined;
  return uniqueMatch(toolNames, (name) => foldIdentifier(name) === folded);
}

/** Namespaces models put in front of a tool name (OpenAI's prompt format, Gemini, Harmony's `to=`). */
const NAMESPACE = /^(?:to=)?(?:functions|function|default_api|tools|tool|api|multi_tool_use)[.:/]/i;

/** `functions.default_api.read_file` → `read_file`; unchanged when there is no known namespace. */
export function stripNamespaces(name: string): string {
  let current = name.trim();
  for (let guard = 0; guard < 4 && NAMESPACE.test(current); guard++) current = current.replace(NAMESPACE, "");
  return current;
}
