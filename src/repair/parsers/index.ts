/** The parse families, in the order they are listed and reported. */
import type { ParserFamily } from "../types.ts";
import { parseBareValue } from "./parse-bare-value.ts";
import { parseComments } from "./parse-comments.ts";
import { parseContinued } from "./parse-continued.ts";
import { parseDoubledBraces } from "./parse-doubled-braces.ts";
import { parseDoubledQuotes } from "./parse-doubled-quotes.ts";
import { parseEscapedApostrophes } from "./parse-escaped-apostrophes.ts";
import { parseEscapedLayout } from "./parse-escaped-layout.ts";
import { parseEscapedQuotes } from "./parse-escaped-quotes.ts";
import { parseFencedValues } from "./parse-fenced-values.ts";
import { parseInnerQuotes } from "./parse-inner-quotes.ts";
import { parseLiteralSpellings } from "./parse-literal-spellings.ts";
import { parseMixedQuotes } from "./parse-mixed-quotes.ts";
import { parseLooseCommas } from "./parse-loose-commas.ts";
import { parseLostListEnd } from "./parse-lost-list-end.ts";
import { parseMissingBrace } from "./parse-missing-brace.ts";
import { parseMissingColons } from "./parse-missing-colons.ts";
import { parseMistypedClosers } from "./parse-mistyped-closers.ts";
import { parseOpeningBrace } from "./parse-opening-brace.ts";
import { parseParameterTags } from "./parse-parameter-tags.ts";
import { parseCallMarkup } from "./parse-call-markup.ts";
import { parseNumberSpellings } from "./parse-number-spellings.ts";
import { parsePythonPrefixes } from "./parse-python-prefixes.ts";
import { parseRawBackslashes } from "./parse-raw-backslashes.ts";
import { parseSeveralObjects } from "./parse-several-objects.ts";
import { parseSingleQuotes } from "./parse-single-quotes.ts";
import { parseUnclosedStrings } from "./parse-unclosed-strings.ts";
import { parseStringConcatenation } from "./parse-string-concatenation.ts";
import { parseStrayWords } from "./parse-stray-words.ts";
import { parseStrayClosers } from "./parse-stray-closers.ts";
import { parseSwappedBrackets } from "./parse-swapped-brackets.ts";
import { parseTripleQuotes } from "./parse-triple-quotes.ts";
import { parseTypographicQuotes } from "./parse-typographic-quotes.ts";
import { parseUnicodeSpaces } from "./parse-unicode-spaces.ts";
import { parseUnquoted } from "./parse-unquoted.ts";
import { parseValueWrappers } from "./parse-value-wrappers.ts";

export const parserFamilies: readonly ParserFamily[] = [
  parseUnquoted,
  parseInnerQuotes,
  parseSingleQuotes,
  parseTypographicQuotes,
  parseMixedQuotes,
  parseTripleQuotes,
  parseFencedValues,
  parsePythonPrefixes,
  parseRawBackslashes,
  parseEscapedApostrophes,
  parseEscapedQuotes,
  parseDoubledQuotes,
  parseUnclosedStrings,
  parseComments,
  parseEscapedLayout,
  parseUnicodeSpaces,
  parseLooseCommas,
  parseMissingColons,
  parseLiteralSpellings,
  parseNumberSpellings,
  parseValueWrappers,
  parseStringConcatenation,
  parseStrayWords,
  parseStrayClosers,
  parseMistypedClosers,
  parseLostListEnd,
  parseSwappedBrackets,
  parseDoubledBraces,
  parseContinued,
  parseMissingBrace,
  parseOpeningBrace,
  parseSeveralObjects,
  parseParameterTags,
  parseCallMarkup,
  parseBareValue,
];
