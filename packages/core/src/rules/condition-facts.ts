/** Variables that describe the current message only: they are new every turn. */
export const perTurnVariables: ReadonlySet<string> = new Set([
  'text',
  'sensitive',
  'intent',
  'confidence',
  'entities',
])
/** Containers whose members are session facts or navigation, never field names themselves. */
const containers: ReadonlySet<string> = new Set(['fields', 'session', 'tool', 'args'])
const literals: ReadonlySet<string> = new Set(['true', 'false', 'null', 'in'])

/** What a rule condition reads: per-turn variables, or only session facts (and which). */
export interface ConditionFacts {
  /** The condition reads the message itself (`text`, `sensitive`, `intent`, `confidence`, `entities`). */
  perTurn: boolean
  /** Session fields it reads (`fields.amount` or a bare `amount`). */
  facts: string[]
}

/**
 * Reads a CEL condition's variables from its source. A condition over session facts alone is
 * edge-triggered by the engine: it fires on a turn that changed one of those facts, so a refusal
 * caused by one turn's amount is not repeated on later turns that never mention an amount.
 */
export function conditionFacts(source: string): ConditionFacts {
  const facts = new Set<string>()
  let perTurn = false
  // Identifiers not preceded by a dot (members) and not called (functions); strings removed first.
  const code = source.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/gu, '""')
  // The variable a comprehension macro binds (`c` of `session.calls.exists(c, c.tool == …)`) is
  // no session fact: it names each element in turn.
  const bound = new Set<string>()
  for (const match of code.matchAll(
    /\.\s*(?:all|exists|exists_one|existsOne|map|filter)\s*\(\s*([A-Za-z_]\w*)\s*,/gu,
  ))
    bound.add(match[1] as string)
  for (const match of code.matchAll(/(?<![.\w])([A-Za-z_]\w*)(\s*\.\s*([A-Za-z_]\w*))?(\s*\()?/gu)) {
    const [, name, , member, call] = match
    if (name === undefined || call !== undefined || literals.has(name) || bound.has(name)) continue
    if (perTurnVariables.has(name)) perTurn = true
    else if (name === 'fields' && member !== undefined) facts.add(member)
    else if (!containers.has(name)) facts.add(name)
  }
  return { perTurn, facts: [...facts] }
}
