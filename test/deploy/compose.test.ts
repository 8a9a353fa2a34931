/**
 * Static checks on the deploy files (no Docker engine runs in CI): the
 * compose file, the Prometheus config and the Dockerfile agree with each
 * other and with the code they package.
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { defaults } from "../../src/config/defaults.ts";
import { DEFAULT_CONFIG_PATH } from "../../src/config/load-config.ts";
import { copiedPaths, copyPaths, execForm, parseDockerfile, resolveIn, stageEnvironment, stageWorkdir, type Stage } from "./dockerfile.ts";

const root = join(import.meta.dirname, "../..");
const read = (path: string) => readFileSync(join(root, path), "utf8");

interface Service {
  build?: string | { context: string };
  image?: string;
  command?: string[];
  entrypoint?: string[];
  stop_grace_period?: string;
  profiles?: string[];
  ports?: string[];
  expose?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}
const compose = parse(read("docker-compose.yml")) as { version?: unknown; name?: string; services: Record<string, Service> };
const services = compose.services;
const stages = parseDockerfile(read("Dockerfile"));
const runtime = stages.at(-1)!;
const instructionsOf = (stage: Stage, keyword: string) => stage.instructions.filter((instruction) => instruction.keyword === keyword);

/** `${NAME:-fallback}` → fallback; a plain value is itself. */
const composeDefault = (value: string) => /^\$\{[A-Z_]+:-(.*)\}$/.exec(value)?.[1] ?? value;

/** tsconfig.build.json maps src/<x>.ts to <outDir>/<x>.js: the source a built path comes from. */
const buildConfig = JSON.parse(read("tsconfig.build.json")) as { compilerOptions: { rootDir: string; outDir: string } };
const sourceOf = (builtPath: string) => {
  const { rootDir, outDir } = buildConfig.compilerOptions;
  expect(builtPath.startsWith(`${outDir}/`), `${builtPath} is under ${outDir}/`).toBe(true);
  return `${rootDir}/${builtPath.slice(outDir.length + 1).replace(/\.js$/, ".ts")}`;
};

const serverPort = defaults.server.port;
const demoPort = Number(services["demo-upstream"]?.environment?.DEMO_UPSTREAM_PORT);

