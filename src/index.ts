/**
 * toolmend as a library: `import { createRepairEngine } from "toolmend"`.
 * The proxy itself starts from `main.ts`; nothing here listens or reads the environment.
 */
export * from "./repair/index.ts";
