/** The English number words from `zero` to `nineteen`, each at its value's index. */
export const numberUnits: readonly string[] = (
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen ' +
  'sixteen seventeen eighteen nineteen'
).split(' ')
/** The tens from `twenty` to `ninety`, in order (`twenty` is 20). */
export const numberTens: readonly string[] = 'twenty thirty forty fifty sixty seventy eighty ninety'.split(
  ' ',
)
const scales: ReadonlyMap<string, number> = new Map([
  ['hundred', 100],
  ['thousand', 1000],
  ['dozen', 12],
])

/**
 * A regular-expression alternation of every number word `parseNumberWord` reads, longest first so
 * `seventeen` is not read as `seven`. Use it inside `\b(...)\b`.
 */
export const numberWordPattern: string = [
  ...numberTens.map((ten) => `${ten}(?:[- ](?:${numberUnits.slice(1, 10).join('|')}))?`),
  ...[...numberUnits].sort((left, right) => right.length - left.length),
  ...scales.keys(),
].join('|')

/**
 * A number spelled in words, one or more of them ("forty", "twenty-five", "one hundred and
 * twenty"), as a regular-expression source with no group of its own.
 */
export const spelledNumberPattern: string = String.raw`(?:${numberWordPattern})(?:[\s-]+(?:and\s+)?(?:${numberWordPattern}))*`

/**
 * The value of an English number word up to ninety-nine (`seven`, `seventeen`, `twenty-five`,
 * `twenty five`), or `hundred`, `thousand`, `dozen`; digits (`24`, `1,500`) too. Undefined for
 * anything else. Vague quantities (`a few`, `several`) are not numbers: callers that accept them
 * say what they mean.
 */
export function parseNumberWord(word: string): number | undefined {
  const lower = word.trim().toLowerCase()
  if (/^\d{1,3}(?:,\d{3})+$|^\d+$/u.test(lower)) return Number(lower.replace(/,/gu, ''))
  const unit = numberUnits.indexOf(lower)
  if (unit >= 0) return unit
  const scale = scales.get(lower)
  if (scale !== undefined) return scale
  const [ten, one, ...rest] = lower.split(/[- ]/u)
  const tenIndex = numberTens.indexOf(ten ?? '')
  if (tenIndex < 0 || rest.length > 0) return undefined
  if (one === undefined) return 20 + tenIndex * 10
  const oneIndex = numberUnits.indexOf(one)
  return oneIndex >= 1 && oneIndex <= 9 ? 20 + tenIndex * 10 + oneIndex : undefined
}
