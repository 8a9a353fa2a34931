/**
 * Every call format × every value shape: valid calls of many schemas,
 * written in each format the engine reads (matrix-formats.ts), with values
 * of one shape each (quotes, line breaks, backslashes, markup, typed values,
 * nesting, long text…) or in one context (several calls, prose around,
 * reasoning before, whitespace and CRLF around the markers). The expected
 * result is the calls themselves, or a refusal when the format cannot carry
 * one of the values unambiguously.
 *
 * The held part (some shapes, some formats) is kept out of tuning the
 * readers and reported on its own: it says whether a fix was a family's.
 */
import { createRandom, type Random } from "./random.ts";
import { generatorTools, type GeneratorTool } from "./schemas.ts";
import { objectFor, trapStrings, type Json } from "./values.ts";
import { backslashesInFours, JSON_IN_TAGS, jsonStyles, matrixFormats, type Args, type Layout, type MatrixCall, type MatrixFormat } from "./matrix-formats.ts";

type Schema = Record<string, unknown>;
export type MatrixPart = "tuned" | "held";

/**
 * Chosen before any result was seen; never tune a reader on these. (An
 * earlier held part, six shapes and sixteen formats, was looked at and is
 * tuned now: every format is.)
 */
export const HELD_SHAPES: ReadonlySet<string> = new Set(["sql", "shell", "markdown_text", "inner_spaces", "listy"]);
export const HELD_FORMATS: ReadonlySet<string> = new Set<string>();

export interface MatrixCase {
  readonly id: string;
  readonly format: string;
  readonly shape: string;
  readonly part: MatrixPart;
  readonly tools: readonly GeneratorTool[];
  readonly text: string;
  /** The calls, or `null` when the format cannot carry a value unambiguously (a refusal is the right outcome). */
  readonly expected: readonly MatrixCall[] | null;
  /** A value whose edge whitespace may be the layout's: the exact calls or a refusal are both right. */
  readonly mayRefuse: boolean;
}

const tool = (name: string, properties: Record<string, Schema>, required: readonly string[]): GeneratorTool => ({
  name,
  description: `The ${name.replaceAll("_", " ")} tool.`,
  parameters: { type: "object", properties, required, additionalProperties: false },
});
const str: Schema = { type: "string" };
const int: Schema = { type: "integer" };

/** Tools the generator's schemas lack: free text, typed values, deep nesting, nothing required. */
export const matrixTools = {
  note: tool("write_note", { path: str, text: str, title: str }, ["path", "text"]),
  typed: tool(
    "configure_limits",
    {
      count: int,
      ratio: { type: "number" },
      enabled: { type: "boolean" },
      retries: { type: ["integer", "null"] },
      ids: { type: "array", items: int },
      mode: { type: "string", enum: ["fast", "safe"] },
    },
    ["count", "enabled"],
  ),
  nested: tool(
    "apply_config",
    {
      config: {
        type: "object",
        properties: {
          name: str,
          tags: { type: "array", items: str },
          limits: { type: "object", properties: { max: int, strict: { type: "boolean" } } },
          extra: { type: "object" },
        },
      },
      items: { type: "array", items: { type: "object", properties: { id: str, qty: int } } },
    },
    ["config"],
  ),
  optional: tool("list_tasks", { status: { type: "string", enum: ["open", "done"] }, limit: int }, []),
  bare: tool("refresh_index", {}, []),
  edges: tool(
    "set_range",
    {
      offset: int,
      scale: { type: "number" },
      label: str,
      tags: { type: "array", items: str },
      flags: { type: "array", items: { type: "boolean" } },
      cap: { type: ["integer", "null"] },
      bounds: { type: "object", properties: { low: { type: "number" }, high: { type: "number" } } },
    },
    ["offset", "label"],
  ),
  tree: tool(
    "save_tree",
    {
      root: {
        type: "object",
        properties: {
          name: str,
          children: {
            type: "array",
            items: {
              type: "object",
              properties: {
                name: str,
                children: { type: "array", items: { type: "object", properties: { name: str, value: { type: "integer" }, children: { type: "array", items: { type: "object", properties: { name: str } } } } } },
              },
            },
          },
          meta: { type: "object", properties: { owner: { type: "object", properties: { team: { type: "object", properties: { lead: str, size: int } } } } } },
        },
      },
      grid: { type: "array", items: { type: "array", items: { type: "array", items: { type: "number" } } } },
    },
    ["root"],
  ),
} as const;

