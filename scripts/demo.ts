/**
 * `npm run demo`: the bundled demo upstream and toolmend on 127.0.0.1, a few
 * realistic broken tool calls sent through the official openai SDK, and, for
 * each, what the model emitted beside what the application received.
 * Offline: nothing leaves the machine.
 */
import OpenAI from "openai";
import { buildApp } from "../src/server/build-app.ts";
import { resolveConfig } from "../src/config/load-config.ts";
import { startDemoUpstream, demoTools } from "../src/demo/demo-upstream.ts";
import { createLogger } from "../src/observability/logger.ts";

const prompts = [
  ["valid", "What is a valid weather report for Paris?"],
  ["weather", "What's the weather in Paris?"],
  ["file", "Show me the first lines of the file a.txt"],
  ["hermes", "hermes: weather in Paris please"],
  ["delete", "Delete the old draft"],
  ["search", "Search the web for toolmend"],
] as const;

const upstream = await startDemoUpstream({ port: 0 });
const config = resolveConfig([{ source: "demo", values: { upstream: { url: upstream.url }, log: { level: "silent" } } }]);
const app = buildApp(config, { logger: createLogger(config.log) });
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
const port = typeof address === "object" && address !== null ? address.port : 0;

const direct = new OpenAI({ baseURL: upstream.url, apiKey: "demo", maxRetries: 0 });
const proxied = new OpenAI({ baseURL: `http://127.0.0.1:${port}/v1`, apiKey: "demo", maxRetries: 0 });

const describe = (message: OpenAI.Chat.Completions.ChatCompletionMessage): string => {
  const call = message.tool_calls?.[0];
  if (call?.type === "function") return `${call.function.name}(${call.function.arguments})`;
  return `text: ${JSON.stringify(message.content)}`;
};
const oneLine = (text: string) => text.replace(/\n/g, "\\n");

try {
  for (const [scenario, prompt] of prompts) {
    const request = {
      model: "demo-model",
      messages: [{ role: "user" as const, content: prompt }],
      tools: demoTools as unknown as OpenAI.Chat.Completions.ChatCompletionTool[],
    };
    const emitted = await direct.chat.completions.create(request);
    console.log(`\n[${scenario}] ${prompt}`);
    console.log(`  model emitted:        ${oneLine(describe(emitted.choices[0]!.message))}`);
    try {
      const { data, response } = await proxied.chat.completions.create(request).withResponse();
      const repairs = response.headers.get("x-toolmend-repairs");
      console.log(`  application received: ${oneLine(describe(data.choices[0]!.message))}`);
      console.log(`  x-toolmend-outcome: ${response.headers.get("x-toolmend-outcome")}${repairs ? `, x-toolmend-repairs: ${repairs}` : ""}`);
    } catch (error) {
      if (!(error instanceof OpenAI.APIError)) throw error;
      const escalation = (error.error as { escalation?: { severity?: string; source?: string } }).escalation;
      console.log(`  application received: ${error.constructor.name} ${error.status}: ${error.message}`);
      console.log(`  escalation: source=${escalation?.source}, severity=${escalation?.severity}, original response included`);
    }
  }
} finally {
  await app.close();
  await upstream.close();
}
