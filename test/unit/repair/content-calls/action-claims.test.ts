/**
 * A call followed by a sentence saying its action is already done (`I've written the file a.txt.`, `The file
 * a.txt has been created successfully.`): the model imagined the outcome, so the text is a transcript, not a call
 * to make, in every format. A sentence that waits on the outcome, speaks of the future, asks, negates, describes
 * the arguments or the call itself claims nothing, and the call is read.
 */
import { describe, expect, it } from "vitest";
import { claimsActionDone } from "../../../../src/repair/content-calls/action-claims.ts";
import { readBothWays } from "./read-both-ways.ts";
import { args, formats, tools } from "./write-file-formats.ts";

describe("a claim after the call that its action is done", () => {
  it.each([
    ["I've written the file a.txt."],
    ["I have created a.txt with the greeting."],
    ["The file a.txt has been created successfully."],
    ["I've saved your note to a.txt."],
    ["I wrote the greeting to a.txt."],
    ["Done. I have just updated a.txt for you."],
    ["Your greeting was saved in a.txt."],
  ])("%j: the call stays text in every format", (claim) => {
    for (const [name, call] of Object.entries(formats)) expect([name, readBothWays(`${call}\n${claim}`, tools).calls]).toEqual([name, []]);
  });

  it.each([
    ["Once I've written the file, I'll tell you."],
    ["I'll confirm once the file is written."],
    ["This will create a.txt."],
    ["After I've saved it, you can open a.txt."],
    ["Let me know if the file should have more lines."],
    ["Has it been created before?"],
    ["I've set the content to a short greeting."],
    ["I've written the call above to create a.txt."],
    ["Nothing has been written yet."],
  ])("%j: the call is read", (text) => {
    for (const [name, call] of Object.entries(formats)) expect([name, readBothWays(`${call}\n${text}`, tools).calls]).toEqual([name, [["write_file", args]]]);
  });
});

describe("claimsActionDone", () => {
  it.each([
    ["I've sent the email to Bo."],
    ["We have deleted the old logs."],
    ["Ticket 4 was closed."],
    ["The meeting has been scheduled for 3pm."],
    ["OK!\nI have booked the table."],
    // Any regular verb in the past that does not describe a call: deeds are an open class.
    ["I've drafted your reply."],
    ["Your invoice was generated and emailed."],
    ["I have searched the web for recent news."],
    ["Confirmed: the action was carried out as requested."],
  ])(
    "%j claims",
    (text) => expect(claimsActionDone(text)).toBe(true),
  );
  it.each([
    ["When it has been sent, I'll check."],
    ["I will send it now."],
    ["I haven't sent it."],
    ["The request was sent as JSON."],
    ["I've changed the unit to celsius."],
    ["I wrote this for you."],
    ["Should it be deleted?"],
    ["The weather is nice."],
    ["I passed the city name exactly as you wrote it."],
    ["I noticed the file is missing."],
    ["As we discussed, the report is monthly."],
    ["We proceed step by step."],
    ["It was required for the report."],
  ])("%j does not", (text) => expect(claimsActionDone(text)).toBe(false));
});
