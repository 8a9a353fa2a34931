/**
 * The built-in table that tells a failed tool result from a good one, and
 * what kind of failure it is. Each rule comes from a real framework's error
 * text (the table tests quote each one and name where it comes from).
 *
 * Precision first: a result that merely mentions an error (a log file, a
 * source file with `except ImportError:`) must stay `ok`. So a result counts
 * as failed only on a signal at its very start (a framework's error wrapper,
 * an exception line, a validator's message) or on a JSON error flag; the
 * `detail` rules then only refine the class of a result already known to have
 * failed. Every expression is anchored or starts with a literal and has
 * bounded repeats, so none can backtrack badly on hostile text.
 */

export type FailureClass = "invalid_args" | "execution" | "permanent";

export interface ResultRule {
  /** Stable name, for debug logs and tests. */
  readonly name: string;
  readonly class: FailureClass;
  readonly pattern: RegExp;
}

/** Rules matched at the start of the (left-trimmed) result: each one alone means the tool failed. */
export const signalRules: readonly ResultRule[] = [
  // OpenAI Agents SDK (Python and JS): the default tool error function.
  { name: "openai-agents-error", class: "execution", pattern: /^An error occurred while running the tool\. Please try again\./ },
  // OpenAI Agents JS: ModelBehaviorError for arguments that are not JSON.
  { name: "openai-agents-invalid-json", class: "invalid_args", pattern: /^Invalid JSON input for tool/ },
  // LangGraph ToolNode: TOOL_INVOCATION_ERROR_TEMPLATE (arguments rejected) and TOOL_EXECUTION_ERROR_TEMPLATE.
  { name: "langgraph-invocation-error", class: "invalid_args", pattern: /^Error invoking tool '[^'\n]{1,200}' with kwargs / },
  { name: "langgraph-execution-error", class: "execution", pattern: /^Error executing tool '[^'\n]{1,200}' with kwargs / },
  // MCP Python SDK (FastMCP): ToolError(f"Error executing tool {name}: {e}").
  { name: "fastmcp-tool-error", class: "execution", pattern: /^Error executing tool [^\s:]{1,200}: / },
  // LangGraph ToolNode: TOOL_CALL_ERROR_TEMPLATE "Error: {error}\n Please fix your mistakes.", and tools that return "Error: …".
  { name: "error-prefix", class: "execution", pattern: /^(?:Error|ERROR|error): / },
  // MCP JSON-RPC errors as SDKs print them; -32602 is "Invalid params".
  { name: "mcp-invalid-params", class: "invalid_args", pattern: /^MCP error -32602: / },
  { name: "mcp-error", class: "execution", pattern: /^MCP error -?\d{1,6}: / },
  // CPython's traceback header.
  { name: "python-traceback", class: "execution", pattern: /^Traceback \(most recent call last\):/ },
  // pydantic (v1 and v2) ValidationError: "1 validation error for Model".
  { name: "pydantic-validation", class: "invalid_args", pattern: /^\d{1,6} validation errors? for / },
  // python-jsonschema ValidationError messages (jsonschema/_keywords.py).
  { name: "jsonschema-required", class: "invalid_args", pattern: /^'[^'\n]{1,200}' is a required property/ },
  { name: "jsonschema-additional", class: "invalid_args", pattern: /^Additional properties are not allowed \(/ },
  { name: "jsonschema-type", class: "invalid_args", pattern: /^[^\n]{1,200} is not of type '/ },
  { name: "jsonschema-enum", class: "invalid_args", pattern: /^[^\n]{1,200} is not one of \[/ },
  // ajv's errorsText(): "data must have required property 'path'", "data/limit must be integer".
  { name: "ajv-errors-text", class: "invalid_args", pattern: /^data(?:\/[^\s]{0,200})? must / },
  // Rust serde: "missing field `path`", "unknown field `x`, expected one of …", "invalid type: …".
  { name: "serde-field", class: "invalid_args", pattern: /^(?:missing|unknown) field `/ },
  { name: "serde-type", class: "invalid_args", pattern: /^invalid (?:type|value): / },
  // CPython TypeError text without its class name.
  { name: "python-call-signature", class: "invalid_args", pattern: /^[\w.]{1,200}\(\) (?:got an unexpected keyword argument|missing \d{1,3} required)/ },
  // LangChain JS ToolInputParsingException.
  { name: "langchain-input-parsing", class: "invalid_args", pattern: /^Received tool input did not match expected schema/ },
  // Vercel AI SDK InvalidToolInputError.
  { name: "ai-sdk-invalid-input", class: "invalid_args", pattern: /^Invalid input for tool / },
  // zod 4 prettifyError(): one "✖ message" line per issue.
  { name: "zod-prettified", class: "invalid_args", pattern: /^✖ / },
  // Go encoding/json.
  { name: "go-unmarshal", class: "invalid_args", pattern: /^json: cannot unmarshal / },
  // OpenAI-style API errors returned as the result.
  { name: "missing-required", class: "invalid_args", pattern: /^Missing required (?:parameter|argument|field|property)/i },
  // An exception line first: "ValueError: …", "pydantic_core._pydantic_core.ValidationError: …", "java.lang.IllegalStateException: …".
  {
    name: "exception-line",
    class: "execution",
    pattern: /^(?:[A-Za-z_]\w{0,100}\.){0,8}[A-Z]\w{0,100}(?:Error|Exception)(?::|\(|\s*$)/,
  },
];

/** Rules searched anywhere in a result already known to have failed; `permanent` wins over `invalid_args`. */
export const detailRules: readonly ResultRule[] = [
  { name: "python-module-missing", class: "permanent", pattern: /\b(?:ModuleNotFoundError|ImportError)\b|\bNo module named\b/ },
  { name: "not-implemented", class: "permanent", pattern: /\bNotImplementedError\b|\bnot implemented\b/i },
  { name: "pydantic-validation", class: "invalid_args", pattern: /\d{1,6} validation errors? for / },
  { name: "pydantic-error-type", class: "invalid_args", pattern: /\[type=(?:missing|extra_forbidden|literal_error|enum|[a-z_]{1,40}_(?:type|parsing))[,\]]/ },
  { name: "pydantic-v1", class: "invalid_args", pattern: /field required \(type=value_error\.missing\)|extra fields not permitted/ },
  { name: "langgraph-invalid-loc", class: "invalid_args", pattern: /: Field required$/m },
  { name: "jsonschema", class: "invalid_args", pattern: / is a required property\b| is not of type '| is not one of \[|Additional properties are not allowed \(/ },
  { name: "ajv", class: "invalid_args", pattern: /must have required property '|must NOT have additional properties|must be equal to one of the allowed values/ },
  { name: "zod", class: "invalid_args", pattern: /"code":\s?"(?:invalid_type|unrecognized_keys|invalid_enum_value|invalid_value|invalid_union)"|Invalid input: expected |Unrecognized keys?: |Invalid option: expected one of/ },
  { name: "python-call-signature", class: "invalid_args", pattern: /\(\) got an unexpected keyword argument '|\(\) missing \d{1,3} required (?:positional|keyword-only) arguments?: / },
  { name: "serde", class: "invalid_args", pattern: /(?:missing|unknown) field `|invalid type: [^\n]{1,200}?, expected / },
  { name: "go-unmarshal", class: "invalid_args", pattern: /cannot unmarshal \w{1,40} into Go (?:struct field|value)/ },
  {
    name: "framework-input",
    class: "invalid_args",
    pattern: /Received tool input did not match expected schema|Invalid JSON input for tool|Invalid input for tool |Invalid arguments for tool |Input validation error|MCP error -32602/,
  },
  {
    name: "generic-arguments",
    class: "invalid_args",
    pattern:
      /\b(?:is|are) required\b|\bmissing (?:required )?(?:field|parameter|argument|property|key)s?\b|\binvalid (?:type|argument|parameter)s?\b|\bunexpected (?:keyword )?(?:argument|field|property|parameter|key)s?\b|\bunknown (?:field|parameter|argument|property|key)s?\b/i,
  },
];
