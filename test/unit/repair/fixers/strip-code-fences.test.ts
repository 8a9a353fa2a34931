import { describe, it } from "vitest";
import { stripCodeFences } from "../../../../src/repair/fixers/strip-code-fences.ts";
import { assertTextFix } from "./text-fixer-helper.ts";

describe("strip-code-fences", () => {
  it.each([
    ['```json\n{"a":1}\n```', '{"a":1}'],
    ['```\n{"a":1}\n```', '{"a":1}'],
    ['```JSON\r\n{"a":1}\r\n```', '{"a":1}'],
    ['```json {"a":1} ```', '{"a":1}'],
    ['Here is the call:\n```json\n{"a":1}\n```\nDone.', '{"a":1}'],
    ['\n    here is the json:\n    ```json\n    {\n      "a": 1\n    }\n    ```\n', '{\n      "a": 1\n    }'],
    ['```json\n{"a":1,', '{"a":1,'],
    ['json\n{"a":1}', '{"a":1}'],
    ['JSON \n {"a":1}', '{"a":1}'],
    // Two fenced blocks: which one is the call is not ours to pick.
    ['```json\n{"a":1}\n```\n```json\n{"a":2}\n```', undefined],
    ['```python\nprint(1)\n```', undefined],
    // A fence inside a string value of the object is data.
    ['{"code": "```js\\nx\\n```",}', undefined],
    ['{"a":1}', undefined],
    ["jsonify this", undefined],
  ])("%j → %j", (input, expected) => assertTextFix(stripCodeFences, input, expected));
});
