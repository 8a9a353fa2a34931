/**
 * A listen failure as one line that says what to do, instead of a stack:
 * the usual causes are another process on the port, a privileged port, or a
 * host that is not an address of this machine.
 */

/** Which listener failed, and the settings that move it. */
export interface Listener {
  readonly name: string;
  readonly portSetting: string;
  readonly hostSetting: string;
}

export const proxyListener: Listener = { name: "toolmend", portSetting: "--port or TOOLMEND_PORT", hostSetting: "--host or TOOLMEND_HOST" };
export const metricsListener: Listener = {
  name: "toolmend's metrics listener",
  portSetting: "--metrics-port or TOOLMEND_METRICS_PORT",
  hostSetting: "TOOLMEND_METRICS_HOST",
};

/** One line for a listen error, or undefined when `error` is not one (a bug: let it throw). */
export function describeListenError(error: unknown, listener: Listener): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, address, port, syscall, hostname } = error as NodeJS.ErrnoException & { address?: string; port?: number; hostname?: string };
  const where = port === undefined ? (address ?? hostname ?? "") : `${address ?? ""}:${port}`;
  switch (code) {
    case "EADDRINUSE":
      return `${listener.name} cannot listen on ${where}: the port is already in use by another process; stop it or choose another port with ${listener.portSetting}`;
    case "EACCES":
      return `${listener.name} cannot listen on ${where}: permission denied (ports below 1024 need privileges); choose a port above 1023 with ${listener.portSetting}`;
    case "EADDRNOTAVAIL":
      return `${listener.name} cannot listen on ${where}: the address is not one of this machine's; use 127.0.0.1, 0.0.0.0 or a local address with ${listener.hostSetting}`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `${listener.name} cannot listen on ${where}: the host name does not resolve; use an IP address with ${listener.hostSetting}`;
    default:
      return syscall === "listen" ? `${listener.name} cannot listen on ${where}: ${error.message}` : undefined;
  }
}
