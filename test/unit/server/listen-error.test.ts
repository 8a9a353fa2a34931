import { describe, expect, it } from "vitest";
import { describeListenError, metricsListener, proxyListener } from "../../../src/server/listen-error.ts";

const listenError = (code: string, port = 80) => Object.assign(new Error(`listen ${code}`), { code, syscall: "listen", address: "127.0.0.1", port });

describe("describeListenError", () => {
  it("says what to change for each usual cause, naming the listener's settings", () => {
    expect(describeListenError(listenError("EACCES"), proxyListener)).toBe(
      "toolmend cannot listen on 127.0.0.1:80: permission denied (ports below 1024 need privileges); choose a port above 1023 with --port or TOOLMEND_PORT",
    );
    expect(describeListenError(listenError("EADDRINUSE", 9464), metricsListener)).toContain(
      "toolmend's metrics listener cannot listen on 127.0.0.1:9464: the port is already in use",
    );
    expect(describeListenError(listenError("EADDRINUSE", 9464), metricsListener)).toContain("--metrics-port or TOOLMEND_METRICS_PORT");
    expect(describeListenError(listenError("EOTHER"), proxyListener)).toBe("toolmend cannot listen on 127.0.0.1:80: listen EOTHER");
  });

  it("leaves errors that are not listen errors to be thrown", () => {
    expect(describeListenError(new TypeError("a bug"), proxyListener)).toBeUndefined();
    expect(describeListenError("not an error", proxyListener)).toBeUndefined();
  });
});
