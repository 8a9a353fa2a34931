// arguments: "" or null or absent (a call with no arguments) → "{}"
import type { ArgumentsFixer } from "../types.ts";

export const emptyToObject: ArgumentsFixer = {
  name: "empty-to-object",
  purpose: "Read empty, null or missing arguments as an empty object (validation still decides).",
  class: "lossless",
  stage: "arguments",
  fix(raw) {
    if (raw === undefined || raw === null) return "{}";
    if (typeof raw === "string" && raw.trim() === "") return "{}";
    return undefined;
  },
};
