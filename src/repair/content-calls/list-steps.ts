/**
 * A call that is one step of a list: the item right before it (or on its
 * line) is step k of an ordered list (`2. Send this request:`, `2) Run:`,
 * `**2.**`, `Step 2:`, `Paso 2:`, `步骤2：`) or an item of a bulleted one
 * (`- Send this request:`). A list of steps written out is a procedure shown
 * to its reader (what to do, in order) or a plan written ahead: in either,
 * the call is a step on a page, not a call the model makes now. Three shapes
 * say so, whatever the words of the items:
 *
 * - the list goes on after the call: its next item opens a line after it
 *   (step k+1, or the same bullet at the same indentation). A call the model
 *   makes ends its turn, and the turn's calls run once it ends: a next step
 *   written after it was not waiting on its result;
 * - the call is under a later step (k ≥ 2: earlier steps stand before it),
 *   with an earlier step or the line opening the list in view;
 * - the call is under a bullet that leads into it (its words end with a
 *   colon) with an earlier bullet of the same list above it.
 *
 * Unless the model says it acts: the item itself (`2. Now I'll check the
 * weather:`) or the line that opens the list (`Let me check both cities:`
 * then `1. Paris:`, the call, `2. London:`, the call) is an announcement
 * (call-announcements.ts). Then the calls are the model's own, each judged as
 * any call after prose is.
 *
 * An item whose reasoning closes before the call (`</think>`, `[/THINK]` on a
 * line between them: a plan in the reasoning, the call after it) leads into
 * nothing. A first step alone (`1. Read the file:` then the call, nothing after) is no
 * list yet. A list before the call with prose leading in after it (`I need
 * to: 1. … 2. …` then `Let me start:`), or one after the call that is not the
 * call's list (`This will: 1. … 2. …`), is no step of a list. Each line is
 * read in time linear in its length; the text before the call is read only in
 * its last `window` characters, as a stream keeps them.
 */
import { saysItActs } from "./call-announcements.ts";
import { THINK_CLOSE_ANYWHERE } from "./foreign-fence.ts";

/** How a list marks its items: `2.`/`2)`/`(2)`, a word for step with the number (`Step 2:`), or a bullet. */
type ItemKind = "number" | "word" | "bullet";

interface Item {
  readonly kind: ItemKind;
  /** The step's number; for a bullet, 0. */
  readonly number: number;
  /** The bullet's character and its indentation, so only the same list's bullets match. */
  readonly bullet: string;
  /** The item's words after its marker. */
  readonly words: string;
}

