import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../src/repair/engine.ts";
import { declaredNameInPath } from "../../../src/repair/name-resolution.ts";

/**
 * The whole name stage (default fixers, in order) on names as models emit
 * them, with the other tools a request declares: a name resolves only when one
 * declared tool is meant, and a similar but different declared name is never
 * taken.
 */
const engine = createRepairEngine();
const parameters = { type: "object", properties: { path: { type: "string" } }, required: ["path"] };

function resolved(emitted: string, declared: readonly string[]): string | undefined {
  const outcome = engine.repair({ name: emitted, arguments: '{"path": "a.txt"}' }, engine.prepareTools(declared.map((name) => ({ name, parameters }))));
  return outcome.kind === "failed" ? undefined : outcome.name;
}

describe("tool names as models emit them", () => {
  it.each<[string, string[], string | undefined]>([
    // `:` and `/` join a name's words as `_` and `.` do.
    ["github/create_issue", ["github_create_issue", "create_pull_request"], "github_create_issue"],
    ["github:create_issue", ["github_create_issue"], "github_create_issue"],
    ["memory:read_graph", ["mcp__Memory__read_graph", "mcp__File__read_file"], "mcp__Memory__read_graph"],
    ["Memory/read_graph", ["mcp__Memory__read_graph", "mcp__File__read_file"], "mcp__Memory__read_graph"],
    ["functions::read_file", ["read_file", "write_file"], "read_file"],
    // Markup before the name.
    ["<|start|>assistant<|channel|>commentary to=functions.read_file", ["read_file", "write_file"], "read_file"],
    ["analysis to=functions.ffgrep code", ["ffgrep", "read_file"], "ffgrep"],
    ["<tool_call>read_file", ["read_file", "write_file"], "read_file"],
    ["function<｜tool▁sep｜>get_weather", ["get_weather"], "get_weather"],
    [":get_weather", ["get_weather", "get_time"], "get_weather"],
    ["-search_docs", ["search_docs"], "search_docs"],
    ["“read_file”", ["read_file"], "read_file"],
    // Claude Code's `mcp__server__tool` where the client declared `server_tool`.
    ["mcp__filesystem__read_file", ["filesystem_read_file", "filesystem_write_file"], "filesystem_read_file"],
    ["mcp__codegraph__codegraph_explore", ["codegraph_codegraph_explore", "codegraph_codegraph_search"], "codegraph_codegraph_explore"],
    // MCP separators a model rewrote.
    ["mcp__onellm__atlassian_jira_search", ["mcp--onellm--atlassian-jira_search", "mcp--onellm--atlassian-confluence_search"], "mcp--onellm--atlassian-jira_search"],
  ])("%j with %j → %j", (emitted, declared, expected) => expect(resolved(emitted, declared)).toBe(expected));

  it.each<[string, string[]]>([
    // A word more or less is another tool.
    ["search", ["web_search"]],
    ["web_search", ["search"]],
    ["read_file", ["read_files"]],
    ["read_files", ["read_file"]],
    ["web search", ["search"]],
    // `web:search` is `web_search`, or `search` under a namespace: both declared, no choice is made.
    ["web:search", ["search", "web_search"]],
    ["web.search", ["search", "web_search"]],
    ["github/create_issue", ["create_issue", "github_create_issue"]],
    // Two tools named in one name.
    ["read_file<|channel|>commentary to=functions.write_file", ["read_file", "write_file"]],
    // `mcp__fs__read_file`: `read_file` under a client's prefix, or `fs_read_file` without it.
    ["mcp__fs__read_file", ["read_file", "fs_read_file"]],
    ["mcp__other__read_file", ["fs_read_file"]],
    // A server's name in front that another server's tool shares.
    ["memory:read_graph", ["mcp__Memory__read_graph", "mcp__memory__read_graph"]],
    // A minted segment before the name may be another tool's word.
    ["mcp__jzi2uzmxd57z__jetnhtnr4bnf_search", ["search"]],
    ["mcp__jzi2uzmxd57z__jgspauo3hmi5_subagent", ["mcp__jzi2uzmxd57z__gbbgnmhc3qkt_subagent"]],
    // No name, a channel word, a function the prompt showed.
    ["", ["read_file"]],
    ["<|channel|>analysis", ["analysis", "read_file"]],
    // Markup past any name's length is junk, not read piece by piece.
    [`${"<|x|>".repeat(120)}read_file`, ["read_file"]],
    ["toolbox.web.answer", ["execute"]],
  ])("%j with %j is refused", (emitted, declared) => expect(resolved(emitted, declared)).toBeUndefined());
});

/** A name written in a call's text, read as a path: the whole name, or its last segment under any namespace. */
describe("declaredNameInPath", () => {
  it.each<[string, string[], string | undefined]>([
    ["get_weather", ["get_weather"], "get_weather"],
    ["GetWeather", ["get_weather"], "get_weather"],
    ["functions.get_weather", ["get_weather"], "get_weather"],
    ["default_api:GetWeather", ["get_weather"], "get_weather"],
    ["repo_browser.ReadFile", ["read_file", "write_file"], "read_file"],
    ["github/create_issue", ["github_create_issue"], "github_create_issue"],
    // `requests.get` spells `requests_get` and is `get` under a namespace: both declared, neither.
    ["requests.get", ["get", "requests_get"], undefined],
    ["requests.get", ["requests_get"], "requests_get"],
    // Ending in its separator: only the whole name could say.
    ["read_file:", ["read_file"], undefined],
    ["read", ["read_file"], undefined],
  ])("%j with %j → %j", (written, declared, expected) => expect(declaredNameInPath(written, declared)).toBe(expected));
});
