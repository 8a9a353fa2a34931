/**
 * Calls the model did not make, or made with content it did not give: a template's slot for a value, a call
 * reported as made before, shown under a label, waiting on the user's approval, or followed by its result.
 * Each family is checked in several call formats, with neighbours that must still be read.
 */
import { describe, expect, it } from "vitest";
import { readBothWays, tools } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const hermes = (city: string) => `<tool_call>{"name": "get_weather", "arguments": {"city": ${JSON.stringify(city)}}}</tool_call>`;
const pythonic = (city: string) => `[get_weather(city=${JSON.stringify(city)})]`;
const invoke = (city: string) => `<function_calls>\n<invoke name="get_weather">\n<parameter name="city">${city}</parameter>\n</invoke>\n</function_calls>`;
const formats = [
  ["Hermes", hermes],
  ["pythonic", pythonic],
  ["invoke", invoke],
] as const;

const searchTools: ToolDefinition[] = [
  ...tools,
  { name: "web_search", parameters: { type: "object", properties: { query: { type: "string" }, api_key: { type: "string" } }, required: ["query"] } },
];
const search = (query: string) => `<tool_call>{"name": "web_search", "arguments": {"query": ${JSON.stringify(query)}}}</tool_call>`;

const staysText = (content: string, toolList: readonly ToolDefinition[] = tools) => {
  expect(readBothWays(content, toolList)).toEqual({ calls: [], text: content });
};
const isRead = (content: string, toolList: readonly ToolDefinition[] = tools) => {
  expect(readBothWays(content, toolList).calls.length).toBe(1);
};

describe("a template's slot where a value should be", () => {
  const slots = [
    "{{city}}",
    "{{ location }}",
    "{{user_input}}",
    "<insert city>",
    "[insert city here]",
    "<enter a city>",
    "<string>",
    "<str>",
    "{input}",
    "<user input>",
    "$ARGUMENTS",
    "$ARG",
    "${2}",
    "%city%",
    "__CITY__",
  ];
  for (const [format, write] of formats) {
    it.each(slots)(`${format}: %s stays text`, (slot) => staysText(write(slot)));
  }

  it.each(["{{query}}", "{{ search_terms }}", "$ARGUMENTS", "<insert search terms>", "{user_query}"])("a search for %s stays text", (slot) => {
    staysText(search(slot), searchTools);
  });

  it.each([
    ["a city", "Paris"],
    ["braces inside a longer value", "what is {{mustache}} syntax"],
    ["a tag inside a longer value", "<div> tag"],
    ["a variable inside a longer value", "$PATH variable"],
    ["a single-brace word that is no slot", "{Paris}"],
    ["a dollar amount", "$5"],
    ["a positional slot without braces, which may be a price", "$1"],
    ["a percentage", "50%"],
    ["a tag that names nothing", "<b>"],
    ["one brace pair inside text", "Paris {France}"],
  ])("%s is read", (_title, value) => {
    for (const [, write] of formats) isRead(write(value));
    isRead(search(value), searchTools);
  });
});

describe("documentation's stand-in for a path", () => {
  const files: ToolDefinition[] = [{ name: "read_file", parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] } }];
  const read = (path: string) => `<tool_call>{"name": "read_file", "arguments": {"path": ${JSON.stringify(path)}}}</tool_call>`;

  it.each(["/path/to/file.py", "path/to/your/file", "~/path/to/index.html", "./path/to/dir/", "C:\\path\\to\\file.txt", "/PATH/TO/FILE"])("%s stays text", (path) => {
    staysText(read(path), files);
  });

  it.each(["src/path/to/file.ts", "/home/me/path/to/x", "path/towns.txt", "paths/to/file", "/path/tools.md", "docs/string.md"])("%s is read", (path) => {
    expect(readBothWays(read(path), files).calls).toEqual([["read_file", { path }]]);
  });
});

describe("a call reported as made before", () => {
  const leads = [
    "I already ran this:",
    "I executed:",
    "I have already invoked:",
    "Earlier I used:",
    "Here is the call I made:",
    "The request I sent was:",
    "I previously invoked:",
    "Your last message contained:",
    "Here's the log:",
    "The following is a transcript:",
    "This is the exact tool call that caused the error:",
    "The following call failed:",
    "Error in the request:",
  ];
  for (const [format, write] of formats) {
    it.each(leads)(`${format} after %j stays text`, (lead) => staysText(`${lead}\n${write("Paris")}`));
  }

  it.each([
    "I ran the tests and they passed. Checking the weather:",
    "I sent the request but got no answer, retrying:",
    "I used the wrong city before, so now:",
    "I invoked it with a typo; trying again:",
    "I executed the first step. Next:",
    "I need to call the tool:",
    "Now I need to use the tool:",
    "I have to call the function:",
    "I'm going to call the tool:",
    "The previous search failed, so let me try again:",
    "Checking the logs:",
  ])("after %j is read", (lead) => {
    for (const [, write] of formats) isRead(`${lead}\n${write("Paris")}`);
  });
});

