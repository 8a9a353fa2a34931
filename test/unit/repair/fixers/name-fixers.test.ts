import { describe, it } from "vitest";
import { matchNameByDistance } from "../../../../src/repair/fixers/match-name-by-distance.ts";
import { matchNameLoosely } from "../../../../src/repair/fixers/match-name-loosely.ts";
import { matchNamePart } from "../../../../src/repair/fixers/match-name-part.ts";
import { stripNameJunk } from "../../../../src/repair/fixers/strip-name-junk.ts";
import { stripNameNamespace } from "../../../../src/repair/fixers/strip-name-namespace.ts";
import { assertNameFix } from "./text-fixer-helper.ts";

const tools = ["read_file", "write_file", "change_food", "ChaFod", "calculate_sum", "get_weather", "ls"];

describe("match-name-loosely", () => {
  it.each([
    ["readFile", "read_file"],
    ["READ-FILE", "read_file"],
    ["read.file", "read_file"],
    ["changeFood", "change_food"],
    ["chafod", "ChaFod"],
    [" read_file ", "read_file"],
    // `:` and `/` separate words as well: no provider allows them in a declared name.
    ["read:file", "read_file"],
    ["Read/File", "read_file"],
    // Markdown's escape before an underscore, as models that write Markdown put it in the name.
    ["read\\_file", "read_file"],
    ["get\\_weather", "get_weather"],
    ["read\\file", undefined],
    ["read_fil", undefined],
    ["read_file:x", undefined],
    ["", undefined],
    ["___", undefined],
  ])("%j → %j", (emitted, expected) => assertNameFix(matchNameLoosely, emitted, tools, expected));

  it("refuses when two declared names fold alike", () => {
    assertNameFix(matchNameLoosely, "readfile", ["read_file", "readFile"], undefined);
  });
});

describe("strip-name-namespace", () => {
  it.each([
    ["functions.read_file", "read_file"],
    ["default_api.read_file", "read_file"],
    ["tools.get_weather", "get_weather"],
    ["to=functions.get_weather", "get_weather"],
    ["functions.default_api.readFile", "read_file"],
    ["functions::read_file", "read_file"],
    ["functions.unknown", undefined],
    // A namespace we do not know, before a name declared verbatim (gpt-oss, MCP server names).
    ["repo_browser.read_file", "read_file"],
    ["other.read_file", "read_file"],
    ["github/get_weather", "get_weather"],
    ["mcp::fs::read_file", "read_file"],
    ["a.b.calculate_sum", "calculate_sum"],
    // …but not folded or partial: that would be a guess.
    // An MCP client's `mcp__server__` prefix before a name declared bare.
    ["mcp__fs__read_file", "read_file"],
    ["mcp__basic_memory__get_weather", "get_weather"],
    ["mcp__fs__readFile", undefined],
    // `mcp__` before a tool a client declared as `server_tool`.
    ["mcp__change__food", "change_food"],
    ["mcp__calculate__sum", "calculate_sum"],
    ["mcp_change_food", undefined],
    ["mcp__read_file", undefined],
    ["other.readFile", undefined],
    ["read_file.v2", undefined],
    [".read_file", undefined],
    ["read_file", undefined],
  ])("%j → %j", (emitted, expected) => assertNameFix(stripNameNamespace, emitted, tools, expected));

  it("refuses `mcp__server__tool` when `tool` and `server_tool` are both declared", () => {
    assertNameFix(stripNameNamespace, "mcp__fs__read_file", ["read_file", "fs_read_file"], undefined);
    assertNameFix(stripNameNamespace, "mcp__fs__read_file", ["fs_read_file", "fs_write_file"], "fs_read_file");
  });
});