describe("docker-compose.yml", () => {
  it("follows the Compose spec (no top-level version) with toolmend and the demo by default, Prometheus and Grafana behind a profile", () => {
    expect(compose.version).toBeUndefined();
    expect(Object.keys(services).sort()).toEqual(["demo-upstream", "grafana", "prometheus", "toolmend"]);
    const byDefault = Object.entries(services).filter(([, service]) => service.profiles === undefined);
    expect(byDefault.map(([name]) => name).sort()).toEqual(["demo-upstream", "toolmend"]);
    expect(services.prometheus!.profiles).toEqual(["monitoring"]);
    expect(services.grafana!.profiles).toEqual(["monitoring"]);
  });

  it("builds toolmend from this repo and publishes the default port on 127.0.0.1 only", () => {
    const toolmend = services.toolmend!;
    expect(toolmend.build).toBe(".");
    expect(toolmend.ports).toEqual([`127.0.0.1:${serverPort}:${serverPort}`]);
    expect(toolmend.depends_on?.["demo-upstream"]).toBeDefined();
  });

  it("publishes every port of every service on 127.0.0.1, never on all interfaces", () => {
    const published = Object.values(services).flatMap((service) => service.ports ?? []);
    expect(published.length).toBeGreaterThan(0);
    for (const port of published) expect(port, port).toMatch(/^127\.0\.0\.1:\d+:\d+$/);
  });

  it("gives toolmend longer to stop than its drain delay and grace period together", () => {
    const seconds = Number(/^(\d+)s$/.exec(services.toolmend!.stop_grace_period ?? "")?.[1]);
    expect(seconds * 1000).toBeGreaterThan(defaults.server.drainDelayMs + defaults.server.shutdownGraceMs);
  });

  it("runs toolmend through the image's entrypoint with the serve command", () => {
    expect(services.toolmend!.entrypoint).toBeUndefined();
    expect(services.toolmend!.command).toEqual(["serve"]);
  });

  it("points toolmend at the demo upstream's service name, port and /v1 base path by default", () => {
    expect(demoPort).toBeGreaterThan(0);
    const upstream = composeDefault(services.toolmend!.environment!.TOOLMEND_UPSTREAM_URL!);
    expect(upstream).toBe(`http://demo-upstream:${demoPort}/v1`);
    expect(services["demo-upstream"]!.expose).toContain(String(demoPort));
  });

  it("runs the demo upstream from the same image, with an entrypoint that is the build output of src/demo/demo-upstream.ts", () => {
    const demo = services["demo-upstream"]!;
    expect(demo.image).toBe(services.toolmend!.image);
    expect(demo.environment?.DEMO_UPSTREAM_HOST).toBe("0.0.0.0");
    const runtimeNode = execForm(instructionsOf(runtime, "ENTRYPOINT")[0]!.rest)[0];
    const [node, script, ...extra] = demo.entrypoint!;
    expect(node).toBe(runtimeNode);
    expect(extra).toEqual([]);
    // An empty command: the image's CMD (serve) must not reach the demo script.
    expect(demo.command).toEqual([]);
    expect(sourceOf(script!)).toBe("src/demo/demo-upstream.ts");
    expect(existsSync(join(root, sourceOf(script!)))).toBe(true);
  });

  it("gives every service that another waits on as healthy a health check on its own port", () => {
    const runtimeNode = execForm(instructionsOf(runtime, "ENTRYPOINT")[0]!.rest)[0];
    for (const service of Object.values(services)) {
      for (const [name, { condition }] of Object.entries(service.depends_on ?? {})) {
        if (condition === "service_healthy") expect(services[name]?.healthcheck, name).toBeDefined();
      }
    }
    const toolmendCheck = services.toolmend!.healthcheck!.test;
    expect(toolmendCheck.slice(0, 2)).toEqual(["CMD", runtimeNode]);
    expect(toolmendCheck.at(-1)).toContain(`127.0.0.1:${serverPort}/healthz`);
    const demoCheck = services["demo-upstream"]!.healthcheck!.test;
    expect(demoCheck.slice(0, 2)).toEqual(["CMD", runtimeNode]);
    expect(demoCheck.at(-1)).toContain(`127.0.0.1:${demoPort}/v1/models`);
  });

  it("mounts the Prometheus config directory that exists in the repo where the image reads prometheus.yml", () => {
    const prometheus = services.prometheus!;
    expect(prometheus.image).toMatch(/^prom\/prometheus:v\d+\.\d+\.\d+$/);
    expect(prometheus.ports).toContain("127.0.0.1:9090:9090");
    expect(prometheus.depends_on?.toolmend).toBeDefined();
    const [hostPath, containerPath] = prometheus.volumes![0]!.split(":");
    expect(existsSync(join(root, hostPath!, "prometheus.yml"))).toBe(true);
    expect(containerPath).toBe("/etc/prometheus");
  });

  it("provisions Grafana with the compose Prometheus as datasource and the dashboard directory", () => {
    const grafana = services.grafana!;
    expect(grafana.image).toMatch(/^grafana\/grafana:\d+\.\d+\.\d+$/);
    const mounts = Object.fromEntries(grafana.volumes!.map((volume) => volume.split(":").slice(0, 2).reverse() as [string, string]));
    const provisioning = mounts["/etc/grafana/provisioning"]!;
    const datasources = parse(read(join(provisioning, "datasources/prometheus.yml"))) as { datasources: Array<{ type: string; url: string }> };
    expect(datasources.datasources).toEqual([expect.objectContaining({ type: "prometheus", url: "http://prometheus:9090" })]);
    const providers = parse(read(join(provisioning, "dashboards/toolmend.yml"))) as { providers: Array<{ options: { path: string } }> };
    const dashboardsDir = providers.providers[0]!.options.path;
    expect(mounts[dashboardsDir]).toBe("./deploy/grafana/dashboards");
    expect(existsSync(join(root, mounts[dashboardsDir]!, "toolmend.json"))).toBe(true);
    expect(grafana.environment?.GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH).toBe(`${dashboardsDir}/toolmend.json`);
  });
});

