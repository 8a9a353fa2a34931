/**
 * deploy/kubernetes/sidecar.yaml agrees with toolmend: its ports, probes,
 * shutdown timing, user and config (validated as toolmend would) match the
 * code and the image. No cluster runs in CI; this is what can be checked without one.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { defaults } from "../../src/config/defaults.ts";
import { loadConfig } from "../../src/config/load-config.ts";
import { parseDockerfile } from "./dockerfile.ts";

const root = join(import.meta.dirname, "../..");
interface Probe {
  httpGet: { path: string; port: string | number };
}
interface Container {
  name: string;
  image: string;
  args?: string[];
  restartPolicy?: string;
  env?: Array<{ name: string; value: string }>;
  ports?: Array<{ name: string; containerPort: number }>;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  lifecycle?: { preStop?: { sleep?: { seconds: number } } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; readOnlyRootFilesystem?: boolean };
  volumeMounts?: Array<{ name: string; mountPath: string }>;
}
interface Manifest {
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  spec?: { template: { spec: unknown } };
}
const documents = parseAllDocuments(readFileSync(join(root, "deploy/kubernetes/sidecar.yaml"), "utf8")).map((document) => document.toJS() as Manifest);
const configMap = documents.find((document) => document.kind === "ConfigMap")!;
const deployment = documents.find((document) => document.kind === "Deployment")!;
const pod = deployment.spec!.template.spec as { terminationGracePeriodSeconds: number; initContainers: Container[]; containers: Container[]; volumes: Array<{ name: string; configMap: { name: string } }> };
const toolmend = pod.initContainers.find((container) => container.name === "toolmend")!;
const environment = Object.fromEntries((toolmend.env ?? []).map(({ name, value }) => [name, value]));
const port = toolmend.ports!.find((candidate) => candidate.name === "toolmend")!;

describe("the Kubernetes sidecar example", () => {
  it("runs toolmend as a native sidecar (restartPolicy Always) with the serve command", () => {
    expect(toolmend.restartPolicy).toBe("Always");
    expect(toolmend.args).toEqual(["serve"]);
  });

  it("listens on the default port, and the agent's base URL points at it over loopback", () => {
    expect(port.containerPort).toBe(defaults.server.port);
    expect(Number(environment.TOOLMEND_PORT)).toBe(defaults.server.port);
    const agentEnvironment = Object.fromEntries((pod.containers[0]!.env ?? []).map(({ name, value }) => [name, value]));
    expect(agentEnvironment.OPENAI_BASE_URL).toBe(`http://127.0.0.1:${defaults.server.port}/v1`);
  });

  it("probes readiness on /readyz and liveness on /healthz, on toolmend's port", () => {
    expect(toolmend.readinessProbe!.httpGet).toEqual({ path: "/readyz", port: "toolmend" });
    expect(toolmend.livenessProbe!.httpGet).toEqual({ path: "/healthz", port: "toolmend" });
    expect(toolmend.startupProbe!.httpGet).toEqual({ path: "/healthz", port: "toolmend" });
  });

  it("gives the pod time for the preStop pause and toolmend's drain before it is killed", () => {
    const preStopSeconds = toolmend.lifecycle!.preStop!.sleep!.seconds;
    expect(preStopSeconds).toBeGreaterThan(0);
    expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(preStopSeconds * 1000 + defaults.server.drainDelayMs + defaults.server.shutdownGraceMs);
  });

  it("sets requests and a memory limit, and runs as the image's non-root user on a read-only root", () => {
    expect(toolmend.resources!.requests).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
    expect(toolmend.resources!.limits).toMatchObject({ memory: expect.any(String) });
    const imageUser = parseDockerfile(readFileSync(join(root, "Dockerfile"), "utf8")).at(-1)!.instructions.filter((instruction) => instruction.keyword === "USER").at(-1)!.rest.split(":")[0];
    expect(toolmend.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: Number(imageUser), readOnlyRootFilesystem: true });
  });

  it("mounts a ConfigMap whose toolmend.yaml is a valid configuration at the path TOOLMEND_CONFIG names", () => {
    const mount = toolmend.volumeMounts!.find((candidate) => environment.TOOLMEND_CONFIG!.startsWith(`${candidate.mountPath}/`))!;
    const volume = pod.volumes.find((candidate) => candidate.name === mount.name)!;
    expect(volume.configMap.name).toBe(configMap.metadata.name);
    const key = environment.TOOLMEND_CONFIG!.slice(mount.mountPath.length + 1);
    const dir = mkdtempSync(join(tmpdir(), "toolmend-k8s-"));
    writeFileSync(join(dir, key), configMap.data![key]!);
    const config = loadConfig({ cwd: dir, argv: ["--config", key] });
    expect(config.repair.tools["delete_*"]).toEqual({ destructive: true });
  });
});