const pools = {
  quotes: ['She said "hi" to me', "it's done", '"quoted"', "'single'", 'He wrote: "done", then left', 'a \\"b\\" c', `5' 11"`, 'say "a", "b"'],
  newlines: ["line one\nline two", "def f(x):\n    return x * 2", "a\r\nb", "tab\there", "para one\n\npara two", "- item\n- item 2\n  nested", "trailing newline\n", "\n  indented first"],
  backslashes: ["C:\\Users\\me\\file.txt", "\\d+\\.\\d+", "a\\nb", "C:\\temp\\", "\\\\server\\share\\x", 'echo "a\\tb"', "\\u00e9 literal", "path\\\\double"],
  unicode: ["naïve café", "東京の天気", "Привет, мир", "party 🎉🚀", "👩‍💻 dev", "مرحبا بالعالم", "e\u0301 combined", "50% off — today", "Zoë Ørsted"],
  markup: [
    "</parameter>",
    "<tool_call>",
    "x </tool_call> y",
    '{"a": 1}',
    "}",
    "]",
    "a } b ] c",
    "[TOOL_CALLS]",
    "</arg_value>",
    "<|im_end|>",
    "</function>",
    "a < b && c > d",
    "<br/>",
    "[/TOOL_CALL]",
    "<|tool_call_end|>",
    "<|call|>",
    "END_ARG",
    "<div class=\"x\">hi</div>",
    "Tom &amp; Jerry",
  ],
  escapes: [
    '{"msg": "say \\"hi\\"", "path": "C:\\\\tmp"}',
    'printf("%s\\n", name);',
    "sed -i 's/\\t/    /g' main.py",
    '\\"',
    'echo "It\'s \\$HOME"',
    "\\\\",
    '^\\s*"([^"\\\\]|\\\\.)*"\\s*$',
    "C:\\new\\table\\raw.txt",
    "ends with a backslash \\",
    "\\u0041 and \\x41 and \\0",
  ],
  code: [
    'def handler(event):\n    data = {"id": event["id"], "tags": []}\n    return f"{data[\'id\']}: ok"\n',
    'function f(a) {\n  if (a) { return `x=${a}`; }\n  return { "ok": false };\n}',
    "cat <<'EOF' > cfg.json\n{\"port\": 8080, \"hosts\": [\"a\", \"b\"]}\nEOF",
    '{\n  "name": "demo",\n  "scripts": {\n    "build": "tsc -p ."\n  }\n}\n',
    'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("hi\\n")\n}\n',
    '.btn { color: red; }\n.btn:hover::before { content: "\\201C"; }',
    "--- a/x.py\n+++ b/x.py\n@@ -1,2 +1,2 @@\n-print('a')\n+print(\"b\")\n",
    "fn first<'a>(s: &'a str) -> &'a str {\n    &s[..1]\n}",
  ],
  urls: [
    "https://example.com/search?q=%22tool+calls%22&sort=desc",
    'https://api.example.com/v1/items?filter={"status":"open"}&limit=10',
    "https://example.com/a?x=1&y=it's",
    'https://maps.example.com/?q="Café de Flore"&z=14',
    "http://[::1]:8080/path;param?x=1#frag",
    'curl -s "https://api.example.com/v1/users?id=42&fields=name,email" -H "Accept: application/json"',
    "https://example.com/redirect?to=https%3A%2F%2Fother.org%2F%3Fa%3D1%26b%3D2",
    "ftp://user:p%40ss@files.example.com/dir/file.tar.gz",
    "https://example.com/wiki/Rock_&_Roll_(album)",
  ],
  lookalike: [
    '{"name": "get_weather", "arguments": {"city": "Paris"}}',
    '[{"id": 1}, {"id": 2}]',
    '<?xml version="1.0" encoding="UTF-8"?>\n<root attr="1"><child/></root>',
    '<script>alert("x")</script>',
    "key: value\nlist:\n  - a\n  - b",
    '{"a": [1, 2, {"b": null}]}',
    "```python\nprint('hi')\n```",
    "[get_time(tz='UTC')]",
    "<p class='note'>Hello</p>",
    "Action: search\nAction Input: {\"q\": \"x\"}",
  ],
  sql: [
    "SELECT * FROM users WHERE name = 'O''Brien';",
    'SELECT "id", `name` FROM t WHERE a LIKE \'%x_%\' -- comment',
    "INSERT INTO logs (msg) VALUES ('a, b'), ('c');",
    "UPDATE t SET v = v + 1 WHERE id IN (1, 2, 3); /* done */",
    "SELECT json_extract(data, '$.a[0]') AS a FROM t",
    "WITH x AS (SELECT 1) SELECT * FROM x WHERE 1 <> 2",
    "DELETE FROM t WHERE note = 'it''s \\ fine'",
  ],
  shell: [
    "ls -la | grep '\\.ts$' | wc -l",
    "cd /tmp && make 2>&1 | tee build.log",
    'echo "$(date +%s)" > stamp.txt; cat stamp.txt',
    "find . -name '*.md' -exec sed -i 's/a/b/' {} +",
    "test -f x || { echo missing; exit 1; }",
    "for f in *.json; do jq '.a' \"$f\"; done",
    "grep -rn 'TODO' src/ --include=*.py",
    "awk -F, '{print $1}' data.csv | sort -u",
  ],
  markdown_text: [
    "| a | b |\n|---|---|\n| 1 | 2 |",
    "# Title\n\nSome **bold** and _italic_ text.",
    "See [the docs](https://example.com/docs) for more.",
    "> quoted line\n> another",
    "- [ ] todo\n- [x] done",
    "Use `npm run build` then `npm test`.",
    "1. first\n2. second\n   - nested",
    "![alt text](img.png \"Title\")",
  ],
  inner_spaces: ["a  b", "col1\tcol2\tcol3", "x\u00a0y", "two  spaces  here", "a \t b", "zero\u200bwidth", "wide\u3000space", "a\u2003em"],
  listy: ["a, b", "[x]", "1,2,3", "(a, b)", "x; y", "{a,b}", "a,", "[1, 2]", "key=value, other=2", "\"a\", \"b\""],
};

