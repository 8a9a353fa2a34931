/**
 * Tool schemas for generated cases: realistic shapes (nested objects, arrays,
 * enums, integers with bounds, booleans, optional fields, defaults, open and
 * closed objects). Property names steer value generation (paths, URLs, code…).
 */
type Schema = Record<string, unknown>;
export interface GeneratorTool {
  readonly name: string;
  readonly description: string;
  readonly parameters: Schema;
}

const str = (extra: Schema = {}): Schema => ({ type: "string", ...extra });
const int = (minimum = 0, maximum = 500, extra: Schema = {}): Schema => ({ type: "integer", minimum, maximum, ...extra });
const num = (extra: Schema = {}): Schema => ({ type: "number", ...extra });
const bool = (extra: Schema = {}): Schema => ({ type: "boolean", ...extra });
const enumOf = (values: readonly string[], extra: Schema = {}): Schema => ({ type: "string", enum: values, ...extra });
const list = (items: Schema, extra: Schema = {}): Schema => ({ type: "array", items, ...extra });
const object = (properties: Record<string, Schema>, required: readonly string[], closed = true): Schema => ({
  type: "object",
  properties,
  required,
  ...(closed ? { additionalProperties: false } : {}),
});
const tool = (name: string, description: string, parameters: Schema): GeneratorTool => ({ name, description, parameters });

