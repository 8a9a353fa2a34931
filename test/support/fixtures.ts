/**
 * The integration tests' set-up as vitest fixtures: a scripted upstream, a
 * toolmend in front of it and an `openai` SDK client on toolmend, each made
 * for the test that asks for it and closed after it.
 *
 *   it("repairs", async ({ upstream, client }) => { upstream.script(json(…)); await client.chat.completions.create(…) })
 *
 * toolmend's settings are a config layer over `{ upstream: { url } }`; a file or a
 * describe block sets its own with `test.override("settings", { repair: { … } })`,
 * and a test that needs a toolmend of its own calls `launch` with a layer more.
 */
import OpenAI from "openai";
import { test as base } from "vitest";
import { startScriptedUpstream, type ScriptedUpstream } from "./scripted-upstream.ts";
import { startToolmend, type RunningToolmend, type ToolmendOptions } from "./toolmend-harness.ts";

/** An SDK client on a running toolmend that never retries on its own, so every request is one the test sent. */
export function sdkClient(toolmend: RunningToolmend, options: ConstructorParameters<typeof OpenAI>[0] = {}): OpenAI {
  return new OpenAI({ baseURL: toolmend.baseURL, apiKey: "k", maxRetries: 0, ...options });
}

/** A scripted upstream closed after the test, for a test that needs one more (a repair model, say). */
// vitest reads a fixture's dependencies from its first parameter's pattern: none here.
// eslint-disable-next-line no-empty-pattern
export async function scriptedUpstreamFixture({}, { onCleanup }: { onCleanup: (cleanup: () => Promise<void>) => void }): Promise<ScriptedUpstream> {
  const upstream = await startScriptedUpstream();
  onCleanup(() => upstream.close());
  return upstream;
}

export const test = base
  .extend("settings", {} as object)
  .extend("toolmendOptions", {} as ToolmendOptions)
  .extend("upstream", scriptedUpstreamFixture)
  .extend("launch", async ({ upstream, settings, toolmendOptions }, { onCleanup }) => {
    const started: RunningToolmend[] = [];
    onCleanup(async () => {
      await Promise.all(started.map((toolmend) => toolmend.close()));
    });
    /** A toolmend on the test's upstream with the test's settings, and `more` over them. */
    return async (more: object = {}, options: ToolmendOptions = toolmendOptions): Promise<RunningToolmend> => {
      const toolmend = await startToolmend([{ upstream: { url: upstream.url } }, settings, more], options);
      started.push(toolmend);
      return toolmend;
    };
  })
  .extend("toolmend", async ({ launch }) => launch())
  .extend("client", async ({ toolmend }) => sdkClient(toolmend));

/** The same, with a second scripted upstream playing the repair model, which toolmend is set to consult. */
export const repairModelTest = test
  .extend("repairModel", scriptedUpstreamFixture)
  .extend("settings", ({ repairModel }) => ({
    upstream: { retries: { attempts: 1 } },
    repair: { model: { enabled: true, baseUrl: repairModel.url, model: "repairer" } },
  }));

export { describe, expect } from "vitest";
export const it = test;