describe("deploy/prometheus/prometheus.yml", () => {
  const prometheus = parse(read("deploy/prometheus/prometheus.yml")) as {
    scrape_configs: Array<{ job_name: string; scrape_interval?: string; metrics_path?: string; static_configs: Array<{ targets: string[] }> }>;
  };

  it("scrapes toolmend's /metrics every 5s at the compose service name and the port metrics are served on", () => {
    const job = prometheus.scrape_configs.find((candidate) => candidate.job_name === "toolmend")!;
    expect(job.scrape_interval).toBe("5s");
    expect(job.metrics_path ?? "/metrics").toBe("/metrics");
    const targets = job.static_configs.flatMap((config) => config.targets);
    const metricsPort = defaults.metrics.port ?? serverPort;
    expect(targets).toEqual([`toolmend:${metricsPort}`]);
    expect(services[targets[0]!.split(":")[0]!]).toBeDefined();
  });
});

describe("Dockerfile", () => {
  it("builds in node:24 stages and runs on a Node 24 runtime stage", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages.slice(0, -1)) expect(stage.base).toMatch(/^node:24-/);
    expect(runtime.base).toMatch(/^gcr\.io\/distroless\/nodejs24-debian\d+:nonroot$/);
    const build = stages.find((stage) => instructionsOf(stage, "RUN").some((run) => run.rest === "npm run build"));
    expect(build, "a stage runs npm run build").toBeDefined();
    expect(instructionsOf(runtime, "RUN"), "distroless has no shell: no RUN in the runtime stage").toEqual([]);
  });

  it("installs production dependencies only for the runtime", () => {
    const modules = instructionsOf(runtime, "COPY").find((copy) => copyPaths(copy).sources.some((source) => source.endsWith("node_modules")))!;
    const from = stages.find((stage) => stage.name === modules.flags.from)!;
    expect(instructionsOf(from, "RUN").map((run) => run.rest)).toContainEqual(expect.stringMatching(/^npm ci --omit=dev\b/));
  });

  it("exposes the default port and listens on all interfaces in production mode", () => {
    expect(instructionsOf(runtime, "EXPOSE").map((expose) => expose.rest)).toEqual([String(serverPort)]);
    expect(stageEnvironment(runtime)).toMatchObject({ TOOLMEND_HOST: "0.0.0.0", NODE_ENV: "production" });
    // A TOOLMEND_PORT in the image would override the port of a mounted config file.
    expect(stageEnvironment(runtime).TOOLMEND_PORT).toBeUndefined();
  });

  it("runs as a non-root user", () => {
    const users = instructionsOf(runtime, "USER").map((user) => user.rest.split(":")[0]);
    expect(users.length).toBeGreaterThan(0);
    expect(["root", "0"]).not.toContain(users.at(-1));
  });

  it("has the toolmend command (the build of src/cli.ts) as entrypoint and serve as command, and finds the config where mounts go", () => {
    const entrypoint = execForm(instructionsOf(runtime, "ENTRYPOINT").at(-1)!.rest);
    const command = execForm(instructionsOf(runtime, "CMD").at(-1)!.rest);
    expect(entrypoint).toHaveLength(2);
    expect(entrypoint[0]).toBe("/nodejs/bin/node");
    expect(sourceOf(entrypoint[1]!)).toBe("src/cli.ts");
    expect(command).toEqual(["serve"]);
    const workdir = stageWorkdir(runtime);
    const copiedConfig = instructionsOf(runtime, "COPY").flatMap((copy) => copiedPaths(copy, workdir));
    expect(resolveIn(workdir, DEFAULT_CONFIG_PATH)).toBe("/app/config/toolmend.yaml");
    expect(copiedConfig).toContain("/app/config/toolmend.yaml");
  });

  it("copies only sources that exist: in the build context (and not ignored) or produced by the named stage", () => {
    const ignored = read(".dockerignore")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("#"))
      .map((pattern) => new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*")}(/.*)?$`));
    for (const stage of stages) {
      for (const copy of instructionsOf(stage, "COPY")) {
        const { sources } = copyPaths(copy);
        if (copy.flags.from === undefined) {
          for (const source of sources) {
            expect(existsSync(join(root, source)), `${source} (line ${copy.line}) exists`).toBe(true);
            expect(ignored.some((pattern) => pattern.test(source.replace(/\/$/, ""))), `${source} is not in .dockerignore`).toBe(false);
          }
          continue;
        }
        const from = stages.find((candidate) => candidate.name === copy.flags.from);
        expect(from, `stage ${copy.flags.from} (line ${copy.line})`).toBeDefined();
        const fromWorkdir = stageWorkdir(from!);
        const produced = new Set(instructionsOf(from!, "COPY").flatMap((inner) => copiedPaths(inner, fromWorkdir)));
        const runs = instructionsOf(from!, "RUN").map((run) => run.rest);
        if (runs.some((run) => run.startsWith("npm ci"))) produced.add(resolveIn(fromWorkdir, "node_modules"));
        if (runs.includes("npm run build")) produced.add(resolveIn(fromWorkdir, buildConfig.compilerOptions.outDir));
        for (const source of sources) expect([...produced], `${source} from ${copy.flags.from}`).toContain(resolveIn(fromWorkdir, source));
      }
    }
  });

  it("gives the build stage everything `npm run build` reads", () => {
    const build = stages.find((stage) => instructionsOf(stage, "RUN").some((run) => run.rest === "npm run build"))!;
    const copied = instructionsOf(build, "COPY").flatMap((copy) => copyPaths(copy).sources.map((source) => source.replace(/\/$/, "")));
    const buildTsconfig = JSON.parse(read("tsconfig.build.json")) as { extends: string; include: string[] };
    expect(copied).toEqual(expect.arrayContaining(["package.json", "package-lock.json", "tsconfig.build.json", buildTsconfig.extends.replace(/^\.\//, ""), ...buildTsconfig.include]));
  });

  it("keeps dependencies, build output, VCS data and tests out of the build context", () => {
    const patterns = read(".dockerignore").split("\n").map((line) => line.trim());
    expect(patterns).toEqual(expect.arrayContaining(["node_modules", "dist", ".git", "test", "coverage", ".env"]));
  });
});

describe("Dockerfile HEALTHCHECK", () => {
  const healthcheck = instructionsOf(runtime, "HEALTHCHECK").at(-1)!;
  const [binary, flag, script] = execForm(healthcheck.rest.replace(/^CMD\s+/, ""));
  const run = promisify(execFile);
  let server: Server | undefined;
  afterEach(() => server?.close());

  /** Runs the check's script with this test's node, as the image would run it with its own. */
  const probe = async (port: number) => {
    try {
      await run(process.execPath, [flag!, script!], { env: { ...process.env, TOOLMEND_PORT: String(port) }, timeout: 10_000 });
      return 0;
    } catch (error) {
      return (error as { code?: number }).code ?? -1;
    }
  };
  const serve = async (status: number) => {
    const seen: string[] = [];
    server = createServer((request, response) => {
      seen.push(request.url ?? "");
      response.writeHead(status).end();
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return { port: (server.address() as AddressInfo).port, seen };
  };

  it("is the exec form with the runtime's node binary (no shell in distroless)", () => {
    expect(binary).toBe(execForm(instructionsOf(runtime, "ENTRYPOINT").at(-1)!.rest)[0]);
    expect(flag).toBe("-e");
    expect(healthcheck.flags).toMatchObject({ interval: expect.any(String), timeout: expect.any(String), retries: expect.any(String) });
  });

  it("exits 0 when /healthz answers 200 on TOOLMEND_PORT", async () => {
    const { port, seen } = await serve(200);
    expect(await probe(port)).toBe(0);
    expect(seen).toEqual(["/healthz"]);
  });

  it("exits 1 when /healthz fails or nothing listens", async () => {
    const { port } = await serve(503);
    expect(await probe(port)).toBe(1);
    server!.close();
    server = undefined;
    expect(await probe(port)).toBe(1);
  });
});
