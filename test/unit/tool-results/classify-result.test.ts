import { tool as langchainTool } from "@langchain/core/tools";
import { tool as agentsTool, RunContext } from "@openai/agents";
import { InvalidToolInputError } from "ai";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { classifyResult, type ResultClass } from "../../../src/tool-results/classify-result.ts";
import { compileUserPatterns } from "../../../src/tool-results/user-patterns.ts";

const assertClass = (text: string, expected: ResultClass) => expect(classifyResult(text).class, text).toBe(expected);

// Each text below is what a real framework returns to the model; the comment names where it comes from.
describe("classifyResult: texts quoted from the frameworks' sources", () => {
  it.each<[string, string, ResultClass]>([
    [
      // pydantic 2: ValidationError.__str__, message "Field required" from pydantic/pydantic-core src/errors/types.rs.
      "pydantic 2 missing field",
      "1 validation error for read_file\nfile_path\n  Field required [type=missing, input_value={'path': 'a.txt'}, input_type=dict]\n    For further information visit https://errors.pydantic.dev/2.11/v/missing",
      "invalid_args",
    ],
    [
      // pydantic 1: "field required (type=value_error.missing)".
      "pydantic 1 missing field",
      "1 validation error for ReadFile\nfile_path\n  field required (type=value_error.missing)",
      "invalid_args",
    ],
    [
      // MCP Python SDK, FastMCP: mcp/server/fastmcp/tools/base.py raises ToolError(f"Error executing tool {self.name}: {e}").
      "FastMCP wrapping a pydantic error",
      "Error executing tool read_file: 1 validation error for read_fileArguments\nfile_path\n  Field required [type=missing, input_value={'path': 'a.txt'}, input_type=dict]",
      "invalid_args",
    ],
    ["FastMCP wrapping an OSError", "Error executing tool read_file: [Errno 13] Permission denied: '/etc/shadow'", "execution"],
    [
      // LangGraph: TOOL_INVOCATION_ERROR_TEMPLATE in langchain-ai/langgraph libs/prebuilt/langgraph/prebuilt/tool_node.py.
      "LangGraph ToolInvocationError",
      "Error invoking tool 'read_file' with kwargs {'path': 'a.txt'} with error:\n file_path: Field required\n Please fix the error and try again.",
      "invalid_args",
    ],
    [
      // LangGraph: TOOL_CALL_ERROR_TEMPLATE "Error: {error}\n Please fix your mistakes." (same file).
      "LangGraph ToolNode error",
      "Error: ToolException('disk quota exceeded')\n Please fix your mistakes.",
      "execution",
    ],
    [
      // LangGraph: INVALID_TOOL_NAME_ERROR_TEMPLATE (same file).
      "LangGraph unknown tool",
      "Error: readFile is not a valid tool, try one of [read_file, delete_file].",
      "execution",
    ],
    [
      // OpenAI Agents SDK (Python): default_tool_error_function in openai/openai-agents-python src/agents/tool.py.
      "OpenAI Agents Python",
      "An error occurred while running the tool. Please try again. Error: [Errno 2] No such file or directory: 'a.txt'",
      "execution",
    ],
    [
      // python-jsonschema: required() in python-jsonschema/jsonschema jsonschema/_keywords.py.
      "jsonschema required",
      "'file_path' is a required property",
      "invalid_args",
    ],
    ["jsonschema additionalProperties", "Additional properties are not allowed ('path' was unexpected)", "invalid_args"],
    ["jsonschema type", "'ten' is not of type 'integer'", "invalid_args"],
    ["jsonschema enum", "'wirte' is not one of ['read', 'write']", "invalid_args"],
    [
      // CPython: "%U() got an unexpected keyword argument '%S'" (Python/ceval.c), printed with its class name.
      "CPython unexpected keyword",
      "TypeError: read_file() got an unexpected keyword argument 'path'",
      "invalid_args",
    ],
    ["CPython missing argument", "read_file() missing 1 required positional argument: 'file_path'", "invalid_args"],
    [
      // CPython traceback: header, frames, exception line.
      "Python traceback",
      "Traceback (most recent call last):\n  File \"/app/tools.py\", line 12, in read_file\n    return open(path).read()\nFileNotFoundError: [Errno 2] No such file or directory: 'a.txt'",
      "execution",
    ],
    [
      "Python traceback of a missing module",
      "Traceback (most recent call last):\n  File \"/app/tools.py\", line 3, in <module>\n    import pandas\nModuleNotFoundError: No module named 'pandas'",
      "permanent",
    ],
    ["NotImplementedError", "NotImplementedError: export to PDF", "permanent"],
    [
      // serde: Error::missing_field, format_args!("missing field `{}`") in serde-rs/serde serde/src/de/mod.rs.
      "serde missing field",
      "missing field `file_path` at line 1 column 17",
      "invalid_args",
    ],
    ["serde unknown field", "unknown field `path`, expected `file_path` at line 1 column 8", "invalid_args"],
    [
      // Go encoding/json UnmarshalTypeError.
      "Go unmarshal",
      "json: cannot unmarshal string into Go struct field Args.limit of type int",
      "invalid_args",
    ],
    [
      // MCP CallToolResult with isError (modelcontextprotocol specification, "Error Handling" of tools).
      "MCP isError",
      '{"content":[{"type":"text","text":"Failed to fetch weather data: API rate limit exceeded"}],"isError":true}',
      "execution",
    ],
    ["MCP isError with a validation message", '{"content":[{"type":"text","text":"Invalid arguments for tool read_file: file_path is required"}],"isError":true}', "invalid_args"],
    ["JSON error (the design's own example)", '{"error":"file_path is required"}', "invalid_args"],
    ["JSON error object, not retryable", '{"error":{"message":"account closed","retryable":false}}', "permanent"],
    ["JSON retryable false", '{"status":"failed","message":"account closed","retryable":false}', "permanent"],
    ["Anthropic-style is_error", '{"is_error":true,"content":"timeout after 30s"}', "execution"],
    ["generic exception line", "ValueError: limit must be positive", "execution"],
    ["Java exception line", "java.lang.IllegalStateException: pool closed", "execution"],
  ])("%s", (_name, text, expected) => assertClass(text, expected));
});

