import { describe, expect, it } from "vitest";
import { leadsIn, mayLeadIn } from "../../../src/repair/lead-in.ts";
import { leavesReasoningToRead } from "../../../src/repair/reasoning-calls.ts";
import { HANG_GUARD_MS } from "../../support/hang-guard.ts";

/** Every prefix of a lead-in may still lead in: a stream that waits on `mayLeadIn` never gives up on one. */
function expectPrefixesMayLeadIn(text: string): void {
  for (let end = 0; end <= text.length; end++) expect(mayLeadIn(text.slice(0, end)), JSON.stringify(text.slice(0, end))).toBe(true);
}

describe("an answer that is only a lead-in to a call", () => {
  it.each([
    "Let me create the file:",
    "I'll check the weather in Paris:",
    "I will run the tests now:",
    "Let's look at the config file:",
    "I'm going to search for the latest release notes:",
    "Now I'll write the summary to disk:",
    "  Let me read the index file first:\n\n",
    "Let me create the file：",
    "Let me edit main.py:",
    "I'll bump the version to 1.2.3 in package.json:",
  ])("%j is a lead-in", (text) => {
    expect(leadsIn(text)).toBe(true);
    expect(leavesReasoningToRead(text)).toBe(true);
    expectPrefixesMayLeadIn(text);
  });

  it.each([
    ["an answer", "The weather in Paris is sunny."],
    ["an answer ending with a colon", "The files in the folder are:"],
    ["a question", "Should I create the file?"],
    ["a question ending with a colon", "Do you want me to create the file:"],
    ["a leave asked", "Would you like me to create the file:"],
    ["a result claimed", "Based on the results, let me summarise:"],
    ["a second sentence", "The file is ready. Let me show it:"],
    ["a second line", "Let me create the file:\nDone."],
    ["no colon", "Let me create the file."],
    ["call markup", "Let me create the file: <tool_call>"],
    ["a code span", "Let me run `ls -la`:"],
    ["a code block", "Let me run this:\n```bash\nls\n```"],
    ["a JSON object", 'Let me call {"name": "x"}:'],
    ["an example", "Let me show you an example:"],
    ["a hedge", "Let me maybe check the weather:"],
    ["a long paragraph", `Let me ${"check the weather in every city the user named and ".repeat(5)}then report:`],
    ["only a colon", ":"],
  ])("%s is not: %j", (_title, text) => {
    expect(leadsIn(text)).toBe(false);
    expect(leavesReasoningToRead(text)).toBe(false);
  });

  /** [language, lead-ins, lines that are not (a hedge, a refusal, an example, a report, an answer, more than a lead-in)]. */
  const languages: ReadonlyArray<readonly [string, readonly string[], readonly string[]]> = [
    [
      "English, progressive",
      ["Creating the file now:", "Checking the weather…", "Checking the weather in Paris...", "Checking weather in Paris:", "Reading config.json:", "Looking up the forecast:", "Now reading the config file:", "I'm reading the config:", "OK, running the tests:", "Let me check the weather…"],
      [
        "Creating the file would take too long:",
        "Running it returns:",
        "Thinking about it…",
        "Nothing to do:",
        "Showing an example:",
        "Checking the weather maybe:",
        "Checking the weather. Done:",
        "Creating the file now",
        "Creating the file now: done",
        "Missing arguments:",
        "Warning:",
        "Quoting the documentation:",
        "Debugging output:",
        "Parsing error in:",
        "Proposing a call:",
      ],
    ],
    [
      "Chinese",
      ["让我来查看一下文件：", "我来创建这个文件：", "现在我来读取文件：", "正在查看文件…", "好的，我来查一下天气：", "接下来我将运行测试：", "我先看看目录结构:"],
      ["我不会运行这个：", "我无法调用工具：", "让我举个例子：", "让我演示一下调用方式：", "也许我来查一下天气：", "我来查一下天气或者温度：", "文件内容如下：", "我已经创建了文件：", "好的。我来查看：", "你可以这样调用：", "现在天气很好："],
    ],
    [
      "Spanish",
      ["Voy a crear el archivo:", "Déjame revisar el archivo:", "Revisando el clima…", "Ahora voy a ejecutar las pruebas:", "Vamos a leer la configuración:"],
      ["No voy a ejecutar esto:", "Voy a no ejecutar nada:", "Voy a mostrarte un ejemplo:", "Quizás voy a revisar el archivo:", "Voy a revisar el archivo, tal vez:", "Cuando termine el archivo:", "¿Voy a crear el archivo:", "Los archivos son:", "Entiendo lo que pides:"],
    ],
    ["Portuguese", ["Vou criar o arquivo:", "Deixe-me verificar o clima:", "Criando o arquivo…"], ["Não vou executar isso:", "Vou mostrar um exemplo:", "Quando terminar o arquivo:", "Vou verificar talvez o clima:"]],
    [
      "French",
      ["Je vais vérifier la météo :", "Laissez-moi lire le fichier :", "Je suis en train de vérifier…", "Maintenant, je vais lancer les tests :", "On va regarder le dossier :"],
      ["Je ne vais pas lancer ça :", "Je vais vous montrer un exemple :", "Je vais peut-être vérifier la météo :", "Les fichiers sont :", "Je vais vérifier la météo ou la date :"],
    ],
    [
      "German",
      ["Ich werde die Datei lesen:", "Lass mich das Wetter prüfen:", "Jetzt prüfe ich das Wetter:", "Lassen Sie mich den Ordner ansehen:", "Als Nächstes werde ich die Tests starten:"],
      ["Ich werde das nicht ausführen:", "Ich werde keine Datei löschen:", "Ich werde vielleicht die Datei lesen:", "Ich werde ein Beispiel zeigen:", "Die Dateien sind:", "Jetzt denke ich nach:", "Wenn nötig, werde ich die Datei lesen:"],
    ],
    [
      "Japanese",
      ["ファイルを確認します：", "天気を調べてみます…", "ファイルを作成しましょう：", "確認させてください：", "検索中…", "では、ディレクトリの中身を確認しています:"],
      ["ファイルを確認しません：", "この関数を呼び出すことができます：", "ファイルを確認しました：", "例えば、次のように呼び出します：", "確認しますか：", "たぶん天気を調べます：", "サンプルを示します：", "ファイルの中："],
    ],
    [
      "Russian",
      ["Сейчас я проверю погоду:", "Давайте проверим файл:", "Проверяю погоду…", "Позвольте мне прочитать файл:", "Я собираюсь запустить тесты:"],
      ["Я не буду запускать это:", "Давайте я покажу пример:", "Возможно, проверю погоду:", "Думаю об этом…", "Давайте проверим файл или папку:", "Файлы такие:", "Если нужно, давайте проверим файл:"],
    ],
    ["Korean", ["파일을 확인하겠습니다:", "날씨를 확인해 볼게요…"], ["파일을 확인하지 않겠습니다:", "예시를 보여 드리겠습니다:", "아마 날씨를 확인하겠습니다:"]],
  ];

  describe.each(languages.map(([language, leads, others]) => [language, leads, others] as const))("%s", (_language, leads, others) => {
    it.each(leads.map((text) => [text]))("%j is a lead-in", (text) => {
      expect(leadsIn(text)).toBe(true);
      expect(leavesReasoningToRead(text)).toBe(true);
      expectPrefixesMayLeadIn(text);
    });

    it.each(others.map((text) => [text]))("%j is not", (text) => {
      expect(leadsIn(text)).toBe(false);
      expect(leavesReasoningToRead(text)).toBe(false);
    });
  });

  it.each([
    `Creating ${"a ".repeat(95)}:`,
    `Я ${"проверяю ".repeat(20)}:`,
    `让我${"我来".repeat(90)}：`,
    `Voy a ${"ando ".repeat(38)}:`,
    `${"x".repeat(190)}ます：`,
    `${"Jetzt prüfe ich ".repeat(12)}:`,
    `Checking ${"ing ".repeat(50_000)}:`,
  ])("a long line built to make a pattern backtrack is judged without a hang (%#)", (line) => {
    expect([true, false]).toContain(leadsIn(line));
    expect([true, false]).toContain(mayLeadIn(line));
  }, HANG_GUARD_MS);

  it("no text at all still leaves the reasoning to be read", () => {
    expect(leavesReasoningToRead(undefined)).toBe(true);
    expect(leavesReasoningToRead(null)).toBe(true);
    expect(leavesReasoningToRead(" \n")).toBe(true);
  });

  it("a text that can no longer be a lead-in is seen so early, and stays so", () => {
    expect(mayLeadIn("It is sunny. ")).toBe(true);
    expect(mayLeadIn("It is sunny. Paris")).toBe(false);
    expect(mayLeadIn("Let me <")).toBe(false);
    expect(mayLeadIn("x".repeat(201))).toBe(false);
    expect(mayLeadIn(`${" ".repeat(10_000)}Let me check:${" ".repeat(10_000)}`)).toBe(true);
  });
});
