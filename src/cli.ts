#!/usr/bin/env node
/**
 * The `toolmend` command (package.json `bin`, the Docker entrypoint). It
 * refuses an old Node.js in one line before loading anything that would
 * crash on it, then runs the command; see src/cli/run-cli.ts.
 */
import { unsupportedNodeMessage } from "./cli/supported-node.ts";

const unsupported = unsupportedNodeMessage(process.versions.node);
if (unsupported === undefined) {
  const { runCli } = await import("./cli/run-cli.ts");
  const code = await runCli(process.argv.slice(2));
  // `serve` keeps running (undefined); every other command ends with its code.
  if (code !== undefined) process.exitCode = code;
} else {
  console.error(unsupported);
  process.exitCode = 1;
}
