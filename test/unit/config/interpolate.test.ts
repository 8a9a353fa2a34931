import { describe, expect, it } from "vitest";
import { interpolate } from "../../../src/config/interpolate.ts";

describe("interpolate", () => {
  const env = { HOST: "0.0.0.0", PORT: "9000", EMPTY: "", API_KEY: "sk-123", ON: "true" };

  it("replaces ${VAR} and ${VAR:-default} in string values, at any depth", () => {
    const { value, issues } = interpolate(
      { server: { host: "${HOST}", note: "on ${HOST}:${PORT}" }, list: ["${MISSING:-a}", "${EMPTY:-b}"], n: 3 },
      env,
    );
    expect(issues).toEqual([]);
    expect(value).toEqual({ server: { host: "0.0.0.0", note: "on 0.0.0.0:9000" }, list: ["a", "b"], n: 3 });
  });

  it("reads a value that is one reference as a YAML scalar: numbers, booleans and null get their type", () => {
    const { value } = interpolate({ port: "${PORT}", fallback: "${NONE:-8420}", enabled: "${ON}", off: "${NONE:-null}", text: "port ${PORT}" }, env);
    expect(value).toEqual({ port: 9000, fallback: 8420, enabled: true, off: null, text: "port 9000" });
  });

  it("keeps a value's characters from changing the structure", () => {
    const { value } = interpolate({ url: "${TRICK}" }, { TRICK: "a: b" });
    expect(value).toEqual({ url: "a: b" });
  });

  it("names the path of every variable that is not set and has no default", () => {
    const { issues } = interpolate({ upstream: { url: "${A}" }, list: ["${B}"] }, {});
    expect(issues).toEqual([
      { path: "/upstream/url", message: "${A} is not set (write ${A:-default} for a fallback)" },
      { path: "/list/0", message: "${B} is not set (write ${B:-default} for a fallback)" },
    ]);
  });

  it("writes $${ as a literal ${", () => {
    expect(interpolate({ text: "$${HOST} is ${HOST}" }, env).value).toEqual({ text: "${HOST} is 0.0.0.0" });
  });

  it("reports values of secret-looking variables so that they can be masked", () => {
    expect(interpolate({ a: "${API_KEY}", b: "${HOST}" }, env).secrets).toEqual(["sk-123"]);
  });
});
