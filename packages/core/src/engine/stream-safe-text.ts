import type { EnforcementContext } from '../enforcement/types.ts'
import type { ReplyEnforcer } from './reply-enforcer.ts'
import type { TurnEvent } from './types.ts'

/**
 * An already-enforced reply cut word by word and passed through Lane 1's streaming redactor as a
 * second line of defence: no chunk ever carries what the scanners flag.
 */
export function safeTextChunks(
  text: string,
  enforcer: ReplyEnforcer | undefined,
  context: EnforcementContext,
): string[] {
  const redactor = enforcer?.createStream(context)
  const chunks: string[] = []
  for (const word of text.match(/\S+\s*|\s+/gu) ?? []) {
    const safe = redactor === undefined ? word : redactor.push(word)
    if (safe !== '') chunks.push(safe)
    if (redactor?.blocked() !== undefined) return chunks
  }
  const rest = redactor?.flush() ?? ''
  if (rest !== '') chunks.push(rest)
  return chunks
}

/** Emits an already-enforced reply as `text-delta` events (see {@link safeTextChunks}). */
export function streamSafeText(
  text: string,
  enforcer: ReplyEnforcer | undefined,
  context: EnforcementContext,
  emit: (event: TurnEvent) => void,
): void {
  for (const delta of safeTextChunks(text, enforcer, context)) emit({ type: 'text-delta', delta })
}
