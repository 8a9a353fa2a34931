/**
 * The repair engine's vocabulary. Everything here is plain data: the engine
 * takes values and returns values, and errors inside the pipeline are values
 * discriminated on `kind`, never exceptions.
 */
import type { ErrorObject } from "ajv";

/** How bad a call that stays broken is, lowest first: the config, escalations and the repair model share this list. */
export const severities = ["LOW", "MEDIUM", "HIGH", "CRITICAL"] as const;
export type Severity = (typeof severities)[number];

/** `lossless` changes only the form of a call; `lossy` makes a guess. */
export type FixerClass = "lossless" | "lossy";

/** A JSON Schema as a client sent it: hostile input until compiled. */
export type JsonSchema = Record<string, unknown> | boolean;

/** One tool a request declared (chat `tools[].function`, or a Responses function tool). */
export interface ToolDefinition {
  readonly name: string;
  readonly description?: string;
  readonly parameters?: JsonSchema;
  readonly strict?: boolean;
}

/** One tool call as the model emitted it. */
export interface ToolCallInput {
  readonly name: string;
  /** Usually a string; some upstreams send an object, `""` or `null`. */
  readonly arguments: unknown;
  /** The choice's finish reason, when known (`"length"` means the output was cut). */
  readonly finishReason?: string | null;
}

/** An ajv error with the data path as a JSON pointer (`/limit`, `/items/0/name`). */
export type SchemaError = ErrorObject;

/** Why a call is broken; the discriminated union of DESIGN.md's taxonomy. */
export type ToolCallError =
  | {
      readonly kind: "unknown_tool";
      readonly tool: string;
      readonly message: string;
      readonly severity: Severity;
      readonly candidates: readonly string[];
    }
  | {
      readonly kind: "invalid_args";
      readonly tool: string;
      readonly message: string;
      readonly severity: Severity;
      /** jsonrepair's or JSON.parse's complaint. */
      readonly detail: string;
      /** The arguments were cut short (open string, or `finish_reason: "length"`). */
      readonly truncated: boolean;
    }
  | {
      readonly kind: "schema_mismatch";
      readonly tool: string;
      readonly message: string;
      readonly severity: Severity;
      readonly errors: readonly SchemaIssue[];
    };

export type ToolCallErrorKind = ToolCallError["kind"];

/** One schema violation, shaped for humans and for the feedback message. */
export interface SchemaIssue {
  /** JSON pointer into the arguments (`""` is the root). */
  readonly pointer: string;
  /** ajv keyword (`required`, `type`, `enum`, `additionalProperties`, …). */
  readonly keyword: string;
  /** "must be integer", "must have required property 'path'". */
  readonly message: string;
  /** "did you mean `file_path`?" when one is unambiguous. */
  readonly suggestion?: string;
}

/** What the engine says about one call. */
export type RepairOutcome =
  /** Valid as emitted: the caller must leave the call's bytes alone. */
  | { readonly kind: "valid"; readonly name: string }
  /**
   * Not checked, and passed through as emitted: the schema is over a limit or
   * does not compile, or the arguments are too big or too deep to check safely.
   */
  | { readonly kind: "unvalidated"; readonly name: string; readonly reason: string }
  | {
      readonly kind: "repaired";
      /** The resolved tool name (differs from the emitted one after a name fix). */
      readonly name: string;
      /** The new `arguments` string: compact JSON that validates. */
      readonly arguments: string;
      /** Fixers that changed something, in the order they ran; then `lost-content` when `lost` is not empty. */
      readonly fixers: readonly string[];
      /** True when any fixer in `fixers` is lossy, or when `lost` is not empty. */
      readonly lossy: boolean;
      /**
       * Strings the model wrote that the repaired arguments no longer hold
       * (the lossless check), when there are any; at most a few, cut short.
       */
      readonly lost?: readonly string[];
      /** What was wrong before repair. */
      readonly original: ToolCallError;
    }
  | {
      readonly kind: "failed";
      readonly name: string;
      readonly error: ToolCallError;
      /** Every fixer that was tried, changed something or not. */
      readonly fixersTried: readonly string[];
    };

/** Input a name fixer sees. */
export interface NameContext {
  readonly toolNames: readonly string[];
}

/** Input a text fixer sees: the raw arguments before parsing. */
export interface TextContext {
  readonly finishReason?: string | null;
  /** The tool's root `parameters` schema, when known: what the arguments can hold. */
  readonly schema?: JsonSchema;
}

/** Input a value fixer sees: the parsed arguments failed `schema` with `errors`. */
export interface ValueContext {
  /** The tool's root `parameters` schema (already compiled successfully). */
  readonly schema: JsonSchema;
  /** All errors from a validation with `allErrors: true, verbose: true`. */
  readonly errors: readonly SchemaError[];
  /**
   * The declared name of the tool being called, when known. unwrap-envelope
   * needs it to accept `{"name": …, "arguments": {…}}` only when the name is
   * this tool's; without it such envelopes are left alone.
   */
  readonly toolName?: string;
  /**
   * The arguments were cut short (`finish_reason: "length"`, or text that
   * ends inside a value): a property missing after a cut was never written,
   * so no fixer may fill it in.
   */
  readonly truncated?: boolean;
}

interface FixerBase {
  /** Stable kebab-case name: file name, metric label and log field. */
  readonly name: string;
  /** One line: what it fixes. */
  readonly purpose: string;
  readonly class: FixerClass;
}

/** Maps an emitted tool name to a declared one; `undefined` when it cannot. */
export interface NameFixer extends FixerBase {
  readonly stage: "name";
  fix(name: string, context: NameContext): string | undefined;
}

/**
 * Turns `arguments` that is not yet argument text (an object, `null`, absent,
 * `""`) into text; `undefined` when it does not apply. Runs before the text stage.
 */
export interface ArgumentsFixer extends FixerBase {
  readonly stage: "arguments";
  fix(raw: unknown): string | undefined;
}

/** Rewrites argument text before parsing; `undefined` when it changes nothing. */
export interface TextFixer extends FixerBase {
  readonly stage: "text";
  fix(text: string, context: TextContext): string | undefined;
}

/**
 * Returns a changed copy of the parsed arguments, or `undefined` when it
 * changes nothing. Never mutates its input (JSON values have no `undefined`).
 */
export interface ValueFixer extends FixerBase {
  readonly stage: "value";
  fix(value: unknown, context: ValueContext): unknown;
}

/**
 * A syntax family the schema-guided parsers accept beyond JSON (unquoted
 * values, inner quotes, comments…). It has no `fix` of its own: the parsers
 * consult the enabled families while they read the original text, and a
 * reading is kept only when the schema accepts it.
 */
export interface ParserFamily extends FixerBase {
  readonly stage: "parse";
}

export type Fixer = NameFixer | ArgumentsFixer | TextFixer | ParserFamily | ValueFixer;
