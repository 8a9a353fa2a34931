/**
 * A text's calls are read all or none. Every matrix format (scripts/cases/matrix-formats.ts) writes
 * one, two or three calls, one of them with one of the format's own markup tokens inside a string
 * value (a block's closer, a wrapper's closer, an opener, a parameter tag, a quote token): either
 * every call is read with its exact arguments, or none is and the text stays as written. Never some
 * of them. The text streamed in random pieces ends as the whole text does.
 */
import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../../src/repair/engine.ts";
import { extractToolCallsFromContent } from "../../../../src/repair/extract-content-calls.ts";
import { declaredNameAt } from "../../../../src/repair/content-calls/unread-block.ts";
import { matrixTools } from "../../../../scripts/cases/format-matrix.ts";
import { jsonStyles, matrixFormats, type Layout, type MatrixCall, type MatrixFormat } from "../../../../scripts/cases/matrix-formats.ts";
import { scoreMatrixCase } from "../../../../scripts/cases/score-matrix.ts";
import { readBothWays } from "./read-both-ways.ts";

const engine = createRepairEngine();
const note = matrixTools.note;
/** The markup tokens a format writes: tags, `<|…|>` tokens, `[TOOL_CALLS]`-style markers. */
const TOKEN = /<[^<>\n]{1,80}>|\[[A-Z_/]{3,30}\]/g;

const calls = (count: number, value: (index: number) => string): MatrixCall[] =>
  Array.from({ length: count }, (_, index) => ({ name: note.name, args: { path: `notes/${index}.md`, text: value(index) } }));

interface Row {
  readonly title: string;
  readonly text: string;
  readonly calls: readonly MatrixCall[];
}

/**
 * Every token of the format × every call count × every call holding it, as the format writes them (in both
 * layouts where they differ), and two calls after prose.
 */
function rows(format: MatrixFormat): Row[] {
  const out = new Map<string, Row>();
  for (const broken of [true, false]) {
    const layout: Layout = { nl: "\n", json: broken ? jsonStyles.dumps! : jsonStyles.compact!, broken };
    const tokens = [...new Set(format.write(calls(format.several ? 2 : 1, (index) => `v${index}`), layout).match(TOKEN) ?? [])];
    for (const token of tokens) {
      for (const count of format.several ? [1, 2, 3] : [1]) {
        for (let holder = 0; holder < count; holder++) {
          const written = calls(count, (index) => (index === holder ? `a ${token} b` : `v${index}`));
          const block = format.write(written, layout);
          const title = `${token} in call ${holder + 1} of ${count}${broken ? "" : ", tight layout"}`;
          if (!out.has(block)) out.set(block, { title, text: block, calls: written });
          if (broken && count === 2) out.set(`prose\u0000${block}`, { title: `${title}, prose before`, text: `Writing the notes now.\n${block}`, calls: written });
        }
      }
    }
  }
  return [...out.values()];
}

describe("a text's calls are read all or none, in every format", () => {
  for (const format of matrixFormats) {
    it(`${format.name}: a token of the format inside a value gives every call exactly, or none`, () => {
      const failures: string[] = [];
      for (const row of rows(format)) {
        const read = extractToolCallsFromContent(row.text, [note]);
        const count = read?.calls.length ?? 0;
        if (count !== 0 && count !== row.calls.length) {
          failures.push(`${row.title}: ${count} of ${row.calls.length} calls read`);
          continue;
        }
        // Exact (each call repaired against its tool as the server does), or refused; the stream ends the same.
        const result = scoreMatrixCase(engine, { id: row.title, format: format.name, shape: "all-or-none", part: "tuned", tools: [note], text: row.text, expected: row.calls, mayRefuse: true }, 11);
        if (result.verdict !== "exact" && result.verdict !== "refused") failures.push(`${row.title}: ${result.verdict}`);
        if (count === 0 && read !== undefined) failures.push(`${row.title}: text changed with no call read`);
      }
      expect(failures).toEqual([]);
    });
  }

  it("reads every call when no value holds a token (the table's control)", () => {
    const misses = matrixFormats.flatMap((format) =>
      (format.several ? [1, 2, 3] : [1]).flatMap((count) => {
        const written = calls(count, (index) => `value ${index}`);
        const text = format.write(written, { nl: "\n", json: jsonStyles.compact!, broken: true });
        const result = scoreMatrixCase(engine, { id: format.name, format: format.name, shape: "control", part: "tuned", tools: [note], text, expected: written, mayRefuse: false }, 5);
        return result.verdict === "exact" ? [] : [`${format.name} × ${count}: ${result.verdict}`];
      }),
    );
    expect(misses).toEqual([]);
  });
});

