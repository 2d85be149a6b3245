import { FocalError } from '../errors/index.ts'

export interface SendWithRetriesOptions {
  /** Performs one HTTP attempt with the given abort signal. */
  send: (signal: AbortSignal) => Promise<Response>
  /** The caller's signal; aborting it throws `FocalError('aborted')`. */
  signal?: AbortSignal | undefined
  /** Per-attempt budget until the response headers arrive (and, for streams, between chunks). */
  timeoutMs: number
  maxRetries: number
  retryBaseDelayMs: number
  maxRetryDelayMs: number
  /** Used in error messages. */
  modelId: string
}

/** A timer-guarded abort signal for one attempt. */
export interface AttemptGuard {
  signal: AbortSignal
  isTimedOut(): boolean
  /** Re-arms the timeout (call on progress, e.g. each stream chunk). */
  resetTimeout(): void
  /** Stops the timer and detaches from the caller's signal. */
  clear(): void
}

/** A successful response and the guard still watching its body. */
export interface GuardedResponse {
  response: Response
  guard: AttemptGuard
}

/**
 * Sends a request, retrying 429 and 5xx (and network failures) with exponential backoff that
 * honours `Retry-After`. Timeouts and caller aborts are not retried. Throws `FocalError` with code
 * `model-rate-limited`, `model-error`, `model-timeout` or `aborted`.
 */
export async function sendWithRetries(options: SendWithRetriesOptions): Promise<GuardedResponse> {
  for (let attempt = 0; ; attempt++) {
    const guard = createAttemptGuard(options.timeoutMs, options.signal)
    let response: Response
    try {
      response = await options.send(guard.signal)
    } catch (error) {
      guard.clear()
      throwIfStopped(guard, options, error)
      if (attempt >= options.maxRetries) {
        throw new FocalError({
          code: 'model-error',
          message: `model "${options.modelId}" request failed`,
          cause: error,
        })
      }
      await sleep(backoffDelay(options, attempt), options.signal)
      continue
    }
    if (response.ok) return { response, guard }
    guard.clear()
    const retryable = response.status === 429 || response.status >= 500
    const detail = await response.text().catch(() => '')
    if (!retryable || attempt >= options.maxRetries) throw httpError(response.status, detail, options.modelId)
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'), Date.now())
    await sleep(
      Math.min(retryAfter ?? backoffDelay(options, attempt), options.maxRetryDelayMs),
      options.signal,
    )
  }
}

/** Creates the per-attempt abort signal: fires on the caller's abort or after `timeoutMs`. */
export function createAttemptGuard(timeoutMs: number, callerSignal: AbortSignal | undefined): AttemptGuard {
  const controller = new AbortController()
  let timedOut = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const onCallerAbort = () => controller.abort(callerSignal?.reason)
  const resetTimeout = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = setTimeout(() => {
      timedOut = true
      controller.abort(
        new FocalError({ code: 'model-timeout', message: `no response within ${timeoutMs} ms` }),
      )
    }, timeoutMs)
  }
  if (callerSignal?.aborted) controller.abort(callerSignal.reason)
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true })
  resetTimeout()
  return {
    signal: controller.signal,
    isTimedOut: () => timedOut,
    resetTimeout,
    clear() {
      if (timer !== undefined) clearTimeout(timer)
      callerSignal?.removeEventListener('abort', onCallerAbort)
    },
  }
}

/** Throws `aborted` or `model-timeout` when the attempt was stopped on purpose. */
export function throwIfStopped(guard: AttemptGuard, options: SendWithRetriesOptions, cause: unknown): void {
  if (options.signal?.aborted) {
    throw new FocalError({ code: 'aborted', message: `model "${options.modelId}" call aborted`, cause })
  }
  if (guard.isTimedOut()) {
    throw new FocalError({
      code: 'model-timeout',
      message: `model "${options.modelId}" gave no response within ${options.timeoutMs} ms`,
      cause,
    })
  }
}

/** `Retry-After` in milliseconds (delta-seconds or HTTP date), or `undefined` when absent/invalid. */
export function parseRetryAfter(header: string | null, nowMs: number): number | undefined {
  if (header === null || header.trim() === '') return undefined
  if (/^\d+(\.\d+)?$/.test(header.trim())) return Number(header) * 1000
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs)
}

function backoffDelay(
  { retryBaseDelayMs, maxRetryDelayMs }: SendWithRetriesOptions,
  attempt: number,
): number {
  return Math.min(retryBaseDelayMs * 2 ** attempt, maxRetryDelayMs)
}

function httpError(status: number, detail: string, modelId: string): FocalError {
  const code = status === 429 ? 'model-rate-limited' : 'model-error'
  const snippet = detail.length > 300 ? `${detail.slice(0, 300)}…` : detail
  return new FocalError({ code, message: `model "${modelId}" answered HTTP ${status}: ${snippet}` })
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new FocalError({ code: 'aborted', message: 'model call aborted' }))
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(new FocalError({ code: 'aborted', message: 'model call aborted' }))
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
