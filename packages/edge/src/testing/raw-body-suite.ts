/**
 * The raw-socket body suite every runtime reruns (Node, workerd under `wrangler dev`, Deno): bodies
 * `fetch` cannot send, written byte by byte to the server's socket. Each case runs `runs` times,
 * because what failed here once (a non-JSON 503 for a 10 MB chunked body) failed only sometimes.
 * Node only; import it by relative path from tests.
 */
import { describe, expect, it } from 'vitest'
import { type RawAnswer, type RawBody, rawExchange } from './raw-exchange.ts'
import { testAppConfig } from './test-app-config.ts'

/** What the runtime answers for a body that ends (client half-close) before its content-length. */
export interface CutShortAnswer {
  status: number
  /** The Focal error code, when Focal's app is the one answering. */
  code?: string
  /** The body, when something in front of Focal answers in its own words. */
  text?: RegExp
}

/** Options of {@link describeRawBodySuite}. */
export interface RawBodySuiteOptions {
  /** The port of the served test app on 127.0.0.1 (called once the server runs). */
  port: () => number
  /** How often each case runs. @default 3 */
  runs?: number
  cutShort: CutShortAnswer
  /**
   * Whether the server closes the connection after its 408 for a stalled body. workerd and Deno
   * answer but keep waiting for the declared bytes (their HTTP servers' choice, out of the app's
   * reach); the case then checks only the answer.
   */
  closesStalled: boolean
  /** Per-test timeout. @default 120_000 */
  testTimeoutMs?: number
}

const head = (path: string, headers: string[]) =>
  [
    `POST ${path} HTTP/1.1`,
    'host: 127.0.0.1',
    'connection: close',
    `authorization: Bearer ${testAppConfig.clientToken}`,
    'content-type: application/json',
    ...headers,
  ].join('\r\n')

/** Sends `body` to `path` `runs` times, one after another, and returns every answer. */
async function repeat(
  port: number,
  runs: number,
  path: string,
  headers: string[],
  body: RawBody,
  until: 'closed' | 'answered' = 'closed',
): Promise<RawAnswer[]> {
  const answers: RawAnswer[] = []
  for (let run = 0; run < runs; run++)
    answers.push(await rawExchange({ port, head: head(path, headers), body, until, timeoutMs: 30_000 }))
  return answers
}

/** Status and JSON error code of each answer, so a failure shows every run at once. */
const outcomes = (answers: RawAnswer[]) =>
  answers.map((answer) => {
    let code: unknown = answer.body.slice(0, 120)
    try {
      code = (JSON.parse(answer.body) as { error?: { code?: string } }).error?.code
    } catch {}
    return { status: answer.status, code }
  })

/** Registers the raw-socket body cases against the app `options.port()` serves. */
export function describeRawBodySuite(name: string, options: RawBodySuiteOptions): void {
  const { runs = 3, testTimeoutMs = 120_000 } = options
  const limit = testAppConfig.bodyLimit

  describe(`${name}: request bodies over a raw socket`, () => {
    for (const path of ['/v1/turn', '/v1/chat']) {
      it(
        `answers a 10 MB chunked body to ${path} with 413 payload-too-large as JSON and closes, every time`,
        async () => {
          const answers = await repeat(options.port(), runs, path, ['transfer-encoding: chunked'], {
            type: 'chunked',
            size: 65_536,
            count: 160,
          })
          expect(outcomes(answers)).toEqual(Array(runs).fill({ status: 413, code: 'payload-too-large' }))
          for (const answer of answers) expect(answer.headers['content-type']).toMatch(/^application\/json/)
        },
        testTimeoutMs,
      )
    }

    it(
      'answers a body one byte over the limit, with its content-length, with 413 as JSON and closes',
      async () => {
        const bytes = JSON.stringify({ text: 'x'.repeat(limit - 10) })
        expect(bytes.length).toBe(limit + 1)
        const answers = await repeat(options.port(), runs, '/v1/turn', [`content-length: ${bytes.length}`], {
          type: 'bytes',
          bytes,
        })
        expect(outcomes(answers)).toEqual(Array(runs).fill({ status: 413, code: 'payload-too-large' }))
      },
      testTimeoutMs,
    )

    it(
      'answers malformed JSON with 400 invalid-json and closes',
      async () => {
        const bytes = '{"text": "where is my order",'
        const answers = await repeat(options.port(), runs, '/v1/turn', [`content-length: ${bytes.length}`], {
          type: 'bytes',
          bytes,
        })
        expect(outcomes(answers)).toEqual(Array(runs).fill({ status: 400, code: 'invalid-json' }))
      },
      testTimeoutMs,
    )

    it(
      `answers a body that stalls short of its content-length with 408 request-timeout${options.closesStalled ? ' and closes' : ''} instead of waiting forever`,
      async () => {
        const answers = await repeat(
          options.port(),
          runs,
          '/v1/turn',
          ['content-length: 100'],
          { type: 'bytes', bytes: '{"text":"hi', afterwards: 'stall' },
          options.closesStalled ? 'closed' : 'answered',
        )
        expect(outcomes(answers)).toEqual(Array(runs).fill({ status: 408, code: 'request-timeout' }))
      },
      testTimeoutMs,
    )

    // Last: under wrangler dev this one makes the proxy Worker's own fetch fail (see its caller).
    const { cutShort } = options
    it(
      `answers a body cut short of its content-length (client half-closes) with ${cutShort.status} and closes`,
      async () => {
        const answers = await repeat(options.port(), runs, '/v1/turn', ['content-length: 100'], {
          type: 'bytes',
          bytes: '{"text":"hi',
          afterwards: 'end',
        })
        for (const answer of answers) {
          expect(answer.status).toBe(cutShort.status)
          if (cutShort.code) expect(outcomes([answer])[0]?.code).toBe(cutShort.code)
          if (cutShort.text) expect(answer.body).toMatch(cutShort.text)
        }
      },
      testTimeoutMs,
    )
  })
}