/** Index order is part of the held-out split (see generate-cases.ts): append, never reorder. */
export const generatorTools: readonly GeneratorTool[] = [
  tool("read_file", "Read a file from disk.", object({ path: str(), offset: int(0, 5000), limit: int(1, 2000) }, ["path"])),
  tool("write_file", "Write content to a file, replacing it.", object({ file_path: str(), content: str(), create_dirs: bool({ default: true }) }, ["file_path", "content", "create_dirs"])),
  tool("edit_file", "Replace text in a file.", object({ file_path: str(), old_string: str(), new_string: str(), replace_all: bool() }, ["file_path", "old_string", "new_string"])),
  tool("run_shell_command", "Run a shell command.", object({ command: str(), working_directory: str(), timeout_seconds: int(1, 600, { default: 60 }) }, ["command", "timeout_seconds"])),
  tool("search_web", "Search the web.", object({ query: str(), max_results: int(1, 20), safe_search: enumOf(["off", "moderate", "strict"]) }, ["query"])),
  tool("fetch_url", "Fetch a web page.", object({ url: str({ format: "uri" }), method: enumOf(["GET", "POST", "HEAD"]), headers: { type: "object", additionalProperties: { type: "string" } } }, ["url", "method"])),
  tool("get_weather", "Current weather for a city.", object({ city: str(), unit: enumOf(["celsius", "fahrenheit"], { default: "celsius" }) }, ["city", "unit"])),
  tool("create_calendar_event", "Create a calendar event.", object({ title: str(), start_time: str({ format: "date-time" }), duration_minutes: int(5, 480), attendees: list(str({ format: "email" })), reminder: bool() }, ["title", "start_time", "duration_minutes"])),
  tool("send_email", "Send an email.", object({ to: list(str({ format: "email" }), { minItems: 1 }), subject: str(), body: str(), cc: list(str({ format: "email" })), priority: enumOf(["low", "normal", "high"]) }, ["to", "subject", "body"])),
  tool("create_issue", "Open an issue in a tracker.", object({ repository: str(), title: str(), body: str(), labels: list(str()), assignee: str() }, ["repository", "title", "body"])),
  tool("sql_query", "Run a read-only SQL query.", object({ query: str(), database: enumOf(["analytics", "billing", "users"]), row_limit: int(1, 10000, { default: 100 }) }, ["query", "database", "row_limit"])),
  tool("translate_text", "Translate text.", object({ text: str(), source_language: str(), target_language: enumOf(["en", "fr", "de", "ja", "es", "zh"]) }, ["text", "target_language"])),
  tool("set_thermostat", "Set a thermostat.", object({ room: str(), temperature: num({ minimum: 5, maximum: 35 }), mode: enumOf(["heat", "cool", "auto", "off"]) }, ["room", "temperature", "mode"])),
  tool("book_flight", "Book a flight.", object({ origin: str(), destination: str(), departure_date: str({ format: "date" }), passengers: object({ adults: int(1, 9), children: int(0, 9) }, ["adults"]), cabin: enumOf(["economy", "premium_economy", "business", "first"]) }, ["origin", "destination", "departure_date", "passengers"])),
  tool("add_todo", "Add a to-do item.", object({ title: str(), due_date: str({ format: "date" }), priority: int(1, 5), tags: list(str()), done: bool({ default: false }) }, ["title", "done"])),
  tool("grep_search", "Search files with a regular expression.", object({ pattern: str(), path: str(), case_sensitive: bool(), include_globs: list(str()) }, ["pattern"])),
  tool("git_commit", "Commit staged changes.", object({ message: str(), amend: bool(), sign_off: bool() }, ["message"])),
  tool("update_user_profile", "Update a user's profile.", object({ user_id: str(), display_name: str(), bio: str(), settings: object({ theme: enumOf(["light", "dark", "system"]), notifications: bool(), language: str() }, []) }, ["user_id"], false)),
  tool("resize_image", "Resize an image.", object({ image_path: str(), width: int(1, 8000), height: int(1, 8000), keep_aspect_ratio: bool({ default: true }), output_format: enumOf(["png", "jpeg", "webp"]) }, ["image_path", "width", "height"])),
  tool("post_message", "Post a chat message.", object({ channel_id: str(), text: str(), thread_ts: str(), mentions: list(str()) }, ["channel_id", "text"])),
  tool("create_payment", "Create a payment.", object({ amount_cents: int(1, 1_000_000), currency: enumOf(["USD", "EUR", "GBP", "JPY"]), customer_id: str(), description: str(), capture: bool() }, ["amount_cents", "currency", "customer_id"])),
  tool("schedule_job", "Schedule a recurring job.", object({ job_name: str(), cron_expression: str(), enabled: bool(), max_retries: int(0, 10), payload: { type: "object" } }, ["job_name", "cron_expression"])),
  tool("search_products", "Search the product catalog.", object({ keywords: str(), category: enumOf(["books", "electronics", "garden", "toys"]), price_range: object({ min: num({ minimum: 0 }), max: num({ minimum: 0 }) }, []), in_stock_only: bool() }, ["keywords"])),
  tool("render_markdown", "Render Markdown to HTML.", object({ markdown: str(), sanitize: bool({ default: true }), base_url: str({ format: "uri" }) }, ["markdown", "sanitize"])),
  tool("lookup_customer", "Look up a customer.", object({ customer_id: str(), include_orders: bool() }, ["customer_id"])),
  tool("create_directory", "Create a directory.", object({ directory_path: str(), recursive: bool() }, ["directory_path"])),
  tool("list_directory", "List a directory.", object({ path: str(), show_hidden: bool(), depth: int(1, 5) }, ["path"], false)),
  tool("http_request", "Send an HTTP request.", object({ url: str({ format: "uri" }), method: enumOf(["GET", "POST", "PUT", "PATCH", "DELETE"]), body: str(), timeout_ms: int(100, 60000) }, ["url", "method"])),
  tool("calculate_route", "Plan a route between places.", object({ waypoints: list(object({ name: str(), latitude: num({ minimum: -90, maximum: 90 }), longitude: num({ minimum: -180, maximum: 180 }) }, ["latitude", "longitude"]), { minItems: 2 }), mode: enumOf(["driving", "walking", "cycling", "transit"]), avoid_tolls: bool() }, ["waypoints", "mode"])),
  tool("run_python", "Execute Python code in a sandbox.", object({ code: str(), timeout_seconds: int(1, 300) }, ["code"])),
  tool("create_note", "Create a note.", object({ title: str(), content: str(), folder: str(), pinned: bool() }, ["title", "content"])),
  tool("set_reminder", "Set a reminder.", object({ message: str(), remind_at: str({ format: "date-time" }), repeat: enumOf(["none", "daily", "weekly", "monthly"], { default: "none" }) }, ["message", "remind_at", "repeat"])),
  tool("query_logs", "Query application logs.", object({ service_name: str(), level: enumOf(["debug", "info", "warn", "error"]), since_minutes: int(1, 10080), contains: str() }, ["service_name", "since_minutes"])),
  tool("deploy_service", "Deploy a service.", object({ service_name: str(), image_tag: str(), replicas: int(1, 50), environment: enumOf(["staging", "production"]), env_vars: { type: "object", additionalProperties: { type: "string" } } }, ["service_name", "image_tag", "environment"])),
  tool("add_contact", "Add a contact.", object({ full_name: str(), email_address: str({ format: "email" }), phone_number: str(), company: str() }, ["full_name"])),
  tool("play_music", "Play music.", object({ song_title: str(), artist: str(), volume: int(0, 100), shuffle: bool() }, ["song_title"])),
  tool("convert_currency", "Convert an amount between currencies.", object({ amount: num({ minimum: 0 }), from_currency: enumOf(["USD", "EUR", "GBP", "JPY", "CHF"]), to_currency: enumOf(["USD", "EUR", "GBP", "JPY", "CHF"]) }, ["amount", "from_currency", "to_currency"])),
  tool("annotate_pdf", "Add a comment to a PDF page.", object({ document_path: str(), page_number: int(1, 999), comment_text: str(), highlight_color: enumOf(["yellow", "green", "pink"]) }, ["document_path", "page_number", "comment_text"])),
  tool("create_user", "Create an account.", object({ user_name: str(), email_address: str({ format: "email" }), is_admin: bool(), age: int(13, 120) }, ["user_name", "email_address"], false)),
  tool("summarize_document", "Summarize a document.", object({ document_url: str({ format: "uri" }), max_words: int(10, 1000), style: enumOf(["bullet_points", "paragraph", "tldr"]) }, ["document_url"])),
];
