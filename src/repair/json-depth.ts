/**
 * Nesting depth of JSON, measured without recursion. `JSON.stringify`,
 * ajv's generated code and the fixers all recurse into a value: a
 * 100 000-deep argument would overflow the stack (or block the event loop
 * for seconds) in any of them, so depth is checked before any of them runs.
 */

/**
 * Whether JSON text nests objects and arrays deeper than `maxDepth`. One
 * pass over the characters, strings skipped; malformed text is measured the
 * same way (what the text fixers would make of it nests no deeper).
 */
export function textNestsDeeper(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
      continue;
    }
    if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      if (++depth > maxDepth) return true;
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return false;
}

/** Whether a parsed value nests objects and arrays deeper than `maxDepth` (an explicit stack, no recursion). */
export function valueNestsDeeper(value: unknown, maxDepth: number): boolean {
  const stack: { readonly node: unknown; readonly depth: number }[] = [{ node: value, depth: 1 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (typeof node !== "object" || node === null) continue;
    if (depth > maxDepth) return true;
    for (const child of Object.values(node)) {
      if (typeof child === "object" && child !== null) stack.push({ node: child, depth: depth + 1 });
    }
  }
  return false;
}
