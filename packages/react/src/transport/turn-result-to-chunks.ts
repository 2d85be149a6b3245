import type { TurnResult } from '@focal/core'
import type { FocalUiMessageChunk } from './types.ts'

const textId = 'text-0'

/** The chunks that carry a finished turn's outcome (text not streamed yet, clarification, approval, provenance). */
export function turnOutcomeChunks(result: TurnResult, textSent: boolean): FocalUiMessageChunk[] {
  const chunks: FocalUiMessageChunk[] = []
  const text = 'text' in result ? result.text : undefined
  if (!textSent && text) {
    chunks.push({ type: 'text-start', id: textId }, { type: 'text-delta', id: textId, delta: text })
    chunks.push({ type: 'text-end', id: textId })
  }
  if (result.type === 'clarification') chunks.push({ type: 'data-clarification', data: result.clarification })
  if (result.type === 'approval-required') chunks.push({ type: 'data-approval', data: result.approval })
  if (result.type === 'handoff') chunks.push({ type: 'data-handoff', data: result.handoff })
  const enforcement = result.provenance.enforcement
  if (enforcement) {
    const ruleIds = enforcement.violations.map((violation) => violation.ruleId)
    chunks.push({
      type: 'data-enforcement',
      data: { outcome: enforcement.outcome, ruleIds, redactions: enforcement.redactions },
    })
  }
  chunks.push({ type: 'data-provenance', data: result.provenance })
  return chunks
}

/** The UI message chunks of one finished turn, as `@focal/edge` would stream them. */
export function turnResultToChunks(result: TurnResult): FocalUiMessageChunk[] {
  return [
    { type: 'start', messageId: result.turnId },
    ...turnOutcomeChunks(result, false),
    { type: 'finish', finishReason: 'stop' },
  ]
}