describe("strip-name-junk", () => {
  it.each([
    ["calculate_sum<|channel|>commentary", "calculate_sum"],
    ["read_file</arg_value>", "read_file"],
    ["read_file<｜tool▁sep｜>", "read_file"],
    ["get_weather{}", "get_weather"],
    ["get_weather (city)", "get_weather"],
    ["get_weatherjson", "get_weather"],
    ["ChaFodChaFod", "ChaFod"],
    ["functions.read_file<|call|>", "read_file"],
    // Quotes, backticks, brackets and emphasis around it, punctuation after it, invisible characters in it.
    ['"read_file"', "read_file"],
    ["'get_weather'", "get_weather"],
    ["`calculate_sum`", "calculate_sum"],
    ["**read_file**", "read_file"],
    ["[ls]", "ls"],
    ["read_file:", "read_file"],
    ["read_file;", "read_file"],
    ["read_file\u200b", "read_file"],
    ["\ufeffget_weather", "get_weather"],
    ["ｒｅａｄ_ｆｉｌｅ", "read_file"],
    // Kimi K2's call index; Harmony's header before the recipient.
    ["functions.read_file:0", "read_file"],
    ['"functions.get_weather:12"', "get_weather"],
    ["assistant to=functions.read_file", "read_file"],
    ["commentary to=get_weather", "get_weather"],
    ["to=read_file", "read_file"],
    // Markup before the name, or around it: tokens and tags are never part of a name.
    ["<|channel|>read_file", "read_file"],
    ["<tool_call>read_file", "read_file"],
    ["<|im_start|>get_weather<|im_end|>", "get_weather"],
    ["function<｜tool▁sep｜>get_weather", "get_weather"],
    ["<|start|>assistant<|channel|>commentary to=functions.read_file", "read_file"],
    ["assistant<|channel|>commentary to=functions.read_file <|constrain|>json", "read_file"],
    ["analysis to=functions.read_file code", "read_file"],
    // Gemma 4's `call:` marker cut to its colon; typographic quotes.
    [":get_weather", "get_weather"],
    ["“read_file”", "read_file"],
    ["‘ls’", "ls"],
    // Two tools named across the markup: a choice, not a name.
    ["read_file<|channel|>commentary to=functions.write_file", undefined],
    ["<tool_call>read_file</tool_call><tool_call>write_file", undefined],
    // A channel word alone is Harmony's header, not a call.
    ["<|channel|>analysis", undefined],
    ["<|start|>assistant<|channel|>commentary", undefined],
    // Arguments that ran into the name: taking the name out would drop them (the call's repair moves them).
    ['get_weather{"city":"Paris"}', undefined],
    ["get_weather( city = 'Paris')", undefined],
    // Nothing declared underneath: no guess.
    ['"delete_all"', undefined],
    ["read_file:x", undefined],
    ["`read`", undefined],
    ["unknown<|call|>", undefined],
    ["json", undefined],
    ["read_filex", undefined],
    // Another call's opening in the name, naming anything else: two calls in one name.
    ['read_file" />\n<invoke name="write_file" /', undefined],
    ['read_file" />\n<invoke name="delete_all" /', undefined],
    ["read_file<function=rm_rf>", undefined],
    ['read_file" />\n<invoke name="read_file" /', "read_file"],
    // Arguments that ran into the name: taking the name out would drop them.
    ["read_file<arg_key>path</arg_key><arg_value>/home/a.txt</arg_value>", undefined],
    ["ls<tool_call>path</arg_key><arg_value>src</arg_value>", undefined],
    ["read_file<parameter=path>a.txt</parameter>", undefined],
    ["read_file</arg_value>", "read_file"],
    ["read_file<arg_key></arg_key>", "read_file"],
    // An element's attributes after the name: an argument, or a parameter whose value is gone.
    ['read_file" path="/home/a.txt', undefined],
    ['read_file" parameter="path" string="true', undefined],
    ["read_file' mode='r'", undefined],
    ['<invoke name="read_file" path="a.txt">', undefined],
    ['read_file" />', "read_file"],
    ['read_file">', "read_file"],
    // Plain words after a space are more of the name, in another style: a word more is another name.
    ["Read File now", undefined],
    ["ls files", undefined],
    ["get_weather today", undefined],
    ["read_file json", "read_file"],
    ["read_file\ncode", "read_file"],
    ["get_weather city=Paris", "get_weather"],
    ["get_weather\n{", "get_weather"],
  ])("%j → %j", (emitted, expected) => assertNameFix(stripNameJunk, emitted, tools, expected));
});

describe("match-name-by-distance", () => {
  it.each([
    ["raed_file", "read_file"],
    ["readFle", "read_file"],
    ["get_wether", "get_weather"],
    // Two edits on a short name is a different name.
    ["cd", undefined],
    ["lss", undefined],
    ["delete_everything", undefined],
  ])("%j → %j", (emitted, expected) => assertNameFix(matchNameByDistance, emitted, tools, expected));

  it("refuses when two declared names are within reach", () => {
    assertNameFix(matchNameByDistance, "bet_user", ["get_user", "set_user"], undefined);
  });
});

describe("match-name-part", () => {
  const prefixed = ["QuickJS_execute_javascript", "fetch-fetch", "mcp__fs__read_file", "web_search", "time-get_current_time", "github__create_issue", "gitlab__create_issue"];
  it.each([
    // A server's or toolbox's prefix left out (simonw/llm, Qwen-Agent, MCP clients).
    ["execute_javascript", "QuickJS_execute_javascript"],
    ["fetch", "fetch-fetch"],
    ["read_file", "mcp__fs__read_file"],
    ["fs__read_file", "mcp__fs__read_file"],
    ["fs:read_file", "mcp__fs__read_file"],
    ["fs/read_file", "mcp__fs__read_file"],
    ["get_current_time", "time-get_current_time"],
    // `_tool` added, or another word saying what the name is (a framework's class or function name).
    ["web_search_tool", "web_search"],
    ["WebSearchTool", "web_search"],
    ["web_search_function", "web_search"],
    ["webSearchFunction", "web_search"],
    ["web_search_fn", "web_search"],
    ["webSearchFn", "web_search"],
    ["web-search-func", "web_search"],
    // Before the name such a word makes another name (`tool_code`, `tool_use`).
    ["tool_web_search", undefined],
    ["fn_web_search", undefined],
    ["function_web_search", undefined],
    ["call_web_search", undefined],
    // Inside a word it is no added word.
    ["web_searchfn", undefined],
    // A word dropped from a name is another name; two tools that end alike are a choice.
    ["search", undefined],
    ["javascript", undefined],
    ["time", undefined],
    ["create_issue", undefined],
    ["tool", undefined],
  ])("%j → %j", (emitted, expected) => assertNameFix(matchNamePart, emitted, prefixed, expected));

  it.each([
    // `_tool` added to one declared name, or a prefix dropped from another: two tools, so neither.
    ["github_tool", ["read_github_tool", "github"], undefined],
    ["read_tool", ["read_read_tool", "read"], undefined],
    ["read_tool", ["a__read_tool", "b__read_tool", "read"], undefined],
    ["web_tool", ["read_web_tool", "web"], undefined],
    // One reading alone is taken.
    ["github_tool", ["read_github_tool", "write"], "read_github_tool"],
    ["github_tool", ["github", "write"], "github"],
  ])("%j among %j → %j", (emitted, declared, expected) => assertNameFix(matchNamePart, emitted, declared, expected));
});

