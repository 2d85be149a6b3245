/**
 * The UTF-8 bytes of a value's JSON text: what a memory store holds for it, near enough to bound a
 * session by. A value JSON cannot write (a cycle) counts as 0. Counted from the UTF-16 code units,
 * without encoding the text (the store measures every state it keeps).
 */
export function measureJsonBytes(value: unknown): number {
  let text: string | undefined
  try {
    text = JSON.stringify(value)
  } catch {
    return 0
  }
  return text === undefined ? 0 : utf8Length(text)
}

/**
 * The length of `text` in UTF-8, as `TextEncoder` writes it: a surrogate pair is 4 bytes, a lone
 * surrogate 3 (it is written as U+FFFD).
 */
export function utf8Length(text: string): number {
  let bytes = 0
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code < 0x80) bytes += 1
    else if (code < 0x800) bytes += 2
    else if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4
        index++
      } else bytes += 3
    } else bytes += 3
  }
  return bytes
}
