import { describe, it } from "vitest";
import { parsePythonPrefixes } from "../../../../src/repair/parsers/parse-python-prefixes.ts";
import { assertReads, objectSchema } from "./parser-helper.ts";

const place = objectSchema(["city", "path"], { closed: true });
const counts = objectSchema(["city", "days"], { types: { days: { type: "integer" } }, closed: true });

describe("parse-python-prefixes", () => {
  it.each([
    [place, "{'city': u'Caf\\u00e9 Z', 'path': r'C:\\new\\x.txt'}", { city: "Café Z", path: "C:\\new\\x.txt" }],
    [place, "{u'city': u'Paris', u'path': u'/tmp/a b'}", { city: "Paris", path: "/tmp/a b" }],
    [counts, "{u'city': u\"Rome\", u'days': 3}", { city: "Rome", days: 3 }],
    [place, '{"city": "x", "path": R"\\d+\\.txt"}', { city: "x", path: "\\d+\\.txt" }],
    [place, "{'city': u'it\\'s'}", { city: "it's" }],
    // Python 2's repr of non-ASCII text.
    [place, "{u'city': u'Caf\\xe9 \\U0001f600', u'path': u'\\\\srv'}", { city: "Café 😀", path: "\\srv" }],
    // Octal as Python reads it; `\x` without its two digits is an error in Python.
    [place, "{u'city': u'\\101'}", { city: "A" }],
    [place, "{u'city': u'\\x4'}", undefined],
    // Bytes and f-strings are not the text they hold; a word glued to a quote is no prefix.
    [place, "{'city': b'Paris'}", undefined],
    [place, "{'city': f'{name}'}", undefined],
    [place, "{'city': U'x', 'path': rb'y'}", undefined],
    // A prefixed string that lost its closing quote: a second defect, and `u"#` is text as much.
    [place, '{"city": u"#, "path": {}}', undefined],
    [place, '{"city": u"Paris, "path": "/tmp"}', undefined],
    [place, "{'city': u'Paris', 'path': r'C:\\x}", undefined],
    [place, '{"city": u"Paris", "path": "/tmp"}', { city: "Paris", path: "/tmp" }],
  ])("%j: %s → %j", (schema, input, expected) => assertReads(parsePythonPrefixes, schema, input, expected));
});