const paragraph =
  "The quick brown fox jumps over the lazy dog, then checks the logs at /var/log/app.log for errors (code 42) and writes a summary.\n";

/** A string property that takes free text: no enum, no format. */
const freeString = (schema: Schema): boolean => schema.type === "string" && schema.enum === undefined && schema.format === undefined;

/** `value` with each free string inside it (by `schema`) replaced by one from `pick`. */
function reshape(schema: Schema, value: Json, pick: () => string): Json {
  if (typeof value === "string") return freeString(schema) ? pick() : value;
  if (Array.isArray(value)) return value.map((item) => reshape((schema.items ?? {}) as Schema, item, pick));
  if (value !== null && typeof value === "object") {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, properties[key] === undefined ? member : reshape(properties[key]!, member, pick)]));
  }
  return value;
}

const hasFreeString = (schema: Schema): boolean => {
  if (freeString(schema)) return true;
  if (schema.type === "array") return hasFreeString((schema.items ?? {}) as Schema);
  return Object.values((schema.properties ?? {}) as Record<string, Schema>).some(hasFreeString);
};
const textTools = [...generatorTools.filter((candidate) => hasFreeString(candidate.parameters)), matrixTools.note];
const nestedTools = [
  ...generatorTools.filter((candidate) => ["book_flight", "calculate_route", "update_user_profile", "search_products", "fetch_url", "deploy_service"].includes(candidate.name)),
  matrixTools.nested,
];

interface Draft {
  readonly calls: readonly { tool: GeneratorTool; args: Args }[];
  readonly before?: string;
  readonly after?: string;
  readonly spacing?: boolean;
}

/** A call of `chosen` whose free strings come from `pool` (at least one string of the pool in it). */
function stringsCall(random: Random, pool: readonly string[]): { tool: GeneratorTool; args: Args } {
  const chosen = random.chance(0.3) ? matrixTools.note : random.pick(textTools);
  const args = reshape(chosen.parameters, objectFor(chosen.parameters, random), () => random.pick(pool)) as Args;
  return { tool: chosen, args };
}
const plainCall = (random: Random): { tool: GeneratorTool; args: Args } => {
  const chosen = random.pick(generatorTools);
  return { tool: chosen, args: objectFor(chosen.parameters, random) };
};

