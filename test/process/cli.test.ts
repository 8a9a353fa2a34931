/**
 * The `toolmend` command as users run it: dist/cli.js (the package's bin and
 * the image's entrypoint) in a child process, exit codes and output.
 */
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { builtCli, emptyDirectory, freePort, repositoryRoot, runCommand, startToolmend, type RunningToolmend } from "../support/toolmend-process.ts";

const version = (JSON.parse(readFileSync(join(repositoryRoot, "package.json"), "utf8")) as { version: string }).version;
let running: RunningToolmend | undefined;
let blocker: Server | undefined;
afterEach(async () => {
  running?.stop();
  running = undefined;
  await new Promise((resolve) => (blocker === undefined ? resolve(undefined) : blocker.close(resolve)));
  blocker = undefined;
});

function configFile(yaml: string): { dir: string; file: string } {
  const dir = emptyDirectory();
  const file = join(dir, "toolmend.yaml");
  writeFileSync(file, yaml);
  return { dir, file };
}

describe("toolmend --help and --version", () => {
  it("prints the version from package.json", () => {
    for (const flag of ["--version", "-v"]) {
      const result = runCommand([flag]);
      expect(result.status).toBe(0);
      expect(result.stdout.trim()).toBe(version);
    }
  });

  it("lists the commands, and each command has its own help", () => {
    const help = runCommand(["--help"]);
    expect(help.status).toBe(0);
    for (const command of ["serve", "check-config", "repair", "eval"]) expect(help.stdout).toMatch(new RegExp(`^  ${command} `, "m"));
    for (const command of ["serve", "check-config", "repair", "eval"]) {
      const result = runCommand([command, "--help"]);
      expect(result.status, command).toBe(0);
      expect(result.stdout, command).toContain(`toolmend ${command === "serve" ? "[serve]" : command}`);
    }
    // Flags without a command are serve's: its help, not the general one.
    expect(runCommand(["--port", "1", "--help"]).stdout).toContain("--upstream URL");
  });

  it("exits 2 on an unknown command, with the usage on stderr", () => {
    const result = runCommand(["frobnicate"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('unknown command "frobnicate"');
    expect(result.stderr).toContain("Usage: toolmend");
  });
});

describe("toolmend check-config", () => {
  it("prints the effective configuration: file, interpolated variables, environment and flags", () => {
    const { dir, file } = configFile("upstream:\n  url: ${UPSTREAM:-http://fallback:1/v1}\nserver:\n  port: ${PORT}\n");
    const result = runCommand(["check-config", file, "--log-level", "debug"], { cwd: dir, env: { PORT: "9123", TOOLMEND_HOST: "0.0.0.0" } });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(file);
    expect(result.stdout).toMatch(/^ {2}port: 9123$/m);
    expect(result.stdout).toMatch(/^ {2}host: 0\.0\.0\.0$/m);
    expect(result.stdout).toMatch(/^ {2}url: http:\/\/fallback:1\/v1$/m);
    expect(result.stdout).toMatch(/^ {2}level: debug$/m);
  });

  it("masks values that came from secret-looking variables", () => {
    const { file } = configFile("upstream:\n  url: https://gateway.example/${GATEWAY_TOKEN}/v1\n");
    const result = runCommand(["check-config", file], { env: { GATEWAY_TOKEN: "tok-4242-secret" } });
    expect(result.status).toBe(0);
    expect(result.stdout).not.toContain("tok-4242-secret");
    expect(result.stdout).toContain("url: https://gateway.example/[masked]/v1");
  });

  it("exits 1 with one line per error, each naming the file and the path", () => {
    const { file } = configFile("server:\n  port: 70000\nlog:\n  level: loud\nupstream:\n  timeouts:\n    idleMs: 0\n");
    const result = runCommand(["check-config", file]);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).toContain(`invalid configuration: ${file}: /`);
    expect(result.stderr).toContain("/server/port: must be <= 65535");
    expect(result.stderr).toContain("/log/level: must be one of");
    expect(result.stderr).toContain("/upstream/timeouts/idleMs: must be >= 1");
  });

  it("names an unset variable and where it is used", () => {
    const { file } = configFile("upstream:\n  url: ${NOT_SET_ANYWHERE}\n");
    const result = runCommand(["check-config", file]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${file}: /upstream/url: \${NOT_SET_ANYWHERE} is not set`);
  });

  it("warns about an unknown TOOLMEND_* variable, with the nearest known name", () => {
    const result = runCommand(["check-config"], { env: { TOOLMEND_UPSTREAM: "http://x/v1" } });
    expect(result.status).toBe(0);
    expect(result.stderr).toContain("TOOLMEND_UPSTREAM is not a toolmend setting and is ignored; did you mean TOOLMEND_UPSTREAM_URL?");
  });
});

describe("toolmend eval", () => {
  const tool = { name: "read_file", parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"], additionalProperties: false } };
  const cases = [
    { id: "ok", class: "valid", tool, tool_name_emitted: "read_file", raw_arguments: '{"path":"a"}', expected: { path: "a" } },
    { id: "comma", class: "trailing_comma", tool, tool_name_emitted: "read_file", raw_arguments: '{"path":"a",}', expected: { path: "a" } },
    { id: "cut", class: "unrecoverable", tool, tool_name_emitted: "read_file", raw_arguments: '{"path":"src/ma', expected: null },
    // Expects another value than the only reading of the call: the engine's repair counts as wrong.
    { id: "other", class: "trailing_comma", tool, tool_name_emitted: "read_file", raw_arguments: '{"path":"b",}', expected: { path: "c" } },
  ];

  it("scores any corpus file per class, beside the baseline, and lists misses with --verbose", () => {
    const { file } = configFile(cases.map((line) => JSON.stringify(line)).join("\n") + "\n");
    const result = runCommand(["eval", file, "--verbose"]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`corpus: ${file}`);
    expect(result.stdout).toMatch(/^\| trailing_comma +\| +2 \| +1 \(50%\) \| +1 \|/m);
    expect(result.stdout).toMatch(/^\| total +\| +4 \| +3 \(75%\) \| +1 \|/m);
    expect(result.stdout).toMatch(/^wrong +trailing_comma +other: read_file \{"path":"b"\}/m);
    expect(result.stdout).not.toMatch(/^\w+ +\w+ +comma:/m);
  });

  it("exits 2 naming the line that is not a case, and without a file", () => {
    const { file } = configFile(`${JSON.stringify(cases[0])}\n{"id": "x"}\n`);
    const result = runCommand(["eval", file]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`${file}:2: a case needs an id and a class`);
    expect(runCommand(["eval"]).status).toBe(2);
    expect(runCommand(["eval", join(emptyDirectory(), "missing.jsonl")]).stderr).toContain("cannot read");
  });
});

describe("toolmend serve", () => {
  it("is the default command: flags alone start the proxy", async () => {
    const port = await freePort();
    running = startToolmend(["--port", String(port)]);
    await running.ready();
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("stops on SIGTERM and exits 0, as the image's PID 1", async () => {
    const port = await freePort();
    running = startToolmend(["serve", "--port", String(port)]);
    await running.ready();
    running.child.kill("SIGTERM");
    expect(await running.exited).toBe(0);
    expect(running.output()).toContain('"msg":"stopped"');
  });

  it("logs levels by name and warns at start-up about unknown TOOLMEND_* variables", async () => {
    const port = await freePort();
    running = startToolmend(["serve", "--port", String(port)], { env: { TOOLMEND_LOG_LEVL: "debug" } });
    await running.ready();
    const lines = running.output().trim().split("\n").map((line) => JSON.parse(line) as { level: unknown; msg: string });
    expect(lines.find((line) => line.msg === "toolmend ready")?.level).toBe("info");
    expect(lines).toContainEqual(expect.objectContaining({ level: "warn", msg: expect.stringContaining("did you mean TOOLMEND_LOG_LEVEL?") }));
  });

  it("writes human-readable lines with --pretty", async () => {
    const port = await freePort();
    running = startToolmend(["--port", String(port), "--pretty"]);
    await running.ready();
    expect(running.output()).toMatch(/INFO.*toolmend ready/);
    expect(running.output()).not.toContain('"msg"');
  });

  it("writes human-readable lines on a terminal by default (stdout a pseudo-terminal, through script(1))", async () => {
    const port = await freePort();
    const command = `${process.execPath} ${builtCli} --port ${port}`;
    const child = spawn("script", ["-qec", command, "/dev/null"], { cwd: emptyDirectory(), env: { PATH: process.env.PATH ?? "" } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    try {
      const deadline = Date.now() + 15_000;
      while (!output.includes("toolmend ready") && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(output).toMatch(/INFO.*toolmend ready/);
      expect(output).not.toContain('"msg"');
    } finally {
      child.kill("SIGTERM");
    }
  });

  it("explains a port in use in one line with the fix, and exits 1", async () => {
    blocker = createServer();
    await new Promise<void>((resolve) => blocker!.listen(0, "127.0.0.1", resolve));
    const { port } = blocker.address() as { port: number };
    running = startToolmend(["--port", String(port)]);
    expect(await running.exited).toBe(1);
    const output = running.output().trim();
    expect(output.split("\n")).toHaveLength(1);
    expect(output).toBe(
      `toolmend cannot listen on 127.0.0.1:${port}: the port is already in use by another process; stop it or choose another port with --port or TOOLMEND_PORT`,
    );
  });

  it("explains an address that is not this machine's in one line", async () => {
    running = startToolmend(["--host", "192.0.2.1", "--port", String(await freePort())]);
    expect(await running.exited).toBe(1);
    expect(running.output().trim()).toMatch(/^toolmend cannot listen on 192\.0\.2\.1:\d+: the address is not one of this machine's; use .* with --host or TOOLMEND_HOST$/);
  });
});

/** The first Node.js on this machine older than 22.12 (the system's Node 20 here), or undefined. */
function oldNode(): { path: string; version: string } | undefined {
  const which = spawnSync("which", ["-a", "node"], { encoding: "utf8" });
  const candidates = new Set([...(which.stdout ?? "").split("\n").filter(Boolean), "/usr/bin/node", "/usr/local/bin/node"]);
  for (const path of candidates) {
    const probe = spawnSync(path, ["-p", "process.versions.node"], { encoding: "utf8" });
    if (probe.status !== 0) continue;
    const version = probe.stdout.trim();
    const [major = 0, minor = 0] = version.split(".").map(Number);
    if (major < 22 || (major === 22 && minor < 12)) return { path, version };
  }
  return undefined;
}

describe("the start-up check", () => {
  it("refuses a Node.js older than 22.12 in one line, under a real old Node", () => {
    const node = oldNode();
    // Not a skip: without an old Node on the machine this check is not tested, and that must show.
    expect(node, "a Node.js older than 22.12 on PATH or at /usr/bin/node (the system's Node 20) to run the check under").toBeDefined();
    for (const args of [[], ["--help"], ["check-config"]]) {
      const result = runCommand(args, { node: node!.path });
      expect(result.status, `node ${node!.version} ${builtCli} ${args.join(" ")}`).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr).toBe(`toolmend needs Node.js 22.12.0 or newer, and this is Node.js ${node!.version}: install Node.js 24 (see .nvmrc) or use the Docker image.\n`);
    }
  });
});
