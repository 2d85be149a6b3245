/** Shannon entropy of strings and of runs of random-looking characters (keys, tokens, passwords). */

const entropyOther = 1
const entropyDigit = 2
const entropyLetter = 3
/** ASCII table: 0 not part of a random-looking string, else other (`+/=_-`), digit or letter. */
const entropyTable = (() => {
  const table = new Uint8Array(128)
  for (const char of '+/=_-') table[char.charCodeAt(0)] = entropyOther
  for (let code = 48; code <= 57; code++) table[code] = entropyDigit
  for (let code = 65; code <= 90; code++) table[code] = entropyLetter
  for (let code = 97; code <= 122; code++) table[code] = entropyLetter
  return table
})()

/** Class of a code: 0 (not part of a random-looking string), other, digit or letter. */
export function entropyClass(code: number): number {
  return code < 128 ? (entropyTable[code] as number) : 0
}

/** Shannon entropy in bits per character. */
export function shannonEntropy(text: string, start: number, end: number): number {
  const counts = entropyCounts
  const seen = entropySeen
  seen[0] = 0
  seen[1] = 0
  seen[2] = 0
  seen[3] = 0
  let other = 0
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index)
    if (code >= 128) other++
    else {
      counts[code] = (counts[code] as number) + 1
      seen[code >>> 5] = (seen[code >>> 5] as number) | (1 << (code & 31))
    }
  }
  const length = end - start
  const cached = length < termCacheLengths
  const row = length * termCacheLengths
  let entropy = 0
  // Codes in ascending order (set bits, lowest first), as a sum over the whole table would run.
  for (let word = 0; word < 4; word++) {
    for (let bits = seen[word] as number; bits !== 0; bits &= bits - 1) {
      const code = word * 32 + 31 - Math.clz32(bits & -bits)
      const count = counts[code] as number
      counts[code] = 0
      let term = cached ? (termCache[row + count] as number) : Number.NaN
      if (Number.isNaN(term)) {
        const probability = count / length
        term = probability * Math.log2(probability)
        if (cached) termCache[row + count] = term
      }
      entropy -= term
    }
  }
  // Non-ASCII characters are counted as distinct (an upper bound is fine for a prefilter).
  if (other > 0) entropy -= other * (1 / length) * Math.log2(1 / length)
  return entropy
}

const entropyCounts = new Uint32Array(128)
/** Which ASCII codes occur, as four 32-bit words. */
const entropySeen = new Int32Array(4)
/** `p * log2(p)` for `p = count / length`, per length below the bound (NaN until computed). */
const termCacheLengths = 128
const termCache = new Float64Array(termCacheLengths * termCacheLengths).fill(Number.NaN)

/**
 * Shannon entropy of a run of ASCII entropy characters, as `shannonEntropy` computes it (same
 * terms, same order), or -1 when the run has no digit or fewer than four letters. One read of the
 * run serves both the digit and letter counts and the entropy.
 */
export function runEntropy(text: string, start: number, end: number): number {
  const counts = entropyCounts
  const seen = entropySeen
  seen[0] = 0
  seen[1] = 0
  seen[2] = 0
  seen[3] = 0
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index)
    counts[code] = (counts[code] as number) + 1
    seen[code >>> 5] = (seen[code >>> 5] as number) | (1 << (code & 31))
  }
  const length = end - start
  const cached = length < termCacheLengths
  const row = length * termCacheLengths
  let digits = 0
  let letters = 0
  let entropy = 0
  for (let word = 0; word < 4; word++) {
    for (let bits = seen[word] as number; bits !== 0; bits &= bits - 1) {
      const code = word * 32 + 31 - Math.clz32(bits & -bits)
      const count = counts[code] as number
      counts[code] = 0
      const kind = entropyTable[code] as number
      if (kind === entropyDigit) digits += count
      else if (kind === entropyLetter) letters += count
      let term = cached ? (termCache[row + count] as number) : Number.NaN
      if (Number.isNaN(term)) {
        const probability = count / length
        term = probability * Math.log2(probability)
        if (cached) termCache[row + count] = term
      }
      entropy -= term
    }
  }
  return digits === 0 || letters < 4 ? -1 : entropy
}
