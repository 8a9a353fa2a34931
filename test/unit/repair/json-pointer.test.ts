import { describe, expect, it } from "vitest";
import {
  deletePointer,
  formatPointer,
  getPointer,
  hasPointer,
  parsePointer,
  refTarget,
  setPointer,
} from "../../../src/repair/json-pointer.ts";

describe("parsePointer / formatPointer", () => {
  it.each([
    ["", []],
    ["/", [""]],
    ["/a/0", ["a", "0"]],
    ["/a~1b", ["a/b"]],
    ["/m~0n", ["m~n"]],
    ["/~01", ["~1"]],
  ] as const)("%j", (pointer, tokens) => {
    expect(parsePointer(pointer)).toEqual(tokens);
    expect(formatPointer(tokens)).toBe(pointer);
  });

  it("rejects a pointer without a leading slash", () => {
    expect(parsePointer("a/b")).toBeUndefined();
  });
});

describe("getPointer", () => {
  const document = { a: { "b/c": [10, { d: null }] }, "": 1 };
  it.each([
    ["", document],
    ["/a/b~1c/0", 10],
    ["/a/b~1c/1/d", null],
    ["/", 1],
  ] as const)("%s", (pointer, value) => {
    expect(getPointer(document, pointer)).toEqual(value);
    expect(hasPointer(document, pointer)).toBe(true);
  });

  it.each(["/x", "/a/b~1c/2", "/a/b~1c/01", "/a/b~1c/-1", "/a/b~1c/0/x", "/toString", "/constructor", "/__proto__"])(
    "%s is absent (own properties only)",
    (pointer) => {
      expect(getPointer(document, pointer)).toBeUndefined();
      expect(hasPointer(document, pointer)).toBe(false);
    },
  );

  it("reads an own __proto__ key as data", () => {
    const hostile = JSON.parse('{"__proto__": {"x": 1}}') as unknown;
    expect(getPointer(hostile, "/__proto__/x")).toBe(1);
  });
});

describe("refTarget", () => {
  const root = { $defs: { Model: { type: "object" }, "a b": { type: "string" } } };
  it.each([
    ["#/$defs/Model", { type: "object" }],
    ["#/$defs/a%20b", { type: "string" }],
    ["#", root],
  ] as const)("%s names a schema inside the root", (ref, value) => {
    expect(refTarget(root, ref)).toEqual(value);
  });

  it.each(["#/$defs/Missing", "#/$defs/%E0%A4%A", "https://example.com/s.json#/$defs/Model", "Model", 42, undefined])(
    "%s names nothing here",
    (ref) => {
      expect(refTarget(root, ref)).toBeUndefined();
    },
  );
});

describe("setPointer", () => {
  it("copies only along the path", () => {
    const document = { a: { b: 1 }, c: { d: 2 } };
    const result = setPointer(document, "/a/b", 5) as typeof document;
    expect(result).toEqual({ a: { b: 5 }, c: { d: 2 } });
    expect(document.a.b).toBe(1);
    expect(result.c).toBe(document.c);
    expect(result).not.toBe(document);
  });

  it("sets inside arrays and adds new object keys", () => {
    expect(setPointer({ list: [1, 2] }, "/list/1", "x")).toEqual({ list: [1, "x"] });
    expect(setPointer({ a: {} }, "/a/new", true)).toEqual({ a: { new: true } });
  });

  it("replaces the whole document at the root pointer", () => {
    expect(setPointer({ a: 1 }, "", [1])).toEqual([1]);
  });

  it.each(["/missing/x", "/list/5", "/list/-", "/list/x", "nope"])("declines %s", (pointer) => {
    expect(setPointer({ list: [1] }, pointer, 0)).toBeUndefined();
  });

  it("writes __proto__ as an own data key without touching any prototype", () => {
    const result = setPointer({}, "/__proto__", { polluted: true }) as Record<string, unknown>;
    expect(Object.hasOwn(result, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
    expect(JSON.stringify(result)).toBe('{"__proto__":{"polluted":true}}');
  });

  it("keeps a __proto__ key of a copied container as data", () => {
    const hostile = JSON.parse('{"__proto__": {"x": 1}, "a": 1}') as unknown;
    const result = setPointer(hostile, "/a", 2);
    expect(JSON.stringify(result)).toBe('{"__proto__":{"x":1},"a":2}');
  });
});

describe("deletePointer", () => {
  it("removes an object key from a copy", () => {
    const document = { a: { b: 1, c: 2 } };
    expect(deletePointer(document, "/a/b")).toEqual({ a: { c: 2 } });
    expect(document).toEqual({ a: { b: 1, c: 2 } });
  });

  it.each(["", "/a/x", "/list/0", "/constructor"])("declines %j", (pointer) => {
    expect(deletePointer({ a: {}, list: [1] }, pointer)).toBeUndefined();
  });
});
