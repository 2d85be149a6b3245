/**
 * True when `left` and `right` differ by at most one insertion, deletion, substitution or swap of
 * two neighbouring letters (optimal string alignment distance <= 1).
 */
export function editDistanceOne(left: string, right: string): boolean {
  if (left === right) return true
  const lengthGap = left.length - right.length
  if (lengthGap > 1 || lengthGap < -1) return false
  let start = 0
  while (start < left.length && start < right.length && left[start] === right[start]) start++
  if (lengthGap === 1) return left.slice(start + 1) === right.slice(start)
  if (lengthGap === -1) return left.slice(start) === right.slice(start + 1)
  if (left.slice(start + 1) === right.slice(start + 1)) return true
  return (
    left[start] === right[start + 1] &&
    left[start + 1] === right[start] &&
    left.slice(start + 2) === right.slice(start + 2)
  )
}
