/**
 * Schemas as the tools that real servers declare write them: Pydantic v2's
 * `model_json_schema()` and zod-to-json-schema's output, with root unions
 * (a `const` or one-member `enum` discriminator, or none), mixins in a root
 * `allOf`, models behind `$ref`s into `$defs`/`definitions`, nullable
 * optionals (`anyOf: [X, {"type": "null"}]`, `type: [X, "null"]`) and a root
 * that is only a `$ref`. Each is built from random flat object schemas
 * (random-schemas.ts) and comes with a value that satisfies it and the flat
 * schema that value stands in (what the corruptions read to know a property's
 * type).
 */
import fc from "fast-check";
import type { Json, Schema } from "./corruption-families.ts";
import { schemaAndValue } from "./random-schemas.ts";

export interface ComposedCase {
  /** How the schema is composed (a name for reports). */
  readonly shape: string;
  /** The schema the tool declares. */
  readonly schema: Schema;
  /** A value the schema accepts. */
  readonly value: Record<string, Json>;
  /** The plain object schema the value stands in: its branch, mixins merged, `$ref`s inlined. */
  readonly flat: Schema;
}

interface Flat {
  readonly schema: Schema;
  readonly value: Record<string, Json>;
}

/** Objects whose properties may be objects one level down (random-schemas.ts). */
const flatCase: fc.Arbitrary<Flat> = schemaAndValue;

const propertiesOf = (schema: Schema) => schema["properties"] as Record<string, Schema>;
const requiredOf = (schema: Schema) => schema["required"] as string[];
const isClosed = (schema: Schema) => schema["additionalProperties"] === false;
const title = (key: string) => key.split("_").map((word) => word[0]!.toUpperCase() + word.slice(1)).join(" ");

/** Discriminator keys and the values of two branches, as request models name them. */
const DISCRIMINATORS = [
  ["kind", "create", "delete"],
  ["action", "search", "fetch"],
  ["type", "file", "url"],
  ["operation", "read", "write"],
] as const;

type Discriminator = "const" | "const-typed" | "enum-one" | "const-and-enum";

/** How Pydantic (2.10+: `const` and `type`; before: `const` and `enum`) and zod (`type` and `const`) write a literal. */
function literal(value: string, how: Discriminator, key: string): Schema {
  switch (how) {
    case "const":
      return { const: value };
    case "const-typed":
      return { const: value, title: title(key), type: "string" };
    case "enum-one":
      return { enum: [value], type: "string" };
    case "const-and-enum":
      return { const: value, enum: [value], title: title(key), type: "string" };
  }
}

/** A branch: the flat schema with the discriminator first, required. */
function branchWith(flat: Schema, key: string, value: string, how: Discriminator): Schema {
  return {
    ...flat,
    properties: { [key]: literal(value, how, key), ...propertiesOf(flat) },
    required: [key, ...requiredOf(flat)],
  };
}

/** What the corruptions read for a union's value: its own branch, other branches' keys known as declared too. */
function unionView(own: Schema, others: readonly Schema[]): Schema {
  const otherProperties = Object.assign({}, ...others.map(propertiesOf)) as Record<string, Schema>;
  return { ...own, properties: { ...otherProperties, ...propertiesOf(own) } };
}

const discriminated = fc.record({
  first: flatCase,
  second: flatCase,
  names: fc.constantFrom(...DISCRIMINATORS),
  how: fc.constantFrom<Discriminator>("const", "const-typed", "enum-one", "const-and-enum"),
  pickSecond: fc.boolean(),
  keyword: fc.constantFrom("oneOf", "anyOf"),
  style: fc.constantFrom("pydantic", "zod"),
  typed: fc.boolean(),
});

/** A root union of two request models, a discriminator saying which. */
const rootUnion: fc.Arbitrary<ComposedCase> = discriminated.map(({ first, second, names, how, pickSecond, keyword, style, typed }) => {
  const [key, valueA, valueB] = names;
  const branchA = branchWith(first.schema, key, valueA, how);
  const branchB = branchWith(second.schema, key, valueB, how);
  const chosen = pickSecond ? second : first;
  const value = { [key]: pickSecond ? valueB : valueA, ...chosen.value };
  const view = pickSecond ? unionView(branchB, [branchA]) : unionView(branchA, [branchB]);
  if (style === "zod") {
    const schema: Schema = { $schema: "http://json-schema.org/draft-07/schema#", [keyword]: [branchA, branchB] };
    if (typed) schema["type"] = "object";
    return { shape: `zod root ${keyword}, ${how} discriminator`, schema, value, flat: view };
  }
  const nameA = `${title(valueA).replaceAll(" ", "")}Request`;
  const nameB = `${title(valueB).replaceAll(" ", "")}Request`;
  const schema: Schema = {
    $defs: { [nameA]: { ...branchA, title: nameA, type: "object" }, [nameB]: { ...branchB, title: nameB, type: "object" } },
    [keyword]: [{ $ref: `#/$defs/${nameA}` }, { $ref: `#/$defs/${nameB}` }],
    ...(keyword === "oneOf" ? { discriminator: { propertyName: key, mapping: { [valueA]: `#/$defs/${nameA}`, [valueB]: `#/$defs/${nameB}` } } } : {}),
    title: "Request",
  };
  if (typed) schema["type"] = "object";
  return { shape: `pydantic root ${keyword} of $refs, ${how} discriminator`, schema, value, flat: view };
});

