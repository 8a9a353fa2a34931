import js from "@eslint/js";
import tseslint from "typescript-eslint";
import regexp from "eslint-plugin-regexp";

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "bench/node_modules/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["error"] }],
    },
  },
  {
    // Patterns run on model output, which is hostile input: none may backtrack super-linearly.
    plugins: { regexp },
    rules: { "regexp/no-super-linear-backtracking": "error" },
  },
  {
    files: ["scripts/**", "bench/**", "src/cli.ts", "src/cli/**", "src/main.ts"],
    rules: { "no-console": "off" },
  },
);
