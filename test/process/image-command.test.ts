/**
 * What `docker run toolmend …` executes, without a Docker engine: the
 * runtime stage's ENTRYPOINT and CMD, with arguments replacing CMD as Docker
 * does, run against this checkout's dist/ (the image's /app).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { execForm, parseDockerfile, stageWorkdir } from "../deploy/dockerfile.ts";
import { builtCli, freePort, repositoryRoot, runCommand, startToolmend, type RunningToolmend } from "../support/toolmend-process.ts";

const runtime = parseDockerfile(readFileSync(join(repositoryRoot, "Dockerfile"), "utf8")).at(-1)!;
const last = (keyword: string) => runtime.instructions.filter((instruction) => instruction.keyword === keyword).at(-1)!;
const [, ...entrypointArguments] = execForm(last("ENTRYPOINT").rest);
const command = execForm(last("CMD").rest);
const workdir = stageWorkdir(runtime);
/** The entrypoint's script, found in this checkout instead of the image's WORKDIR. */
const script = entrypointArguments.map((argument) => (argument.startsWith("/") ? argument : join(repositoryRoot, argument)));

let running: RunningToolmend | undefined;
afterEach(() => {
  running?.stop();
  running = undefined;
});

describe("docker run toolmend", () => {
  it("runs the image's WORKDIR-relative entrypoint script", () => {
    expect(workdir).toBe("/app");
    expect(entrypointArguments).toEqual(["dist/cli.js"]);
  });

  it("with no arguments serves (CMD), on the port TOOLMEND_PORT names", async () => {
    const port = await freePort();
    running = startToolmend(command, { script, env: { TOOLMEND_PORT: String(port) } });
    await running.ready();
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });

  it("with flags only serves with those flags (they replace CMD, and serve is the default)", async () => {
    const port = await freePort();
    running = startToolmend(["--port", String(port), "--upstream", "http://upstream.invalid:1/v1"], { script });
    await running.ready();
    expect(running.output()).toContain('"upstream":"http://upstream.invalid:1/v1"');
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
  });

  it("with another command runs that command", () => {
    expect(script).toEqual([builtCli]);
    const result = runCommand(["check-config"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("port: 8420");
  });
});