function typedArgs(random: Random): Args {
  const args: Args = { count: random.pick([0, -7, 42, 100000, 1]), enabled: random.chance(0.5) };
  if (random.chance(0.7)) args.ratio = random.pick([0.5, -1.25, 3.14159, 0, 100, 1e-3]);
  if (random.chance(0.7)) args.retries = random.pick([null, 3, 0]);
  if (random.chance(0.6)) args.ids = random.pick([[], [1, 2, 3], [-1]]);
  if (random.chance(0.5)) args.mode = random.pick(["fast", "safe"]);
  return args;
}
function nestedArgs(random: Random): Args {
  const config: { [key: string]: Json } = { name: random.pick(["prod", "dev box", "a/b"]) };
  if (random.chance(0.7)) config.tags = random.pick([[], ["x"], ["a", "b c"]]);
  if (random.chance(0.7)) config.limits = random.pick<Json>([{}, { max: 10 }, { max: 0, strict: true }]);
  if (random.chance(0.5)) config.extra = random.pick<Json>([{}, { deep: { deeper: [1, { k: "v" }] } }, { list: [[1, 2], []] }]);
  const args: Args = { config };
  if (random.chance(0.6)) args.items = random.pick<Json>([[], [{ id: "a1", qty: 2 }], [{ id: "b", qty: 0 }, { id: "c", qty: 5 }]]);
  return args;
}

/** Values at the edges of their types: extreme and exponent numbers, empty strings, lists and objects, null (where no string goes: raw formats write both alike). */
function edgeArgs(random: Random): Args {
  const args: Args = {
    offset: random.pick([0, -1, 2147483647, -2147483648, 9007199254740991, -9007199254740991]),
    label: random.pick(["", " ", "0", "-", "x"]),
  };
  if (random.chance(0.7)) args.scale = random.pick([1e-7, 1.5e300, -0.5, 0.1, 123456.789, 1e21, 2.5e-8, 0]);
  if (random.chance(0.6)) args.tags = random.pick<Json>([[], [""], ["", "a"], ["a"]]);
  if (random.chance(0.5)) args.flags = random.pick<Json>([[], [false], [true, false, true]]);
  if (random.chance(0.5)) args.cap = random.pick<Json>([null, 0, -1]);
  if (random.chance(0.5)) args.bounds = random.pick<Json>([{}, { low: -1e-3, high: 1e3 }, { low: 0 }]);
  return args;
}
/** Deep nesting: objects four to six levels down, lists of lists of lists. */
function treeArgs(random: Random): Args {
  const leaf = (): Json => ({ name: random.pick(["leaf", "a b", "ü"]) });
  const mid = (): Json => {
    const node: { [key: string]: Json } = { name: random.pick(["mid", "m-2"]) };
    if (random.chance(0.6)) node.value = random.pick([0, -3, 7]);
    if (random.chance(0.7)) node.children = random.pick<Json[]>([[], [leaf()], [leaf(), leaf()]]);
    return node;
  };
  const root: { [key: string]: Json } = { name: random.pick(["root", "top level"]) };
  if (random.chance(0.8)) root.children = random.pick<Json[]>([[], [{ name: "c1", children: [mid()] }], [{ name: "c1", children: [mid(), mid()] }, { name: "c2", children: [] }]]);
  if (random.chance(0.5)) root.meta = random.pick<Json>([{}, { owner: {} }, { owner: { team: { lead: "Ana", size: 4 } } }, { owner: { team: {} } }]);
  const args: Args = { root };
  if (random.chance(0.5)) args.grid = random.pick<Json>([[], [[[]]], [[[1, 2], [3]], [[0.5]]], [[[-1]], [], [[2, 3, 4]]]]);
  return args;
}

const prose = {
  before: ["I'll look that up for you.\n\n", "Sure, running it now.\n", "Let me check. "],
  after: ["\n\nLet me know if you need anything else.", "\nI'll report back once it finishes.", "\n\nDone."],
  think: ["<think>\nThe user wants this done. I'll call the tool.\n</think>\n\n", "<think>Need the tool here.</think>\n"],
};

