/**
 * A call followed by a sentence reporting how it came out (`It came back empty.`, `Zero hits.`, `Based on the
 * results, …`): the model imagined the outcome, so the text is a transcript, not a call to make, in every format,
 * whole and streamed. A sentence that waits on the outcome, speaks of what will or may be, or asks reports
 * nothing, and the call is read.
 */
import { describe, expect, it } from "vitest";
import { reportsOutcome } from "../../../../src/repair/content-calls/outcome-reports.ts";
import { readBothWays } from "./read-both-ways.ts";
import { args, formats, tools } from "./write-file-formats.ts";

describe("a report after the call of how it came out", () => {
  it.each([
    ["Success: the write finished with no errors."],
    ["It came back with a permission error."],
    ["The tool returned an empty object."],
    ["Two files turned up; the first is the newest."],
    ["No matching entries were found."],
    ["The output shows the greeting in place."],
    ["Judging by what came back, the file is fine."],
    ["The change has been applied to a.txt."],
    ["Returned value: 12"],
    ["Search results:\n\n- a.txt\n- b.txt"],
    ["<observation>{\"bytes\": 5}</observation>"],
    ["Looks fine. All checks passed."],
    ["已完成，文件写入成功。"],
    ["La operación se completó correctamente."],
    ["Laut der Antwort des Tools ist alles in Ordnung."],
    ["C'est fait, tout a fonctionné."],
    ["Запись успешно выполнена."],
  ])("%j: the call stays text in every format", (report) => {
    for (const [name, call] of Object.entries(formats)) expect([name, readBothWays(`${call}\n${report}`, tools).calls]).toEqual([name, [] as unknown[]]);
  });

  it.each([
    ["I'll tell you whether it succeeded once it returns."],
    ["This should show whether the write went through."],
    ["Did it succeed last time?"],
    ["If the write failed, I'll say so."],
    ["Done."],
    ["Done writing."],
    ["Nothing has been written yet."],
    ["The tool returns the number of bytes written."],
    ["Fixed: the path is now relative."],
    ["I will report back.\nResult: pending"],
    ["成功后我会告诉你。"],
    ["Sobald es erledigt ist, melde ich mich."],
    ["Si funcionó, te aviso."],
  ])("%j: the call is read", (text) => {
    for (const [name, call] of Object.entries(formats)) expect([name, readBothWays(`${call}\n${text}`, tools).calls]).toEqual([name, [["write_file", args]]]);
  });
});

describe("reportsOutcome", () => {
  it.each([
    ["The query returned 1,204 rows."],
    ["Zero hits."],
    ["The results are in and look solid."],
    ["Based on the data returned, the second plan is cheaper."],
    ["It timed out after 30 seconds."],
    ["So the answer to your question is yes."],
    ["The total is 42."],
    ["6 × 7 = 42"],
    ["OK.\nThe request went through."],
    ["✓ Completed"],
    ["The update is live now."],
    ["結果：3件見つかりました。"],
    ["작업이 완료되었습니다."],
    ["A ferramenta retornou 4 itens."],
    ["It's currently 9°C and raining there."],
    ["There are 3 open tickets on the board."],
    ["The folder contains 12 files."],
    ["Here are the top results for your search."],
    ["It looks like the service is down."],
    ["Unfortunately, the site rejected the upload."],
    ["Leider ist der Server nicht erreichbar."],
    ["目前有两个待处理的任务。"],
    ["Your meeting is booked for 3pm."],
    ["The nightly backup finished without warnings."],
    ["Your order has shipped."],
    ["I now have the details you asked for."],
    ["Thought: I now know the final answer"],
    ["查询完毕。"],
    ["It is 18°C in Tokyo."],
    ["You have 2 unread emails."],
    ["Lo strumento ha restituito 2 risultati."],
  ])("%j reports", (text) => expect(reportsOutcome(text)).toBe(true));
  it.each([
    ["Once it returns, I'll summarise it."],
    ["This will tell us whether the service is up."],
    ["The search is limited to the last 30 days."],
    ["I passed the city name as you wrote it."],
    ["Let me know if you want the results sorted."],
    ["Waiting for the output..."],
    ["Fixed:"],
    ["Observation:<|eot_id|>"],
    ["I will report back.\nResult: pending"],
    ["Ich warte auf das Ergebnis."],
    ["I'm currently fetching the data."],
    ["Once it is booked, I'll send the details."],
    ["When the backup finishes, I'll tell you."],
    ["I don't know the answer yet."],
    ["Last week it was 30°C there."],
    ["There is no need to wait."],
    ["This call has two arguments."],
    ["The threshold is set in the arguments."],
    ["結果が出たら、まとめてお伝えします。"],
  ])("%j does not", (text) => expect(reportsOutcome(text)).toBe(false));
});
