import type { Finding } from '../types.ts'

function isHex(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102)
}

/** True for a textual IPv6 address (RFC 4291 forms: full, `::`-compressed, trailing dotted IPv4). */
export function isIpv6(value: string): boolean {
  if (value.length < 3 || value.length > 45) return false
  const halves = value.split('::')
  if (halves.length > 2) return false
  const parse = (part: string): string[] | undefined => (part === '' ? [] : part.split(':'))
  const head = parse(halves[0] as string)
  const tail = halves.length === 2 ? parse(halves[1] as string) : []
  if (head === undefined || tail === undefined) return false
  const groups = [...head, ...tail]
  let count = groups.length
  const last = groups[groups.length - 1]
  if (last?.includes('.')) {
    if (!/^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(last))
      return false
    groups.pop()
    count++
  }
  if (
    !groups.every(
      (group) =>
        group.length >= 1 && group.length <= 4 && [...group].every((char) => isHex(char.charCodeAt(0))),
    )
  ) {
    return false
  }
  return halves.length === 2 ? count <= 7 && count >= 1 : count === 8
}

/** IPv6 addresses inside a token, from the maximal runs of hex digits, colons and dots. */
export function detectIpv6(text: string, start: number, end: number, findings: Finding[]): void {
  let index = start
  while (index < end) {
    while (index < end && !(isHex(text.charCodeAt(index)) || text.charCodeAt(index) === 58)) index++
    const runStart = index
    let colons = 0
    while (index < end) {
      const code = text.charCodeAt(index)
      if (code === 58) colons++
      else if (!isHex(code) && code !== 46) break
      index++
    }
    let runEnd = index
    while (runEnd > runStart && text.charCodeAt(runEnd - 1) === 46) runEnd--
    if (colons < 2) continue
    const previous = runStart > 0 ? text.charCodeAt(runStart - 1) : 32
    const next = runEnd < text.length ? text.charCodeAt(runEnd) : 32
    // Glued to a word on either side ("text2001:db8::1", "fe80::1text", "std::cout") it is not an address.
    if (isWordLike(previous) || (isWordLike(next) && next !== 46)) continue
    const value = text.slice(runStart, runEnd)
    const unspecified = value === '::'
    if (!unspecified && (runEnd - runStart < 3 || !isIpv6(value))) continue
    let findingEnd = extendZone(text, runEnd, end)
    findingEnd = extendPrefix(text, findingEnd, end, 128)
    findings.push({
      type: 'ip-address',
      start: runStart,
      end: findingEnd,
      value: text.slice(runStart, findingEnd),
      confidence: unspecified ? 0.1 : 0.9,
      detector: 'ip-address',
    })
  }
}

function isWordLike(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 95 ||
    code === 58
  )
}

/** `%eth0` zone index after an IPv6 address. */
function extendZone(text: string, position: number, limit: number): number {
  if (text.charCodeAt(position) !== 37) return position
  let index = position + 1
  while (index < limit && /[A-Za-z0-9_.-]/.test(text[index] as string)) index++
  return index > position + 1 ? index : position
}

/** A CIDR prefix length (`/24`, `/64`) no larger than `maximum`; anything else is left out. */
export function extendPrefix(text: string, position: number, limit: number, maximum: number): number {
  if (text.charCodeAt(position) !== 47) return position
  let index = position + 1
  let value = 0
  while (
    index < limit &&
    index - position <= 3 &&
    text.charCodeAt(index) >= 48 &&
    text.charCodeAt(index) <= 57
  ) {
    value = value * 10 + text.charCodeAt(index) - 48
    index++
  }
  const next = index < text.length ? text.charCodeAt(index) : 32
  const digitFollows = next >= 48 && next <= 57
  return index > position + 1 && value <= maximum && !digitFollows && !isWordLike(next) ? index : position
}
