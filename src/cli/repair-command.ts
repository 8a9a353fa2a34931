/**
 * `toolmend repair --schema tool.json [--name NAME] [--finish-reason length] < arguments.txt`
 * prints the engine's outcome as JSON. Exit codes: 0 valid, repaired or
 * unvalidated (passed through), 1 failed, 2 usage error.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { isJsonObject } from "../json.ts";
import { createRepairEngine } from "../repair/engine.ts";
import { defaultFixerNames, fixerNames } from "../repair/fixers/index.ts";
import type { JsonSchema, ToolDefinition } from "../repair/types.ts";
import { UsageError } from "./usage-error.ts";

/** `toolmend repair --help`. */
export const repairUsage = `Usage:
  toolmend repair --schema FILE [--name NAME] [--finish-reason REASON] [--fixers A,B,…] [--no-lossy] < ARGUMENTS

  --schema FILE           the tool: a bare parameters schema, {name, description, parameters},
                          or an OpenAI {"type":"function","function":{…}}
  --name NAME             the tool name as the model emitted it (default: the tool's name;
                          a bare schema's tool is called NAME, or "tool")
  --finish-reason REASON  the choice's finish reason ("length" marks the arguments as cut)
  --fixers A,B,…          fixers to run, in order (default: ${defaultFixerNames.length} fixers; see --list-fixers)
  --no-lossy              skip every lossy fixer
  --list-fixers           print every fixer's name and exit

Reads the raw arguments text from stdin and prints the outcome as JSON.
Exit codes: 0 valid, repaired or unvalidated; 1 failed; 2 usage error.`;

/** The three shapes a tool file may have. */
function toolFromFile(content: unknown, bareName: string): ToolDefinition {
  if (isJsonObject(content) && content["type"] === "function" && isJsonObject(content["function"])) return toolFromFile(content["function"], bareName);
  if (isJsonObject(content) && typeof content["name"] === "string" && (isJsonObject(content["parameters"]) || content["parameters"] === undefined)) {
    return content as unknown as ToolDefinition;
  }
  // A bare schema takes the emitted name as its tool's name.
  if (isJsonObject(content) || typeof content === "boolean") return { name: bareName, parameters: content as JsonSchema };
  throw new UsageError("the schema file must hold a JSON Schema, a tool {name, parameters} or an OpenAI function tool");
}

function readTool(path: string, bareName: string): ToolDefinition {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
  try {
    return toolFromFile(JSON.parse(text), bareName);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${path} is not JSON: ${(error as Error).message}`, { cause: error });
  }
}

/** `toolmend repair`: one call's arguments from stdin, repaired against a tool file; the outcome as JSON. */
export function repairCommand(args: readonly string[]): number {
  const { values } = parseArgs({
    args: [...args],
    options: {
      schema: { type: "string" },
      name: { type: "string" },
      "finish-reason": { type: "string" },
      fixers: { type: "string" },
      "no-lossy": { type: "boolean", default: false },
      "list-fixers": { type: "boolean", default: false },
    },
    strict: true,
  });
  if (values["list-fixers"]) {
    console.log(fixerNames.join("\n"));
    return 0;
  }
  if (values.schema === undefined) throw new UsageError("--schema is required");
  const tool = readTool(values.schema, values.name ?? "tool");
  const fixers = values.fixers?.split(",").map((name) => name.trim()).filter((name) => name !== "");
  const unknown = fixers?.filter((name) => !fixerNames.includes(name)) ?? [];
  if (unknown.length > 0) throw new UsageError(`unknown fixer(s): ${unknown.join(", ")} (see --list-fixers)`);

  const engine = createRepairEngine();
  const outcome = engine.repair(
    { name: values.name ?? tool.name, arguments: readFileSync(0, "utf8"), finishReason: values["finish-reason"] ?? null },
    engine.prepareTools([tool]),
    { ...(fixers === undefined ? {} : { fixers }), allowLossy: !values["no-lossy"] },
  );
  console.log(JSON.stringify(outcome, null, 2));
  return outcome.kind === "failed" ? 1 : 0;
}
