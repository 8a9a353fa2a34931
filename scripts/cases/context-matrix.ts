/**
 * The text around a call: what real models write before, after and between
 * their calls (see the generator below). The held part is fixed here before
 * any run: never tune a reader on these contexts or formats.
 */

/** Contexts whose cases are only counted (chosen before any result was seen). */
export const HELD_CONTEXTS: ReadonlySet<string> = new Set(["lead_other", "eot", "indent", "quoted", "retracted"]);
/** Formats whose cases are only counted: the format matrix's held formats, so one held set serves both. */
export const HELD_CONTEXT_FORMATS: ReadonlySet<string> = new Set(["seed_oss", "nemotron", "lfm", "solar", "command_r7b", "functiongemma"]);
