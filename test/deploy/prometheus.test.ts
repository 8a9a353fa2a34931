/**
 * The Prometheus files under promtool (Debian's `prometheus` package; .ci/run
 * installs it): the config and the alert rules check, and the rules' own
 * unit tests (alert-rules.promtest.yml) pass: each alert fires on the traffic
 * it is about and stays quiet on healthy traffic.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Registry } from "prom-client";
import { parse, stringify } from "yaml";
import { defaults } from "../../src/config/defaults.ts";
import { createMetrics } from "../../src/observability/metrics.ts";

const root = join(import.meta.dirname, "../..");

function promtool(args: readonly string[]) {
  const result = spawnSync("promtool", args, { cwd: root, encoding: "utf8", timeout: 60_000 });
  if (result.error !== undefined) {
    throw new Error(`promtool cannot run (${result.error.message}): install Debian's prometheus package (apt-get install prometheus); .ci/run does`);
  }
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("promtool", () => {
  it("accepts the compose Prometheus config and the rule file it loads", () => {
    const result = promtool(["check", "config", "deploy/prometheus/prometheus.yml"]);
    expect(result.output).toContain("SUCCESS: 1 rule files found");
    expect(result.status).toBe(0);
  });

  it("accepts the alert rules", () => {
    const result = promtool(["check", "rules", "deploy/prometheus/toolmend-alerts.yml"]);
    expect(result.output).toMatch(/SUCCESS: 5 rules found/);
    expect(result.status).toBe(0);
  });

  it("passes the alert rules' unit tests", () => {
    const result = promtool(["test", "rules", "test/deploy/alert-rules.promtest.yml"]);
    expect(result.output).toContain("SUCCESS");
    expect(result.status).toBe(0);
  });
});

describe("the Grafana dashboard's queries", () => {
  const dashboard = JSON.parse(readFileSync(join(root, "deploy/grafana/dashboards/toolmend.json"), "utf8")) as {
    panels: Array<{ title: string; datasource: { uid: string }; targets: Array<{ expr: string }> }>;
  };
  const queries = dashboard.panels.flatMap((panel) => panel.targets.map((target) => ({ panel: panel.title, expr: target.expr })));

  it("covers what an operator looks at first", () => {
    const titles = dashboard.panels.map((panel) => panel.title);
    for (const title of ["Tool-call outcomes", "Repairs by fixer", "Escalations by severity", "Added latency (toolmend's own time)", "Upstream retries by reason", "In-flight requests by route", "Time to first byte (streams)"]) {
      expect(titles).toContain(title);
    }
    expect(queries.some((query) => query.expr.startsWith("histogram_quantile(0.99, sum by (le) (rate(toolmend_overhead_seconds_bucket"))).toBe(true);
    for (const panel of dashboard.panels) expect(panel.datasource.uid, panel.title).toBe("${datasource}");
  });

  it("are PromQL that Prometheus parses (each checked as a recording rule)", () => {
    const rules = {
      groups: [{ name: "dashboard", rules: queries.map((query, index) => ({ record: `dashboard:query_${index}`, expr: query.expr.replaceAll("$__rate_interval", "5m") })) }],
    };
    const file = join(mkdtempSync(join(tmpdir(), "toolmend-dashboard-")), "queries.yml");
    writeFileSync(file, stringify(rules));
    const result = promtool(["check", "rules", file]);
    expect(result.output).toContain(`SUCCESS: ${queries.length} rules found`);
    expect(result.status).toBe(0);
  });
});

describe("names and labels in the dashboard and the alert rules", () => {
  const registry = new Registry();
  createMetrics(registry, { totalTimeoutMs: defaults.upstream.timeouts.totalMs });
  const exposed = new Map(
    registry.getMetricsAsArray().map((metric) => [metric.name, { type: String(metric.type), labels: new Set((metric as unknown as { labelNames: string[] }).labelNames) }]),
  );
  const dashboard = readFileSync(join(root, "deploy/grafana/dashboards/toolmend.json"), "utf8");
  const alerts = parse(readFileSync(join(root, "deploy/prometheus/toolmend-alerts.yml"), "utf8")) as { groups: Array<{ rules: Array<{ expr: string }> }> };
  const expressions = [
    ...(JSON.parse(dashboard) as { panels: Array<{ targets: Array<{ expr: string }> }> }).panels.flatMap((panel) => panel.targets.map((target) => target.expr)),
    ...alerts.groups.flatMap((group) => group.rules.map((rule) => rule.expr)),
  ];

  it("use only series toolmend exposes, with labels it sets", () => {
    for (const expression of expressions) {
      for (const match of expression.matchAll(/\b(toolmend_[a-z_]+?)(_bucket|_sum|_count)?\b(\{[^}]*\})?/g)) {
        const [, name, suffix, selector] = match;
        const metric = exposed.get(name!) ?? exposed.get(`${name}${suffix ?? ""}`);
        expect(metric, `${name} in ${expression}`).toBeDefined();
        if (suffix === "_bucket") expect(metric!.type, name).toBe("histogram");
        for (const [, label] of (selector ?? "").matchAll(/([a-z_]+)\s*[!=]~?/g)) {
          if (label !== "le") expect(metric!.labels, `${name}{${label}} in ${expression}`).toContain(label);
        }
      }
      for (const [, labels] of expression.matchAll(/by \(([^)]*)\)/g)) {
        for (const label of labels!.split(",").map((part) => part.trim())) {
          if (label === "le") continue;
          const metricsInExpression = [...expression.matchAll(/\b(toolmend_[a-z_]+?)(?:_bucket|_sum|_count)?\b/g)].map((found) => exposed.get(found[1]!));
          expect(metricsInExpression.some((metric) => metric?.labels.has(label)), `by (${label}) in ${expression}`).toBe(true);
        }
      }
    }
  });
});