export const matrixShapes: Record<string, (random: Random) => Draft> = {
  plain: (random) => ({ calls: [plainCall(random)] }),
  nested: (random) => {
    if (random.chance(0.5)) return { calls: [{ tool: matrixTools.nested, args: nestedArgs(random) }] };
    const chosen = random.pick(nestedTools);
    return { calls: [{ tool: chosen, args: objectFor(chosen.parameters, random) }] };
  },
  empty: (random) => ({ calls: [{ tool: random.pick([matrixTools.optional, matrixTools.bare]), args: {} }] }),
  quotes: (random) => ({ calls: [stringsCall(random, pools.quotes)] }),
  newlines: (random) => ({ calls: [stringsCall(random, pools.newlines)] }),
  backslashes: (random) => ({ calls: [stringsCall(random, pools.backslashes)] }),
  unicode: (random) => ({ calls: [stringsCall(random, pools.unicode)] }),
  markup: (random) => ({ calls: [stringsCall(random, pools.markup)] }),
  typed: (random) => ({ calls: [{ tool: matrixTools.typed, args: typedArgs(random) }] }),
  long: (random) => {
    const long = paragraph.repeat(random.int(12, 30)) + random.pick(["", "end"]);
    return { calls: [{ tool: matrixTools.note, args: { path: "notes/long.md", text: long } }] };
  },
  several: (random) => {
    const count = random.int(2, 3);
    const calls: { tool: GeneratorTool; args: Args }[] = [];
    while (calls.length < count) {
      const next = random.chance(0.3) ? { tool: matrixTools.typed, args: typedArgs(random) } : plainCall(random);
      if (!calls.some((call) => call.tool.name === next.tool.name)) calls.push(next);
    }
    return { calls };
  },
  prose: (random) => ({ calls: [plainCall(random)], before: random.pick(prose.before), after: random.pick(prose.after) }),
  think: (random) => ({ calls: [plainCall(random)], before: random.pick(prose.think) }),
  spacing: (random) => ({
    calls: [plainCall(random)],
    before: random.pick(["\n\n", "  \n", "\r\n", ""]),
    after: random.pick(["\n", "\r\n\r\n", "  ", "\n\n"]),
    spacing: true,
  }),
  // Appended last: the seeds of the shapes before it stay as they were.
  traps: (random) => ({ calls: [stringsCall(random, trapStrings)] }),
  escapes: (random) => ({ calls: [stringsCall(random, pools.escapes)] }),
  code: (random) => ({ calls: [stringsCall(random, pools.code)] }),
  urls: (random) => ({ calls: [stringsCall(random, pools.urls)] }),
  lookalike: (random) => ({ calls: [stringsCall(random, pools.lookalike)] }),
  edges: (random) => ({ calls: [{ tool: matrixTools.edges, args: edgeArgs(random) }] }),
  deep: (random) => ({ calls: [{ tool: matrixTools.tree, args: treeArgs(random) }] }),
  sql: (random) => ({ calls: [stringsCall(random, pools.sql)] }),
  shell: (random) => ({ calls: [stringsCall(random, pools.shell)] }),
  markdown_text: (random) => ({ calls: [stringsCall(random, pools.markdown_text)] }),
  inner_spaces: (random) => ({ calls: [stringsCall(random, pools.inner_spaces)] }),
  listy: (random) => ({ calls: [stringsCall(random, pools.listy)] }),
};

/** Whether a list, an object or an empty string sits where `schema` gives no type. */
function untypedContainer(schema: Schema | undefined, value: Json): boolean {
  if (schema === undefined || schema.type === undefined) return value === "" || (value !== null && typeof value === "object");
  if (Array.isArray(value)) return value.some((item) => untypedContainer(schema.items as Schema | undefined, item));
  if (value !== null && typeof value === "object") {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    return Object.entries(value).some(([key, member]) => untypedContainer(properties[key], member));
  }
  return false;
}

const strings = (value: Json): string[] => {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
};

/**
 * The word `null` for an optional property that takes a string and not null, in markup that says no
 * type (`untypedText`): the word, or no value (the property left out), both valid, so the call is refused.
 */
