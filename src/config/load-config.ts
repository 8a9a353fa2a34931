import { isJsonObject, type JsonObject } from "../json.ts";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { Ajv, type ErrorObject } from "ajv";
import { parse as parseYaml } from "yaml";
import { defaults, type Config } from "./defaults.ts";
import { configSchema } from "./schema.ts";

export const DEFAULT_CONFIG_PATH = "config/toolmend.yaml";

/** A configuration that cannot be used; the message names the source, the path and what was expected. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export interface ConfigSources {
  readonly argv?: readonly string[];
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly cwd?: string;
}

type Layer = JsonObject;

/** Environment variables and the config path each one sets. */
const environmentVariables = [
  ["TOOLMEND_HOST", "server.host", "string"],
  ["TOOLMEND_PORT", "server.port", "integer"],
  ["TOOLMEND_BODY_LIMIT_BYTES", "server.bodyLimitBytes", "integer"],
  ["TOOLMEND_SHUTDOWN_GRACE_MS", "server.shutdownGraceMs", "integer"],
  ["TOOLMEND_METRICS_PORT", "metrics.port", "integer"],
  ["TOOLMEND_METRICS_HOST", "metrics.host", "string"],
  ["TOOLMEND_UPSTREAM_URL", "upstream.url", "string"],
  ["TOOLMEND_UPSTREAM_ATTEMPTS", "upstream.retries.attempts", "integer"],
  ["TOOLMEND_LOG_LEVEL", "log.level", "string"],
] as const;

const flags = {
  config: { type: "string" },
  host: { type: "string" },
  port: { type: "string" },
  upstream: { type: "string" },
  "metrics-port": { type: "string" },
  "log-level": { type: "string" },
} as const;

const flagPaths: Record<string, readonly [string, "string" | "integer"]> = {
  host: ["server.host", "string"],
  port: ["server.port", "integer"],
  upstream: ["upstream.url", "string"],
  "metrics-port": ["metrics.port", "integer"],
  "log-level": ["log.level", "string"],
};

/**
 * Resolves the configuration: defaults, overridden by the YAML file,
 * overridden by `TOOLMEND_*` variables, overridden by CLI flags. Each layer
 * is validated on its own; the result is deeply frozen.
 */
export function loadConfig({ argv = [], env = {}, cwd = process.cwd() }: ConfigSources = {}): Config {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: flags, strict: true, allowPositionals: false });
  } catch (error) {
    throw new ConfigError(`command line: ${(error as Error).message}`, { cause: error });
  }
  const { values } = parsed;

  const explicitPath = values.config ?? env.TOOLMEND_CONFIG;
  const path = resolve(cwd, explicitPath ?? DEFAULT_CONFIG_PATH);

  const envLayer: Layer = {};
  for (const [name, configPath, type] of environmentVariables) {
    const raw = env[name];
    if (raw !== undefined && raw !== "") setPath(envLayer, configPath, coerce(raw, type, name));
  }

  const flagLayer: Layer = {};
  for (const [flag, [configPath, type]] of Object.entries(flagPaths)) {
    const raw = values[flag as keyof typeof values];
    if (raw !== undefined) setPath(flagLayer, configPath, coerce(raw, type, `--${flag}`));
  }

  return resolveConfig([
    { source: path, values: readConfigFile(path, explicitPath !== undefined) },
    { source: "environment", values: envLayer },
    { source: "command line", values: flagLayer },
  ]);
}

/** One layer of settings and where it came from, for error messages. */
export interface ConfigLayer {
  readonly source: string;
  readonly values: object;
}

/**
 * Validates each layer on its own (so an error names its source), merges
 * them in order over the defaults and freezes the result. `loadConfig` is
 * this over file, environment and flags; embedders and tests call it directly.
 */
export function resolveConfig(layers: readonly ConfigLayer[]): Config {
  const validate = new Ajv({ allErrors: true, strict: true, verbose: true }).compile(configSchema);
  let merged = structuredClone(defaults) as Layer;
  for (const { source, values } of layers) {
    if (!validate(values)) throw new ConfigError(`${source}: ${describe(validate.errors ?? [])}`);
    merged = merge(merged, structuredClone(values) as Layer);
  }
  const upstream = merged.upstream as Layer;
  upstream.url = normaliseUpstreamUrl(upstream.url as string);
  return deepFreeze(merged as unknown as Config);
}

function readConfigFile(path: string, explicit: boolean): Layer {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    // The default file is optional; one the user named must exist.
    if (!explicit && (error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new ConfigError(`${path}: cannot read config file (${(error as Error).message})`, { cause: error });
  }
  let document: unknown;
  try {
    document = parseYaml(text);
  } catch (error) {
    throw new ConfigError(`${path}: not valid YAML: ${(error as Error).message}`, { cause: error });
  }
  if (document === null || document === undefined) return {};
  if (typeof document !== "object" || Array.isArray(document)) {
    throw new ConfigError(`${path}: expected a mapping at the top level`);
  }
  return document as Layer;
}

function describe(errors: readonly ErrorObject[]): string {
  return errors
    .map((error) => {
      const where = error.instancePath === "" ? "/" : error.instancePath;
      if (error.keyword === "additionalProperties") {
        const allowed = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
        return `${where}: unknown key "${error.params.additionalProperty}" (expected one of: ${allowed.join(", ")})`;
      }
      if (error.keyword === "enum") return `${where}: must be one of ${error.params.allowedValues.join(", ")}`;
      return `${where}: ${error.message}`;
    })
    .join("; ");
}

function coerce(raw: string, type: "string" | "integer", source: string): string | number {
  if (type === "string") return raw;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${source}: expected a whole number, got "${raw}"`);
  return Number(raw);
}

function normaliseUpstreamUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch (error) {
    throw new ConfigError(`upstream.url: "${raw}" is not a URL`, { cause: error });
  }
  if (url.username || url.password) throw new ConfigError("upstream.url: credentials in the URL are not supported");
  if (url.search || url.hash) throw new ConfigError("upstream.url: expected a base URL without query or fragment");
  return url.href.replace(/\/+$/, "");
}

function setPath(target: Layer, path: string, value: unknown): void {
  const keys = path.split(".");
  let node = target;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Layer;
  node[keys.at(-1)!] = value;
}

function merge(base: Layer, override: Layer): Layer {
  for (const [key, value] of Object.entries(override)) {
    const current = base[key];
    base[key] = isJsonObject(current) && isJsonObject(value) ? merge(current, value) : value;
  }
  return base;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
