/**
 * An incremental Server-Sent Events parser and encoder, after the WHATWG
 * event-stream rules (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation):
 * lines end in \n, \r\n or \r, possibly split across chunks; `data:` lines
 * join with \n; a blank line dispatches; `:` starts a comment. Comments are
 * reported (not dropped) so that a proxy can pass keep-alives through.
 */

/** One dispatched event. `id` is the `id:` field of this event only, if it had one. */
export interface SseEvent {
  readonly kind: "event";
  readonly data: string;
  readonly event: string | undefined;
  readonly id: string | undefined;
}

/** A `:` comment line (text after the colon, verbatim), e.g. OpenRouter's `: OPENROUTER PROCESSING`. */
export interface SseComment {
  readonly kind: "comment";
  readonly text: string;
}

/** An event outgrew `maxEventBytes`: it is dropped up to its blank line, never buffered. */
export interface SseTooLarge {
  readonly kind: "too_large";
  readonly limit: number;
}

export type SseItem = SseEvent | SseComment | SseTooLarge;

export interface SseParserOptions {
  /** Bound on one event's buffered data, in UTF-8 bytes. Default 8 MiB. */
  readonly maxEventBytes?: number;
}

export interface SseParser {
  /** Feed the next chunk; returns what it completed, in order. */
  push(chunk: Buffer | Uint8Array | string): SseItem[];
  /** End of stream: an event whose last line ended but whose blank line never came is dispatched. */
  end(): SseItem[];
}

const LF = "\n";
const CR = "\r";
const NO_ITEMS: SseItem[] = [];

export function createSseParser(options: SseParserOptions = {}): SseParser {
  const { maxEventBytes = 8 * 1024 * 1024 } = options;
  const decoder = new TextDecoder("utf-8");

  // The current line when a chunk ended mid-line, kept as parts: re-concatenating
  // a long line on every chunk would be quadratic.
  let lineParts: string[] = [];
  let lineUnits = 0;
  // A chunk ended in \r: a \n opening the next chunk belongs to the same line break.
  let afterCR = false;

  // The event being built.
  let data: string | undefined;
  let dataParts: string[] | undefined;
  let eventType: string | undefined;
  let eventId: string | undefined;
  let eventBytes = 0;

  // Dropping an oversized event until its blank line.
  let discarding = false;
  let discardLineHasText = false;

  function resetEvent(): void {
    data = undefined;
    dataParts = undefined;
    eventType = undefined;
    eventId = undefined;
    eventBytes = 0;
  }

  function tooLarge(out: SseItem[]): void {
    out.push({ kind: "too_large", limit: maxEventBytes });
    resetEvent();
    lineParts = [];
    lineUnits = 0;
    discarding = true;
    discardLineHasText = false;
  }

  function dispatch(out: SseItem[]): void {
    // Spec: an event without any data field is not dispatched.
    if (data !== undefined) {
      const joined = dataParts === undefined ? data : dataParts.join(LF);
      out.push({ kind: "event", data: joined, event: eventType, id: eventId });
    }
    resetEvent();
  }

  function processLine(line: string, out: SseItem[]): void {
    if (line === "") return dispatch(out);
    const colon = line.indexOf(":");
    if (colon === 0) {
      out.push({ kind: "comment", text: line.slice(1) });
      return;
    }
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    switch (field) {
      case "data":
        eventBytes += Buffer.byteLength(value, "utf8") + 1;
        if (eventBytes > maxEventBytes) return tooLarge(out);
        if (data === undefined) data = value;
        else if (dataParts === undefined) dataParts = [data, value];
        else dataParts.push(value);
        return;
      case "event":
        eventType = value;
        return;
      case "id":
        // Spec: an id containing NUL is ignored.
        if (!value.includes("\0")) eventId = value;
        return;
      default:
        // `retry:` and unknown fields carry nothing a proxy acts on.
        return;
    }
  }

  function endLine(text: string, start: number, end: number, out: SseItem[]): void {
    if (discarding) {
      const blank = end === start && !discardLineHasText;
      discardLineHasText = false;
      if (blank) discarding = false;
      return;
    }
    let line: string;
    if (lineParts.length === 0) {
      line = text.slice(start, end);
    } else {
      lineParts.push(text.slice(start, end));
      line = lineParts.join("");
      lineParts = [];
      lineUnits = 0;
    }
    processLine(line, out);
  }

  function scan(text: string): SseItem[] {
    if (text === "") return NO_ITEMS;
    const out: SseItem[] = [];
    let start = 0;
    if (afterCR && text.charCodeAt(0) === 10) start = 1;
    afterCR = false;
    const length = text.length;
    let nextLF = text.indexOf(LF, start);
    let nextCR = text.indexOf(CR, start);
    while (nextLF !== -1 || nextCR !== -1) {
      let end: number;
      let after: number;
      if (nextCR === -1 || (nextLF !== -1 && nextLF < nextCR)) {
        end = nextLF;
        after = nextLF + 1;
      } else {
        end = nextCR;
        after = nextCR + 1;
        if (nextLF === after) after += 1;
        else if (after === length) afterCR = true;
      }
      endLine(text, start, end, out);
      start = after;
      if (nextLF !== -1 && nextLF < after) nextLF = text.indexOf(LF, after);
      if (nextCR !== -1 && nextCR < after) nextCR = text.indexOf(CR, after);
    }
    if (start < length) {
      if (discarding) {
        discardLineHasText = true;
      } else {
        const rest = text.slice(start);
        lineUnits += rest.length;
        lineParts.push(rest);
        // Every UTF-16 unit takes at least one UTF-8 byte: more units than the
        // bound is more bytes than the bound (the exact count comes at line end).
        if (lineUnits + eventBytes > maxEventBytes) tooLarge(out);
      }
    }
    return out;
  }

  return {
    push(chunk) {
      if (typeof chunk === "string") {
        // A string after bytes: whatever partial character the decoder held is lost as U+FFFD.
        const pending = decoder.decode();
        return scan(pending === "" ? chunk : pending + chunk);
      }
      return scan(decoder.decode(chunk, { stream: true }));
    },
    end() {
      const out = [...scan(decoder.decode())];
      // Spec: an unterminated event is discarded at end of stream. We are
      // more liberal only for an event whose lines all ended (servers that
      // close right after `data: [DONE]\n`); a cut mid-line stays discarded,
      // since half a JSON chunk is worth nothing to a client.
      if (lineParts.length === 0 && !discarding) dispatch(out);
      lineParts = [];
      lineUnits = 0;
      resetEvent();
      discarding = false;
      afterCR = false;
      return out;
    },
  };
}

const LINE_BREAK = /\r\n|\r|\n/;

/**
 * One SSE event as text: `event: …` if given, one `data:` line per line of
 * `data` (so a payload with line breaks survives), then the blank line.
 */
export function encodeSseData(data: string, event?: string): string {
  const head = event === undefined ? "" : `event: ${event}\n`;
  if (!data.includes(LF) && !data.includes(CR)) return `${head}data: ${data}\n\n`;
  let body = "";
  for (const line of data.split(LINE_BREAK)) body += `data: ${line}\n`;
  return `${head}${body}\n`;
}

/** A comment line as received (`text` is what followed the colon), e.g. to pass a keep-alive through. */
export function encodeSseComment(text: string): string {
  return `:${text}\n\n`;
}
