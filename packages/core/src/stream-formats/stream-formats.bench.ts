import { defineSuite } from '../../../../bench/harness.ts'
import { createStreamRedactor } from '../enforcement/create-stream-redactor.ts'
import type { FocalStreamGuard } from '../enforcement/stream-guard.ts'
import { chunkedResponse, type UpstreamFormatName, upstreamFormats } from '../testing/upstream-formats.ts'
import { guardModelResponse } from './guard-model-response.ts'

const sentences = [
  'Thanks for reaching out about your order, we are looking into it right now. ',
  'The shipment left our warehouse on Tuesday and should arrive within five business days. ',
  'Please let me know if there is anything else I can help you with today. ',
  'Our records show two payments were made last month for the same subscription. ',
  'The card on file is 4111 1111 1111 1111 and receipts go to ann.lee@example.com for now. ',
]

/** About `size` characters of support prose, one sentence in five with a card and an email. */
function corpus(size: number): string {
  let text = ''
  for (let index = 0; text.length < size; index++) text += sentences[index % sentences.length]
  return text
}

/** Model-sized tokens: about four characters each, as a model streams them. */
const tokens = (text: string) => text.match(/.{1,4}/gs) ?? []

const text = corpus(64 * 1024)
const args = JSON.stringify({ note: corpus(8 * 1024) })
const script = { text: tokens(text), args: tokens(args) }
const bodies = Object.fromEntries(
  (Object.keys(upstreamFormats) as UpstreamFormatName[]).map((format) => [
    format,
    upstreamFormats[format](script),
  ]),
) as Record<UpstreamFormatName, ReturnType<(typeof upstreamFormats)[UpstreamFormatName]>>
/** Network-sized reads of the upstream body. */
const cutsOf = (body: string) => {
  const length = new TextEncoder().encode(body).length
  return Array.from({ length: Math.floor(length / 16_384) }, (_, index) => (index + 1) * 16_384)
}

/**
 * Per format: the upstream body read through `guardModelResponse` (redacting cards and emails) and
 * read as it is, in 16 KB network-sized chunks of a model streaming ~4-character tokens; MB/s of
 * body and of model text, and the most characters any content channel held back at once.
 */
/** A guard that records the most text it ever held back (pushed and not yet released). */
function measuredGuard(record: (held: number) => void): FocalStreamGuard {
  // `mask` keeps each item's length, so pushed minus released is exactly what is held.
  const guard = createStreamRedactor({ detectors: ['credit-card', 'email'], style: 'mask' })
  let held = 0
  return {
    push(chunk) {
      const released = guard.push(chunk)
      held += chunk.length - released.length
      record(held)
      return released
    },
    flush() {
      held = 0
      return guard.flush()
    },
    findings: () => guard.findings(),
    blocked: () => guard.blocked(),
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Median time of reading `run()`'s body to the end, after three warm-up rounds (JIT). */
async function timeRead(run: () => Promise<Response>, rounds: number): Promise<number> {
  for (let round = 0; round < 3; round++) await (await run()).arrayBuffer()
  const times: number[] = []
  for (let round = 0; round < rounds; round++) {
    const start = performance.now()
    await (await run()).arrayBuffer()
    times.push(performance.now() - start)
  }
  return median(times)
}

export default defineSuite({
  name: 'stream: guard throughput per upstream format',
  measure: async () => {
    const metrics: Record<string, Record<string, number | string>> = {}
    for (const format of Object.keys(bodies) as UpstreamFormatName[]) {
      const body = bodies[format]
      const cuts = cutsOf(body.body)
      const megabytes = new TextEncoder().encode(body.body).length / 1_000_000
      let maxHeld = 0
      const createGuard = () => measuredGuard((held) => (maxHeld = Math.max(maxHeld, held)))
      const guarded = await timeRead(
        () => guardModelResponse(chunkedResponse(body, cuts), { createGuard }),
        5,
      )
      const unguarded = await timeRead(async () => chunkedResponse(body, cuts), 7)
      metrics[format] = {
        bodyMB: Number(megabytes.toFixed(2)),
        guardedMBps: Number((megabytes / (guarded / 1000)).toFixed(1)),
        unguardedMBps: Number((megabytes / (unguarded / 1000)).toFixed(1)),
        textMBps: Number(((text.length + args.length) / 1_000_000 / (guarded / 1000)).toFixed(2)),
        // For the SSE formats one token is one event: what guarding costs a model streaming tokens.
        guardedMicrosPerToken: Number(
          ((guarded * 1000) / (script.text.length + script.args.length)).toFixed(2),
        ),
        maxHeldChars: maxHeld,
      }
    }
    return metrics
  },
})
