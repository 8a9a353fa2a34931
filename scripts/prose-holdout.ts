/**
 * `node scripts/prose-holdout.ts`: how the rules about the prose around a call hold up on phrasings they were
 * not written from. test/fixtures/cases/holdout/prose-banks.json holds two held-out banks, written after the
 * rules and never tuned on: framings that make a call no call ("Illustrative snippet (do not execute):"),
 * and sentences of intent around a call the model makes. Each is set around every right call-only text of
 * the dev corpus and the tune cases (a line before the call, or a paragraph after it). Prints the aggregate
 * figures only: the banks are held out, like test/fixtures/cases/holdout, so do not open or print them.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createRepairEngine } from "../src/repair/engine.ts";
import { extractToolCallsFromContent } from "../src/repair/extract-content-calls.ts";
import { isRightOutcome, loadCases, scoreEngineCase } from "./corpus.ts";

interface Bank {
  readonly before: readonly string[];
  readonly after: readonly string[];
}

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const banks = JSON.parse(readFileSync(here("../test/fixtures/cases/holdout/prose-banks.json"), "utf8")) as { framings: Bank; intent: Bank };
const sharedDev = here("../../shared/corpus/dev-cases.jsonl");
const paths = [existsSync(sharedDev) ? sharedDev : here("../test/fixtures/corpus/dev-cases.jsonl"), here("../test/fixtures/cases/tune/external.jsonl")];

const engine = createRepairEngine();
// Texts that are one call and nothing else, opening with its markup and ending with it: words set around them are the only prose.
const texts = paths
  .flatMap((path) => loadCases(path))
  .filter((testCase) => testCase.class === "content_embedded_call" && testCase.expected !== null && typeof testCase.raw_arguments === "string" && testCase.reasoning === undefined)
  .filter((testCase) => isRightOutcome(scoreEngineCase(engine, testCase)))
  .map((testCase) => ({ text: String(testCase.raw_arguments).trim(), tool: testCase.tool }))
  .filter(({ text, tool }) => /^[<{[`>]/.test(text) && /[>}\]`]$/.test(text) && extractToolCallsFromContent(text, [tool])?.calls.length === 1);

/** Variants of every text with each sentence of `bank` around it, and how many of them are read as a call. */
function tally(bank: Bank): { variants: number; read: number } {
  let variants = 0;
  let read = 0;
  for (const { text, tool } of texts) {
    const framed = [...bank.before.map((words) => `${words}\n${text}`), ...bank.after.map((words) => `${text}\n\n${words}`)];
    for (const content of framed) {
      variants++;
      if ((extractToolCallsFromContent(content, [tool])?.calls.length ?? 0) > 0) read++;
    }
  }
  return { variants, read };
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;
const framings = tally(banks.framings);
const intent = tally(banks.intent);
console.log(`${texts.length} call-only texts of the dev corpus and the tune cases`);
console.log(`framed as no call (${banks.framings.before.length + banks.framings.after.length} framings): ${framings.read}/${framings.variants} still read, each a wrong repair (${percent(framings.read, framings.variants)})`);
console.log(`with words of intent (${banks.intent.before.length + banks.intent.after.length} sentences): ${intent.variants - intent.read}/${intent.variants} calls lost (${percent(intent.variants - intent.read, intent.variants)})`);
