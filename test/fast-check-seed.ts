/**
 * Property tests draw new random inputs on every run, which is how they find
 * new wrong repairs. `FAST_CHECK_SEED` pins the seed so that a run (CI's)
 * can be repeated exactly; without it every run explores afresh.
 */
import fc from "fast-check";

const seed = process.env.FAST_CHECK_SEED;
if (seed !== undefined && seed !== "") fc.configureGlobal({ seed: Number(seed) });
