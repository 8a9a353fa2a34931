/**
 * Property tests draw new random inputs on every run, which is how they find
 * new wrong repairs. `TOOLMEND_FC_SEED` pins the seed so that a run (CI's)
 * can be repeated exactly; without it every run explores afresh.
 */
import fc from "fast-check";

const seed = process.env.TOOLMEND_FC_SEED;
if (seed !== undefined && seed !== "") fc.configureGlobal({ seed: Number(seed) });
