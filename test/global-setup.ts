import { execFileSync } from "node:child_process";

/** Process-level tests run `dist/main.js`, exactly what `npm start` runs: build it once. */
export default function setup(): void {
  execFileSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "tsconfig.build.json"], { stdio: "inherit" });
}