describe("classifyResult: texts produced by the libraries themselves", () => {
  const schema = z.object({ file_path: z.string(), limit: z.number().int().optional() });

  it("zod's error message (its issues as JSON) and prettifyError", () => {
    const result = schema.safeParse({ path: "a.txt" });
    expect(result.success).toBe(false);
    assertClass(result.error!.message, "invalid_args");
    assertClass(z.prettifyError(result.error!), "invalid_args");
  });

  it("ajv's errorsText", () => {
    const validate = new Ajv().compile({ type: "object", required: ["file_path"], properties: { file_path: { type: "string" } } });
    validate({ path: "a.txt" });
    const text = new Ajv().errorsText(validate.errors);
    expect(text).toBe("data must have required property 'file_path'");
    assertClass(text, "invalid_args");
  });

  it("LangChain JS ToolInputParsingException", async () => {
    const readFile = langchainTool(async ({ file_path }) => file_path, { name: "read_file", description: "Read a file.", schema });
    const error = await readFile.invoke({ path: "a.txt" } as never).then(
      () => undefined,
      (caught: Error) => caught,
    );
    expect(error?.message).toMatch(/^Received tool input did not match expected schema/);
    assertClass(error!.message, "invalid_args");
  });

  it("OpenAI Agents JS default error function", async () => {
    const readFile = agentsTool({
      name: "read_file",
      description: "Read a file.",
      parameters: schema.extend({ limit: z.number().int().nullable() }),
      execute: () => {
        throw new Error("disk gone");
      },
    });
    const output = await readFile.invoke(new RunContext({}), '{"file_path":"a.txt","limit":null}');
    expect(output).toBe("An error occurred while running the tool. Please try again.");
    assertClass(String(output), "execution");
  });

  it("Vercel AI SDK InvalidToolInputError", () => {
    const error = new InvalidToolInputError({ toolName: "read_file", toolInput: "{}", cause: new Error("file_path: Required") });
    assertClass(error.message, "invalid_args");
  });
});

describe("classifyResult: results that only mention an error stay ok", () => {
  it.each([
    ["a Python source file", "import sys\ntry:\n    import yaml\nexcept ImportError:\n    yaml = None\n"],
    ["a log with a traceback in the middle", "12:00 started\nTraceback (most recent call last):\n  File \"x.py\", line 1\nValueError: x\n12:01 recovered"],
    ["a JSON result whose text says required", '{"result":"a signature is required by law"}'],
    ["a JSON result with a null error", '{"error":null,"rows":3}'],
    ["a JSON result with isError false", '{"content":[{"type":"text","text":"ok"}],"isError":false}'],
    ["prose starting with the word error", "Errors in the report: none found."],
    ["a number", "42"],
    ["an empty result", ""],
    ["a zod-looking array that is data", '[{"code":"A1","name":"first"}]'],
  ])("%s", (_name, text) => assertClass(text, "ok"));
});

describe("classifyResult: user patterns", () => {
  const patterns = compileUserPatterns({ invalidArgs: ["bad request*field"], execution: ["rate limit"], permanent: ["license*expired"] });

  it("marks a failure the table does not know, case-insensitively, with * as any run", () => {
    expect(classifyResult("Rate Limit reached, try later", patterns)).toMatchObject({ class: "execution", rules: ["rate limit"] });
    expect(classifyResult("BAD REQUEST: unknown field x", patterns).class).toBe("invalid_args");
    expect(classifyResult("Error: your license has expired", patterns).class).toBe("permanent");
  });

  it("needs the pieces in order", () => {
    expect(classifyResult("field missing in bad request", patterns).class).toBe("ok");
  });

  it("runs /regular expressions/ with RE2, case-insensitively", () => {
    const expressions = compileUserPatterns({ invalidArgs: [], execution: ["/quota (exceeded|exhausted) for [a-z]+/"], permanent: [] });
    expect(classifyResult("QUOTA EXHAUSTED for project x", expressions).class).toBe("execution");
    expect(classifyResult("quota fine for project x", expressions).class).toBe("ok");
    // A pattern that backtracks exponentially in V8 stays linear here.
    const hostile = compileUserPatterns({ invalidArgs: [], execution: ["/^(a+)+$/"], permanent: [] });
    expect(classifyResult(`${"a".repeat(5_000)}!`, hostile).class).toBe("ok");
  });

  it("never lowers what the table found", () => {
    expect(classifyResult("ModuleNotFoundError: No module named 'x' (rate limit)", patterns).class).toBe("permanent");
  });
});

describe("classifyResult: hostile results", () => {
  it("reads a deeply nested JSON error as text, without recursing", () => {
    const deep = `{"error":${"[".repeat(30_000)}${"]".repeat(30_000)}}`;
    expect(classifyResult(deep).class).toBe("ok");
    expect(classifyResult(`Error: ${deep}`).class).toBe("execution");
  });
});
