/**
 * The bench's processes: the scripted upstream and toolmend, each in its own
 * process, toolmend started exactly as `npm start` runs it (the node flags and
 * script of package.json's `start`, from the repository root, after `npm run build`).
 */
import { fork, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";

export const repositoryRoot = fileURLToPath(new URL("..", import.meta.url));
const benchDirectory = fileURLToPath(new URL(".", import.meta.url));

/** `npm --prefix bench ci` when the bench's own dependencies are missing (a fresh clone). */
export function ensureBenchDependencies(): void {
  if (existsSync(new URL("./node_modules/autocannon/package.json", import.meta.url))) return;
  console.log("bench: installing the bench's dependencies (npm --prefix bench ci)");
  const result = spawnSync("npm", ["--prefix", benchDirectory, "ci", "--no-audit", "--no-fund"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("npm --prefix bench ci failed");
}

/** `npm run build`, as `npm start`'s prestart does. */
export function buildToolmend(): void {
  const result = spawnSync("npm", ["run", "build", "--silent"], { cwd: repositoryRoot, stdio: "inherit" });
  if (result.status !== 0) throw new Error("npm run build failed");
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Running {
  readonly process: ChildProcess;
  /** Base URL as an SDK takes it. */
  readonly url: string;
  stop(): Promise<void>;
}

function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  };
}

export async function startUpstream(): Promise<Running> {
  const child = fork(fileURLToPath(new URL("./upstream.ts", import.meta.url)), ["0"], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (message) => resolve((message as { port: number }).port));
    child.once("exit", (code) => reject(new Error(`the bench upstream exited with ${code}`)));
  });
  return { process: child, url: `http://127.0.0.1:${port}/v1`, stop: stopper(child) };
}

/** The calibration proxy (bench/floor-proxy.ts) in front of `upstreamUrl`, with `connections` toward it. */
export async function startFloorProxy(upstreamUrl: string, connections = 128): Promise<Running> {
  const child = fork(fileURLToPath(new URL("./floor-proxy.ts", import.meta.url)), [upstreamUrl, String(connections)], { cwd: repositoryRoot, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (message) => resolve((message as { port: number }).port));
    child.once("exit", (code) => reject(new Error(`the floor proxy exited with ${code}`)));
  });
  return { process: child, url: `http://127.0.0.1:${port}/v1`, stop: stopper(child) };
}

export interface ToolmendOptions {
  readonly upstreamUrl: string;
  readonly logLevel: string;
  /** Extra node flags (`--cpu-prof`, …). */
  readonly nodeFlags?: readonly string[];
  /** A config file to use instead of config/toolmend.yaml. */
  readonly configPath?: string;
  /** `server.workers`; above 1, ready means every worker serves. */
  readonly workers?: number;
}

/** `npm start`'s command line without `node`: its flags and script (`--max-semi-space-size=16 dist/main.js`). */
function startArguments(): string[] {
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { scripts: { start: string } };
  const [command, ...rest] = manifest.scripts.start.split(/\s+/);
  if (command !== "node") throw new Error(`npm start runs ${command}, not node: the bench cannot start toolmend as it does`);
  return rest;
}

export async function startToolmend(options: ToolmendOptions): Promise<Running> {
  const port = await freePort();
  const stderr: Buffer[] = [];
  // The extra flags go after npm start's own, so that they can override them (the last one wins).
  const start = startArguments();
  const script = start.findIndex((argument) => !argument.startsWith("-"));
  const argv = [...start.slice(0, script), ...(options.nodeFlags ?? []), ...start.slice(script)];
  const child = spawn(process.execPath, argv, {
    cwd: repositoryRoot,
    // The request log goes to /dev/null: pino's formatting and the write are paid, no reader is.
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      TOOLMEND_HOST: "127.0.0.1",
      TOOLMEND_PORT: String(port),
      TOOLMEND_UPSTREAM_URL: options.upstreamUrl,
      TOOLMEND_LOG_LEVEL: options.logLevel,
      ...(options.configPath === undefined ? {} : { TOOLMEND_CONFIG: options.configPath }),
      ...(options.workers === undefined ? {} : { TOOLMEND_WORKERS: String(options.workers) }),
    },
  });
  child.stderr!.on("data", (chunk: Buffer) => stderr.push(chunk));
  let stopping = false;
  child.once("exit", (code, signal) => {
    if (!stopping) console.error(`bench: toolmend exited (${code ?? signal}) during the run:\n${Buffer.concat(stderr).toString().slice(-4000)}`);
  });
  const base = `http://127.0.0.1:${port}`;
  // One worker answering /readyz is not all of them: the scrape counts those that serve.
  const serving = async () => {
    if ((options.workers ?? 1) <= 1) return (await fetch(`${base}/readyz`)).status === 200;
    const metrics = await (await fetch(`${base}/metrics`)).text();
    return Number(/^toolmend_workers (\d+)$/m.exec(metrics)?.[1]) === options.workers;
  };
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`toolmend exited with ${child.exitCode}: ${Buffer.concat(stderr).toString()}`);
    try {
      if (await serving()) break;
    } catch {
      // not listening yet
    }
    if (tries > 400) throw new Error("toolmend did not become ready in 20 s");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const stop = stopper(child);
  return {
    process: child,
    url: `${base}/v1`,
    stop: () => {
      stopping = true;
      return stop();
    },
  };
}

/** The V8 heap in use and reserved, in MB, from toolmend's own `/metrics`. */
export async function heapOf(toolmendUrl: string): Promise<{ usedMb: number; totalMb: number }> {
  const text = await (await fetch(toolmendUrl.replace(/\/v1$/, "/metrics"))).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? Number.NaN) / 2 ** 20;
  return { usedMb: value("nodejs_heap_size_used_bytes"), totalMb: value("nodejs_heap_size_total_bytes") };
}

/** Resident set size now and its peak so far (VmRSS, VmHWM), in MB, from /proc. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN) / 1024;
  return { rssMb: field("VmRSS"), peakMb: field("VmHWM") };
}

/** Open file descriptors of a process. */
export function openFiles(pid: number): number {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return Number.NaN;
  }
}

/** The soft open-files limit of this shell, which the children inherit. */
export function openFilesLimit(): number {
  const limits = readFileSync("/proc/self/limits", "utf8");
  const match = /^Max open files\s+(\d+|unlimited)/m.exec(limits);
  return match === null || match[1] === "unlimited" ? Number.POSITIVE_INFINITY : Number(match[1]);
}

/** The process and its descendants (a cluster's primary and workers), from /proc. */
export function processTree(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
    } catch {
      // exited while listing
    }
  }
  const tree = [pid];
  for (let index = 0; index < tree.length; index++) tree.push(...(parents.get(tree[index]!) ?? []));
  return tree;
}

/** CPU time of a process and its descendants so far, in microseconds (a worker that exited meanwhile is not counted). */
export function treeCpuMicros(pid: number): number {
  return processTree(pid).reduce((sum, member) => {
    try {
      return sum + cpuMicros(member);
    } catch {
      return sum;
    }
  }, 0);
}

/** CPU time (user + system) a process has used so far, in microseconds, from /proc (10 ms ticks). */
export function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name, which may contain spaces: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * (1e6 / 100);
}
