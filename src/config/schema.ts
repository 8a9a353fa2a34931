/**
 * The configuration schema. Every key is optional here because each layer
 * (file, environment, flags) is validated on its own, so an error can name
 * where the bad value came from; defaults.ts fills what no layer sets.
 */
import type { KeywordDefinition } from "ajv";
import { userPatternProblem } from "../tool-results/user-patterns.ts";
import { fixerNames } from "../repair/fixers/index.ts";
import { failurePolicies, finalPolicies } from "../repair/outcomes.ts";
import { severities } from "../repair/types.ts";

const integer = (minimum: number, maximum = Number.MAX_SAFE_INTEGER) => ({ type: "integer", minimum, maximum });
const object = (properties: Record<string, unknown>) => ({ type: "object", additionalProperties: false, properties });

const port = integer(0, 65_535);
const onFailure = { enum: [...failurePolicies] };
const finalPolicy = { enum: [...finalPolicies] };
const severity = { enum: [...severities, null] };

/** One tool's policy; in `repair.defaults` and in each `repair.tools` entry. */
const toolPolicy = object({
  fixers: { anyOf: [{ type: "array", items: { enum: fixerNames }, uniqueItems: true }, { type: "null" }] },
  allowLossy: { type: "boolean" },
  onFailure,
  maxRounds: integer(0, 10),
  then: finalPolicy,
  severity,
  destructive: { type: "boolean" },
  repairModel: { type: "boolean" },
});

const loopAction = { enum: ["escalate", "passthrough"] };
/** User patterns: literal text with `*`, or `/regular expression/` run by RE2 (user-patterns.ts). */
const userPatterns = { type: "array", maxItems: 200, items: { type: "string", minLength: 1, maxLength: 500, userPattern: true } };

/** The `userPattern` keyword: a pattern the classification step can compile, in linear time. */
export const userPatternKeyword: KeywordDefinition = {
  keyword: "userPattern",
  type: "string",
  schemaType: "boolean",
  errors: true,
  validate: function validateUserPattern(_schema: boolean, data: string) {
    const problem = userPatternProblem(data);
    if (problem === undefined) return true;
    (validateUserPattern as { errors?: unknown[] }).errors = [{ keyword: "userPattern", message: problem, params: {} }];
    return false;
  },
};

/** What `repair.tools.<name>.executionErrors` may override. */
const toolExecutionErrors = object({
  suggest: { type: "boolean" },
  redact: { type: "boolean" },
  onLoop: loopAction,
  onPermanent: loopAction,
});

/** A `repair.tools` entry: a tool policy and its execution-error overrides. */
const toolOverride = object({ ...toolPolicy.properties, executionErrors: toolExecutionErrors });

export const configSchema = object({
  server: object({
    host: { type: "string", minLength: 1 },
    port,
    bodyLimitBytes: integer(1024),
    drainDelayMs: integer(0, 600_000),
    shutdownGraceMs: integer(0),
    maxJsonDepth: integer(8, 4096),
    workers: { anyOf: [integer(1, 256), { const: "auto" }] },
  }),
  metrics: object({
    enabled: { type: "boolean" },
    port: { anyOf: [port, { type: "null" }] },
    host: { type: "string", minLength: 1 },
  }),
  upstream: object({
    url: { type: "string", pattern: "^https?://[^\\s]+$" },
    keepForwardingHeaders: { type: "boolean" },
    connections: integer(1, 10_000),
    timeouts: object({
      connectMs: integer(1),
      firstByteMs: integer(1),
      idleMs: integer(1),
      totalMs: integer(1),
    }),
    retries: object({
      attempts: integer(1, 10),
      baseDelayMs: integer(0),
      maxDelayMs: integer(0),
      maxRetryAfterMs: integer(0),
      retryTimeouts: { type: "boolean" },
    }),
  }),
  repair: object({
    defaults: toolPolicy,
    tools: { type: "object", propertyNames: { minLength: 1, maxLength: 200 }, additionalProperties: toolOverride },
    model: object({
      enabled: { type: "boolean" },
      baseUrl: { anyOf: [{ type: "string", pattern: "^https?://[^\\s]+$" }, { type: "null" }] },
      model: { type: "string", minLength: 1 },
      apiKeyEnv: { anyOf: [{ type: "string", pattern: "^[A-Za-z_][A-Za-z0-9_]*$" }, { type: "null" }] },
      timeoutMs: integer(1),
      maxAttempts: integer(1, 10),
      temperature: { type: "number", minimum: 0, maximum: 2 },
      maxArgumentBytes: integer(1),
      includeContext: { type: "boolean" },
      maxConcurrent: integer(1, 1024),
    }),
    escalationStatus: { enum: [400, 422] },
    repairHistory: { type: "boolean" },
    textCalls: { type: "boolean" },
    maxResponseBytes: integer(1024),
    streamHoldback: object({ maxChars: integer(1), maxMs: integer(0) }),
    limits: object({
      maxTools: integer(1, 100_000),
      maxToolSchemaBytes: integer(1024),
      maxSchemaBytes: integer(64),
      maxSchemaDepth: integer(2, 1024),
      maxSchemaNodes: integer(10),
      maxSchemaRefs: integer(0),
      maxExpandedNodes: integer(10),
      maxCombinatorBranches: integer(1),
      maxArgumentBytes: integer(16),
      maxArgumentDepth: integer(2, 4096),
      cachedSchemas: integer(1),
      compilesPerInstance: integer(1),
      checkDeadlineMs: integer(1),
    }),
  }),
  executionErrors: object({
    enabled: { type: "boolean" },
    suggest: { type: "boolean" },
    redact: object({ secrets: { type: "boolean" }, stackFrames: { type: "boolean" } }),
    patterns: object({ invalidArgs: userPatterns, execution: userPatterns, permanent: userPatterns }),
    loopGuard: object({ maxRepeats: integer(2, 100), maxFailureRounds: integer(1, 100) }),
    onLoop: loopAction,
    onPermanent: loopAction,
    severity: { enum: severities },
  }),
  log: object({
    level: { enum: ["fatal", "error", "warn", "info", "debug", "trace", "silent"] },
    format: { enum: ["auto", "json", "pretty"] },
    arguments: { type: "boolean" },
  }),
});
