/** Card networks by number prefix (IIN ranges), most specific first. */
const brands: ReadonlyArray<readonly [string, (prefix: number) => boolean]> = [
  ['American Express', (p) => inRange(p, 2, 34, 34) || inRange(p, 2, 37, 37)],
  ['Diners Club', (p) => inRange(p, 3, 300, 305) || inRange(p, 2, 36, 36) || inRange(p, 2, 38, 39)],
  ['JCB', (p) => inRange(p, 4, 3528, 3589)],
  ['Discover', (p) => inRange(p, 4, 6011, 6011) || inRange(p, 3, 644, 649) || inRange(p, 2, 65, 65)],
  ['UnionPay', (p) => inRange(p, 2, 62, 62)],
  ['Mastercard', (p) => inRange(p, 2, 51, 55) || inRange(p, 4, 2221, 2720)],
  ['Maestro', (p) => inRange(p, 2, 50, 50) || inRange(p, 2, 56, 69)],
  ['Visa', (p) => inRange(p, 1, 4, 4)],
]

/** True when the first `digits` digits of the six-digit `prefix` lie in [low, high]. */
function inRange(prefix: number, digits: number, low: number, high: number): boolean {
  const head = Math.floor(prefix / 10 ** (6 - digits))
  return head >= low && head <= high
}

/** The card network of a card number's digits (`4111…` → `Visa`), or `Card` when unknown. */
export function cardBrand(digits: string): string {
  if (digits.length < 6) return 'Card'
  const prefix = Number(digits.slice(0, 6))
  return brands.find(([, matches]) => matches(prefix))?.[0] ?? 'Card'
}
