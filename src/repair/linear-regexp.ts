/**
 * The regular-expression engine ajv uses for schema `pattern` and
 * `patternProperties`: RE2's linear-time matching (re2js, pure JavaScript)
 * instead of V8's backtracking one. A client writes its own schemas, so
 * `^(a+)+$` against 26 characters would otherwise hold the event loop for
 * seconds. RE2 has no lookaround and no backreferences: a pattern that uses
 * them does not compile, and the schema is then left unvalidated rather than
 * checked by an engine that can be made to run forever.
 */
import type { RE2JS } from "re2js";
import type { RegExpEngine, RegExpLike } from "ajv/dist/types/index.js";
import { re2 } from "./re2.ts";
import { LruCache } from "./schema-cache.ts";

/** Compiled patterns shared across schemas; bounded like everything built from client input. */
const MAX_CACHED_PATTERNS = 2048;
const MAX_CACHED_PATTERN_BYTES = 4 * 1024 * 1024;

class LinearRegExp implements RegExpLike {
  readonly #compiled: RE2JS;
  readonly #source: string;

  constructor(compiled: RE2JS, source: string) {
    this.#compiled = compiled;
    this.#source = source;
  }

  test(text: string): boolean {
    return this.#compiled.test(text);
  }

  /** ajv keys its per-instance pattern table on this: it must differ per pattern. */
  toString(): string {
    return `/${this.#source}/u`;
  }
}

/** Creates an engine with its own bounded cache of compiled patterns (no module state). */
export function createLinearRegExpEngine(): RegExpEngine {
  const cache = new LruCache<LinearRegExp>({ maxEntries: MAX_CACHED_PATTERNS, maxBytes: MAX_CACHED_PATTERN_BYTES });
  const engine = (pattern: string): RegExpLike => {
    const known = cache.get(pattern);
    if (known !== undefined) return known;
    // ECMAScript syntax (named groups `(?<name>`, `\u{…}`, escaped `/`) into RE2's; throws on what RE2 lacks.
    const compiled = new LinearRegExp(re2().compile(re2().translateRegExp(pattern)), pattern);
    cache.set(pattern, compiled, pattern.length);
    return compiled;
  };
  // Only read by ajv's standalone code generation, which toolmend does not use.
  return Object.assign(engine, { code: "re2js" });
}
