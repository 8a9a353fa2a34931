import { describe, expect, it } from "vitest";
import { LINE_PAYLOAD_MARKERS, MARKERS, markerAt } from "../../../../src/repair/content-calls/call-markers.ts";
import { readMarker, type LinePosition } from "../../../../src/repair/content-calls/opening-reads.ts";

/** The first marker in the lists' order that is at `at`, or "wait" when one may still be: every marker tried. */
function everyMarker(text: string, at: number, line: LinePosition): ReturnType<typeof readMarker> {
  if (at >= text.length) return "wait";
  let waiting = false;
  for (const [list, linePayload] of [[MARKERS, false], [LINE_PAYLOAD_MARKERS, true]] as const) {
    if (linePayload && line === "mid-line") continue;
    for (const marker of list) {
      const found = markerAt(text, at, marker);
      if (found === "yes") return { marker, after: at + marker.length, linePayload };
      if (found === "wait") waiting = true;
    }
  }
  return waiting ? "wait" : undefined;
}

describe("readMarker: markers looked up by their first characters", () => {
  it("every marker is longer than one character (the index is by two)", () => {
    expect([...MARKERS, ...LINE_PAYLOAD_MARKERS].filter((marker) => marker.length < 2)).toEqual([]);
  });

  it("reads what trying every marker reads: each marker, its beginnings, and each followed by text", () => {
    const texts = [...MARKERS, ...LINE_PAYLOAD_MARKERS].flatMap((marker) => [marker, `${marker}x`, marker.slice(0, 1), marker.slice(0, 2), marker.slice(0, -1), `${marker.slice(0, 2)}?`]);
    for (const text of [...texts, "<b>", "</b>", "x", "[", "``", "✿"]) {
      for (const line of ["text-start", "line-start", "mid-line"] as const) expect(readMarker(text, 0, line), `${JSON.stringify(text)} ${line}`).toEqual(everyMarker(text, 0, line));
    }
  });
});
