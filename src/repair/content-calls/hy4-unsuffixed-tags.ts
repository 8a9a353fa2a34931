/**
 * Hunyuan Hy4 writes Hy3's tags with its checkpoint's suffix
 * (`<arg_value:opensource>`). A Hy4 value holding one of those tags without
 * the suffix (`</arg_value>`, `<arg_key>`, `<tool_call>`, `</tool_call>`)
 * holds markup a model of the family writes when it drops the suffix: the
 * value's own text, or its closer and the next pair or call. Two readings:
 * the call is not read.
 */
const HUNYUAN_TAGS = ["<arg_key>", "</arg_key>", "<arg_value>", "</arg_value>", "<tool_call>", "</tool_call>", "<tool_calls>", "</tool_calls>", "<tool_sep>"];

/** Whether a Hy4 value holds one of Hunyuan's tags as Hy3 writes them. */
export function holdsUnsuffixedTag(value: string): boolean {
  return value.includes("<") && HUNYUAN_TAGS.some((tag) => value.includes(tag));
}
