import type { ToolDefinition } from "../../../../src/repair/types.ts";

/** A request that is one of two shapes, its properties only in the root's branches (SGLang's root-combinator test). */
export const acme: ToolDefinition[] = [
  {
    name: "acme",
    parameters: {
      type: "object",
      $defs: {
        Payload: { type: "object", properties: { value: { type: "string" } }, required: ["value"] },
        AcmeRequest: { type: "object", properties: { kind: { const: "acme" }, payload: { $ref: "#/$defs/Payload" } }, required: ["kind", "payload"] },
      },
      oneOf: [{ $ref: "#/$defs/AcmeRequest" }, { type: "object", properties: { kind: { const: "other" } }, required: ["kind"] }],
    },
  },
];
