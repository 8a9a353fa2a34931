import type { FastifyRequest } from "fastify";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { textNestsDeeper } from "../../../src/repair/json-depth.ts";
import { createSharedTools, readJsonBody } from "../../../src/turn/read-json-body.ts";
import { scanRequestText } from "../../../src/turn/scan-request-text.ts";

const requestOf = (text: string) => ({ body: Buffer.from(text) }) as unknown as FastifyRequest;
const read = (text: string, shared = createSharedTools(), maxDepth = 64) => readJsonBody(requestOf(text), maxDepth, shared).value;
/** What the body reads as without sharing: `JSON.parse`, key order included. */
const parsedText = (text: string) => JSON.stringify(JSON.parse(text));

const tools = [{ type: "function", function: { name: "read_file", parameters: { type: "object", properties: { path: { type: "string" } } } } }];

describe("readJsonBody with shared tools", () => {
  it("gives requests with the same tools text one frozen copy", () => {
    const shared = createSharedTools();
    const first = read(JSON.stringify({ model: "a", tools, messages: [] }), shared);
    const second = read(JSON.stringify({ model: "b", tools, messages: [{ role: "user", content: "hi" }] }), shared);
    expect(second.tools).toBe(first.tools);
    expect(Object.isFrozen((second.tools as unknown[])[0])).toBe(true);
    expect(second).toEqual({ model: "b", tools, messages: [{ role: "user", content: "hi" }] });
    const other = read(JSON.stringify({ model: "c", tools: [...tools, ...tools] }), shared);
    expect(other.tools).not.toBe(first.tools);
  });

  it("does not mistake tools that differ only in the middle for known ones", () => {
    const shared = createSharedTools();
    const padding = "x".repeat(100);
    const first = read(JSON.stringify({ tools: [padding, "aaa", padding] }), shared);
    const second = read(JSON.stringify({ tools: [padding, "bbb", padding] }), shared);
    expect(second.tools).toEqual([padding, "bbb", padding]);
    expect(first.tools).toEqual([padding, "aaa", padding]);
  });

  it("reads every object as JSON.parse does, keys in the same order, first time and from the cache", () => {
    const member = fc.oneof(fc.constant("tools"), fc.constant("model"), fc.string({ maxLength: 6 }));
    const body = fc.array(fc.tuple(member, fc.jsonValue({ maxDepth: 4 })), { maxLength: 6 });
    fc.assert(
      fc.property(body, fc.constantFrom(undefined, 1, "\t"), (members, indent) => {
        const object = Object.fromEntries(members);
        const text = JSON.stringify(object, null, indent);
        const shared = createSharedTools();
        expect(JSON.stringify(read(text, shared))).toBe(parsedText(text));
        expect(JSON.stringify(read(text, shared))).toBe(parsedText(text));
      }),
    );
  });

  it("lets the last of duplicate tools keys win, however the key is spelt", () => {
    for (const text of [
      '{"tools":[1],"tools":[2]}',
      '{"tools":[1],"tool\\u0073":[2]}',
      '{"tool\\u0073":[2],"tools":[1]}',
      '{"tools":[1],"tools":null}',
      '{"a":{"tools":[1]},"tools":[2],"b":[{"tools":3}]}',
      '{"tools":"a,}b\\"]","x":1}',
      '  {  "tools" :  [ 1 , {"x":"}"} ]  ,  "y" : 2 }  ',
      '{"tools":null}',
      '{"tools":{}}',
    ]) {
      const shared = createSharedTools();
      expect(JSON.stringify(read(text, shared)), text).toBe(parsedText(text));
      expect(JSON.stringify(read(text, shared)), text).toBe(parsedText(text));
    }
  });

  it("refuses invalid text with JSON.parse's own message, even when its tools text is known", () => {
    const shared = createSharedTools();
    read('{"tools":[1,2],"ok":true}', shared);
    for (const text of ['{"tools":[1,2],"ok":tru}', '{"tools":[1,2,],"ok":true}', '{"tools":[1,2]', '{"tools":[1,2]}}', '{"tools":}', "[1]", '"tools"']) {
      let expected: string;
      try {
        const value: unknown = JSON.parse(text);
        expected = typeof value === "object" && value !== null && !Array.isArray(value) ? "" : "The request body must be a JSON object.";
      } catch (error) {
        expected = `The request body is not valid JSON: ${(error as Error).message}`;
      }
      expect(() => read(text, shared), text).toThrow(expected);
    }
  });

  it("refuses a body nested deeper than the bound before parsing it", () => {
    expect(() => read(`{"tools":${"[".repeat(70)}${"]".repeat(70)}}`)).toThrow("nests deeper than 64 levels");
  });
});

describe("scanRequestText", () => {
  it("measures depth exactly as textNestsDeeper does", () => {
    const text = fc.stringMatching(/^[[\]{}"\\a:,]{0,40}$/);
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 6 }), (sample, maxDepth) => {
        expect(scanRequestText(sample, maxDepth).tooDeep).toBe(textNestsDeeper(sample, maxDepth));
      }),
    );
  });

  it("finds the top-level tools value only when it is the one and only tools key", () => {
    const span = (text: string) => {
      const found = scanRequestText(text, 64).tools;
      return found === undefined ? undefined : text.slice(found.start, found.end);
    };
    expect(span('{"model":"m","tools":[{"a":1}],"x":2}')).toBe("[{\"a\":1}]");
    expect(span('{"tools" : [1] }')).toBe(" [1] ");
    expect(span('{"tools":[1],"tools":[2]}')).toBeUndefined();
    expect(span('{"tools":[1],"tool\\u0073":[2]}')).toBeUndefined();
    expect(span('{"a":{"tools":[1]}}')).toBeUndefined();
    expect(span('[{"tools":[1]}]')).toBeUndefined();
    expect(span('{"a":"tools","b":1}')).toBeUndefined();
  });
});
