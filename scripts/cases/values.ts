/**
 * Values that fit a generator schema, shaped by the property name: paths
 * (Windows, spaces, non-ASCII), URLs, Markdown with quoted links, code with
 * braces and backslashes, plain text in several scripts.
 */
import type { Random } from "./random.ts";

type Schema = Record<string, unknown>;
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const pools = {
  path: [
    "C:\\Users\\Ana María\\Documents\\report 2024.docx",
    "C:\\Program Files\\App\\config.ini",
    "/home/dev/projects/toolmend/src/index.ts",
    "./notes/meeting notes.md",
    "/var/log/nginx/access.log",
    "D:\\data\\new\\table.csv",
    "~/Téléchargements/photo été.jpg",
    "/tmp/x y/z.txt",
  ],
  url: ["https://example.com/docs?page=2&lang=en", "https://api.example.org/v1/items/42", "http://localhost:8080/health", "https://en.wikipedia.org/wiki/Z%C3%BCrich"],
  email: ["ana@example.com", "bob.smith@example.org", "li.wei@example.cn"],
  code: [
    'def greet(name):\n    print(f"Hello, {name}!")\n',
    "const re = /\\d+\\.\\d+/g;\nconsole.log(\"a\\\\b\");",
    "SELECT name, COUNT(*) FROM users WHERE city = 'Paris' GROUP BY name;",
    'if (x > 0) { return {"ok": true}; }',
  ],
  markdown: [
    'See the [docs](https://example.com/a "Title") and **bold** text.',
    "# Plan\n\n- step one\n- step \"two\"\n\n```json\n{\"a\": 1}\n```",
    "Use `npm run build` then open [the report](./out/report.html).",
  ],
  text: [
    "Quarterly review",
    'She said "ship it" and left',
    "Meeting at 10:30, room B",
    "naïve café déjà vu",
    "東京の天気",
    "Привет, мир",
    "50% off — today only!",
    "it's done",
    "path is C:\\temp\\new",
    "{not json} [1, 2]",
  ],
  name: ["Ana María López", "Bob", "Zoë Ørsted", "李雷", "O'Brien"],
  id: ["cus_8f2k1", "u-1042", "00123", "A7-33-Z"],
  command: ["ls -la \"My Files\"", "grep -rn \"TODO\" src/", "echo 'a\\tb' | wc -c", "git log --oneline -n 5"],
  pattern: ["\\bTODO\\b", "^import .* from \"(.*)\";$", "foo|bar"],
  date: ["2025-03-14", "2024-12-31", "2026-01-05"],
  dateTime: ["2025-03-14T09:30:00Z", "2024-12-31T23:59:00+01:00"],
  city: ["Paris", "São Paulo", "New York, NY", "Zürich", "東京"],
};

/** Strings that look like something else and must pass through untouched. */
export const trapStrings = ["00123", "null", "true", "42", "{\"a\": 1}", "```json", "<tool_call>", "[1, 2, 3]", "a\\nb", "  spaced  "];

function stringFor(key: string, schema: Schema, random: Random): string {
  const format = schema.format;
  if (format === "uri") return random.pick(pools.url);
  if (format === "email") return random.pick(pools.email);
  if (format === "date") return random.pick(pools.date);
  if (format === "date-time") return random.pick(pools.dateTime);
  const name = key.toLowerCase();
  if (/path|file|directory|folder/.test(name)) return random.pick(pools.path);
  if (/url/.test(name)) return random.pick(pools.url);
  if (/email/.test(name)) return random.pick(pools.email);
  if (/code|query|old_string|new_string/.test(name)) return random.pick(pools.code);
  if (/markdown|body|content|bio|description/.test(name)) return random.pick(pools.markdown);
  if (/command|cron/.test(name)) return name.includes("cron") ? random.pick(["0 3 * * *", "*/15 * * * *"]) : random.pick(pools.command);
  if (/pattern|glob/.test(name)) return random.pick(pools.pattern);
  if (/city|origin|destination|room/.test(name)) return random.pick(pools.city);
  if (/_id$|^id$|_ts$|tag$/.test(name)) return random.pick(pools.id);
  if (/name|artist|assignee|company/.test(name)) return random.pick(pools.name);
  return random.pick(pools.text);
}

/** A value valid against `schema`; optional properties appear about two times in three. */
export function valueFor(key: string, schema: Schema, random: Random, traps = false): Json {
  if (Array.isArray(schema.enum)) return random.pick(schema.enum as Json[]);
  if (schema.default !== undefined && random.chance(0.5)) return schema.default as Json;
  switch (schema.type) {
    case "string":
      return traps && schema.format === undefined && random.chance(0.5) ? random.pick(trapStrings) : stringFor(key, schema, random);
    case "integer": {
      const minimum = typeof schema.minimum === "number" ? schema.minimum : 0;
      const maximum = typeof schema.maximum === "number" ? schema.maximum : 1000;
      return random.int(minimum, maximum);
    }
    case "number": {
      const minimum = typeof schema.minimum === "number" ? schema.minimum : 0;
      const maximum = typeof schema.maximum === "number" ? schema.maximum : 1000;
      return Math.round((minimum + random.next() * (maximum - minimum)) * 100) / 100;
    }
    case "boolean":
      return random.chance(0.5);
    case "array": {
      const items = (schema.items ?? { type: "string" }) as Schema;
      const minimum = typeof schema.minItems === "number" ? schema.minItems : 1;
      return Array.from({ length: random.int(minimum, minimum + 2) }, () => valueFor(key, items, random, traps));
    }
    case "object":
      return objectFor(schema, random, traps);
    default:
      return stringFor(key, schema, random);
  }
}

export function objectFor(schema: Schema, random: Random, traps = false): { [key: string]: Json } {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const value: { [key: string]: Json } = {};
  if (Object.keys(properties).length === 0 && schema.additionalProperties !== undefined) {
    // A string map (headers, env vars).
    for (const key of random.pick([["X-Trace-Id"], ["LOG_LEVEL", "REGION"]])) value[key] = random.pick(pools.id);
    return value;
  }
  for (const [key, child] of Object.entries(properties)) {
    if (required.has(key) || random.chance(0.65)) value[key] = valueFor(key, child, random, traps);
  }
  return value;
}
