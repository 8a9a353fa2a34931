import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { chatCompletion, json, startScriptedUpstream } from "../support/scripted-upstream.ts";
import { emptyDirectory, freePort, repositoryRoot, startToolmend } from "../support/toolmend-process.ts";

const main = join(repositoryRoot, "dist/main.js");

/** `dist/main.js` as a process, killed after the test; no drain delay unless a test asks (the default 5 s only slows the others). */
function run(args: string[], env: Record<string, string> = {}) {
  const started = startToolmend(args, { script: [main], env: { TOOLMEND_DRAIN_DELAY_MS: "0", ...env } });
  onTestFinished(() => started.stop());
  return started;
}

async function scriptedUpstream() {
  const upstream = await startScriptedUpstream();
  onTestFinished(() => upstream.close());
  return upstream;
}

describe("the toolmend process", () => {
  it("exits non-zero on a bad config file, naming the file, the path and what was expected", async () => {
    const dir = emptyDirectory();
    const file = join(dir, "bad.yaml");
    writeFileSync(file, "upstream:\n  retries:\n    attempts: many\n  retrys: 3\n");
    const process = run(["--config", file]);
    expect(await process.exited).toBe(2);
    expect(process.output()).toContain(file);
    expect(process.output()).toContain("/upstream/retries/attempts: must be integer");
    expect(process.output()).toContain('/upstream: unknown key "retrys"');
  });

  it("exits non-zero on a bad environment variable, naming it", async () => {
    const process = run([], { TOOLMEND_PORT: "eighty" });
    expect(await process.exited).toBe(2);
    expect(process.output()).toContain("TOOLMEND_PORT: expected a whole number");
  });

  it("finishes an in-flight request on SIGTERM, then exits 0", async () => {
    const upstream = await scriptedUpstream();
    let answer: () => void = () => undefined;
    upstream.script((request, response, raw) => {
      answer = () => json(chatCompletion("finished during shutdown"))(request, response, raw);
    });
    const port = await freePort();
    const process = run(["--port", String(port), "--upstream", upstream.url]);
    await process.ready();

    const inFlight = fetch(`http://127.0.0.1:${port}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    while (upstream.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    process.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer();

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { choices: { message: { content: string } }[] }).choices[0]?.message.content).toBe(
      "finished during shutdown",
    );
    expect(await process.exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });

  it("bounds the shutdown: a request that never ends is cut after the grace period", async () => {
    const upstream = await scriptedUpstream();
    upstream.script(() => undefined);
    const port = await freePort();
    const process = run(["--port", String(port), "--upstream", upstream.url], { TOOLMEND_SHUTDOWN_GRACE_MS: "300" });
    await process.ready();
    const inFlight = fetch(`http://127.0.0.1:${port}/v1/models`).catch((error: unknown) => error);
    while (upstream.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    process.child.kill("SIGTERM");
    expect(await process.exited).toBe(0);
    expect(await inFlight).toBeInstanceOf(Error);
  });

  it("drains as Kubernetes expects: /readyz 503 at once, still serving for the drain delay, then stops", async () => {
    const upstream = await scriptedUpstream();
    upstream.script(json(chatCompletion("served while draining")));
    const port = await freePort();
    const process = run(["--port", String(port), "--upstream", upstream.url], { TOOLMEND_DRAIN_DELAY_MS: "1500" });
    await process.ready();
    const origin = `http://127.0.0.1:${port}`;
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);

    process.child.kill("SIGTERM");
    while (!process.output().includes('"draining"')) await new Promise((resolve) => setTimeout(resolve, 10));
    // New connections are still accepted and served during the delay; readiness says go away.
    expect((await fetch(`${origin}/readyz`)).status).toBe(503);
    const served = await fetch(`${origin}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(served.status).toBe(200);
    expect(process.output()).not.toContain("stopped");

    expect(await process.exited).toBe(0);
    await expect(fetch(`${origin}/healthz`)).rejects.toThrow();
  });
});
