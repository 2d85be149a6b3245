/**
 * `POST /v1/enforce` over a real socket lists each finding of the text once, for the refund agent
 * and the repo-helper task agent alike. Found by an outside review (session 46): a card number was
 * listed twice, once per rule that found it (`focal:detectors` and a `never` rule).
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'

const repoHelper = readFileSync(
  new URL('../../../../examples/repo-helper/repo-helper.yaml', import.meta.url),
  'utf8',
)

let refund: LoopbackFocal
let task: LoopbackFocal
beforeAll(async () => {
  refund = await serveOnLoopback({ definition: readRefundSupport() })
  task = await serveOnLoopback({ definition: repoHelper })
})
afterAll(async () => {
  await refund.close()
  await task.close()
})

async function enforce(served: LoopbackFocal, text: string, mode: 'check' | 'redact' = 'check') {
  const response = await fetch(`${served.origin}/v1/enforce`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text, mode }),
  })
  expect(response.status).toBe(200)
  return (await response.json()) as {
    findings: Array<{ type: string; start: number; end: number }>
    violations?: Array<{ ruleId: string }>
  }
}

describe('POST /v1/enforce', () => {
  it('returns nothing it redacted in redact mode: no finding or violation carries the value (outside review rv59 9)', async () => {
    const response = await fetch(`${refund.origin}/v1/enforce`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'my card 4111 1111 1111 1111', mode: 'redact' }),
    })
    const body = await response.text()
    expect(JSON.parse(body)).toMatchObject({
      type: 'redacted',
      findings: [{ type: 'credit-card', start: 8, end: 27 }],
    })
    expect(body).not.toContain('4111 1111 1111 1111')
    // A check still lists each value found (the caller's own text, to act on).
    const checked = await fetch(`${refund.origin}/v1/enforce`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'my card 4111 1111 1111 1111', mode: 'check' }),
    })
    expect(await checked.text()).toContain('4111 1111 1111 1111')
  })

  for (const [agent, served] of [
    ['refund agent', () => refund],
    ['task agent', () => task],
  ] as const) {
    for (const mode of ['check', 'redact'] as const)
      it(`lists a card number once (${agent}, ${mode})`, async () => {
        const outcome = await enforce(served(), 'card 4111 1111 1111 1111 and key AKIAIOSFODNN7EXAMPLE', mode)
        const keys = outcome.findings.map((finding) => `${finding.type}:${finding.start}:${finding.end}`)
        expect(new Set(keys).size).toBe(keys.length)
        expect(outcome.findings.filter((finding) => finding.type === 'credit-card')).toEqual([
          expect.objectContaining({ start: 5, end: 24 }),
        ])
      })
  }
})
