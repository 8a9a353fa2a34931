import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/fast-check-seed.ts"],
    // Integration tests bind real loopback servers; keep a hung socket from stalling CI.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Vitest leaves a core to its main process, which is idle while test files run: on a 2-core CI machine that
    // would run the files one at a time.
    maxWorkers: availableParallelism(),
  },
});
