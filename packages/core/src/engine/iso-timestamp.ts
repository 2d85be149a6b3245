/**
 * `new Date(ms).toISOString()` for the engine's per-turn timestamps, with the text up to the
 * second remembered: a turn stamps its record more than once, and the turns of a busy engine fall
 * in the same second, where only the milliseconds differ. Times outside 1970–9999 or not whole
 * milliseconds go through `Date` as they are.
 */
export function isoTimestamp(ms: number): string {
  if (!Number.isInteger(ms) || ms < 0 || ms >= lastFourDigitYear) return new Date(ms).toISOString()
  const second = Math.floor(ms / 1000)
  if (second !== remembered.second) {
    const text = new Date(ms).toISOString()
    remembered = { second, upToSecond: text.slice(0, 20) }
    return text
  }
  const millis = ms - second * 1000
  return `${remembered.upToSecond}${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`
}

/** The first millisecond of the year 10000, whose ISO text has six digits for its year. */
const lastFourDigitYear = 253_402_300_800_000

/** The last second stamped and its ISO text up to and including the seconds' dot. */
let remembered = { second: Number.NaN, upToSecond: '' }
