/**
 * re2js, loaded on first use. Most tool schemas have no `pattern` and most
 * configurations no result pattern of their own; loaded at start-up the
 * library would cost every process ~1 MB of heap it may never use.
 */
import { createRequire } from "node:module";
import type { RE2JS } from "re2js";

let loaded: typeof RE2JS | undefined;

/** The `RE2JS` class, loading the library the first time it is asked for. */
export function re2(): typeof RE2JS {
  loaded ??= (createRequire(import.meta.url)("re2js") as { RE2JS: typeof RE2JS }).RE2JS;
  return loaded;
}
