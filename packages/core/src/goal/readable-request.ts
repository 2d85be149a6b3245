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
  return foldLookalikes(text.replace(invisible, '').replace(compatibilityRun, (run) => run.normalize('NFKC')))
}
