/**
 * The deploy files through the static checkers the registries offer:
 * dclint (the Compose spec's JSON schema plus its rules, .dclintrc) and
 * dockerfile-utils (the Dockerfile parser and linter of the VS Code Docker
 * extension). Each checker is also shown a broken file, so that a checker
 * that stopped checking cannot pass.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const scratch = mkdtempSync(join(tmpdir(), "toolmend-lint-"));

function run(script: string, args: readonly string[]) {
  const result = spawnSync(process.execPath, [join(root, "node_modules", script), ...args], { cwd: root, encoding: "utf8", timeout: 60_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
const dclint = (file: string) => run("dclint/bin/dclint.cjs", ["--max-warnings", "0", "--color", "false", file]);
const dockerfileLint = (file: string) => run("dockerfile-utils/bin/dockerfile-utils", ["lint", file]);

describe("docker-compose.yml under dclint", () => {
  it("is valid against the Compose spec with no warning", () => {
    const result = dclint("docker-compose.yml");
    expect(result.output.trim()).toBe("");
    expect(result.status).toBe(0);
  });

  it("fails a misspelt key and a port published on every interface", () => {
    const compose = readFileSync(join(root, "docker-compose.yml"), "utf8");
    const misspelt = join(scratch, "misspelt.yml");
    writeFileSync(misspelt, compose.replace("    restart: unless-stopped", "    restrat: unless-stopped"));
    expect(dclint(misspelt)).toMatchObject({ status: 1, output: expect.stringContaining("invalid-schema") });
    const open = join(scratch, "open.yml");
    writeFileSync(open, compose.replace('"127.0.0.1:8420:8420"', '"8420:8420"'));
    expect(dclint(open)).toMatchObject({ status: 1, output: expect.stringContaining("no-unbound-port-interfaces") });
  });
});

describe("Dockerfile under dockerfile-utils lint", () => {
  it("has no problem", () => {
    expect(dockerfileLint("Dockerfile")).toEqual({ status: 0, output: "" });
  });

  it("fails an unknown instruction", () => {
    const broken = join(scratch, "Dockerfile");
    writeFileSync(broken, readFileSync(join(root, "Dockerfile"), "utf8").replace("EXPOSE 8420", "EXPOZE 8420"));
    expect(dockerfileLint(broken)).toMatchObject({ status: 1, output: expect.stringContaining("Unknown instruction: EXPOZE") });
  });
});
