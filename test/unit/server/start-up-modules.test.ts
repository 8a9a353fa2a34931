import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/** Runs `code` in a fresh process after building the app, and says what got loaded. */
function loadedAfter(code: string): { bundledUndici: boolean; re2js: boolean; result: unknown } {
  const script = `
    import { createRequire } from "node:module";
    const { buildApp } = await import("./src/server/build-app.ts");
    const { defaults } = await import("./src/config/defaults.ts");
    const app = buildApp({ ...defaults, upstream: { ...defaults.upstream, url: "http://127.0.0.1:9/v1" }, log: { ...defaults.log, level: "silent" } });
    const result = await (async () => { ${code} })();
    await app.close();
    const cache = createRequire(import.meta.url).cache;
    console.log(JSON.stringify({
      bundledUndici: process.moduleLoadList.some((name) => name.includes("internal/deps/undici")),
      re2js: Object.keys(cache).some((path) => path.includes("/re2js/")),
      result,
    }));`;
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" });
  expect(child.stderr).toBe("");
  return JSON.parse(child.stdout) as { bundledUndici: boolean; re2js: boolean; result: unknown };
}

describe("what start-up loads", () => {
  it("neither Node's bundled undici (fetch) nor re2js before a schema needs a pattern", () => {
    const loaded = loadedAfter(`return (await app.inject({ method: "GET", url: "/healthz" })).statusCode;`);
    expect(loaded).toEqual({ bundledUndici: false, re2js: false, result: 200 });
  });

  it("re2js once a schema with a pattern is checked", () => {
    const loaded = loadedAfter(`
      const { engine } = app.toolmend;
      const tools = engine.prepareTools([{ name: "f", parameters: { type: "object", properties: { s: { type: "string", pattern: "^a+$" } } } }]);
      return [engine.repair({ name: "f", arguments: '{"s":"aa"}' }, tools).kind, engine.repair({ name: "f", arguments: '{"s":"b"}' }, tools).kind];`);
    expect(loaded.re2js).toBe(true);
    expect(loaded.result).toEqual(["valid", "failed"]);
    expect(loaded.bundledUndici).toBe(false);
  });
});
