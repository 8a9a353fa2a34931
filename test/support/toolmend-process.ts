/**
 * The built toolmend command (`dist/cli.js`, what `npx toolmend` and the
 * Docker image run) as a child process, for process-level tests.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const repositoryRoot = join(import.meta.dirname, "../..");
export const builtCli = join(repositoryRoot, "dist/cli.js");

/** A port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** An empty working directory, so that no config/toolmend.yaml is found by accident. */
export function emptyDirectory(): string {
  return mkdtempSync(join(tmpdir(), "toolmend-process-"));
}

export interface CommandResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command that ends (`--help`, `check-config`, …) with only PATH and `env` in its environment. */
export function runCommand(args: readonly string[], options: { env?: Record<string, string>; cwd?: string; node?: string } = {}): CommandResult {
  const result = spawnSync(options.node ?? process.execPath, [builtCli, ...args], {
    cwd: options.cwd ?? emptyDirectory(),
    env: { PATH: process.env.PATH ?? "", ...options.env },
    encoding: "utf8",
    timeout: 15_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export interface RunningToolmend {
  readonly child: ChildProcessWithoutNullStreams;
  /** Resolves with the exit code. */
  readonly exited: Promise<number | null>;
  /** Resolves once toolmend logged that it is ready; rejects if it exits first. */
  ready(): Promise<void>;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  stop(): void;
}

/** Starts `node <script> ...args` (by default the CLI) as toolmend would be started. */
export function startToolmend(args: readonly string[], options: { env?: Record<string, string>; cwd?: string; script?: readonly string[] } = {}): RunningToolmend {
  const child = spawn(process.execPath, [...(options.script ?? [builtCli]), ...args], {
    cwd: options.cwd ?? emptyDirectory(),
    env: { PATH: process.env.PATH ?? "", ...options.env },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    stop: () => child.kill("SIGKILL"),
    ready: async () => {
      while (!output.includes("toolmend ready")) {
        if (child.exitCode !== null) throw new Error(`toolmend exited early (${child.exitCode}): ${output}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
