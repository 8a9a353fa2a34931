/** The fields of an OpenAI-style error (`{"error":{…}}`'s inside): what every SDK turns into a typed error. */
export interface ErrorFields {
  readonly message: string;
  readonly type: string;
  readonly code: string | number | null;
  readonly param: string | null;
  readonly [extra: string]: unknown;
}
