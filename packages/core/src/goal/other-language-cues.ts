/**
 * Cues for requests written in other languages than English. A coding agent's users often write
 * in their own language ("帮我修复这个 bug", "объясни, как работает этот модуль", "¿dónde se
 * define main?"), and without these a third of real requests read as `unknown`. Each entry is the
 * votes and weight of an English cue it mirrors (`fix`, `explain`, `where`) and, per language,
 * the words and phrases that say the same: imperative and infinitive forms as a request writes
 * them, matched only as written (`=`: no typo is corrected to them, and they are never corrected
 * into an English word). Chinese, Japanese and Korean cues match as runs of characters (see
 * `goalWordSource`): `修复` is found in "帮我修复一下". Words that are English too (`dove`, `come`,
 * `usa`, `compare`, `execute`) are left out: they must not change how English reads.
 *
 * Phrases are separated by commas; a phrase of several words matches them in order.
 */
interface OtherLanguageEntry {
  /** Votes as in the cue table (`i:modify a:patch`); `=` is added to every phrase. */
  votes: string
  weight: number
  /** ISO 639-1 language code -> comma-separated phrases. */
  phrases: Readonly<Record<string, string>>
}

const entries: readonly OtherLanguageEntry[] = [
  {
    // add, fix, change, implement, create, write, update, replace, refactor, improve, make
    votes: 'i:modify a:patch',
    weight: 2.5,
    phrases: {
      zh: '添加, 增加, 加上, 加个, 新增, 修改, 改成, 改为, 改一下, 修复, 修正, 修一下, 实现, 重构, 更新, 替换, 换成, 优化, 编写, 写一个, 写个, 创建, 新建, 生成, 完善, 调整, 补充, 改进',
      ja: '追加, 修正, 直して, 直す, 変更, 変えて, 実装, 作成, 作って, 書いて, 更新, 置き換え, 置換, リファクタ, 改善, 対応して, 追記',
      ko: '추가, 수정, 고쳐, 변경, 바꿔, 구현, 작성, 만들어, 생성, 업데이트, 교체, 리팩토링, 개선',
      ru: 'добавь, добавьте, добавить, исправь, исправьте, исправить, поправь, поправьте, почини, измени, измените, изменить, поменяй, поменяйте, сделай, сделайте, создай, создайте, создать, напиши, напишите, реализуй, реализуйте, перепиши, перепишите, обнови, обновите, обновить, замени, замените, переименуй, оптимизируй, улучши, улучшите, доработай, отрефактори, рефакторинг',
      uk: 'додай, додайте, виправ, виправте, зміни, змініть, зроби, зробіть, створи, створіть, напиши, напишіть, онови, оновіть, заміни, реалізуй, покращ',
      es: 'agrega, agregar, agregue, añade, añadir, añada, corrige, corregir, corrija, arregla, arreglar, arregle, modifica, modificar, modifique, cambia, cambiar, cambie, implementa, implementar, implemente, crea, crear, escribe, escribir, escriba, actualiza, actualizar, actualice, reemplaza, reemplazar, reemplace, refactoriza, refactorizar, mejora, mejorar, mejore, haz, hazlo, renombra, agrégale, añádele',
      pt: 'adiciona, adicione, adicionar, acrescenta, acrescente, corrija, corrigir, conserta, conserte, consertar, arruma, arrume, altera, altere, alterar, muda, mude, mudar, implementa, implemente, implementar, cria, crie, criar, escreve, escreva, escrever, atualiza, atualize, atualizar, substitui, substitua, substituir, refatora, refatore, refatorar, melhora, melhore, melhorar, faça, renomeie',
      fr: 'ajoute, ajouter, ajoutez, corrige, corriger, corrigez, répare, réparer, modifie, modifier, modifiez, implémente, implémenter, implémentez, crée, créer, créez, écris, écrire, écrivez, mets à jour, mettre à jour, remplace, remplacer, remplacez, refactorise, refactoriser, améliore, améliorer, améliorez, fais, faites, renomme',
      de: 'füge, hinzufügen, behebe, beheben, korrigiere, korrigieren, repariere, ändere, ändern, implementiere, implementieren, erstelle, erstellen, schreibe, schreib, aktualisiere, aktualisieren, ersetze, ersetzen, verbessere, verbessern, refaktoriere, mach, mache, baue, benenne',
      it: 'aggiungi, aggiungere, correggi, correggere, modifica, modificare, cambia, cambiare, implementa, implementare, crea, creare, scrivi, scrivere, aggiorna, aggiornare, sostituisci, sostituire, migliora, migliorare, rinomina',
      tr: 'ekle, ekleyin, düzelt, düzeltin, değiştir, değiştirin, oluştur, oluşturun, yaz, yazın, güncelle, güncelleyin, uygula, iyileştir',
      pl: 'dodaj, dodajcie, napraw, popraw, zmień, zmien, utwórz, stwórz, napisz, zaktualizuj, zaimplementuj, zamień, ulepsz, zrób',
      id: 'tambahkan, tambah, perbaiki, ubah, ganti, buat, buatkan, tulis, tuliskan, perbarui, implementasikan, tingkatkan',
      vi: 'thêm, sửa, thay đổi, tạo, viết, cập nhật, cải thiện, triển khai',
    },
  },
  {
    // delete, remove, erase, undo, revert, reset
    votes: 'i:modify a:patch !',
    weight: 2.5,
    phrases: {
      zh: '删除, 删掉, 删了, 移除, 去掉, 撤销, 撤回, 回滚, 回退, 还原, 重置, 清空',
      ja: '削除, 消して, 消す, 元に戻, 取り消し, リセット',
      ko: '삭제, 지워, 제거, 되돌려, 취소, 초기화',
      es: 'borra, borrar, bórralo, borrarlo, elimina, eliminar, elimínalo, eliminarlo, deshaz, deshacer, revierte, revertir, quita, quitar',
      pt: 'apaga, apague, apagar, exclua, exclui, excluir, remova, desfaça, desfaz, desfazer, reverta, reverter',
      fr: 'supprime, supprimer, supprimez, efface, effacer, effacez, annule, annuler, annulez',
      it: 'cancella, cancellare, rimuovi, rimuovere, annulla, annullare',
      de: 'lösche, löschen, entferne, entfernen, rückgängig',
      nl: 'verwijder, verwijderen',
      cs: 'smaž, smazat, odstraň, odstranit',
      pl: 'usuń, usunąć, skasuj, cofnij',
      tr: 'sil, silin, kaldır, kaldırın, geri al, geri alın',
      ru: 'удали, удалить, удалите, убери, уберите, сотри, стереть, откати, откатить, отмени, отменить',
      uk: 'видали, видаліть, видалити, прибери',
      id: 'hapus, hapuskan',
      vi: 'xóa, xoá',
    },
  },
  {
    // explain, describe, what does ... do, how does ... work
    votes: 'i:explain',
    weight: 2.5,
    phrases: {
      zh: '解释, 说明一下, 讲解, 讲讲, 介绍一下, 什么意思, 是做什么, 是干什么, 的作用, 怎么工作, 如何工作, 是如何',
      ja: '説明, 教えて, 解説, どういう意味, どのように動',
      ko: '설명, 알려줘, 무슨 뜻, 어떻게 작동',
      ru: 'объясни, объясните, объяснить, расскажи, расскажите, опиши, опишите, что делает, как работает, как устроен, зачем нужен',
      uk: 'поясни, поясніть, розкажи, опиши, що робить, як працює',
      es: 'explica, explícame, explicar, explique, explícamelo, qué hace, cómo funciona, descríbeme',
      pt: 'explica, explique, explicar, me explica, o que faz, como funciona, descreva',
      fr: 'explique, expliquer, expliquez, que fait, comment fonctionne, comment marche, décris, décrivez',
      de: 'erkläre, erklären, erklär, beschreibe, wie funktioniert, was macht',
      it: 'spiega, spiegami, spiegare, descrivi, come funziona, cosa fa, che cosa fa',
      tr: 'açıkla, açıklayın, anlat, nasıl çalışıyor, ne yapıyor',
      pl: 'wyjaśnij, wytłumacz, opisz, jak działa, co robi',
      id: 'jelaskan, terangkan, bagaimana cara kerja, apa fungsi',
      vi: 'giải thích, hoạt động như thế nào',
    },
  },
  {
    // what is (as weak as English `what is`)
    votes: 'i:explain',
    weight: 1,
    phrases: {
      zh: '是什么',
      ja: 'とは何',
      ru: 'что такое',
      es: 'qué es',
      pt: 'o que é',
      de: 'was ist',
      vi: 'là gì',
    },
  },
  {
    // where, find, search, which file
    votes: 'i:locate',
    weight: 2.5,
    phrases: {
      zh: '在哪, 哪里, 哪儿, 哪个文件, 找到, 查找, 搜索, 定位, 找一下, 找出',
      ja: 'どこ, 探して, 検索, 見つけて',
      ko: '어디, 찾아, 검색',
      ru: 'где, найди, найдите, найти, поищи, ищи, в каком файле',
      uk: 'де, знайди, знайдіть',
      es: 'dónde, donde, busca, buscar, encuentra, encontrar, en qué archivo',
      pt: 'onde, procura, procure, procurar, encontre, encontrar, busque, em qual arquivo',
      fr: 'où, cherche, chercher, cherchez, trouve, trouver, trouvez, dans quel fichier',
      de: 'wo, finde, finden, suche, suchen, in welcher datei',
      it: 'trova, trovare, cerca, cercare',
      tr: 'nerede, bul, bulun',
      pl: 'gdzie, znajdź, znajdz, wyszukaj',
      id: 'di mana, dimana, cari, temukan',
      vi: 'ở đâu, tìm',
    },
  },
  {
    // why, error, fails, does not work, crashes
    votes: 'i:diagnose a:root-cause',
    weight: 2,
    phrases: {
      zh: '为什么, 为啥, 怎么回事, 报错, 错误, 出错, 失败, 异常, 崩溃, 不工作, 不起作用, 不生效, 不行, 无法',
      ja: 'なぜ, どうして, エラー, 失敗, 動かない, 落ちる',
      ko: '왜, 오류, 에러, 실패, 작동하지',
      ru: 'почему, ошибка, ошибку, ошибки, ошибкой, не работает, не запускается, падает, упал, сломалось, вылетает',
      uk: 'чому, помилка, помилку, не працює, падає',
      es: 'por qué, porque no, falla, fallo, no funciona, se rompe',
      pt: 'por que, porque não, erro, erros, falha, não funciona, quebrou',
      fr: 'pourquoi, erreur, erreurs, échoue, ne fonctionne pas, ne marche pas, plante',
      de: 'warum, wieso, fehler, funktioniert nicht, schlägt fehl, stürzt ab',
      it: 'perché, perche, errore, errori, non funziona, fallisce',
      tr: 'neden, niçin, hata, hatası, çalışmıyor',
      pl: 'dlaczego, czemu, błąd, blad, nie działa',
      id: 'kenapa, mengapa, kesalahan, galat, tidak berfungsi, tidak jalan',
      vi: 'tại sao, vì sao, lỗi, không hoạt động',
    },
  },
  {
    // run, execute, install, start, build
    votes: 'i:execute a:execution-output',
    weight: 2,
    phrases: {
      zh: '运行, 执行, 跑一下, 启动, 安装, 编译, 构建, 部署',
      ja: '実行, 起動, インストール, ビルド',
      ko: '실행, 설치, 빌드',
      ru: 'запусти, запустите, запустить, выполни, выполните, установи, установите, собери, соберите',
      uk: 'запусти, запустіть, виконай, встанови',
      es: 'ejecuta, ejecutar, ejecute, corre, correr, instala, instalar, lanza, compila',
      pt: 'executa, executar, roda, rode, rodar, instala, instale, instalar, compila',
      fr: 'exécute, exécuter, exécutez, lance, lancer, lancez, installe, installer',
      de: 'führe, ausführen, starte, starten, installiere, installieren, kompiliere',
      it: 'esegui, eseguire, lancia, avvia, installa, compila',
      tr: 'çalıştır, çalıştırın, kur, yükle, derle',
      pl: 'uruchom, wykonaj, zainstaluj, skompiluj',
      id: 'jalankan, eksekusi, instal, pasang',
      vi: 'chạy, cài đặt, biên dịch',
    },
  },
  {
    // review, audit
    votes: 'i:review a:report',
    weight: 2.5,
    phrases: {
      zh: '审查, 审核, 代码审查, 评审, 看看有没有问题',
      ja: 'レビュー',
      ko: '리뷰, 검토',
      ru: 'ревью, посмотри код, оцени',
      uk: 'ревʼю',
      es: 'revisa, revisar, audita',
      pt: 'revisa, audite',
      fr: 'relis, relisez, révise, audite',
      de: 'begutachte',
      it: 'rivedi',
      tr: 'incele, gözden geçir',
      pl: 'przejrzyj, oceń',
      id: 'tinjau',
      vi: 'xem lại, đánh giá',
    },
  },
  {
    // check, verify (as weak as English `check`: "check why it fails" asks for a diagnosis)
    votes: 'i:review',
    weight: 1,
    phrases: {
      zh: '检查, 检查一下',
      ja: 'チェック, 確認して',
      ko: '확인해',
      ru: 'проверь, проверьте, проверить',
      uk: 'перевір, перевірте',
      es: 'verifica, comprueba',
      pt: 'verifique, verifica, confira',
      fr: 'vérifie, vérifiez',
      de: 'überprüfe, prüfe, prüfen, überprüfen',
      it: 'controlla, controllare, verifica',
      tr: 'kontrol et',
      pl: 'sprawdź, sprawdz',
      id: 'periksa, cek',
      vi: 'kiểm tra',
    },
  },
  {
    // compare, difference
    votes: 'i:compare a:difference',
    weight: 3,
    phrases: {
      zh: '比较, 对比, 区别, 差异, 有什么不同',
      ja: '比較, 違い, 差分',
      ko: '비교, 차이',
      ru: 'сравни, сравните, сравнить, разница, разницу, отличие, отличия, чем отличается',
      uk: 'порівняй, різниця, різницю',
      es: 'compara, comparar, diferencia, diferencias',
      pt: 'compara, comparar, diferença, diferenças',
      fr: 'comparer, comparez, différence, différences',
      de: 'vergleiche, vergleichen, unterschied, unterschiede',
      it: 'confronta, confrontare, differenza, differenze',
      tr: 'karşılaştır, fark',
      pl: 'porównaj, różnica, różnice',
      id: 'bandingkan, perbedaan',
      vi: 'so sánh, khác nhau',
    },
  },
  {
    // show, open, print a file
    votes: 'i:navigate',
    weight: 1.5,
    phrases: {
      zh: '打开, 显示, 查看, 看一下, 给我看, 列出',
      ja: '開いて, 表示, 見せて',
      ko: '열어, 보여줘, 표시',
      ru: 'покажи, покажите, открой, откройте, выведи',
      uk: 'покажи, покажіть, відкрий',
      es: 'muestra, muéstrame, mostrar, abre, abrir, enséñame',
      pt: 'mostra, mostre, mostrar, abre, abra, abrir',
      fr: 'montre, affiche, afficher, ouvre, ouvrir',
      de: 'zeige, zeig, öffne, öffnen, anzeigen',
      it: 'mostra, mostrami, apri, aprire',
      tr: 'göster, aç',
      pl: 'pokaż, pokaz, otwórz, wyświetl',
      id: 'tampilkan, tunjukkan, buka',
      vi: 'hiển thị, mở, cho xem',
    },
  },
  {
    // status, progress, what changed
    votes: 'i:status a:status',
    weight: 2,
    phrases: {
      zh: '进度, 改了什么, 哪些文件改',
      ja: '進捗, ステータス',
      ko: '진행 상황',
      ru: 'статус, прогресс',
      uk: 'статус',
      es: 'progreso',
      pt: 'progresso',
      fr: 'progression',
      de: 'fortschritt',
      it: 'avanzamento',
      pl: 'postęp',
      id: 'kemajuan',
      vi: 'tiến độ',
    },
  },
  {
    // hello, thanks
    votes: 'i:chat',
    weight: 3,
    phrases: {
      zh: '你好, 谢谢, 感谢, 你是谁',
      ja: 'こんにちは, ありがとう',
      ko: '안녕, 감사, 고마워',
      ru: 'привет, спасибо, здравствуйте, благодарю',
      uk: 'привіт, дякую',
      es: 'hola, gracias',
      pt: 'olá, obrigado, obrigada',
      fr: 'bonjour, merci, salut',
      de: 'hallo, danke',
      it: 'ciao, grazie',
      tr: 'merhaba, teşekkürler, teşekkür',
      pl: 'cześć, dzięki, dziękuję',
      id: 'halo, terima kasih',
      vi: 'xin chào, cảm ơn',
    },
  },
  {
    // how (as weak as English `how is`: "cómo" also says "as")
    votes: 'i:explain',
    weight: 1,
    phrases: {
      zh: '怎样, 怎么样, 如何',
      ja: 'どうやって, どのように',
      ko: '어떻게',
      ru: 'как',
      uk: 'як',
      es: 'cómo',
      pt: 'como',
      fr: 'comment',
      de: 'wie',
      tr: 'nasıl',
      pl: 'jak',
      id: 'bagaimana',
      vi: 'như thế nào',
    },
  },
  {
    // architecture, the project's structure
    votes: 'e:architecture a:overview',
    weight: 3,
    phrases: {
      zh: '架构, 整体结构, 项目结构',
      ja: 'アーキテクチャ, 全体像',
      ko: '아키텍처',
      ru: 'архитектура, архитектуру, архитектуры, структура проекта, структуру проекта',
      uk: 'архітектура, архітектуру',
      es: 'arquitectura, estructura del proyecto',
      pt: 'arquitetura, estrutura do projeto',
      fr: 'structure du projet',
      de: 'architektur, projektstruktur',
      it: 'architettura, struttura del progetto',
      tr: 'mimari',
      pl: 'architektura, architekturę',
      id: 'arsitektur',
      vi: 'kiến trúc',
    },
  },
  {
    // the project, the codebase
    votes: 'e:codebase s:global',
    weight: 2.5,
    phrases: {
      zh: '项目, 代码库, 整个代码',
      ja: 'プロジェクト, コードベース',
      ko: '프로젝트, 코드베이스',
      ru: 'проект, проекта, проекте, кодовая база',
      uk: 'проєкт, проект',
      es: 'proyecto, código base',
      pt: 'projeto, base de código',
      fr: 'projet',
      de: 'projekt, codebasis',
      it: 'progetto',
      tr: 'proje',
      pl: 'projekt',
      id: 'proyek',
      vi: 'dự án',
    },
  },
  {
    // tests
    votes: 'e:test',
    weight: 2.5,
    phrases: {
      zh: '测试, 单元测试',
      ja: 'テスト',
      ko: '테스트',
      ru: 'тест, тесты, тестов, тесты',
      uk: 'тест, тести',
      es: 'prueba, pruebas',
      pt: 'teste, testes',
      it: 'prova',
      pl: 'testy',
    },
  },
  {
    // a file
    votes: 'e:file s:local',
    weight: 2,
    phrases: {
      zh: '文件',
      ja: 'ファイル',
      ko: '파일',
      ru: 'файл, файле, файла',
      uk: 'файл',
      es: 'archivo, fichero',
      pt: 'arquivo, ficheiro',
      fr: 'fichier',
      de: 'datei',
      tr: 'dosya',
      pl: 'plik',
      id: 'berkas',
      vi: 'tệp',
    },
  },
  {
    // a function, a class
    votes: 'e:symbol',
    weight: 2,
    phrases: {
      zh: '函数, 方法, 类',
      ja: '関数, メソッド, クラス',
      ko: '함수, 메서드, 클래스',
      ru: 'функция, функцию, функции, метод, класс',
      uk: 'функція, функцію, метод',
      es: 'función, método, clase',
      pt: 'função, método, classe',
      fr: 'fonction, méthode, classe',
      de: 'funktion, methode, klasse',
      it: 'funzione, metodo, classe',
      tr: 'fonksiyon, metot, sınıf',
      pl: 'funkcja, funkcję, metoda, klasa',
      id: 'fungsi, metode, kelas',
      vi: 'hàm, phương thức, lớp',
    },
  },
]

/** The cue rows of every entry: `[phrase, votes with '=', weight]`, as the cue table writes them. */
export const otherLanguageRows: ReadonlyArray<readonly [string, string, number]> = entries.flatMap(
  ({ votes, weight, phrases }) =>
    Object.values(phrases).flatMap((list) =>
      list
        .split(',')
        .map((phrase) => phrase.trim())
        .filter((phrase) => phrase !== '')
        .map((phrase) => [phrase, `${votes} =`, weight] as const),
    ),
)
