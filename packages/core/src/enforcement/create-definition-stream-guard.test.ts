import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createDefinitionStreamGuard } from './create-definition-stream-guard.ts'

const refundSupport = readFileSync(
  fileURLToPath(new URL('../../../../examples/definitions/refund-support.yaml', import.meta.url)),
  'utf8',
)

describe('createDefinitionStreamGuard', () => {
  it('masks a card the definition shows partly (settings.redaction), at every split point, no other digit out', () => {
    const createGuard = createDefinitionStreamGuard(refundSupport)
    const text = 'The card on file is 4111 1111 1111 1111, expiring soon.'
    for (let cut = 0; cut <= text.length; cut++) {
      const guard = createGuard()
      const output = guard.push(text.slice(0, cut)) + guard.push(text.slice(cut)) + guard.flush()
      expect(output).toBe('The card on file is Visa ending 1111, expiring soon.')
    }
  })

  it('blocks a refused item (a competitor) and releases nothing of it', () => {
    const guard = createDefinitionStreamGuard(refundSupport)()
    const output = guard.push('Our prices beat Amazon every day.') + guard.flush()
    expect(output).not.toMatch(/amazon/iu)
    expect(guard.blocked()).toBeDefined()
  })

  it('releases no digit of an item it was still reading when a later refusal stops the stream, at any split', () => {
    const createGuard = createDefinitionStreamGuard(refundSupport)
    for (const text of [
      'card 4111 1111 1111 1111 at Amazon today',
      'IBAN DE89 3704 0044 0532 0130 00 or at Amazon today',
      'SSN 078-05-1123 and more at Amazon today',
    ]) {
      for (let first = 1; first < text.length; first++) {
        for (let second = first; second <= text.length; second++) {
          const guard = createGuard()
          const chunks = [text.slice(0, first), text.slice(first, second), text.slice(second)]
          const output = chunks.map((chunk) => guard.push(chunk)).join('') + guard.flush()
          expect(guard.blocked(), JSON.stringify(chunks)).toBeDefined()
          // A card read whole before the refusal may show as the definition masks it; no other digit.
          expect(output.replaceAll('Visa ending 1111', ''), JSON.stringify(chunks)).not.toMatch(
            /[0-9]|amazon/iu,
          )
        }
      }
    }
  })

  it('does not block a refused name that the next chunk turns into another word', () => {
    const createGuard = createDefinitionStreamGuard(refundSupport)
    const text = 'We beat Targeted ads daily.'
    for (let cut = 1; cut < text.length; cut++) {
      const guard = createGuard()
      const output = guard.push(text.slice(0, cut)) + guard.push(text.slice(cut)) + guard.flush()
      expect(guard.blocked(), `cut at ${cut}`).toBeUndefined()
      expect(output, `cut at ${cut}`).toBe(text)
    }
  })
})
