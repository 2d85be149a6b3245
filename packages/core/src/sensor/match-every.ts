/**
 * Every match of a global `regex` in `text`, like `[...text.matchAll(regex)]` but without the
 * per-call regex copy `matchAll` makes (it constructs a new RegExp each time). The regex's
 * `lastIndex` is reset before and after, so module-level patterns can be shared.
 */
export function matchEvery(regex: RegExp, text: string): RegExpExecArray[] {
  const matches: RegExpExecArray[] = []
  regex.lastIndex = 0
  for (let match = regex.exec(text); match !== null; match = regex.exec(text)) {
    matches.push(match)
    if (match[0] === '') regex.lastIndex = advance(text, regex.lastIndex, regex.unicode)
  }
  regex.lastIndex = 0
  return matches
}

/** The next index after an empty match: one code point in unicode mode, else one code unit. */
function advance(text: string, index: number, unicode: boolean): number {
  if (!unicode || index + 1 >= text.length) return index + 1
  const code = text.charCodeAt(index)
  const next = text.charCodeAt(index + 1)
  return code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? index + 2 : index + 1
}
