/**
 * The sentence after a turn's calls that says their action is already done or their result already had, in
 * languages other than English (`action-claims.ts` reads English): `文件已创建。`, `邮件已发送。`, `我创建了文件。`,
 * `ファイルを作成しました。`, `이메일을 보냈습니다.`, `He creado el archivo.`, `Envié el correo.`, `O arquivo foi criado.`,
 * `L'e-mail a été envoyé.`, `J'ai lu le fichier.`, `Ich habe die Datei gelesen.`, `Die Datei wurde erstellt.`,
 * `Файл создан.`, `Я создал файл.` The turn's calls run only once it ends, so the model imagined the outcome.
 * Each language names its perfect or past of what tools do (create, write, send, save, delete, update, read, fetch,
 * search, run, add, move, book, use or call a tool) and its passive; a sentence of that language that waits on
 * something, speaks of what will or may be, asks or negates claims nothing (`完成后我会告诉你。`, `Je vais envoyer…`,
 * `Sobald die Datei erstellt wurde, …`, `Die Datei wurde noch nicht erstellt.`, `Файл будет создан.`,
 * `まだ作成していません。`, `아직 만들지 않았습니다.`).
 */

interface LanguageClaims {
  /** The deed or the result reported as done. */
  readonly claim: RegExp;
  /** What makes the sentence no claim: a condition, the future, a possibility, a question or a negation. */
  readonly noClaim: RegExp;
}

const ZH_VERBS = "(?:创建|新建|写入|写好|发送|发出|保存|删除|更新|修改|获取|读取|查询|查看|搜索|执行|运行|添加|移动|重命名|上传|下载|提交|预订|安排|调用|使用)";

/** Korean syllables that close on ㅆ (the past's `-었`, `-았`, `했`, `됐`, `보냈`…), but `있` (there is) and `겠` (will). */
const KO_PAST = ((): string => {
  let set = "";
  for (let initial = 0; initial < 19; initial++) {
    for (let medial = 0; medial < 21; medial++) {
      const syllable = String.fromCharCode(0xac00 + (initial * 21 + medial) * 28 + 20);
      if (syllable !== "있" && syllable !== "겠") set += syllable;
    }
  }
  return `[${set}]`;
})();