describe("a call under a label that says it is not made", () => {
  const labels = [
    "Proposed call:",
    "Suggested call:",
    "Planned call:",
    "Draft:",
    "Failed call:",
    "Invalid call:",
    "Rejected:",
    "Mock call:",
    "Pretend call:",
    "Pseudocode:",
    "Debug output:",
    "Log:",
    "Transcript:",
    "Pending approval:",
    "Awaiting approval:",
    "Requires your confirmation:",
    "Request for approval:",
    "Hypothetically:",
    "In theory:",
    "**Proposed tool call:**",
  ];
  for (const [format, write] of formats) {
    it.each(labels)(`${format} after %j stays text`, (label) => staysText(`${label}\n${write("Paris")}`));
  }

  it.each(["Debugging the forecast:", "Logging in first:", "Drafting the summary after the weather:", "Proposal accepted, calling:", "Call:", "Action:"])("after %j is read", (lead) => {
    for (const [, write] of formats) isRead(`${lead}\n${write("Paris")}`);
  });
});

describe("a call shown from documentation or a format", () => {
  it.each([
    "The documentation shows:",
    "The docs give this call:",
    "Here's a sample tool call:",
    "For a sample request:",
    "Here is the tool call format:",
    "This is the call syntax:",
    "Simulating the call:",
    "I'll simulate the call:",
    "Imagine this call:",
  ])("after %j stays text", (lead) => {
    for (const [, write] of formats) staysText(`${lead}\n${write("Paris")}`);
  });

  it.each(["Using the tool call format:", "Following the call format from the docs:", "Let me check the documentation:", "Here are some samples of the data. Checking:"])(
    "after %j is read",
    (lead) => {
      for (const [, write] of formats) isRead(`${lead}\n${write("Paris")}`);
    },
  );
});

describe("a call that waits on the user", () => {
  it.each([
    "Once I have permission, I'll run:",
    "After you confirm, I will run:",
    "When you're ready, I can run:",
    "If you approve, I'll send:",
    "As soon as I get your go-ahead, I'll call:",
  ])("after %j stays text", (lead) => {
    for (const [, write] of formats) staysText(`${lead}\n${write("Paris")}`);
  });

  it.each([
    "Please approve this call.",
    "Do you approve?",
    "Can you confirm?",
    "Is that correct?",
    "Are these arguments right?",
    "Proceed? (y/n)",
    "Run it? [y/N]",
    "Reply 'yes' to continue.",
    "Type go to execute.",
    "OK to run?",
    "Okay to proceed?",
    "Go ahead?",
    "Confirm?",
    "I'll wait for your confirmation before running it.",
    "Let me know and I'll run it.",
    "Say the word and I'll run it.",
    "Tell me if I should proceed.",
    "Ready when you are.",
  ])("followed by %j stays text", (after) => {
    for (const [, write] of formats) staysText(`${write("Paris")}\n${after}`);
  });

  it.each([
    "After you confirmed, I'm running it:",
    "Now that you've approved, calling:",
    "When the user asked about Paris, I decided to check:",
  ])("after %j is read", (lead) => {
    for (const [, write] of formats) isRead(`${lead}\n${write("Paris")}`);
  });

  it.each([
    "Let me know if you need anything else.",
    "I'll report back once I have the result.",
    "Checking now.",
    "Is Rome next on your list? I'll check it after this.",
    "This will tell us the current weather.",
  ])("followed by %j is read", (after) => {
    for (const [, write] of formats) isRead(`${write("Paris")}\n${after}`);
  });
});

describe("a call said after it to be no call to make", () => {
  it.each([
    "This would return the current weather for Paris.",
    "That's how you call it.",
    "That is the format.",
    "(example)",
    "(not executed)",
    "I cannot actually run this.",
    "I can't run it myself.",
    "You will need to run this yourself.",
    "Run this yourself.",
    "Copy and paste this into your client.",
    "You can use this as a template.",
    "Adjust the city as needed.",
    "Fill in your city.",
  ])("followed by %j stays text", (after) => {
    for (const [, write] of formats) staysText(`${write("Paris")}\n${after}`);
  });

  it.each([
    "This will return the weather, and then I'll summarize it.",
    "I can't wait to see the forecast!",
    "The result will come back in a moment.",
    "I'll adjust the plan once I see it.",
  ])("followed by %j is read", (after) => {
    for (const [, write] of formats) isRead(`${write("Paris")}\n${after}`);
  });
});

describe("a call followed by a result the model wrote itself", () => {
  it.each([
    'Returns: {"temperature": 18}',
    'The result is: {"temperature": 18}',
    '→ {"temperature": 18, "condition": "sunny"}',
    "=> 18°C and sunny",
    "-> sunny",
  ])("followed by %j stays text", (after) => {
    for (const [, write] of formats) staysText(`${write("Paris")}\n${after}`);
  });

  it.each(["The result will tell us whether to bring an umbrella.", "Result pending.", "Returning to your question once I have it."])("followed by %j is read", (after) => {
    for (const [, write] of formats) isRead(`${write("Paris")}\n${after}`);
  });
});
