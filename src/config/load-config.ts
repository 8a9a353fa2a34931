import { isJsonObject, type JsonObject } from "../json.ts";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { Ajv, type ErrorObject } from "ajv";
import { parse as parseYaml } from "yaml";
import { defaults, type Config } from "./defaults.ts";
import { environmentVariables, unknownVariableWarnings } from "./environment-variables.ts";
import { interpolate } from "./interpolate.ts";
import { configSchema, userPatternKeyword } from "./schema.ts";

export const DEFAULT_CONFIG_PATH = "config/toolmend.yaml";

/** A configuration that cannot be used; each issue names the source, the path and what was expected. */
export class ConfigError extends Error {
  override name = "ConfigError";
  readonly issues: readonly string[];

  constructor(issues: string | readonly string[], options?: ErrorOptions) {
    const list = typeof issues === "string" ? [issues] : issues;
    super(list.join("; "), options);
    this.issues = list;
  }
}

export interface ConfigSources {
  readonly argv?: readonly string[];
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly cwd?: string;
}

type Layer = JsonObject;

/** The flags that set configuration, for `serve` and `check-config`. */
export const configFlags = {
  config: { type: "string" },
  host: { type: "string" },
  port: { type: "string" },
  upstream: { type: "string" },
  "metrics-port": { type: "string" },
  "log-level": { type: "string" },
  workers: { type: "string" },
  pretty: { type: "boolean" },
} as const;

/** How a variable's or flag's text is read: as is, a whole number, or a whole number or `auto`. */
export type SettingText = "string" | "integer" | "count";

const flagPaths: Record<string, readonly [string, SettingText]> = {
  host: ["server.host", "string"],
  port: ["server.port", "integer"],
  workers: ["server.workers", "count"],
  upstream: ["upstream.url", "string"],
  "metrics-port": ["metrics.port", "integer"],
  "log-level": ["log.level", "string"],
};

/** The resolved configuration and what was learnt on the way. */
export interface ConfigReport {
  readonly config: Config;
  /** The file that was read, or null when the default file does not exist. */
  readonly file: string | null;
  /** Values that came from secret-looking variables (`${API_KEY}`): mask them wherever the config is shown. */
  readonly secrets: readonly string[];
  /** Unknown `TOOLMEND_*` variables, each with the nearest known name. */
  readonly warnings: readonly string[];
}

/**
 * Resolves the configuration: defaults, overridden by the YAML file,
 * overridden by `TOOLMEND_*` variables, overridden by CLI flags. Each layer
 * is validated on its own; the result is deeply frozen.
 */
export function loadConfig(sources: ConfigSources = {}): Config {
  return loadConfigReport(sources).config;
}

/** `loadConfig`, with the file it read, the secrets to mask and the warnings. */
export function loadConfigReport({ argv = [], env = {}, cwd = process.cwd() }: ConfigSources = {}): ConfigReport {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: configFlags, strict: true, allowPositionals: false });
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
    const raw = values[flag as keyof typeof values] as string | undefined;
    if (raw !== undefined) setPath(flagLayer, configPath, coerce(raw, type, `--${flag}`));
  }
  if (values.pretty === true) setPath(flagLayer, "log.format", "pretty");

  const file = readConfigFile(path, explicitPath !== undefined);
  const interpolated = interpolate(file ?? {}, env);
  if (interpolated.issues.length > 0) {
    throw new ConfigError(interpolated.issues.map((issue) => `${path}: ${issue.path}: ${issue.message}`));
  }
  const config = resolveConfig([
    { source: path, values: interpolated.value as Layer },
    { source: "environment", values: envLayer },
    { source: "command line", values: flagLayer },
  ]);
  return { config, file: file === undefined ? null : path, secrets: interpolated.secrets, warnings: unknownVariableWarnings(env) };
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
  const validate = new Ajv({ allErrors: true, strict: true, verbose: true, keywords: [userPatternKeyword] }).compile(configSchema);
  let merged = structuredClone(defaults) as Layer;
  const issues: string[] = [];
  for (const { source, values } of layers) {
    if (validate(values)) merged = merge(merged, structuredClone(values) as Layer);
    else issues.push(...describe(validate.errors ?? []).map((issue) => `${source}: ${issue}`));
  }
  if (issues.length > 0) throw new ConfigError(issues);
  const upstream = merged.upstream as Layer;
  upstream.url = normaliseUpstreamUrl(upstream.url as string);
  return deepFreeze(merged as unknown as Config);
}

/** The file's mapping; undefined when the default file does not exist. */
function readConfigFile(path: string, explicit: boolean): Layer | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    // The default file is optional; one the user named must exist.
    if (!explicit && (error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
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

function describe(errors: readonly ErrorObject[]): string[] {
  return errors.map((error) => {
    const where = error.instancePath === "" ? "/" : error.instancePath;
    if (error.keyword === "additionalProperties") {
      const allowed = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      return `${where}: unknown key "${error.params.additionalProperty}" (expected one of: ${allowed.join(", ")})`;
    }
    if (error.keyword === "enum") return `${where}: must be one of ${error.params.allowedValues.join(", ")}`;
    return `${where}: ${error.message}`;
  });
}

function coerce(raw: string, type: SettingText, source: string): string | number {
  if (type === "string" || (type === "count" && raw === "auto")) return raw;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${source}: expected a whole number${type === "count" ? " or auto" : ""}, got "${raw}"`);
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