/** Indentation, then markup that may open an item's line: bold, a heading's `#`. */
const LINE_OPENING = /^([ \t]{0,8})((?:[*_]{2}|#{1,4})[ \t]*)?/u;
/** `2.`, `2)`, `2、` (as Chinese writes list numbers), `(2)`, bold closed after it, then space or the line's end. */
const NUMBER_MARKER = /^(?:(\d{1,2})[.)、]|\((\d{1,2})\))(?:[*_]{2})?(?=[ \t]|$)/u;
const NUMBER_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
/** A word for step and its number: `Step 2`, `Step two`, `Paso 2`, `Étape 2`, `Schritt 2`, `Passo 2`, `Шаг 2`, `Stap 2`, `步骤2`, `ステップ2`, `단계 2`, `第2步`. */
const WORD_MARKER =
  /^(?:(?:step|paso|étape|etape|schritt|passo|шаг|stap|krok)[ \t]*(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)(?!\p{L}|\p{N})|(?:步骤|ステップ|단계)[ \t]*(\d{1,2})(?!\p{N})|第(\d{1,2})步)/iu;
/** What closes a step word's marker: `:`, `.`, `)`, a dash, bold's close. */
const MARKER_TAIL = /^[ \t]*(?:[*_]{1,3})?[ \t]*(?:[:：.)\-–—][ \t]*)?(?:[*_]{1,3})?/u;
/** A bullet: `-`, `*`, `+`, `•`, then space. */
const BULLET_MARKER = /^([-*+•])[ \t]+/u;
/** A closing tag or a special token (`</think>`, `<|END_THINKING|>`, `[/INST]`): the item ended there, with the reasoning or turn it was in. */
const CLOSED_MARKUP = /<\/|<\||\|>|\[\/|◁/u;

/** The item a line opens, if any (not one closed by markup on its line). */
function itemOf(line: string): Item | undefined {
  if (CLOSED_MARKUP.test(line)) return undefined;
  const [opening, indent, markup] = LINE_OPENING.exec(line)!;
  const opened = line.slice(opening.length);
  const numbered = NUMBER_MARKER.exec(opened);
  if (numbered !== null) return { kind: "number", number: Number(numbered[1] ?? numbered[2]), bullet: "", words: opened.slice(numbered[0].length).trim() };
  const worded = WORD_MARKER.exec(opened);
  if (worded !== null) {
    const rest = opened.slice(worded[0].length);
    const spelt = worded[1] ?? worded[2] ?? worded[3]!;
    const number = /^\d+$/u.test(spelt) ? Number(spelt) : NUMBER_WORDS.indexOf(spelt.toLowerCase()) + 1;
    return { kind: "word", number, bullet: "", words: rest.slice(MARKER_TAIL.exec(rest)![0].length).trim() };
  }
  if (markup !== undefined) return undefined;
  const bulleted = BULLET_MARKER.exec(opened);
  if (bulleted === null) return undefined;
  return { kind: "bullet", number: 0, bullet: `${indent!}${bulleted[1]!}`, words: opened.slice(bulleted[0].length).trim() };
}

/** Whether `later` is the item after `item` in the same list. */
const follows = (item: Item, later: Item): boolean =>
  later.kind === item.kind && (item.kind === "bullet" ? later.bullet === item.bullet : later.number === item.number + 1);

/** The item that leads into a call, what the text shows of its list above it, and how it stands to the call. */
interface Lead {
  readonly item: Item;
  /** Blank lines stand between the item and the call. */
  readonly apart: boolean;
  /** An earlier item of the same list is seen above it. */
  readonly earlier: boolean;
  /** The line that opens the list (the last line above its items that is none of them), when the window shows it. */
  readonly opener: string | undefined;
}

/** How many lines an item's own words may run over before the call (or between items). */
const MAX_ITEM_LINES = 3;

/**
 * The item that leads into the call: the call's own line opens it (`2. <call>`), or the nearest line above opens it
 * with only its own words between, or blank lines (a loose list); within the last `window` characters of `before`
 * (a first line that window cuts is not read).
 */
function leadOf(before: string, window: number): Lead | undefined {
  let tail = before.slice(-window);
  if (before.length > window) tail = tail.slice(tail.indexOf("\n") + 1 || tail.length);
  const lines = tail.split("\n");
  const own = lines.pop()!;
  let at = lines.length;
  let item: Item | undefined;
  let apart = false;
  if (own.trim() !== "") item = itemOf(own);
  else {
    for (let words = 0; at > 0 && item === undefined; ) {
      const line = lines[--at]!;
      if (line.trim() === "") {
        if (words > 0) return undefined;
        apart = true;
      } else if (line.search(THINK_CLOSE_ANYWHERE) >= 0) return undefined; // the reasoning an item above was in closed before the call
      else if ((item = itemOf(line)) === undefined && ++words >= MAX_ITEM_LINES) return undefined;
    }
  }
  if (item === undefined) return undefined;
  // Up the list: its earlier items (and their indented lines) to the first line that is none of them, which opens it.
  let earlier = false;
  let opener: string | undefined;
  while (at > 0 && opener === undefined) {
    const line = lines[--at]!;
    const above = itemOf(line);
    if (above !== undefined && above.kind === item.kind && (item.kind !== "bullet" || above.bullet === item.bullet)) earlier = true;
    else if (line.trim() !== "" && !/^[ \t]{2,}/u.test(line)) opener = line;
  }
  return { item, apart, earlier, opener };
}

/** Whether the model says it acts, in the item or in the line that opens the list: the calls are its own. */
const announced = (lead: Lead): boolean => saysItActs(lead.item.words) || (lead.opener !== undefined && saysItActs(lead.opener));

/** Whether the item's words lead into what follows: nothing (the call is the item), or a colon at their end. */
const leadsInto = (item: Item): boolean => item.words === "" || /[:：]\s*(?:[*_]{1,3})?$/u.test(item.words);

/**
 * Whether the call after `before` stands under a later step of a list that the model does not announce as its own act:
 * step k ≥ 2 (leading into the call when blank lines stand between), or a bullet leading into it with an earlier one above.
 */
export function underLaterStep(before: string, window: number): boolean {
  const lead = leadOf(before, window);
  if (lead === undefined || announced(lead)) return false;
  if (lead.item.kind === "bullet") return lead.earlier && leadsInto(lead.item);
  // A later step whose list the text does not show (its start cut off, or read apart as the text after earlier calls) says nothing.
  return lead.item.number >= 2 && (lead.earlier || lead.opener !== undefined) && (!lead.apart || leadsInto(lead.item));
}

/** Whether the list whose item leads into the call (`before`) goes on after it (`after`), unannounced: a step of a list. */
export function listGoesOnAfter(before: string, after: string, window: number): boolean {
  const lead = leadOf(before, window);
  if (lead === undefined || announced(lead)) return false;
  for (const line of after.split("\n")) {
    const next = itemOf(line);
    if (next !== undefined && follows(lead.item, next)) return true;
  }
  return false;
}
