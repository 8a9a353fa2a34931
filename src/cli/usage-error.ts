/** A command used wrongly: the CLI prints the message and the command's usage, and exits 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** parseArgs reports unknown or malformed options as TypeErrors with an ERR_PARSE_ARGS_* code. */
export function isUsageError(error: unknown): error is Error {
  return error instanceof UsageError || (error instanceof Error && (error as NodeJS.ErrnoException).code?.startsWith("ERR_PARSE_ARGS") === true);
}
