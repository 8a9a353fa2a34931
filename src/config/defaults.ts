/**
 * The one place that holds toolmend's defaults. The config file, environment
 * variables and CLI flags only ever override these.
 */
import { errorCodes } from "../errors.ts";
import type { FailurePolicy, FinalPolicy } from "../repair/outcomes.ts";
import type { Severity } from "../repair/types.ts";
import { defaultSchemaLimits } from "../repair/schema-limits.ts";

export type LoopAction = "escalate" | "passthrough";
export type LogFormat = "auto" | "json" | "pretty";

/** What `repair.tools.<name or glob>.executionErrors` may set; anything unset comes from `executionErrors`. */
export interface ToolExecutionErrorsOverride {
  readonly suggest?: boolean;
  readonly redact?: boolean;
  readonly onLoop?: LoopAction;
  readonly onPermanent?: LoopAction;
}

/** What `repair.tools.<name or glob>` may set; anything unset comes from `repair.defaults`. */
export interface ToolPolicyOverride {
  readonly executionErrors?: ToolExecutionErrorsOverride;
  readonly fixers?: readonly string[] | null;
  readonly allowLossy?: boolean;
  readonly onFailure?: FailurePolicy;
  readonly maxRounds?: number;
  readonly then?: FinalPolicy;
  readonly severity?: Severity | null;
  readonly destructive?: boolean;
  readonly repairModel?: boolean;
}

