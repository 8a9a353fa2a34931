/**
 * `toolmend check-config [FILE] [flags]`: resolves the configuration exactly
 * as `serve` would and prints it, or every error with its file and path.
 */
import { stringify } from "yaml";
import { ConfigError, DEFAULT_CONFIG_PATH, loadConfigReport } from "../config/load-config.ts";

export const checkConfigUsage = `Usage:
  toolmend check-config [FILE] [--host HOST] [--port PORT] [--upstream URL] [--metrics-port PORT] [--log-level LEVEL]

Resolves the configuration that \`toolmend serve\` would use with the same arguments and
environment: FILE (or --config, TOOLMEND_CONFIG, ${DEFAULT_CONFIG_PATH}), then TOOLMEND_*
variables, then flags. Prints the effective configuration as YAML on stdout; values that
came from \${VARIABLES} whose names look secret (KEY, TOKEN, SECRET, PASSWORD, …) are masked.
Unknown TOOLMEND_* variables are reported on stderr with the nearest known name.

Exit codes: 0 valid; 1 invalid (one line per error: the file or source, the path, what was expected).`;

const mask = "[masked]";

/** Where the command writes: stdout and stderr (tests pass their own). */
export interface CommandOutput {
  readonly write: (text: string) => void;
  readonly warn: (text: string) => void;
}

/** Runs the command and returns its exit code. */
export function checkConfigCommand(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
  output: CommandOutput,
): number {
  // A first argument that is not a flag is the file, as if given with --config.
  const [first, ...rest] = args;
  const argv = first !== undefined && !first.startsWith("-") ? ["--config", first, ...rest] : [...args];
  let report;
  try {
    report = loadConfigReport({ argv, env, cwd });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const issue of error.issues) output.warn(`toolmend: invalid configuration: ${issue}\n`);
    return 1;
  }
  for (const warning of report.warnings) output.warn(`toolmend: warning: ${warning}\n`);
  const source = report.file === null ? `the defaults (no ${DEFAULT_CONFIG_PATH})` : report.file;
  output.write(`# toolmend's effective configuration: ${source}, then TOOLMEND_* variables, then flags\n`);
  output.write(stringify(masked(report.config, report.secrets)));
  return 0;
}

/** A copy with every secret substring of every string replaced by the mask. */
function masked(value: unknown, secrets: readonly string[]): unknown {
  // Longest first: a secret that contains another is masked whole.
  if (typeof value === "string") return [...secrets].sort((a, b) => b.length - a.length).reduce((text, secret) => text.split(secret).join(mask), value);
  if (Array.isArray(value)) return value.map((item) => masked(item, secrets));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, masked(child, secrets)]));
  }
  return value;
}
