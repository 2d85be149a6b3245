/** What {@link nearestNames} compares a name that found nothing with. */
export interface NearestNamesOptions {
  /** The name the searches found nothing for ("comandRouter", "authentication", "ordrs"). */
  target: string
  /** The repository's file paths (`src/auth.ts`). */
  files: readonly string[]
  /** Lines a search printed (`src/router.ts:5: export class CommandRouter {`), for identifiers. */
  lines?: readonly string[]
  /** At most this many names. @default 3 */
  limit?: number
}

/**
 * The names nearest to a `target` that found nothing: identifiers of `lines` within a small edit
 * distance of it ("comandRouter" → `CommandRouter`), then files whose base name is one of its words,
 * a stem of one ("authentication" → `src/auth.ts`) or a near miss of one ("ordrs" → `src/orders.ts`).
 *
 * @example
 * nearestNames({ target: 'comandRouter', files: ['src/router.ts'], lines: ['src/router.ts:5: export class CommandRouter {'] })
 * // ['CommandRouter', 'src/router.ts']
 */
export function nearestNames({ target, files, lines = [], limit = 3 }: NearestNamesOptions): string[] {
  const whole = target.toLowerCase().replace(/\s+/gu, '')
  const names: string[] = []
  for (const line of lines) {
    const code = line.replace(/^[^:]+:\d+:\s?/u, '')
    for (const [identifier] of code.matchAll(/[\p{L}_$][\p{L}\d_$]{2,}/gu)) {
      const lower = identifier.toLowerCase()
      if (lower !== whole && !names.includes(identifier) && near(whole, lower)) names.push(identifier)
    }
  }
  const words = wordsOf(target)
  const found = files.filter((path) => {
    const base = (path.split('/').at(-1) ?? '').split('.')[0]!.toLowerCase()
    return base.length >= 3 && words.some((word) => word === base || stemOf(word, base) || near(word, base))
  })
  return [...names, ...found].slice(0, limit)
}

/** The words of a name: "comandRouter" → comand, router; "validate tokens" → validate, tokens. */
export function wordsOf(target: string): string[] {
  return target
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\d]+/u)
    .filter((word) => word.length >= 3)
}

/** One is the start of the other, the shorter at least 4 letters: "authentication" and "auth". */
function stemOf(word: string, base: string): boolean {
  const [short, long] = word.length <= base.length ? [word, base] : [base, word]
  return short.length >= 4 && long.startsWith(short)
}

/**
 * Within one edit for up to 5 letters, two beyond: a typo, not another word. A word of four letters
 * or fewer has too many neighbours one edit away ("test" and `text`, "user" and `use`): none.
 * (Two edits need a bounded Levenshtein; `text/editDistanceOne` decides only one.)
 */
function near(left: string, right: string): boolean {
  if (Math.min(left.length, right.length) < 5) return false
  const allowed = Math.max(left.length, right.length) <= 5 ? 1 : 2
  if (Math.abs(left.length - right.length) > allowed) return false
  return distance(left, right, allowed) <= allowed
}

/** Levenshtein distance, stopped once it is past `bound`. */
function distance(left: string, right: string, bound: number): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index)
  for (let row = 1; row <= left.length; row++) {
    const current = [row]
    for (let column = 1; column <= right.length; column++) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1
      current[column] = Math.min(
        previous[column]! + 1,
        current[column - 1]! + 1,
        previous[column - 1]! + cost,
      )
    }
    if (Math.min(...current) > bound) return bound + 1
    previous = current
  }
  return previous[right.length]!
}
