/**
 * A call followed by a sentence, in a language other than English, saying its action is already done or its
 * result already had (`文件已创建。`, `Die Datei wurde erstellt.`): the model imagined the outcome, so the text is a
 * transcript, not a call to make, in every format. A sentence of that language that waits on the outcome, speaks
 * of what will or may be, asks or negates claims nothing, and the call is read.
 */
import { describe, expect, it } from "vitest";
import { claimsDoneInOtherLanguage } from "../../../../src/repair/content-calls/action-claims-languages.ts";
import { readBothWays } from "./read-both-ways.ts";
import { args, formats, tools } from "./write-file-formats.ts";

describe("a claim after the call, in another language, that its action is done", () => {
  it.each([
    ["文件已创建。"],
    ["我已经为您写入了文件。"],
    ["文件保存成功！"],
    ["ファイルを作成しました。"],
    ["파일을 만들었습니다."],
    ["He creado el archivo a.txt."],
    ["El archivo fue guardado."],
    ["Escribí el saludo en a.txt."],
    ["O arquivo foi criado."],
    ["Salvei o arquivo."],
    ["J'ai écrit le fichier a.txt."],
    ["Le fichier a été enregistré."],
    ["Ich habe die Datei a.txt geschrieben."],
    ["Die Datei wurde gespeichert."],
    ["Файл создан."],
    ["Я сохранил файл."],
  ])("%j: the call stays text in every format", (claim) => {
    for (const [name, call] of Object.entries(formats)) expect([name, readBothWays(`${call}\n${claim}`, tools).calls]).toEqual([name, []]);
  });

  it.each([
    ["我将创建文件。"],
    ["创建完成后我会告诉你。"],
    ["ファイルを作成します。"],
    ["まだ作成していません。"],
    ["파일을 만들겠습니다."],
    ["아직 파일을 만들지 않았습니다."],
    ["Cuando se haya creado el archivo, te aviso."],
    ["No he creado nada todavía."],
    ["Vou criar o arquivo."],
    ["Une fois le fichier créé, je vous le dirai."],
    ["Le fichier n'a pas encore été créé."],
    ["Sobald die Datei erstellt wurde, melde ich mich."],
    ["Die Datei wurde noch nicht erstellt."],
    ["Файл будет создан."],
    ["Я не создал файл."],
  ])("%j: the call is read", (text) => {
    for (const [name, call] of Object.entries(formats)) expect([name, readBothWays(`${call}\n${text}`, tools).calls]).toEqual([name, [["write_file", args]]]);
  });
});

describe("claimsDoneInOtherLanguage", () => {
  it.each([["邮件已发送。"], ["已获取天气数据。"], ["我查询了天气"], ["メールを送信しました。"], ["검색했습니다."], ["이메일을 보냈습니다."], ["Envié el correo."], ["He obtenido el clima."], ["Enviei o e-mail."], ["J'ai lu le fichier."], ["L'e-mail a été envoyé."], ["Ich habe das Wetter abgerufen."], ["Письмо отправлено."], ["Я нашёл 3 результата."]])(
    "%j claims",
    (text) => expect(claimsDoneInOtherLanguage(text)).toBe(true),
  );
  it.each([["邮件会发送给你吗？"], ["了解しました。"], ["結果があります。"], ["결과가 있습니다."], ["¿Envié el correo?"], ["Si envié el correo, avísame."], ["Je vais envoyer l'e-mail."], ["Ich werde die Datei lesen."], ["Письмо будет отправлено."], ["The file was created."]])(
    "%j claims nothing",
    (text) => expect(claimsDoneInOtherLanguage(text)).toBe(false),
  );
});
