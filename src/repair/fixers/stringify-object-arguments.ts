// arguments: {"path":"a.txt"} (an object, as llama.cpp and Ollama send it) → "{\"path\":\"a.txt\"}"
import type { ArgumentsFixer } from "../types.ts";

export const stringifyObjectArguments: ArgumentsFixer = {
  name: "stringify-object-arguments",
  purpose: "Serialise arguments sent as a JSON object instead of a JSON string.",
  class: "lossless",
  stage: "arguments",
  fix(raw) {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return undefined;
    try {
      return JSON.stringify(raw);
    } catch {
      return undefined; // cyclic or BigInt: not JSON, nothing to serialise
    }
  },
};
