import { foldLookalikes } from '../enforcement/detectors/visible-text.ts'

const nonAscii = /[^\p{ASCII}]/u

/** Characters that render as nothing: zero-width spaces and joiners, soft hyphens, bidi controls. */
const invisible = /\p{Default_Ignorable_Code_Point}+/gu

/**
 * Runs of other characters than ASCII and the scripts written without spaces (with their clause
 * punctuation, `，。？！；：`, which ends a clause with no space after it): the runs whose
 * compatibility forms NFKC reads as ASCII (full-width `ｕｎｄｏ`, mathematical `𝐝𝐞𝐥𝐞𝐭𝐞`, the `ﬁ`
 * ligature).
 */
const compatibilityRun =
  /[^\p{ASCII}\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\u3000-\u303f\uff01\uff0c\uff1a\uff1b\uff1f]+/gu

/**
 * A request as a reader sees it: invisible characters left out, compatibility forms folded (NFKC)
 * and Cyrillic or Greek letters drawn like Latin ones read as those inside Latin words (`dеlete`
 * with a Cyrillic `е`). A destructive request written so reads as destructive: full-width
 * `ｕｎｄｏ my last commit` had read as a confident look at the log (outside review rv62 2). ASCII
 * comes back as it is.
 */
export function readableRequest(text: string): string {
  if (!nonAscii.test(text)) return text
  let read = invisibleOne.test(text) ? text.replace(invisible, '') : text
  if (compatibilityForm.test(read)) read = read.replace(compatibilityRun, (run) => run.normalize('NFKC'))
  return mixedScript.test(read) ? foldLookalikes(read) : read
}

const invisibleOne = /\p{Default_Ignorable_Code_Point}/u
/**
 * Where compatibility forms NFKC folds to ASCII live: spacing and superscript marks, letterlike
 * symbols, enclosed alphanumerics, ligatures, full-width forms, mathematical alphanumerics. Text
 * without any (most text in any script) is not normalised at all.
 */
const compatibilityForm =
  /[\u00aa\u00b2\u00b3\u00b9\u00ba\u2070-\u209f\u2100-\u215f\u2460-\u24ff\ufb00-\ufb4f\uff01-\uff5e\u{1d400}-\u{1d7ff}]/u
/** A Latin letter beside a Greek or Cyrillic one: a word that may mix look-alikes in. */
const mixedScript = /[a-z][\u0370-\u052f]|[\u0370-\u052f][a-z]/i
