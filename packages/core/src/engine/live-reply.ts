import type { DraftJudge, EnforcementContext, StreamRedactor } from '../enforcement/types.ts'
import type { ReplyEnforcer } from './reply-enforcer.ts'
import { safeTextChunks } from './stream-safe-text.ts'
import type { TextRetractionCode, TurnEvent } from './types.ts'

/** Why the final reply differs from the draft a client already saw. */
export interface LiveVerdict {
  code: TextRetractionCode
  reason: string
  ruleIds: string[]
}

/**
 * A reply streamed while the model writes it: every draft passes a fresh Lane 1 stream guard
 * (only a possible match's prefix is held back), and the reply that survives every check is
 * settled against what was shown: appended when it extends it, otherwise the shown text is
 * retracted and the final text streamed.
 */
export interface LiveReply {
  /** Streams one draft live; returns the model's raw text (stops reading when the guard blocks). */
  draft(deltas: AsyncIterable<string>, rejectedRuleIds: readonly string[]): Promise<string>
  /** Brings what the client saw in line with the final reply. */
  settle(text: string, verdict: LiveVerdict): void
}

/** What {@link createLiveReply} works with. */
export interface LiveReplyOptions {
  enforcer: ReplyEnforcer | undefined
  context: EnforcementContext
  emit: (event: TurnEvent) => void
  /** Releases the turn's buffered events and sends every later one at once. */
  goLive: () => void
  /** An engine sentence shown before the reply (an expired approval's outcome). */
  before?: string
  /**
   * The draft judge already built for this turn (`liveReplyFor` builds one to know the turn may
   * stream): the first draft uses it, a rewrite builds its own. @default built per draft
   */
  judge?: DraftJudge
}

/** The judge of one draft's hard-safety expression rules (a fresh one per draft), before the scanners. */
function judgeOf(judge: DraftJudge | undefined): StreamRedactor | undefined {
  if (judge === undefined) return undefined
  // A turn whose rules cannot be judged so is never live (`liveReplyFor`); should one get here,
  // the draft is read whole and none of it shown: the checked reply is streamed once settled.
  return judge.type === 'streamed' ? judge.stream : withholdAll
}

const withholdAll: StreamRedactor = {
  push: () => '',
  flush: () => '',
  findings: () => [],
  blocked: () => undefined,
}

const regeneratedReason = 'A draft broke a rule, so it was rewritten.'

export function createLiveReply(options: LiveReplyOptions): LiveReply {
  const { enforcer, context, emit, goLive, before } = options
  let unused = options.judge
  let shown = ''
  const retract = (verdict: LiveVerdict) => {
    emit({ type: 'text-retracted', ...verdict })
    shown = ''
  }
  const show = (delta: string) => {
    if (delta === '') return
    emit({ type: 'text-delta', delta })
    shown += delta
  }
  return {
    async draft(deltas, rejectedRuleIds) {
      if (shown !== '')
        retract({ code: 'draft-regenerated', reason: regeneratedReason, ruleIds: [...rejectedRuleIds] })
      goLive()
      const guard = enforcer?.createStream(context)
      // The draft's values pass the expression judge first; the engine's own sentence before it
      // is no part of the draft the rules check, so it goes to the scanners only.
      const judge = judgeOf(unused ?? enforcer?.createDraftJudge?.(context))
      unused = undefined
      const push = (text: string) => show(guard === undefined ? text : guard.push(text))
      if (before !== undefined && before !== '') push(`${before} `)
      const blocked = () => judge?.blocked() !== undefined || guard?.blocked() !== undefined
      let raw = ''
      for await (const delta of deltas) {
        raw += delta
        push(judge === undefined ? delta : judge.push(delta))
        // Blocked: nothing more of this draft may be shown; the checks decide what replaces it.
        if (blocked()) return raw
      }
      if (judge !== undefined) push(judge.flush())
      if (guard !== undefined && !blocked()) show(guard.flush())
      return raw
    },
    settle(text, verdict) {
      // One pass of the reply through the scanners: what they release of it is the same whichever
      // way it is then shown (a fresh stream per pass, so two passes released the same chunks).
      const chunks = safeTextChunks(text, enforcer, context)
      const expected = chunks.join('')
      if (shown !== '' && expected.startsWith(shown)) {
        show(expected.slice(shown.length))
        return
      }
      if (shown !== '') retract(verdict)
      for (const chunk of chunks) show(chunk)
    },
  }
}