describe("a text cut inside its last call's value reads none of its calls, in every format", () => {
  // The turn was cut while the model wrote it: running the calls before the cut one would run only some of them.
  const CUT = "cut here";
  for (const format of matrixFormats.filter((each) => each.several)) {
    it(`${format.name}: two and three calls, cut inside the last value, mid-word or right after a space or a comma`, () => {
      const failures: string[] = [];
      for (const count of [2, 3]) {
        for (const tail of [" rest", ", rest", "rest of it"]) {
          const written = calls(count, (index) => (index === count - 1 ? `${CUT}${tail}` : `v${index}`));
          const whole = format.write(written, { nl: "\n", json: jsonStyles.compact!, broken: true });
          const text = whole.slice(0, whole.lastIndexOf(CUT) + CUT.length + tail.length - 3);
          const read = readBothWays(text, [note]);
          if (read.calls.length !== 0) failures.push(`${count} calls, tail ${JSON.stringify(tail)}: ${read.calls.length} read`);
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it.each<[string, string]>([
    ["Kimi, cut after a complete member of the second call", '<|tool_calls_section_begin|><|tool_call_begin|>functions.write_note:0<|tool_call_argument_begin|>{"path": "a.md", "text": "v"}<|tool_call_end|><|tool_call_begin|>functions.write_note:1<|tool_call_argument_begin|>{"path": "b.md", '],
    ["ReAct, cut after the last key's colon", 'Action: write_note\nAction Input: {"path": "a.md", "text": "v"}\n\nAction: write_note\nAction Input: {"path": "b.md", "text":'],
    ["Functionary, cut inside a nested object", '>>>write_note\n{"path": "a.md", "text": "v"}\n>>>write_note\n{"path": "b.md", "text": "v", "meta": {"t'],
  ])("%s: no call", (_title, content) => {
    expect(readBothWays(content, [note])).toEqual({ calls: [], text: content });
  });

  it.each<[string, string]>([
    ["Kimi, two calls closed, the section's end left out", '<|tool_calls_section_begin|><|tool_call_begin|>functions.write_note:0<|tool_call_argument_begin|>{"path": "a.md", "text": "v"}<|tool_call_end|><|tool_call_begin|>functions.write_note:1<|tool_call_argument_begin|>{"path": "b.md", "text": "w"}<|tool_call_end|>'],
    ["ReAct, two whole actions", 'Action: write_note\nAction Input: {"path": "a.md", "text": "v"}\nAction: write_note\nAction Input: {"path": "b.md", "text": "w"}'],
  ])("%s: both read", (_title, content) => {
    expect(readBothWays(content, [note]).calls).toEqual([
      ["write_note", { path: "a.md", text: "v" }],
      ["write_note", { path: "b.md", text: "w" }],
    ]);
  });
});

const glm = (path: string, text: string): string =>
  `<tool_call>write_note<arg_key>path</arg_key><arg_value>${path}</arg_value><arg_key>text</arg_key><arg_value>${text}</arg_value></tool_call>`;
const invoke = (path: string, text: string, prefix = ""): string =>
  `<${prefix}invoke name="write_note">\n<${prefix}parameter name="path">${path}</${prefix}parameter>\n<${prefix}parameter name="text">${text}</${prefix}parameter>\n</${prefix}invoke>`;

describe("a block that does not read leaves the other blocks of its answer unread", () => {
  it.each<[string, string]>([
    ["GLM: the next key's tag inside the first block's value", `${glm("a.md", "x <arg_key> y")}\n${glm("b.md", "v")}`],
    ["GLM: the next key's tag inside the second block's value, three blocks", `${glm("a.md", "v")}\n${glm("b.md", "x <arg_key> y")}\n${glm("c.md", "v")}`],
    ["DSML: the parameter's closer ending the first value (typed twice, or the value's text)", `<｜DSML｜function_calls>\n${invoke("a.md", "x </｜DSML｜parameter>", "｜DSML｜")}\n${invoke("b.md", "v", "｜DSML｜")}\n</｜DSML｜function_calls>`],
    ["MiniMax: the parameter's closer ending the first value (typed twice, or the value's text)", `<minimax:tool_call>\n${invoke("a.md", "x </parameter>")}\n${invoke("b.md", "v")}\n</minimax:tool_call>`],
    ["Gemma 4: the quote token inside the first value", `<|tool_call>call:write_note{path:<|"|>a.md<|"|>,text:<|"|>x <|"|> y<|"|>}<tool_call|><|tool_call>call:write_note{path:<|"|>b.md<|"|>,text:<|"|>v<|"|>}<tool_call|>`],
    ["with prose between the blocks", `${glm("a.md", "x <arg_key> y")}\nAnd the second one:\n${glm("b.md", "v")}`],
  ])("%s: no call, the text as written", (_title, content) => {
    expect(readBothWays(content, [note])).toEqual({ calls: [], text: content });
  });

  it("GLM: the block's closer inside the first value, the value and block closed after it, is the value's text: both calls read", () => {
    const content = `${glm("a.md", "x </tool_call> y")}\n${glm("b.md", "v")}`;
    expect(readBothWays(content, [note]).calls).toEqual([
      ["write_note", { path: "a.md", text: "x </tool_call> y" }],
      ["write_note", { path: "b.md", text: "v" }],
    ]);
  });

  it("DSML: the wrapper's closer inside the first value, the value closed after it, is the value's text: both calls read", () => {
    const content = `<｜DSML｜function_calls>\n${invoke("a.md", "x </｜DSML｜function_calls> y", "｜DSML｜")}\n${invoke("b.md", "v", "｜DSML｜")}\n</｜DSML｜function_calls>`;
    expect(readBothWays(content, [note])).toEqual({
      calls: [
        ["write_note", { path: "a.md", text: "x </｜DSML｜function_calls> y" }],
        ["write_note", { path: "b.md", text: "v" }],
      ],
      text: "",
    });
  });

  it("a block in reasoning that does not read leaves the answer's calls read", () => {
    const content = `<think>Maybe ${glm("a.md", "x <arg_key> y")}</think>\n${glm("b.md", "v")}`;
    expect(readBothWays(content, [note]).calls).toEqual([["write_note", { path: "b.md", text: "v" }]]);
  });

  it("prose naming a tag and a tool is no block: the call after it is read", () => {
    const content = `The <tool_call> tag is how to call write_note.\n${glm("b.md", "v")}`;
    expect(readBothWays(content, [note]).calls).toEqual([["write_note", { path: "b.md", text: "v" }]]);
  });
});

describe("declaredNameAt: the head of a block in markup that names a declared tool", () => {
  it.each<[string, string, number]>([
    ["GLM's tag", "<tool_call>write_note<arg_key>", 11],
    ["an invoke's attribute", '<invoke name="write_note">', 14],
    ["Step3's tokens and one word", '<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="write_note">', 61],
    ["Gemma's call word", "<|tool_call>call:write_note{", 17],
    ["a JSON body", '<tool_call>\n{"name": "write_note", "arguments": {}}', 22],
    ["leading space", "  [TOOL_CALLS]write_note[ARGS]{}", 14],
    ["prose after the tag", "<tool_call> to call write_note", -1],
    ["no markup first", "write_note(path='a')", -1],
    ["a longer name only", "<tool_call>write_notes<arg_key>", -1],
    ["no declared name", "<tool_call>search<arg_key>", -1],
    ["a JSON call naming an undeclared tool", '<tool_call>\n{"name": "get_news", "arguments": {"q": }}', 22],
    ["a JSON call under `tool`", '<tools> {"tool": "get_news", "args": {"q": }}', 18],
    ["a JSON object naming no tool", '<tool_call>{"city": "Paris"}', -1],
    ["a JSON name that is no identifier", '<tool_call>{"name": "two words"}', -1],
    ["a JSON call after prose in the tag", '<tool_call> see {"name": "get_news"}', -1],
  ])("%s", (_title, text, at) => {
    expect(declaredNameAt(text, 0, [note])).toBe(at);
  });
});

describe("a JSON call block that does not read, whatever tool it names, keeps the other calls text", () => {
  const read = `<tool_call>\n{"name": "write_note", "arguments": {"path": "a.md", "text": "x"}}\n</tool_call>`;
  it.each([
    ["a value left out, an undeclared tool", '{"name": "get_news", "arguments": {"topic": }}'],
    ["broken JSON, an undeclared tool", '{"name": "get_news", "arguments": {topic news today}}'],
    ["a value left out, the declared tool", '{"name": "write_note", "arguments": {"path": "b.md", "text": }}'],
    ["words for its arguments, an undeclared tool", '{"name": "get_news", "arguments": latest}'],
    ["words for its arguments, the declared tool", '{"name": "write_note", "arguments": later}'],
  ])("%s, after a call or before it", (_title, body) => {
    const unread = `<tool_call>\n${body}\n</tool_call>`;
    for (const text of [`${read}\nAnd then:\n${unread}`, `${unread}\n${read}`]) expect(readBothWays(text, [note])).toEqual({ calls: [], text });
  });

  it("a block that reads, beside it, is read", () => {
    const other = `<tool_call>\n{"name": "write_note", "arguments": {"path": "b.md", "text": "y"}}\n</tool_call>`;
    expect(readBothWays(`${read}\n${other}`, [note]).calls).toHaveLength(2);
  });
});
