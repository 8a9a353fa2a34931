/**
 * Tool names as metric labels, bounded: a client names its tools, so an
 * unbounded label would let it grow the metric set without end. A name is
 * its own label when configured under `repair.tools`, or when it is declared
 * in the request and among the first `limit` such names this process has
 * seen (the same bounded set as the `model` label); any other is `other`,
 * and a result whose call is not in the request is `unknown`.
 */
import { createModelLabels } from "./model-labels.ts";

export type ToolLabeler = (name: string | undefined, declared: ReadonlySet<string>) => string;

export function createToolLabeler(configured: Iterable<string>, limit = 100): ToolLabeler {
  const known = new Set([...configured].filter((name) => !/[*?]/.test(name)));
  const declaredNames = createModelLabels(limit);
  return function toolLabel(name, declared) {
    if (name === undefined) return "unknown";
    if (known.has(name)) return name;
    return declared.has(name) ? declaredNames.labelOf(name) : "other";
  };
}
