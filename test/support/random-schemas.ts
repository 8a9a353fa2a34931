/**
 * Random object schemas (one or two levels, scalar, enum and list properties,
 * some required, open or closed) with values that satisfy them, for the
 * property tests of the repair engine.
 */
import fc from "fast-check";
import type { Json, Schema } from "./corruption-families.ts";

const WORDS = ["file", "path", "name", "user", "max", "min", "count", "limit", "query", "mode", "ca", "bundle", "start", "date", "id", "url", "tag", "tab"];

/** snake_case names of one or two words, distinct once case and separators are ignored. */
export const propertyNames = fc
  .uniqueArray(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 2 }).map((words) => words.join("_")), {
    minLength: 1,
    maxLength: 5,
    selector: (name) => name.replaceAll("_", ""),
  })
  .filter((names) => names.every((name) => name.length > 0));

/** Text a model writes in values: spaces, quotes, backslashes, colons, commas, brackets, Markdown. */
export const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom("a b", "C:\\Users\\a b\\x.txt", 'say "hi" to Bob', "it's", "see [x](http://a.example)", "a, b: c", "{not json}", "line\nbreak", "100", "true", ""),
);

const enumMembers = fc.uniqueArray(fc.constantFrom("red", "Green", "BLUE", "dark_grey", "in progress", "x"), {
  minLength: 2,
  maxLength: 4,
  selector: (member) => member.toLowerCase().replace(/[\s_-]/g, ""),
});

export interface Property {
  readonly schema: Schema;
  readonly value: fc.Arbitrary<Json>;
}

export const scalarProperty: fc.Arbitrary<Property> = fc.oneof(
  fc.constant({ schema: { type: "string" }, value: text }),
  fc.constant({ schema: { type: "integer" }, value: fc.integer({ min: -100_000, max: 100_000 }) }),
  fc.constant({ schema: { type: "number" }, value: fc.double({ min: -1e6, max: 1e6, noNaN: true }).filter((n) => !Object.is(n, -0)) }),
  fc.constant({ schema: { type: "boolean" }, value: fc.boolean() }),
  enumMembers.map((members) => ({ schema: { type: "string", enum: members }, value: fc.constantFrom(...members) })),
  fc.constant({ schema: { type: "array", items: { type: "string" } }, value: fc.array(text, { maxLength: 3 }) }),
  fc.constant({ schema: { type: "array", items: { type: "integer" } }, value: fc.array(fc.integer({ min: 0, max: 999 }), { maxLength: 3 }) }),
  // Items with similar keys, one optional: a cut or a dropped key inside them must not pass for a shorter list.
  fc.constant({
    schema: {
      type: "array",
      items: { type: "object", properties: { file_path: { type: "string" }, file_name: { type: "string" } }, required: ["file_path"], additionalProperties: false },
    },
    value: fc.array(fc.record({ file_path: text, file_name: text }, { requiredKeys: ["file_path"] }), { maxLength: 2 }),
  }),
);

export interface ObjectCase {
  readonly schema: Schema;
  readonly value: fc.Arbitrary<Record<string, Json>>;
}

export function objectCase(property: fc.Arbitrary<Property>): fc.Arbitrary<ObjectCase> {
  return fc
    .tuple(propertyNames, fc.array(property, { minLength: 5, maxLength: 5 }), fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }), fc.boolean())
    .map(([names, properties, requiredFlags, closed]) => {
      const schemaProperties: Record<string, unknown> = {};
      const required: string[] = [];
      const values: Record<string, fc.Arbitrary<Json>> = {};
      names.forEach((name, index) => {
        schemaProperties[name] = properties[index]!.schema;
        values[name] = properties[index]!.value;
        if (requiredFlags[index]) required.push(name);
      });
      const optional = names.filter((name) => !required.includes(name));
      return {
        schema: { type: "object", properties: schemaProperties, required, additionalProperties: !closed },
        value: fc.record(values, { requiredKeys: [...required, ...optional.slice(0, 1)] }) as fc.Arbitrary<Record<string, Json>>,
      };
    });
}

/** Objects whose properties may themselves be objects, one level down. */
export const schemaAndValue: fc.Arbitrary<{ schema: Schema; value: Record<string, Json> }> = objectCase(
  fc.oneof({ weight: 5, arbitrary: scalarProperty }, { weight: 1, arbitrary: objectCase(scalarProperty).map((inner) => ({ schema: inner.schema, value: inner.value })) }),
).chain(({ schema, value }) => value.map((generated) => ({ schema, value: generated })));