describe("strip-name-namespace: a Kimi call id that lost its punctuation", () => {
  const declared = ["list_directory", "search", "glob", "search_file_content", "read_file"];
  it.each([
    // `functions.list_directory:6` with `.` and `:` dropped, or written `_`; `call_` before it.
    ["functionslist_directory", "list_directory"],
    ["functionssearch", "search"],
    ["call_functionslist_directory6", "list_directory"],
    ["call_functionsglob7", "glob"],
    ["call_functionssearch_file_content9", "search_file_content"],
    ["functionslist_directory12", "list_directory"],
    ["functions_read_file_0", "read_file"],
    ["functions.read_file6", "read_file"],
    ["Functionsread_file", "read_file"],
    // No declared name under the namespace, or digits without the namespace: no reading.
    ["functionsdelete_all3", undefined],
    ["functions", undefined],
    ["functions7", undefined],
    ["read_file6", undefined],
    ["call_read_file", undefined],
    ["my_functionsglob", undefined],
  ])("%j → %j", (emitted, expected) => assertNameFix(stripNameNamespace, emitted, declared, expected));

  it("refuses when the digits may be the index or part of a declared name", () => {
    assertNameFix(stripNameNamespace, "functionsglob7", ["glob", "glob7"], undefined);
    assertNameFix(stripNameNamespace, "functionsglob7", ["glob7", "read"], "glob7");
  });
});

describe("strip-name-junk: a call id around the name (`tool_<name>_<id>`)", () => {
  const declared = ["Edit", "Bash", "Read", "Write", "read_file"];
  it.each([
    ["tool_Edit_mUoY2p3W3r3z8uO5P2nZ", "Edit"],
    ["tool_Bash_abc123XYZ", "Bash"],
    ["tool_Read_A1b2C3d4E5", "Read"],
    ["tool_Write_ABCDEFGHIJ", "Write"],
    ["tool_read_file_9f8e7d6c5b", "read_file"],
    // Not an id: too short, a lower-case word, punctuation; or no declared name inside.
    ["tool_Edit", undefined],
    ["tool_Edit_abc12", undefined],
    ["tool_Edit_multiline", undefined],
    ["tool_read_file_contents", undefined],
    ["tool_Edit_abc-123-XYZ", undefined],
    ["tool_Delete_mUoY2p3W3r3z8uO5P2nZ", undefined],
    ["tool__abc123XYZ", undefined],
    ["Edit_mUoY2p3W3r3z8uO5P2nZ", undefined],
  ])("%j → %j", (emitted, expected) => assertNameFix(stripNameJunk, emitted, declared, expected));
});

describe("strip-name-namespace: a namespace joined with `__` when namespaced tools were flattened", () => {
  const declared = ["spawn_agent", "wait_agent", "read_file", "js"];
  it.each([
    ["multi_agent_v1__spawn_agent", "spawn_agent"],
    ["collaboration__wait_agent", "wait_agent"],
    ["developer__read_file", "read_file"],
    ["a__b__js", "js"],
    ["my-server__read_file", "read_file"],
    // Only before a name declared verbatim, after a namespace that looks like one.
    ["collaboration__spawnAgent", undefined],
    ["collaboration__spawn", undefined],
    ["__spawn_agent", undefined],
    ["_x__spawn_agent", undefined],
    ["collaboration___spawn_agent", undefined],
    ["spawn_agent__", undefined],
    ["collab oration__spawn_agent", undefined],
  ])("%j → %j", (emitted, expected) => assertNameFix(stripNameNamespace, emitted, declared, expected));

  it("refuses when the name also spells another declared name, or the namespace is itself declared", () => {
    // `web__search` is `search` under `web`, and spells `web_search`.
    assertNameFix(stripNameNamespace, "web__search", ["web_search", "search"], undefined);
    assertNameFix(stripNameNamespace, "web__search", ["search", "read"], "search");
    assertNameFix(stripNameNamespace, "x__read__js", ["read__js", "js"], undefined);
  });
});
