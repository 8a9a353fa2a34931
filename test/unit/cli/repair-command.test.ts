import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const cli = fileURLToPath(new URL("../../../src/cli.ts", import.meta.url));
const directory = mkdtempSync(join(tmpdir(), "toolmend-cli-"));
const parameters = { type: "object", properties: { file_path: { type: "string" } }, required: ["file_path"], additionalProperties: false };

function toolFile(name: string, content: unknown): string {
  const path = join(directory, name);
  writeFileSync(path, JSON.stringify(content));
  return path;
}

function run(args: readonly string[], input = ""): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [cli, ...args], { input, encoding: "utf8" });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("toolmend repair", () => {
  it("repairs piped arguments against each shape of tool file", () => {
    const files = [
      toolFile("openai.json", { type: "function", function: { name: "read_file", parameters } }),
      toolFile("tool.json", { name: "read_file", description: "Read.", parameters }),
      toolFile("schema.json", parameters),
    ];
    for (const file of files) {
      const result = run(["repair", "--schema", file, "--name", "read_file"], "```json\n{'file_path': 'a.txt'}\n```");
      expect(result.status).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ kind: "repaired", name: "read_file", arguments: '{"file_path":"a.txt"}' });
    }
  });

  it("exits 1 on a failure, with the error as JSON", () => {
    const result = run(["repair", "--schema", toolFile("cut.json", parameters), "--finish-reason", "length"], '{"file_path": "src/ma');
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ kind: "failed", error: { kind: "invalid_args", truncated: true } });
  });

  it("says valid for a valid call", () => {
    const result = run(["repair", "--schema", toolFile("valid.json", parameters)], '{"file_path":"a"}');
    expect(JSON.parse(result.stdout)).toEqual({ kind: "valid", name: "tool" });
  });

  it("exits 2 with usage on bad usage", () => {
    expect(run(["repair"]).status).toBe(2);
    expect(run(["repair", "--schema", join(directory, "missing.json")]).stderr).toMatch(/cannot read/);
    expect(run(["repair", "--bogus"]).status).toBe(2);
    expect(run(["repair", "--schema", toolFile("f.json", parameters), "--fixers", "nope"]).stderr).toMatch(/unknown fixer/);
    const unknown = run(["frobnicate"]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/Usage:/);
  });
});
