/**
 * The integration tests' set-up as vitest fixtures: a scripted upstream, a
 * toolmend in front of it and an `openai` SDK client on toolmend, each made
 * for the test that asks for it and closed after it.
 *
 *   it("repairs", async ({ upstream, client }) => { upstream.script(json(…)); await client.chat.completions.create(…) })
 *
 * toolmend's settings are a config layer over `{ upstream: { url } }`; a describe
 * block sets its own with `test.override("settings", { repair: { … } })`, and a
 * test that needs another toolmend (other settings, a second instance) calls `launch`.
 */
import OpenAI from "openai";
import { test as base } from "vitest";
import { startScriptedUpstream } from "./scripted-upstream.ts";
import { startToolmend, type RunningToolmend, type ToolmendOptions } from "./toolmend-harness.ts";

/** An SDK client on a running toolmend that never retries on its own, so every request is one the test sent. */
export function sdkClient(toolmend: RunningToolmend, options: ConstructorParameters<typeof OpenAI>[0] = {}): OpenAI {
  return new OpenAI({ baseURL: toolmend.baseURL, apiKey: "k", maxRetries: 0, ...options });
}

export const test = base
  .extend("settings", {} as object)
  .extend("toolmendOptions", {} as ToolmendOptions)
  // vitest reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  .extend("upstream", async ({}, { onCleanup }) => {
    const upstream = await startScriptedUpstream();
    onCleanup(() => upstream.close());
    return upstream;
  })
  .extend("launch", async ({ upstream, toolmendOptions }, { onCleanup }) => {
    const started: RunningToolmend[] = [];
    onCleanup(async () => {
      await Promise.all(started.map((toolmend) => toolmend.close()));
    });
    /** Another toolmend on the test's upstream, with `settings` as its own config layer. */
    return async (settings: object = {}, options: ToolmendOptions = toolmendOptions): Promise<RunningToolmend> => {
      const toolmend = await startToolmend([{ upstream: { url: upstream.url } }, settings], options);
      started.push(toolmend);
      return toolmend;
    };
  })
  .extend("toolmend", async ({ launch, settings }) => launch(settings))
  .extend("client", async ({ toolmend }) => sdkClient(toolmend));

export { describe, expect } from "vitest";
export const it = test;
