/**
 * Tool names as metric labels, bounded: a client names its tools, so an
 * unbounded label would let it grow the metric set without end. A name is
 * its own label when configured under `repair.tools`, or when it is one of
 * the first `limit` distinct declared names this process has seen; any
 * other is `other`, and a result whose call is unknown is `unknown`.
 */
export type ToolLabeler = (name: string | undefined, declared: ReadonlySet<string>) => string;

export function createToolLabeler(configured: Iterable<string>, limit = 100): ToolLabeler {
  const known = new Set([...configured].filter((name) => !/[*?]/.test(name)));
  const seen = new Set<string>();
  return function toolLabel(name, declared) {
    if (name === undefined) return "unknown";
    if (known.has(name) || seen.has(name)) return name;
    if (declared.has(name) && seen.size < limit) {
      seen.add(name);
      return name;
    }
    return "other";
  };
}
