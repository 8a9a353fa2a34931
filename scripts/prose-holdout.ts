/**
 * `node scripts/prose-holdout.ts [--only framings|intent|results|neutral]…`: how the rules about the prose around
 * a call hold up on phrasings they were not written from. test/fixtures/cases/holdout/prose-banks.json holds
 * held-out banks, written blind and never tuned on: framings that make a call no call ("Illustrative snippet
 * (do not execute):"), sentences of intent around a call the model makes, results the model wrote itself after
 * its call ("Observation: {\"result\": 42}", "Done, it worked.": the call is a transcript, not one to make), and
 * neutral words after a call that presume no result. Each is set around every right call-only text of the dev
 * corpus and the tune cases (a line before the call, or a paragraph after it). Prints the aggregate figures
 * only: the banks are held out, like test/fixtures/cases/holdout, so do not open or print them.
 *
 * `--bank tune` reads test/fixtures/cases/tune/prose-banks.json instead: banks of the same shape written to tune
 * on, so `--bank tune -v` may also list each of its sentences with the texts it was read or lost on. `-v` is
 * refused on the held-out bank, whose sentences must stay unseen.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createRepairEngine } from "../src/repair/engine.ts";
import { extractToolCallsFromContent } from "../src/repair/extract-content-calls.ts";
import { isRightOutcome, loadCases, scoreEngineCase } from "./corpus.ts";

interface Bank {
  readonly before: readonly string[];
  readonly after: readonly string[];
}

const { values } = parseArgs({ options: { bank: { type: "string", default: "holdout" }, verbose: { type: "boolean", short: "v", default: false }, only: { type: "string", multiple: true } } });
if (values.bank !== "holdout" && values.bank !== "tune") {
  console.error(`--bank is holdout or tune, not ${values.bank}`);
  process.exit(2);
}
// Listing sentences would show the held-out bank, and a rule tuned on what it shows would no longer be measured on unseen words.
if (values.verbose && values.bank === "holdout") {
  console.error("-v lists sentences, so it is for --bank tune only: the held-out bank is reported in aggregate");
  process.exit(2);
}

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const banks = JSON.parse(readFileSync(here(`../test/fixtures/cases/${values.bank}/prose-banks.json`), "utf8")) as {
  framings: Bank;
  intent: Bank;
  /** Paragraphs after a call: results the model wrote itself (a call no call), and neutral ones that presume none. */
  results: { readonly after: readonly string[]; readonly neutral: readonly string[] };
};
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

/** Each sentence of `bank` where it goes, with how many of the texts it was read as a call around. */
interface SentenceTally {
  readonly place: "before" | "after";
  readonly words: string;
  read: number;
}

/** Variants of every text with each sentence of `bank` around it, how many of them are read as a call, and the same per sentence. */
function tally(bank: Bank): { variants: number; read: number; sentences: SentenceTally[] } {
  const sentences: SentenceTally[] = [
    ...bank.before.map((words) => ({ place: "before" as const, words, read: 0 })),
    ...bank.after.map((words) => ({ place: "after" as const, words, read: 0 })),
  ];
  let variants = 0;
  let read = 0;
  for (const { text, tool } of texts) {
    for (const sentence of sentences) {
      const content = sentence.place === "before" ? `${sentence.words}\n${text}` : `${text}\n\n${sentence.words}`;
      variants++;
      if ((extractToolCallsFromContent(content, [tool])?.calls.length ?? 0) > 0) {
        read++;
        sentence.read++;
      }
    }
  }
  return { variants, read, sentences };
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

/** The four measures: a bank, whether its sentences make a call no call (`read` is then wrong) or go with one made. */
const measures = [
  { name: "framings", bank: banks.framings, noCall: true, title: "framed as no call", unit: "framings" },
  { name: "intent", bank: banks.intent, noCall: false, title: "with words of intent", unit: "sentences" },
  { name: "results", bank: { before: [], after: banks.results.after }, noCall: true, title: "followed by a result the model wrote itself", unit: "paragraphs" },
  { name: "neutral", bank: { before: [], after: banks.results.neutral }, noCall: false, title: "followed by neutral words", unit: "paragraphs" },
].filter((measure) => values.only === undefined || values.only.includes(measure.name));

console.log(`${texts.length} call-only texts of the dev corpus and the tune cases`);
for (const measure of measures) {
  const { variants, read, sentences } = tally(measure.bank);
  const count = `${measure.title} (${sentences.length} ${measure.unit})`;
  console.log(
    measure.noCall
      ? `${count}: ${read}/${variants} still read, each a wrong repair (${percent(read, variants)})`
      : `${count}: ${variants - read}/${variants} calls lost (${percent(variants - read, variants)})`,
  );
  if (!values.verbose) continue;
  // Worst first: a sentence that makes a call no call is worst where most texts are still read, one of intent where most are lost.
  const bad = (sentence: SentenceTally) => (measure.noCall ? sentence.read : texts.length - sentence.read);
  for (const sentence of [...sentences].sort((a, b) => bad(b) - bad(a))) {
    console.log(`${String(bad(sentence)).padStart(4)}/${texts.length}  ${sentence.place.padEnd(6)}  ${JSON.stringify(sentence.words)}`);
  }
}
