import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSseParser, encodeSseComment, encodeSseData, type SseItem } from "../../../src/protocol/sse.ts";
import { fixtureNames, oneByteAtATime, parseChunks, readFixture, splitAt } from "./stream-helpers.ts";

const events = (items: SseItem[]) => items.filter((item) => item.kind === "event");
const event = (data: string, extra: { event?: string; id?: string } = {}) => ({
  kind: "event",
  data,
  event: extra.event,
  id: extra.id,
});

describe("createSseParser: the WHATWG event-stream rules", () => {
  it.each([
    ["LF", "data: a\n\ndata: b\n\n", [event("a"), event("b")]],
    ["CRLF", "data: a\r\n\r\ndata: b\r\n\r\n", [event("a"), event("b")]],
    ["CR", "data: a\r\rdata: b\r\r", [event("a"), event("b")]],
    ["mixed line breaks", "data: a\r\n\ndata: b\r\r\n", [event("a"), event("b")]],
    ["multi-line data joins with \\n", "data: one\ndata: two\ndata:three\n\n", [event("one\ntwo\nthree")]],
    ["only one leading space is stripped", "data:  two spaces\n\n", [event(" two spaces")]],
    ["no space after the colon", "data:x\n\n", [event("x")]],
    ["event and id", "event: error\nid: 7\ndata: {}\n\n", [event("{}", { event: "error", id: "7" })]],
    ["a field without colon is a field with an empty value", "data\n\n", [event("")]],
    ["an event without data is not dispatched", "event: ping\n\n", []],
    ["unknown fields and retry are ignored", "retry: 10\nfoo: bar\ndata: x\n\n", [event("x")]],
    ["an id with NUL is ignored", "id: a\0b\ndata: x\n\n", [event("x")]],
    ["blank lines between events dispatch nothing", "\n\n\ndata: x\n\n\n\n", [event("x")]],
    ["a BOM at the start is not part of the first field", "\uFEFFdata: x\n\n", [event("x")]],
  ])("%s", (_name, input, expected) => {
    expect(events(parseChunks([Buffer.from(input, "utf8")]))).toEqual(expected);
  });

  it("reports comments verbatim, in order with events", () => {
    const items = parseChunks(["data: a\n\n: OPENROUTER PROCESSING\n\ndata: b\n\n"]);
    expect(items).toEqual([event("a"), { kind: "comment", text: " OPENROUTER PROCESSING" }, event("b")]);
  });

  it("joins a CRLF split between two chunks into one line break", () => {
    expect(events(parseChunks(["data: a\r", "\n\r", "\ndata: b\r\n\r\n"]))).toEqual([event("a"), event("b")]);
  });

  it("treats a lone CR at a chunk end as a line break when the next chunk does not start with LF", () => {
    expect(events(parseChunks(["data: a\r", "\rdata: b\n\n"]))).toEqual([event("a"), event("b")]);
  });

  it("decodes multi-byte UTF-8 split across chunk boundaries", () => {
    const bytes = Buffer.from("data: 杭州 🌧️ é\n\n", "utf8");
    expect(events(parseChunks(oneByteAtATime(bytes)))).toEqual([event("杭州 🌧️ é")]);
  });

  it("returns each event from the push that completed it", () => {
    const parser = createSseParser();
    expect(parser.push("data: a\n")).toEqual([]);
    expect(parser.push("\ndata: b")).toEqual([event("a")]);
    expect(parser.push("\n\n")).toEqual([event("b")]);
    expect(parser.end()).toEqual([]);
  });

  describe("end of stream", () => {
    it("dispatches an event whose lines ended but whose blank line never came", () => {
      expect(events(parseChunks(["data: x\n\ndata: [DONE]\n"]))).toEqual([event("x"), event("[DONE]")]);
    });

    it("discards an event cut in the middle of a line", () => {
      expect(events(parseChunks(['data: x\n\ndata: {"choi']))).toEqual([event("x")]);
    });
  });

  describe("bounds", () => {
    it("reports an event larger than maxEventBytes once and drops it, then parses on", () => {
      const parser = createSseParser({ maxEventBytes: 16 });
      const items = [...parser.push(`data: ${"x".repeat(10)}\ndata: ${"y".repeat(10)}\ndata: more\n\ndata: ok\n\n`), ...parser.end()];
      expect(items).toEqual([{ kind: "too_large", limit: 16 }, event("ok")]);
    });

    it("counts UTF-8 bytes, not characters", () => {
      const parser = createSseParser({ maxEventBytes: 10 });
      // 4 characters, 12 bytes.
      expect(parser.push("data: 杭州杭州\n\n")).toEqual([{ kind: "too_large", limit: 10 }]);
      expect(createSseParser({ maxEventBytes: 13 }).push("data: 杭州杭州\n\n")).toEqual([event("杭州杭州")]);
    });

    it("never buffers an endless line beyond the bound", () => {
      const parser = createSseParser({ maxEventBytes: 1024 });
      const items: SseItem[] = [];
      for (let i = 0; i < 100; i++) items.push(...parser.push("z".repeat(100)));
      expect(items).toEqual([{ kind: "too_large", limit: 1024 }]);
      // The dropped line ends, its event ends, and parsing resumes.
      expect([...parser.push("zzz\n\ndata: after\n\n"), ...parser.end()]).toEqual([event("after")]);
    });

    it("does not take a chunk boundary inside a dropped line for a blank line", () => {
      const parser = createSseParser({ maxEventBytes: 8 });
      const items = [...parser.push("data: 0123456789"), ...parser.push("abc"), ...parser.push("\ndata: still dropped\n\ndata: ok\n\n")];
      expect(items).toEqual([{ kind: "too_large", limit: 8 }, event("ok")]);
    });
  });

  describe("fixtures split anywhere parse the same", () => {
    it.each(fixtureNames)("%s, one byte at a time", (name) => {
      const bytes = readFixture(name);
      expect(parseChunks(oneByteAtATime(bytes))).toEqual(parseChunks([bytes]));
    });

    it("every fixture, at random split points (fast-check)", () => {
      for (const name of fixtureNames) {
        const bytes = readFixture(name);
        const whole = parseChunks([bytes]);
        fc.assert(
          fc.property(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 40 }), (offsets) => {
            const parts = splitAt(bytes, [...offsets].sort((a, b) => a - b));
            expect(parseChunks(parts)).toEqual(whole);
          }),
          { numRuns: 60 },
        );
      }
    });

    it("any text, any line-break style, any split: the same events", () => {
      const line = fc.string({ unit: "grapheme", maxLength: 12 }).map((text) => text.replace(/[\r\n]/g, ""));
      fc.assert(
        fc.property(
          fc.array(fc.array(line, { minLength: 1, maxLength: 3 }), { maxLength: 6 }),
          fc.constantFrom("\n", "\r\n", "\r"),
          fc.uniqueArray(fc.nat(), { maxLength: 10 }),
          (eventLines, newline, rawOffsets) => {
            const text = eventLines.map((lines) => lines.map((value) => `data: ${value}${newline}`).join("") + newline).join("");
            const bytes = Buffer.from(text, "utf8");
            const offsets = rawOffsets.map((offset) => offset % Math.max(bytes.length, 1)).sort((a, b) => a - b);
            const expected = eventLines.map((lines) => event(lines.join("\n")));
            expect(events(parseChunks(splitAt(bytes, offsets)))).toEqual(expected);
          },
        ),
        { numRuns: 300 },
      );
    });
  });
});

describe("encodeSseData", () => {
  it.each([
    ["one line", "hello", undefined, "data: hello\n\n"],
    ["with an event type", '{"a":1}', "error", 'event: error\ndata: {"a":1}\n\n'],
    ["several lines become several data lines", "a\nb\r\nc", undefined, "data: a\ndata: b\ndata: c\n\n"],
    ["empty data", "", undefined, "data: \n\n"],
  ])("%s", (_name, data, type, expected) => {
    expect(encodeSseData(data, type)).toBe(expected);
  });

  it("round-trips through the parser", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.option(fc.constantFrom("error", "message"), { nil: undefined }), (data, type) => {
        const normalised = data.replace(/\r\n|\r/g, "\n");
        expect(events(parseChunks([encodeSseData(data, type)]))).toEqual([event(normalised, type === undefined ? {} : { event: type })]);
      }),
    );
  });

  it("encodes a comment as received", () => {
    expect(encodeSseComment(" OPENROUTER PROCESSING")).toBe(": OPENROUTER PROCESSING\n\n");
  });
});
