const identifierPattern = /^[A-Za-z0-9_.:-]+$/
const articles = new Set(['a', 'an', 'the'])
const maxLength = 48

/**
 * Turns a skill author's text into a definition identifier: an identifier is kept as written
 * (`verify_identity`), a sentence becomes its lower-case words joined by `_`, without articles
 * (`Run the tests` → `run_tests`). The result always matches the definition's identifier rule.
 */
export function deriveIdentifier(text: string, fallback = 'step'): string {
  const trimmed = text.trim()
  if (identifierPattern.test(trimmed) && trimmed.length <= maxLength) return trimmed
  const words = trimmed
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/u)
    .filter((word) => word !== '')
  const kept = words.filter((word) => !articles.has(word))
  let id = ''
  for (const word of kept.length > 0 ? kept : words) {
    if (id !== '' && id.length + word.length + 1 > maxLength) break
    id = id === '' ? word.slice(0, maxLength) : `${id}_${word}`
  }
  return id === '' ? fallback : id
}

/** Hands out identifiers unique within one list: the first `run_tests`, then `run_tests_2`, `run_tests_3`. */
export interface IdentifierAllocator {
  /** Reserves `base`, or the first free `base_2`, `base_3`, ... */
  take(base: string): string
}

/** An allocator for one list, with the ids an author wrote explicitly already reserved. */
export function createIdentifierAllocator(reserved: Iterable<string> = []): IdentifierAllocator {
  const taken = new Set(reserved)
  return {
    take(base) {
      let id = base
      for (let suffix = 2; taken.has(id); suffix++) id = `${base}_${suffix}`
      taken.add(id)
      return id
    },
  }
}
