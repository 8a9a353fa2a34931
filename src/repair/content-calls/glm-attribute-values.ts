/**
 * A GLM slip (GLM-4.7-Flash, as mlx-manager captured it): each argument
 * written as an element whose opening tag holds the value in quotes,
 * `<tool_call>get_weather<location="Rome, Italy"</location></tool_call>`, in
 * place of `<arg_key>location</arg_key><arg_value>Rome, Italy</arg_value>`.
 * A value runs from `="` to the `"` right before its key's closing tag; the
 * quotes are the markup, so the value is their inside, typed from the schema
 * as GLM's values are. Every part of the body after the name must be such an
 * element (space between them), and each key a property the tool declares.
 */
import type { RawArguments } from "./raw-call.ts";
import { MAX_CALLS } from "./raw-call.ts";

const KEY = /[A-Za-z_][\w.-]{0,127}/y;
/** Bounds the elements read from one body, as GLM's own pairs are. */
const MAX_PARAMS = MAX_CALLS * 4;

/** The arguments after a GLM call's name written as `<key="value"</key>` elements; `undefined` when the body is anything else. */
export function readAttributeValuedArguments(rest: string): RawArguments | undefined {
  const params: [string, string][] = [];
  let cursor = skipSpace(rest, 0);
  while (cursor < rest.length) {
    if (params.length >= MAX_PARAMS || rest[cursor] !== "<") return undefined;
    KEY.lastIndex = cursor + 1;
    const key = KEY.exec(rest)?.[0];
    if (key === undefined) return undefined;
    const valueStart = cursor + 1 + key.length + 2;
    if (!rest.startsWith('="', cursor + 1 + key.length)) return undefined;
    const closer = `"</${key}>`;
    const valueEnd = rest.indexOf(closer, valueStart);
    if (valueEnd < 0) return undefined;
    params.push([key, rest.slice(valueStart, valueEnd)]);
    cursor = skipSpace(rest, valueEnd + closer.length);
  }
  return params.length === 0 ? undefined : { kind: "params", params, declaredOnly: true };
}

function skipSpace(text: string, at: number): number {
  let cursor = at;
  while (cursor < text.length && /\s/.test(text[cursor]!)) cursor++;
  return cursor;
}
