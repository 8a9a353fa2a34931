import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaults } from "../../../src/config/defaults.ts";
import { ConfigError, loadConfig, resolveConfig } from "../../../src/config/load-config.ts";

function directoryWith(yaml?: string): string {
  const dir = mkdtempSync(join(tmpdir(), "toolmend-config-"));
  if (yaml !== undefined) {
    mkdirSync(join(dir, "config"));
    writeFileSync(join(dir, "config/toolmend.yaml"), yaml);
  }
  return dir;
}

describe("loadConfig", () => {
  it("uses the defaults when there is no config file", () => {
    const config = loadConfig({ cwd: directoryWith() });
    expect(config.server.port).toBe(8420);
    expect(config.upstream.url).toBe("https://api.openai.com/v1");
    expect(config.upstream.retries.attempts).toBe(defaults.upstream.retries.attempts);
  });

  it("layers file < environment < flags", () => {
    const cwd = directoryWith("server:\n  port: 9000\n  host: 0.0.0.0\nupstream:\n  url: http://file:1/v1\n");
    const config = loadConfig({
      cwd,
      env: { TOOLMEND_PORT: "9001", TOOLMEND_UPSTREAM_URL: "http://env:2/v1/", TOOLMEND_LOG_LEVEL: "debug" },
      argv: ["--upstream", "http://flag:3/api/v1"],
    });
    expect(config.server.host).toBe("0.0.0.0");
    expect(config.server.port).toBe(9001);
    expect(config.upstream.url).toBe("http://flag:3/api/v1");
    expect(config.log.level).toBe("debug");
    // Untouched siblings keep their defaults.
    expect(config.upstream.timeouts.connectMs).toBe(defaults.upstream.timeouts.connectMs);
  });

  it("reads the file named by TOOLMEND_CONFIG, and --config over it", () => {
    const dir = directoryWith();
    writeFileSync(join(dir, "a.yaml"), "server:\n  port: 1111\n");
    writeFileSync(join(dir, "b.yaml"), "server:\n  port: 2222\n");
    expect(loadConfig({ cwd: dir, env: { TOOLMEND_CONFIG: "a.yaml" } }).server.port).toBe(1111);
    expect(loadConfig({ cwd: dir, env: { TOOLMEND_CONFIG: "a.yaml" }, argv: ["--config", "b.yaml"] }).server.port).toBe(2222);
  });

  it("fails on a named config file that does not exist", () => {
    expect(() => loadConfig({ cwd: directoryWith(), argv: ["--config", "missing.yaml"] })).toThrow(/missing\.yaml: cannot read/);
  });

  it("names the file, the path and what was expected", () => {
    const cwd = directoryWith("upstream:\n  timeouts:\n    idleMs: -5\nlog:\n  level: loud\n");
    const error = (() => {
      try {
        loadConfig({ cwd });
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.message).toContain(join(cwd, "config/toolmend.yaml"));
    expect(error?.message).toContain("/upstream/timeouts/idleMs: must be >= 1");
    expect(error?.message).toContain("/log/level: must be one of fatal, error, warn, info, debug, trace, silent");
  });

  it("rejects unknown keys, listing the known ones", () => {
    const cwd = directoryWith("sever:\n  port: 1\n");
    expect(() => loadConfig({ cwd })).toThrow(/\/: unknown key "sever" \(expected one of: server, metrics, upstream, repair, executionErrors, log\)/);
  });

  it("rejects YAML that does not parse, and a top level that is not a mapping", () => {
    expect(() => loadConfig({ cwd: directoryWith("server: [\n") })).toThrow(/not valid YAML/);
    expect(() => loadConfig({ cwd: directoryWith("- 1\n- 2\n") })).toThrow(/expected a mapping/);
  });

  it("rejects unknown flags and non-numeric numbers", () => {
    expect(() => loadConfig({ cwd: directoryWith(), argv: ["--prot", "1"] })).toThrow(/command line/);
    expect(() => loadConfig({ cwd: directoryWith(), argv: ["--port", "80a"] })).toThrow(/--port: expected a whole number/);
  });

  it("reads server.workers as a count or auto, from the file, TOOLMEND_WORKERS or --workers", () => {
    expect(loadConfig({ cwd: directoryWith() }).server.workers).toBe(1);
    expect(loadConfig({ cwd: directoryWith("server:\n  workers: auto\n") }).server.workers).toBe("auto");
    expect(loadConfig({ cwd: directoryWith(), env: { TOOLMEND_WORKERS: "auto" } }).server.workers).toBe("auto");
    expect(loadConfig({ cwd: directoryWith(), env: { TOOLMEND_WORKERS: "auto" }, argv: ["--workers", "3"] }).server.workers).toBe(3);
    expect(() => loadConfig({ cwd: directoryWith(), env: { TOOLMEND_WORKERS: "all" } })).toThrow(/TOOLMEND_WORKERS: expected a whole number or auto, got "all"/);
    expect(() => loadConfig({ cwd: directoryWith(), argv: ["--workers", "0"] })).toThrow(/command line: \/server\/workers/);
    expect(() => loadConfig({ cwd: directoryWith("server:\n  workers: many\n") })).toThrow(/\/server\/workers/);
  });

  it("rejects an upstream URL with credentials, a query or a non-http scheme", () => {
    expect(() => resolveConfig([{ source: "t", values: { upstream: { url: "http://user:pw@host/v1" } } }])).toThrow(/credentials/);
    expect(() => resolveConfig([{ source: "t", values: { upstream: { url: "http://host/v1?x=1" } } }])).toThrow(/without query/);
    expect(() => resolveConfig([{ source: "t", values: { upstream: { url: "file:///etc/passwd" } } }])).toThrow(/must match pattern/);
  });

  it("freezes the result", () => {
    const config = resolveConfig([]);
    expect(Object.isFrozen(config.upstream.retries)).toBe(true);
  });

  it("ships a config file that is valid and matches the defaults", () => {
    const config = loadConfig({ cwd: join(import.meta.dirname, "../../..") });
    expect(config).toEqual(resolveConfig([]));
  });
});
