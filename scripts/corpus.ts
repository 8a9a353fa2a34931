/** Kept for the scripts and tests that import it from here: the scoring lives in src/eval/corpus.ts (it ships with `toolmend eval`). */
export * from "../src/eval/corpus.ts";
