/** toolmend's own version, from the package.json beside src/ and dist/ alike. */
import { readFileSync } from "node:fs";

export const toolmendVersion: string = (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;
