import type { EnforcementContext } from '../enforcement/types.ts'
import type { ReplyEnforcer } from './reply-enforcer.ts'
import type { TurnEvent } from './types.ts'

/**
 * Emits an already-enforced reply as `text-delta` events, word by word, through Lane 1's
 * streaming redactor as a second line of defence: no delta ever carries what the scanners flag.
 */
export function streamSafeText(
  text: string,
  enforcer: ReplyEnforcer | undefined,
  context: EnforcementContext,
  emit: (event: TurnEvent) => void,
): void {
  const redactor = enforcer?.createStream(context)
  const chunks = text.match(/\S+\s*|\s+/gu) ?? []
  for (const chunk of chunks) {
    const safe = redactor === undefined ? chunk : redactor.push(chunk)
    if (safe !== '') emit({ type: 'text-delta', delta: safe })
    if (redactor?.blocked() !== undefined) return
  }
  const rest = redactor?.flush() ?? ''
  if (rest !== '') emit({ type: 'text-delta', delta: rest })
}
