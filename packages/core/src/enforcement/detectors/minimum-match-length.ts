/**
 * Shortest text a regex source can match, for the subset secret patterns use (literals, escapes,
 * classes, groups, alternation, lookarounds, `? * + {n,m}` quantifiers). Anything else counts as
 * zero, which only makes the scanner look at more tokens, never fewer.
 */
export function minimumMatchLength(source: string): number {
  let position = 0

  const alternation = (): number => {
    let shortest = Number.POSITIVE_INFINITY
    let length = sequence()
    shortest = Math.min(shortest, length)
    while (source[position] === '|') {
      position++
      length = sequence()
      shortest = Math.min(shortest, length)
    }
    return shortest
  }

  const sequence = (): number => {
    let total = 0
    while (position < source.length && source[position] !== '|' && source[position] !== ')') {
      total += atom() * quantifier()
    }
    return total
  }

  const atom = (): number => {
    const char = source[position]
    if (char === '\\') {
      const next = source[position + 1] ?? ''
      position += 2
      // \b \B are assertions; a back-reference may be empty.
      return next === 'b' || next === 'B' || /[1-9]/.test(next) ? 0 : 1
    }
    if (char === '[') {
      position++
      while (position < source.length && source[position] !== ']')
        position += source[position] === '\\' ? 2 : 1
      position++
      return 1
    }
    if (char === '(') {
      position++
      let lookaround = false
      if (source[position] === '?') {
        const kind = source.slice(position, position + 3)
        lookaround = kind.startsWith('?=') || kind.startsWith('?!') || kind === '?<=' || kind === '?<!'
        if (kind.startsWith('?<') && !lookaround) position = source.indexOf('>', position) + 1
        else position += kind.startsWith('?<') ? 3 : 2
      }
      const inner = alternation()
      position++
      return lookaround ? 0 : inner
    }
    position++
    return char === '^' || char === '$' ? 0 : 1
  }

  const quantifier = (): number => {
    const char = source[position]
    let minimum = 1
    if (char === '?' || char === '*') {
      minimum = 0
      position++
    } else if (char === '+') position++
    else if (char === '{') {
      const close = source.indexOf('}', position)
      const match = /^\{(\d+)(,\d*)?\}$/.exec(source.slice(position, close + 1))
      if (match === null) return 1
      minimum = Number(match[1])
      position = close + 1
    } else return 1
    if (source[position] === '?') position++
    return minimum
  }

  const length = alternation()
  return Number.isFinite(length) ? length : 0
}
