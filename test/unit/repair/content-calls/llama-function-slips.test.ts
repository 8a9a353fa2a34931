/**
 * Llama's `<function=name>{…}</function>` as models drift from it (Groq
 * returns these as `failed_generation`): another separator between the name
 * and its object, the object in parentheses, the opener lost while the
 * closer stays.
 */
import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const PARIS = { city: "Paris" };

describe("Llama function tags with another separator or parentheses", () => {
  it.each([
    ["'=' before the object", '<function=get_weather={"city": "Paris"}</function>', PARIS],
    ["a space before the object", '<function=get_weather {"city": "Paris"}</function>', PARIS],
    ["the object in parentheses", '<function=get_weather({"city": "Paris"})</function>', PARIS],
    ["'>' then parentheses", '<function=get_weather>({"city": "Paris", "days": 2})</function>', { city: "Paris", days: 2 }],
    ["a quote where ')' belongs", '<function=get_weather({"city": "Paris"}"</function>', PARIS],
    ["parentheses, no closer", '<function=get_weather({"city": "Paris"})', PARIS],
  ])("reads %s", (_title, content, args) => {
    expect(readBothWays(content).calls).toEqual([["get_weather", args]]);
  });

  it.each([
    ["words after the parenthesis", '<function=get_weather({"city": "Paris"}) then Rome</function>'],
    ["a second object in the parentheses", '<function=get_weather({"city": "Paris"}, {"city": "Rome"})</function>'],
    ["a word after the object, no parentheses", '<function=get_weather={"city": "Paris"} x</function>'],
  ])("leaves %s as text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});

describe("a call that lost its <function= opener", () => {
  it.each([
    ["an object", 'get_weather{"city": "Paris", "days": 3}</function>', { city: "Paris", days: 3 }],
    ["a pythonic call", 'get_weather(city="Paris")</function>', PARIS],
    ["a stop token after the closer", 'get_weather{"city": "Paris"}</function><|eot_id|>', PARIS],
    ["spaces around the closer", '  get_weather{"city": "Paris"} </function>\n', PARIS],
  ])("reads %s followed by </function>", (_title, content, args) => {
    expect(readBothWays(content).calls).toEqual([["get_weather", args]]);
  });

  it.each([
    ["an undeclared name", 'get_forecast{"city": "Paris"}</function>'],
    ["prose after the closer", 'get_weather{"city": "Paris"}</function> and then I will tell you'],
    ["another closer", 'get_weather{"city": "Paris"}</tool>'],
    ["the closer cut short at the end", 'get_weather{"city": "Paris"}</func'],
  ])("leaves %s as text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
