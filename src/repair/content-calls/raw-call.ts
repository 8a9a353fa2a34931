/**
 * What a content format parser finds before names are checked against the
 * declared tools: the name as written and the arguments in the form the
 * format carries them.
 */

export type RawArguments =
  /** A parsed JSON value (an object, or a string that is itself the arguments text). */
  | { readonly kind: "json"; readonly value: unknown }
  /** Arguments text to hand to the repair pipeline as it is (it may still be broken). */
  | { readonly kind: "text"; readonly text: string }
  /** Key/value pairs whose values are raw text, typed later from the tool's schema (Qwen3-Coder, GLM). */
  | {
      readonly kind: "params";
      readonly params: readonly (readonly [string, string])[];
      /** The keys are the format's convention, not the model's words: each must be a property the tool declares. */
      readonly declaredOnly?: boolean;
      /** Keys whose values the format marks as JSON (DSML's `string="false"`): read as JSON whatever the schema says. */
      readonly jsonKeys?: ReadonlySet<string>;
      /** Keys whose values the format marks as text (DSML's `string="true"`): the text whatever it spells. */
      readonly textKeys?: ReadonlySet<string>;
      /**
       * The format's models write a string both as text and as JSON (GLM's
       * template writes `Seoul`, HyperCLOVAX's `"Seoul"` in the same tags): a
       * string property's value that is exactly one JSON string has two readings.
       */
      readonly quotedStringsDoubtful?: boolean;
      /** Keys whose value reads as text in two ways (indentation that may be layout): only a property that takes no string reads them. */
      readonly openText?: readonly string[];
      /** A key written once per item is a list (Morph-XML's `<command>ls</command><command>-la</command>`), for a property that takes one. */
      readonly repeatedAsList?: boolean;
      /** The format writes a value's type when it is not a string (IFM's `<ifm|arg_type>`): a value written without one is its text. */
      readonly typesWritten?: boolean;
      /**
       * The format writes a list as child elements and an object as one element per member, never as JSON
       * (MiniMax-M3): an empty element is the empty list or object where the schema takes one.
       */
      readonly elementContainers?: boolean;
      /** The format is not XML (Continue's lines, Perl's hash, a shell command, code): an entity in a value is its text. */
      readonly notXml?: boolean;
    };

export interface RawCall {
  readonly name: string;
  readonly arguments: RawArguments;
  /**
   * The name ran into the first argument's key (GLM losing an `<arg_key>`):
   * `name` holds both and that argument's key is empty, to be told apart
   * with the declared tools.
   */
  readonly joinedKey?: boolean;
  /**
   * The format names the tool by its role, not by a name (raw code for a code
   * interpreter): the one declared tool among these names that declares every
   * argument key; none or several, and the call is not placed. `name` is unused then.
   */
  readonly nameChoices?: readonly string[];
  /** Read from a list of calls whose `]` never came: an answer cut there may have had more calls (see `ContentToolCall`). */
  readonly fromOpenList?: true;
  /**
   * A bare word alone in a wrapper whose format does not name calls so (see `bare-word-blocks.ts`):
   * a call only when it names a declared tool, and no call to an unknown one when it does not.
   */
  readonly bareWord?: true;
  /**
   * The arguments were written beside the name, with no arguments key
   * (`{"name": "get_weather", "city": "Paris"}`): the key that held the
   * name. Each other member must be a property the tool declares, and the
   * tool must declare no property of that key (else the name is an argument).
   */
  readonly argumentsBesideName?: string;
  /**
   * The arguments were taken out of an envelope with the call's id beside
   * them (`{"get_weather": {"id": "call_1", "args": {…}}}`): its keys. The
   * tool must declare none of them, else the envelope may be the arguments.
   */
  readonly envelopeKeys?: readonly string[];
  /**
   * The arguments could also read as a call of another tool (`<tool_call name="skill">{"name": "review"}</tool_call>`:
   * the skill tool's `name`, or a call of `review`): read as the arguments only when the tool declares each of their keys.
   */
  readonly declaredKeysOnly?: true;
  /**
   * Words of the model's written inside the call's markup that are not the call (an agent's `thought` beside
   * its JSON action): kept as the answer's text, where the call stood.
   */
  readonly spoken?: string;
  /** The name as written must be a declared tool's exactly, namespace aside (a name with spaces, read only so). */
  readonly exactName?: true;
}

/** A format's verdict on the content: the calls found and where their markup was. */
export interface Detection {
  readonly calls: readonly RawCall[];
  /** Half-open `[start, end)` ranges of the content that are call markup. */
  readonly spans: readonly (readonly [number, number])[];
}

/** More calls than this in one message is not a model's turn but an attack or a loop. */
export const MAX_CALLS = 64;

/** Names in every format we know are identifiers, optionally namespaced (`functions.get_weather`). */
export const TOOL_NAME = /^[A-Za-z_][\w.:-]{0,127}$/;

export const emptyArguments: RawArguments = { kind: "json", value: {} };

/**
 * Every call element opening at `marker` in the content, each read by
 * `readAt` (the call and where its markup ends); `undefined` when there is
 * none, or when one does not read: one broken element makes the rest doubtful.
 */
export function detectEach(content: string, marker: string, readAt: (content: string, at: number) => { call: RawCall; end: number } | undefined): Detection | undefined {
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  for (let at = content.indexOf(marker); at >= 0 && calls.length <= MAX_CALLS; at = content.indexOf(marker, at + 1)) {
    const found = readAt(content, at);
    if (found === undefined) return undefined;
    calls.push(found.call);
    spans.push([at, found.end]);
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}

/**
 * Every `open … close` block of the content, each read into its calls by
 * `read`; `undefined` when there is none, or when one is cut short (no
 * `close` before the next `open` or the text's end), broken or empty.
 */
export function detectBlocks(content: string, [open, close]: readonly [string, string], read: (body: string) => readonly RawCall[] | undefined): Detection | undefined {
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  for (let start = content.indexOf(open); start >= 0 && calls.length <= MAX_CALLS; start = content.indexOf(open, start + 1)) {
    const bodyStart = start + open.length;
    const closeAt = content.indexOf(close, bodyStart);
    const nextOpen = content.indexOf(open, bodyStart);
    if (closeAt < 0 || (nextOpen >= 0 && nextOpen < closeAt)) return undefined;
    const found = read(content.slice(bodyStart, closeAt));
    if (found === undefined || found.length === 0) return undefined;
    calls.push(...found);
    spans.push([start, closeAt + close.length]);
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}
