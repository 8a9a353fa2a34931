/**
 * Commands and their help: `toolmend [serve]`, `check-config`, `repair`,
 * `eval`, `--help`, `--version`. Loaded by src/cli.ts once Node is known to
 * be recent enough.
 */
import { defaults } from "../config/defaults.ts";
import { DEFAULT_CONFIG_PATH } from "../config/load-config.ts";
import { toolmendVersion } from "../version.ts";
import { checkConfigCommand, checkConfigUsage } from "./check-config-command.ts";
import { evalCommand, evalUsage } from "./eval-command.ts";
import { repairCommand, repairUsage } from "./repair-command.ts";
import { isUsageError } from "./usage-error.ts";

const usage = `Usage: toolmend [COMMAND] [OPTIONS]

An OpenAI-compatible sidecar that validates and repairs LLM tool calls in flight.

Commands:
  serve          start the proxy (the default: \`toolmend --port 9000\` is \`toolmend serve --port 9000\`)
  check-config   validate the configuration and print it, secrets masked
  repair         repair one tool call's arguments read from stdin
  eval           score the repair engine on a corpus file

Options:
  -h, --help     show this help; \`toolmend COMMAND --help\` for a command's
  -v, --version  print toolmend's version`;

const serveUsage = `Usage:
  toolmend [serve] [OPTIONS]

Starts the proxy: tool calls in POST /v1/chat/completions and POST /v1/responses are
checked and repaired; every other request under /v1/ passes through. GET /healthz,
/readyz and /metrics are served beside them. Stops on SIGTERM or SIGINT.

Options (each overrides the config file and the TOOLMEND_* variables):
  --config FILE        config file (TOOLMEND_CONFIG; default ${DEFAULT_CONFIG_PATH} if it exists)
  --host HOST          address to listen on (TOOLMEND_HOST; default ${defaults.server.host})
  --port PORT          port to listen on (TOOLMEND_PORT; default ${defaults.server.port})
  --upstream URL       upstream base URL, as an SDK takes it (TOOLMEND_UPSTREAM_URL;
                       default ${defaults.upstream.url})
  --metrics-port PORT  serve /metrics on a port of its own (TOOLMEND_METRICS_PORT)
  --log-level LEVEL    fatal, error, warn, info, debug, trace or silent (TOOLMEND_LOG_LEVEL)
  --workers N          processes serving the port, or auto for one per CPU (TOOLMEND_WORKERS;
                       default ${defaults.server.workers})
  --pretty             human-readable logs (the default when stdout is a terminal)

Exit codes: 0 after a clean shutdown; 1 when it cannot listen; 2 on an invalid configuration.`;

interface Command {
  readonly usage: string;
  /** The exit code, or undefined for a command that keeps running. */
  readonly run: (args: readonly string[]) => Promise<number | undefined> | number;
}

const commands: Readonly<Record<string, Command>> = {
  serve: {
    usage: serveUsage,
    run: async (args) => {
      const { serve } = await import("../main.ts");
      await serve(args);
      return undefined;
    },
  },
  "check-config": {
    usage: checkConfigUsage,
    run: (args) =>
      checkConfigCommand(args, process.env, process.cwd(), {
        write: (text) => process.stdout.write(text),
        warn: (text) => process.stderr.write(text),
      }),
  },
  repair: { usage: repairUsage, run: repairCommand },
  eval: { usage: evalUsage, run: (args) => evalCommand(args) },
};

/** Runs `argv` (without node and the script) and returns the exit code, or undefined while serving. */
export async function runCli(argv: readonly string[]): Promise<number | undefined> {
  const [first, ...rest] = argv;
  if (first === "-h" || first === "--help" || first === "help") {
    console.log(usage);
    return 0;
  }
  if (first === "-v" || first === "--version") {
    console.log(toolmendVersion);
    return 0;
  }
  // No command, or flags first: serve with them.
  const [name, args] = first === undefined || first.startsWith("-") ? ["serve", argv] : [first, rest];
  const command = commands[name];
  if (command === undefined) {
    console.error(`toolmend: unknown command "${name}"\n\n${usage}`);
    return 2;
  }
  if (args.includes("--help") || args.includes("-h")) {
    console.log(command.usage);
    return 0;
  }
  try {
    return await command.run(args);
  } catch (error) {
    if (!isUsageError(error)) throw error;
    console.error(`toolmend ${name}: ${error.message}\n\n${command.usage}`);
    return 2;
  }
}