function nullWordOptional(tool: GeneratorTool, args: Args): boolean {
  const properties = (tool.parameters.properties ?? {}) as Record<string, Schema>;
  const required = (tool.parameters.required ?? []) as readonly string[];
  return Object.entries(args).some(([key, value]) => {
    const schema = properties[key];
    if (value !== "null" || schema === undefined || required.includes(key) || schema.enum !== undefined || schema.const !== undefined) return false;
    const types = Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
    return types.includes("string") && !types.includes("null");
  });
}

/** Whether `format` cannot carry a string of the member `value` (a string nested in a list or object is written as JSON). */
function carriesNot(format: MatrixFormat, value: Json): boolean {
  if (format.cannotCarry === undefined) return false;
  if (typeof value === "string") return format.cannotCarry(value, false);
  return strings(value).some((text) => format.cannotCarry!(text, true));
}

/** Raw-value formats: a value's edge whitespace may be the layout's, so reading or refusing it are both right. */
const EDGE_SPACE = /^\s|\s$/;

export function matrixCase(format: MatrixFormat, shape: string, seed: number): MatrixCase | undefined {
  const random = createRandom(seed);
  const draft = matrixShapes[shape]!(random);
  if (draft.calls.length > 1 && !format.several) return undefined;
  if (format.needsArguments === true && draft.calls.some((call) => Object.keys(call.args).length === 0)) return undefined;
  const styles = Object.values(jsonStyles);
  const layout: Layout = { nl: draft.spacing === true && random.chance(0.5) ? "\r\n" : "\n", json: random.pick(styles), broken: random.chance(0.5) };
  const calls: MatrixCall[] = draft.calls.map((call) => ({ name: call.tool.name, args: call.args }));
  const before = format.opensLine === true && draft.before !== undefined && !draft.before.endsWith("\n") ? `${draft.before.trimEnd()}\n` : (draft.before ?? "");
  const text = `${before}${format.write(calls, layout)}${draft.after ?? ""}`;
  const values = calls.flatMap((call) => strings(call.args));
  const refused =
    calls.some((call) => Object.values(call.args).some((member) => carriesNot(format, member))) ||
    (format.typedBySchemaOnly === true && draft.calls.some((call) => untypedContainer(call.tool.parameters, call.args))) ||
    (format.untypedText === true && draft.calls.some((call) => nullWordOptional(call.tool, call.args))) ||
    (JSON_IN_TAGS.has(format.name) && calls.some((call) => Object.values(call.args).some((member) => member !== null && typeof member === "object" && backslashesInFours(JSON.stringify(member)))));
  const mayRefuse = (format.cannotCarry !== undefined && values.some((value) => EDGE_SPACE.test(value))) || (format.closerInside !== undefined && values.some(format.closerInside));
  // A format whose parser trims its values (Cline, Continue; each its own way) has no exact value with edge whitespace.
  if (format.trims === true && mayRefuse) return undefined;
  if (format.unwritable !== undefined && values.some(format.unwritable)) return undefined;
  const expected = calls;
  const part: MatrixPart = HELD_SHAPES.has(shape) || HELD_FORMATS.has(format.name) ? "held" : "tuned";
  const tools = [...new Map(draft.calls.map((call) => [call.tool.name, call.tool])).values()];
  return { id: `${format.name}/${shape}/${seed}`, format: format.name, shape, part, tools, text, expected: refused ? null : expected, mayRefuse };
}

/** `perCell` cases for every format × `keys` cell that `make` writes, each cell's seeds its own (from `seedBase`). */
export function cellCases<C>(keys: readonly string[], perCell: number, seedBase: number, make: (format: MatrixFormat, key: string, seed: number) => C | undefined): C[] {
  const cases: C[] = [];
  matrixFormats.forEach((format, formatIndex) => {
    keys.forEach((key, keyIndex) => {
      for (let index = 0; index < perCell; index++) {
        const made = make(format, key, seedBase + formatIndex * 10_000 + keyIndex * 100 + index);
        if (made !== undefined) cases.push(made);
      }
    });
  });
  return cases;
}

/** `perCell` cases for every format × shape (fewer where a shape does not apply), seeds from `seedBase`. */
export const matrixCases = (perCell: number, seedBase = 1): MatrixCase[] => cellCases(Object.keys(matrixShapes), perCell, seedBase, matrixCase);