export const defaults = {
  server: {
    host: "127.0.0.1",
    port: 8420,
    /** Request bodies are buffered (so a retry can replay them) up to this size; larger gets 413. */
    bodyLimitBytes: 32 * 1024 * 1024,
    /** After SIGTERM, how long the listener keeps serving (with `/readyz` at 503) before it stops accepting. */
    drainDelayMs: 5_000,
    /** Then, how long in-flight requests may take before their connections are closed. */
    shutdownGraceMs: 10_000,
    /** Nesting of a request body toolmend parses; deeper is 400 (the parsers and serialisers recurse). */
    maxJsonDepth: 512,
    /** Processes serving the port (node:cluster); `auto`: one per available CPU. */
    workers: 1 as number | "auto",
  },
  metrics: {
    enabled: true,
    /** `null` serves `/metrics` on the main port; a number moves it to its own listener. */
    port: null as number | null,
    host: "127.0.0.1",
  },
  upstream: {
    url: "https://api.openai.com/v1",
    /** Send the client's `Forwarded`, `X-Forwarded-*`, `X-Real-IP`, `X-Original-URL` and `X-Rewrite-URL` on (off: dropped). */
    keepForwardingHeaders: false,
    /** Pool size; each open stream holds a connection, so a sidecar holding many streams needs many. */
    connections: 1024,
    timeouts: {
      connectMs: 10_000,
      /** Until the response's headers arrive: a slow model's non-streamed answer lands here. */
      firstByteMs: 600_000,
      /** Longest silence between two body chunks. */
      idleMs: 300_000,
      /** The caller's whole budget, retries included. */
      totalMs: 900_000,
    },
    retries: {
      attempts: 3,
      baseDelayMs: 250,
      maxDelayMs: 8_000,
      /** A `retry-after` longer than this is not waited for: the client gets the upstream's answer. */
      maxRetryAfterMs: 60_000,
      retryTimeouts: false,
    },
  },
  repair: {
    /** What every tool gets unless `repair.tools` says otherwise. */
    defaults: {
      /** Fixers that may run, in order; `null` means the engine's default set. */
      fixers: null as readonly string[] | null,
      /** `false` skips lossy fixers (guesses): a call only a guess could mend then fails. */
      allowLossy: true,
      /** What a call that stays broken gets: escalate | feedback | resample | passthrough | reject. */
      onFailure: "escalate" as FailurePolicy,
      /** Extra upstream rounds for `feedback` and `resample`. */
      maxRounds: 2,
      /** What follows when the rounds are spent. */
      then: "escalate" as FinalPolicy,
      /** Overrides the severity the engine gives a failure; `null` keeps it. */
      severity: null as Severity | null,
      /** Skip lossy fixers and escalate at once (deleting, paying, sending). */
      destructive: false,
      /** Ask the repair model when the fixers could not mend a call (if `repair.model.enabled`). */
      repairModel: true,
    },
    /** Per-tool overrides, keyed by tool name or glob (`delete_*`): exact names win, then the first matching glob. */
    tools: {} as Readonly<Record<string, ToolPolicyOverride>>,
    /** The repair model: an OpenAI-compatible chat call that may mend what the fixers could not. */
    model: {
      enabled: false,
      /** `null`: the upstream. */
      baseUrl: null as string | null,
      model: "gpt-4.1-mini",
      /** Environment variable holding its API key; `null` uses the client's own `authorization`. */
      apiKeyEnv: null as string | null,
      timeoutMs: 15_000,
      maxAttempts: 2,
      temperature: 0,
      /** Broken arguments longer than this are not sent (the call escalates as before). */
      maxArgumentBytes: 16_384,
      /** Send the conversation's last user message too (off: it is user data). */
      includeContext: false,
      /** Repair-model calls in flight at once, across all requests; more wait, then give up. */
      maxConcurrent: 8,
    },
    /** HTTP status of an escalation: 400 (no SDK retries it) or 422. */
    escalationStatus: errorCodes.invalid_tool_call.status as 400 | 422,
    /** Broken `arguments` in the request's own history get the lossless fixers on the way in. */
    repairHistory: true,
    /**
     * Tool calls the model wrote as text into its answer (`<tool_call>…`, a JSON call, `[f(a=1)]`) are read as
     * calls. Off: the answer's text is passed on as it came, streams hold nothing back, and only the calls the
     * upstream returned as calls are judged.
     */
    textCalls: true,
    /** An upstream answer toolmend must read whole (non-streamed, with tools) is capped at this size. */
    maxResponseBytes: 32 * 1024 * 1024,
    /**
     * Text that may begin a call written as text is held back in streams until it is a call or prose.
     * A block longer than `maxChars` is text (streamed or not, so both end the same); one held longer
     * than `maxMs` goes out as text (streams only).
     */
    streamHoldback: {
      maxChars: 32_768,
      maxMs: 20_000,
    },
    /** Bounds on what clients declare and models send; past them a call is `unvalidated`, or the request gets 400. */
    limits: {
      /** Tools one request may declare (400 past it). */
      maxTools: 512,
      /** Serialised size of all of one request's tool schemas together (400 past it). */
      maxToolSchemaBytes: 4 * 1024 * 1024,
      // One schema's size, depth, nodes, `$ref`s, expansion and fan-out: the engine's own defaults.
      ...defaultSchemaLimits,
      /** One call's arguments: larger ones are neither repaired nor validated. */
      maxArgumentBytes: 4 * 1024 * 1024,
      /** Nesting of one call's arguments. */
      maxArgumentDepth: 64,
      /** Compiled schemas kept; the least recently used is dropped past it. */
      cachedSchemas: 512,
      /** Compiles before the validator's compiler is replaced by a fresh one (its tables only grow). */
      compilesPerInstance: 1000,
      /** Milliseconds a costly check (on a worker thread) may take before its call is `unvalidated`. */
      checkDeadlineMs: 5000,
    },
  },
  /** Tool results the client sends back (`role: "tool"`, `function_call_output`): see docs/execution-errors.md. */
  executionErrors: {
    /** `false` skips the whole step: results go upstream as they came. */
    enabled: true,
    /** Add a hint (from the tool's schema and the call's arguments) to a result whose tool rejected its arguments. */
    suggest: true,
    redact: {
      /** API keys, bearer tokens, JWTs, private keys, passwords in connection strings. */
      secrets: true,
      /** Stack-trace frames (the exception's own line stays). */
      stackFrames: false,
    },
    /** Extra classification patterns, case-insensitive: literal text (`*` for any run) or `/regular expression/` (RE2). */
    patterns: {
      invalidArgs: [] as readonly string[],
      execution: [] as readonly string[],
      permanent: [] as readonly string[],
    },
    loopGuard: {
      /** The same call (tool and arguments) failing this many times is a loop. */
      maxRepeats: 3,
      /** This many rounds in a row in which every tool result failed is a loop. */
      maxFailureRounds: 3,
    },
    /** What a loop gets: `escalate` (no upstream call) or `passthrough` (counted, then sent on). */
    onLoop: "escalate" as LoopAction,
    /** What a permanent failure (`"retryable": false`, a missing module, …) gets. */
    onPermanent: "passthrough" as LoopAction,
    /** Severity of a loop-guard escalation. */
    severity: "HIGH" as Severity,
  },
  log: {
    level: "info",
    /** `auto`: human-readable lines (pino-pretty) when stdout is a terminal, JSON lines otherwise. */
    format: "auto" as LogFormat,
    /** Tool-call arguments are user data: logged only when asked for. */
    arguments: false,
  },
} as const;

type Widen<T> = T extends FailurePolicy | Severity | LoopAction | LogFormat | 400 | 422
  ? T
  : T extends readonly string[]
    ? T
    : T extends Readonly<Record<string, ToolPolicyOverride>>
      ? T
      : T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends null
        ? null
        : { readonly [K in keyof T]: Widen<T[K]> };

/** The resolved configuration's shape (deeply frozen once loaded). */
export type Config = Widen<typeof defaults>;
