import { charCode, isWordCode } from './detectors/char-classes.ts'

/** Passages shorter than this are never blanked (`$5` would have blanked the `$5` of `$500`). */
export const shortestQuoted = 16

/**
 * `text` with each quoted passage in it blanked (spaces), where it stands whole (not glued to a
 * word or a digit), or `text` itself when there is none.
 */
export function unquoted(text: string, quoted: readonly string[] | undefined): string {
  let result = text
  for (const passage of quoted ?? []) {
    if (passage.length < shortestQuoted) continue
    for (let at = result.indexOf(passage); at >= 0; at = result.indexOf(passage, at + passage.length)) {
      const before = result.charCodeAt(at - 1)
      const after = result.charCodeAt(at + passage.length)
      if (isGlued(before) || isGlued(after)) continue
      result = `${result.slice(0, at)}${' '.repeat(passage.length)}${result.slice(at + passage.length)}`
    }
  }
  return result
}

/** An ASCII letter, digit, `_` or `$` (NaN, outside the text, is not): a passage glued to it is not whole. */
function isGlued(code: number): boolean {
  return isWordCode(code) || code === charCode.dollar
}

/** Where each passage occurs in a text, overlapping ones too, as [from, to), glued or not. */
export function quotedOccurrences(
  text: string,
  passages: readonly string[],
): Array<readonly [number, number]> {
  const found: Array<readonly [number, number]> = []
  for (const passage of passages)
    for (let at = text.indexOf(passage); at >= 0; at = text.indexOf(passage, at + 1))
      found.push([at, at + passage.length])
  return found
}
