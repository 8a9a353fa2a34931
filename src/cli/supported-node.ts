/**
 * The Node.js versions toolmend runs on. Kept free of imports and of recent
 * syntax: the CLI checks this before it loads anything an old Node cannot run.
 */

/** The oldest supported Node.js, as in package.json's `engines`. */
export const minimumNodeVersion = "22.12.0";

/** One line to print when `version` (e.g. `process.versions.node`) is too old, else undefined. */
export function unsupportedNodeMessage(version: string): string | undefined {
  const [major = 0, minor = 0] = version.split(".").map(Number);
  const [minimumMajor = 0, minimumMinor = 0] = minimumNodeVersion.split(".").map(Number);
  if (major > minimumMajor || (major === minimumMajor && minor >= minimumMinor)) return undefined;
  return `toolmend needs Node.js ${minimumNodeVersion} or newer, and this is Node.js ${version}: install Node.js 24 (see .nvmrc) or use the Docker image.`;
}
