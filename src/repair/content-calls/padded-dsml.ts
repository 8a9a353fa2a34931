/**
 * DSML markers padded inside: `<｜▁｜▁DSML▁｜▁｜ invoke name=…>`, `< | DSML | invoke …>`,
 * zero-width characters between the bars. A server that decodes DeepSeek's
 * tokens one by one leaves SentencePiece's `▁` (its space) or a space between
 * the pieces of the prefix, and a copy through a chat surface may add
 * zero-width characters. Padding there carries nothing: the prefix is read
 * without it, and the markup with it. Values are never touched.
 */
import type { Detection } from "./raw-call.ts";
import { detectInvokes, MAX_PREFIX_PAD, PREFIX_PADS } from "./invoke-calls.ts";

const PAD = `[${PREFIX_PADS}]`;
const GAP = `${PAD}{0,${MAX_PREFIX_PAD}}`;
/** A DSML (or GCML) prefix with its `<` or `</`, padding anywhere up to its last bar. */
const PADDED_PREFIX = new RegExp(`</?${GAP}(?:[｜|‖]${GAP}){0,2}(?:DSML|GCML)(?:${GAP}[｜|‖]){0,2}`, "gu");
const ONE_PAD = new RegExp(PAD, "u");

/**
 * The content with each DSML prefix's padding taken out, and where each of
 * its characters (and its end) stood in `content`; `undefined` when no prefix
 * is padded.
 */
function withoutPadding(content: string): { text: string; origin: number[] } | undefined {
  let text = "";
  const origin: number[] = [];
  let copied = 0;
  let padded = false;
  const copy = (from: number, to: number): void => {
    text += content.slice(from, to);
    for (let at = from; at < to; at++) origin.push(at);
  };
  for (const found of content.matchAll(PADDED_PREFIX)) {
    const marker = found[0];
    if (!ONE_PAD.test(marker)) continue;
    padded = true;
    copy(copied, found.index);
    for (let offset = 0; offset < marker.length; offset++) {
      const char = marker[offset]!;
      if (ONE_PAD.test(char)) continue;
      text += char;
      origin.push(found.index + offset);
    }
    copied = found.index + marker.length;
  }
  if (!padded) return undefined;
  copy(copied, content.length);
  origin.push(content.length);
  return { text, origin };
}

/** The invoke family's calls in a text whose DSML prefixes are padded, their spans in the text as written. */
export function detectPaddedInvokes(content: string): Detection | undefined {
  const unpadded = withoutPadding(content);
  if (unpadded === undefined) return undefined;
  const found = detectInvokes(unpadded.text);
  if (found === undefined) return undefined;
  const { origin } = unpadded;
  const spans = found.spans.map(([start, end]): [number, number] => [origin[start]!, end > start ? origin[end - 1]! + 1 : origin[start]!]);
  return { ...found, spans };
}
