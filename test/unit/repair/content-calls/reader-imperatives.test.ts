/**
 * A call handed to the reader with an imperative whose object is the call (`Use this call:`, `Run this yourself:`,
 * `Try running:`, `Give it a shot:`, `Prueba esto:`, `Führe das aus:`, `请试试这个：`): shown for the reader to run,
 * in every format. The model's own act in the first person (`Let me use this call:`, `Voy a probar esto:`,
 * `Jetzt führe ich das aus:`), a tool's own label (`Run:`) and an imperative about something else are read.
 */
import { describe, expect, it } from "vitest";
import { handsToReader } from "../../../../src/repair/content-calls/reader-imperatives.ts";
import { parisCallFormats, readBothWays } from "./read-both-ways.ts";

describe("a call handed to the reader with an imperative", () => {
  it.each<[string]>([
    ["Use this call:"],
    ["Run this yourself:"],
    ["Try running:"],
    ["Go ahead and send:"],
    ["Give it a shot:"],
    ["Give this a try:"],
    ["Send this request to the API:"],
    ["Paste this into your terminal:"],
    ["Try the following command:"],
    ["**Try this call:**"],
    ["Please use it like so:"],
    ["Prueba esto:"],
    ["Experimente isto:"],
    ["Essayez ceci :"],
    ["Probier das:"],
    ["Führe das aus:"],
    ["Попробуйте это:"],
    ["请试试这个："],
    ["これを試してください："],
    ["이것을 실행해 보세요:"],
  ])("keeps the call text after %j, in every format", (lead) => {
    for (const [name, call] of Object.entries(parisCallFormats)) expect([name, readBothWays(`${lead}\n${call}`).calls]).toEqual([name, []]);
  });

  it.each<[string]>([
    ["Let me use this call:"],
    ["I'll run it:"],
    ["I'll give this a try:"],
    ["Use the metric unit. Checking Paris:"],
    ["Running it now:"],
    ["Voy a probar esto:"],
    ["我来使用这个工具："],
    ["Jetzt führe ich das aus:"],
    ["これを実行します："],
    ["You asked me to try Paris. Checking now:"],
  ])("reads the call after %j, in every format", (lead) => {
    for (const [name, call] of Object.entries(parisCallFormats)) expect([name, readBothWays(`${lead}\n${call}`).calls]).toEqual([name, [["get_weather", { city: "Paris" }]]]);
  });
});

describe("handsToReader", () => {
  it.each([["Use this:"], ["Copy the following:"], ["Just try calling:"], ["Usa lo siguiente:"], ["Utilisez ceci :"], ["Verwenden Sie folgendes:"], ["Выполните:"], ["您可以运行以下命令："]])("%j hands the call over", (lead) =>
    expect(handsToReader(lead)).toBe(true),
  );
  it.each([["Run:"], ["Use:"], ["Let me try this:"], ["Use the search tool wisely; I'll check Paris:"], ["I tried this earlier"], ["使用工具查询天气："]])("%j does not", (lead) =>
    expect(handsToReader(lead)).toBe(false),
  );
});