/**
 * A root union with no discriminator: the branches differ by what they require (`Union[ByPath, ById]`),
 * the value one branch's only. Keys the value does not hold are left out of the other branch's requirement.
 */
const undiscriminated: fc.Arbitrary<ComposedCase> = fc
  .record({ flat: flatCase, keyword: fc.constantFrom("oneOf", "anyOf") })
  .filter(({ flat }) => Object.keys(propertiesOf(flat.schema)).some((key) => !(key in flat.value)))
  .map(({ flat, keyword }) => {
    const properties = propertiesOf(flat.schema);
    const present = Object.keys(flat.value);
    const absent = Object.keys(properties).find((key) => !(key in flat.value))!;
    const requiredHere = requiredOf(flat.schema);
    // The value's branch requires what it requires; the other requires a key the value lacks, so only one fits.
    const schema: Schema = {
      type: "object",
      properties,
      ...(isClosed(flat.schema) ? { additionalProperties: false } : {}),
      [keyword]: [{ required: requiredHere.length > 0 ? requiredHere : present.slice(0, 1) }, { required: [absent] }],
    };
    const view: Schema = { ...flat.schema, required: requiredHere };
    return { shape: `required-set root ${keyword}`, schema, value: flat.value, flat: view };
  });

/** A model that extends a base: its properties split between a `$ref`'d base and its own, in a root `allOf`. */
const mixin: fc.Arbitrary<ComposedCase> = fc.record({ flat: flatCase, split: fc.nat(), refBase: fc.boolean() }).map(({ flat, split, refBase }) => {
  const properties = propertiesOf(flat.schema);
  const keys = Object.keys(properties);
  const cut = 1 + (split % Math.max(1, keys.length));
  const part = (names: readonly string[]): Schema => ({
    type: "object",
    properties: Object.fromEntries(names.map((name) => [name, properties[name]!])),
    required: requiredOf(flat.schema).filter((name) => names.includes(name)),
  });
  const base = part(keys.slice(0, cut));
  const own = part(keys.slice(cut));
  const closedKeyword = isClosed(flat.schema) ? { unevaluatedProperties: false } : {};
  const schema: Schema = refBase
    ? { type: "object", $defs: { Base: { ...base, title: "Base" } }, allOf: [{ $ref: "#/$defs/Base" }, own], ...closedKeyword }
    : { type: "object", allOf: [base, own], ...closedKeyword };
  return { shape: `root allOf mixin${refBase ? " over a $ref" : ""}`, schema, value: flat.value, flat: flat.schema };
});

/** zod-to-json-schema with a name: the root only a `$ref` into `definitions` (draft-07), or Pydantic's into `$defs`. */
const rootRef: fc.Arbitrary<ComposedCase> = fc.record({ flat: flatCase, draft07: fc.boolean() }).map(({ flat, draft07 }) => {
  const schema: Schema = draft07
    ? { $ref: "#/definitions/Args", definitions: { Args: flat.schema }, $schema: "http://json-schema.org/draft-07/schema#" }
    : { $ref: "#/$defs/Args", $defs: { Args: { ...flat.schema, title: "Args" } } };
  return { shape: `root $ref into ${draft07 ? "definitions" : "$defs"}`, schema, value: flat.value, flat: flat.schema };
});

/**
 * Pydantic's property shapes: an optional property is `anyOf: [X, {"type": "null"}]` with `default: null`
 * (zod's `.nullable()` on a primitive is `type: [X, "null"]`), an enum and a nested model are `$ref`s
 * into `$defs`, and every property has a title.
 */
const pydanticProperties: fc.Arbitrary<ComposedCase> = fc.record({ flat: flatCase, zodNullable: fc.boolean() }).map(({ flat, zodNullable }) => {
  const defs: Record<string, Schema> = {};
  const required = new Set(requiredOf(flat.schema));
  const properties: Record<string, Schema> = {};
  for (const [key, property] of Object.entries(propertiesOf(flat.schema))) {
    let schema: Schema = property;
    const items = property["items"] as Schema | undefined;
    if (property["type"] === "array" && items?.["type"] === "object") {
      // A list of models: its items a `$ref` (`list[FileEntry]`).
      defs["FileEntry"] = { ...items, title: "FileEntry" };
      schema = { ...property, items: { $ref: "#/$defs/FileEntry" } };
    }
    if (Array.isArray(property["enum"]) || property["type"] === "object") {
      const name = title(key).replaceAll(" ", "");
      defs[name] = { ...property, title: name };
      schema = { $ref: `#/$defs/${name}` };
    }
    if (required.has(key)) properties[key] = { ...schema, title: title(key) };
    else if (zodNullable && typeof schema["type"] === "string" && schema["type"] !== "object" && schema["type"] !== "array" && schema["enum"] === undefined)
      properties[key] = { ...schema, type: [schema["type"], "null"] };
    else properties[key] = { anyOf: [schema, { type: "null" }], default: null, title: title(key) };
  }
  const schema: Schema = { ...flat.schema, properties, title: "Args", ...(Object.keys(defs).length > 0 ? { $defs: defs } : {}) };
  return { shape: zodNullable ? "nullable optionals (type lists), $ref'd enums and models" : "Pydantic Optional anyOf-null, $ref'd enums and models", schema, value: flat.value, flat: flat.schema };
});

export const composedCase: fc.Arbitrary<ComposedCase> = fc.oneof(rootUnion, undiscriminated, mixin, rootRef, pydanticProperties);