const LANGUAGES: readonly LanguageClaims[] = [
  // Chinese: `已` before the verb, the verb then `成功`/`完毕`, or `我…了`.
  {
    claim: new RegExp(`已(?:经)?(?:成功)?(?:为您|帮您|给您)?${ZH_VERBS}|${ZH_VERBS}(?:成功|完毕|完成)|我(?:刚刚?|已经?)?(?:为您|帮您|给您)?${ZH_VERBS}了`, "u"),
    noClaim: /将|会|要|正在|即将|未|没|不|吗|如果|一旦|等到|之后|以后|[?？]/u,
  },
  // Japanese: a verbal noun with `しました`/`されました`, or a verb's polite past.
  {
    claim: /(?<!了解|承知|理解|納得)(?:作成|保存|送信|削除|更新|変更|取得|実行|追加|書き込み|読み込み|検索|確認|完了|登録|移動|予約|調査)(?:しました|されました|が完了しました|済み)|(?:見つけ|書き|読み|送り|作り|調べ)ました/u,
    noClaim: /ません|ない|でしょう|ましょう|たら|れば|後で|[?？]|か[。]?\s*$/u,
  },
  // Korean: a past ending (`-었습니다`, `했어요`, `보냈습니다`).
  {
    claim: new RegExp(`${KO_PAST}(?:습니다|어요)`, "u"),
    noClaim: /않|못|안\s|겠|[?？]|면\s|후에|다음에/u,
  },
  // Spanish: `he`/`hemos` and a participle, a first person preterite, or a passive.
  {
    claim:
      /(?<!\p{L})(?:(?:he|hemos)\s+(?:ya\s+)?(?:cread[oa]|escrito|enviado|guardado|eliminado|borrado|actualizado|modificado|leído|obtenido|consultado|buscado|encontrado|ejecutado|añadido|agregado|movido|renombrado|subido|descargado|reservado|programado|completado|terminado|usado|utilizado|llamado)|(?:creé|escribí|envié|guardé|eliminé|borré|actualicé|modifiqué|leí|obtuve|consulté|busqué|ejecuté|añadí|agregué|moví|renombré|subí|descargué|reservé|programé|completé|terminé|usé|utilicé|llamé)|(?:fue|fueron|ha\s+sido|han\s+sido|se\s+ha|se\s+han|quedó|quedaron)\s+(?:cread|escrit|enviad|guardad|eliminad|borrad|actualizad|modificad|completad|programad|reservad|subid|agregad|añadid)[oa]s?)(?!\p{L})/iu,
    noClaim: /(?<!\p{L})(?:cuando|si|una vez|después de|antes de|hasta|no|nunca|voy|vamos|va|será|serán|puedo|podría|debería)(?!\p{L})|[¿?]/iu,
  },
  // Portuguese: a first person preterite, or a passive.
  {
    claim:
      /(?<!\p{L})(?:criei|escrevi|enviei|salvei|guardei|apaguei|excluí|atualizei|modifiquei|obtive|consultei|pesquisei|busquei|executei|adicionei|renomeei|carreguei|baixei|reservei|agendei|concluí|terminei|usei|chamei|(?:foi|foram|está|estão)\s+(?:criad|escrit|enviad|salv|guardad|apagad|excluíd|atualizad|modificad|adicionad|agendad|reservad|concluíd)[oa]s?)(?!\p{L})/iu,
    noClaim: /(?<!\p{L})(?:quando|se|assim que|depois de|antes de|até|não|nunca|vou|vamos|vai|será|serão|posso|poderia|deveria)(?!\p{L})|\?/iu,
  },
  // French: `j'ai`/`nous avons` and a participle, or a passive (`a été`, `est`).
  {
    claim:
      /(?<!\p{L})(?:(?:j['’]ai|nous avons|on a)\s+(?:(?:bien|déjà|maintenant|correctement)\s+)?(?:créé|écrit|envoyé|enregistré|sauvegardé|supprimé|mis à jour|modifié|lu|récupéré|obtenu|consulté|cherché|recherché|trouvé|exécuté|lancé|ajouté|déplacé|renommé|publié|planifié|réservé|terminé|téléchargé|utilisé|appelé)|(?:a|ont)\s+été\s+(?:(?:bien|correctement)\s+)?(?:créé|écrit|envoyé|enregistré|sauvegardé|supprimé|mis à jour|modifié|ajouté|déplacé|renommé|publié|planifié|réservé|téléchargé|exécuté)e?s?|(?:est|sont)\s+(?:maintenant\s+|bien\s+)?(?:créé|enregistré|sauvegardé|envoyé|mis à jour|supprimé|terminé)e?s?)(?!\p{L})/iu,
    noClaim: /(?<!\p{L})(?:quand|lorsque|si|une fois|après|avant|jusqu|ne|n['’]|pas|jamais|vais|allons|va|sera|seront|pourrai|pourrais|devrai|dès que)(?!\p{L})|\?/iu,
  },
  // German: `ich habe`/`wir haben` … a participle, or a passive (`wurde … erstellt`); a dot inside a word (`a.txt`) ends no sentence.
  {
    claim:
      /(?<!\p{L})(?:(?:ich|wir)\s+(?:habe|haben|hab)(?!\p{L})(?:[^.!?\n]|\.(?=\w)){0,60}?|(?:wurde|wurden|ist|sind)\s+(?:(?:[^.!?\n]|\.(?=\w)){0,60}?\s)?)(?:erstellt|angelegt|geschrieben|gesendet|verschickt|geschickt|gespeichert|gelöscht|entfernt|aktualisiert|geändert|gelesen|abgerufen|geholt|gesucht|ausgeführt|hinzugefügt|verschoben|umbenannt|hochgeladen|heruntergeladen|gebucht|geplant|abgeschlossen|erledigt|verwendet|benutzt|aufgerufen|nachgeschaut|überprüft|geprüft)(?!\p{L})/iu,
    noClaim: /(?<!\p{L})(?:wenn|falls|sobald|nachdem|bevor|bis|ob|nicht|nie|kein|keine|werde|werden|wird|kann|könnte|sollte|soll|möchte)(?!\p{L})|\?/iu,
  },
  // Russian: a past verb, or a short passive participle (`создан`, `отправлено`).
  {
    claim:
      /(?<!\p{L})(?:(?:создал|записал|отправил|сохранил|удалил|обновил|изменил|прочитал|получил|выполнил|добавил|переместил|переименовал|загрузил|скачал|забронировал|запланировал|завершил|проверил|использовал|вызвал|нашёл|нашел|нашл)(?:а|и|о)?|(?:создан|записан|отправлен|сохранен|сохранён|удален|удалён|обновлен|обновлён|изменен|изменён|добавлен|перемещен|перемещён|переименован|загружен|скачан|забронирован|запланирован|завершен|завершён|выполнен)(?:а|о|ы)?)(?!\p{L})/iu,
    noClaim: /(?<!\p{L})(?:когда|если|как только|после|пока|не|ни|никогда|буду|будет|будут|могу|может|можно|должен|собираюсь)(?!\p{L})|\?/iu,
  },
];

/** Whether `sentence` says, in one of these languages, that a call's deed is done or its result had. */
export function claimsDoneInOtherLanguage(sentence: string): boolean {
  return LANGUAGES.some((language) => language.claim.test(sentence) && !language.noClaim.test(sentence));
}
