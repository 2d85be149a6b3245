import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type RedisServerHandle,
  startRedisServer,
} from '../../../packages/edge/src/testing/start-redis-server.ts'
import { launchChromium } from './launch-chromium.ts'
import { type RunningDemo, startDemo } from './start-demo.ts'

const screenshots = join(import.meta.dirname, '..', '..', '..', 'test-results', 'e2e')
mkdirSync(screenshots, { recursive: true })

const contract = {
  version: 1,
  goal_text: 'Build a churn model with >= 90% accuracy',
  acceptance_criteria: [
    { id: 'AC1', kind: 'metric_threshold', metric: 'cv_accuracy_mean', op: '>=', target: 0.9 },
  ],
  max_goal_attempts: 3,
}
const run = `[OBJECTIVE] Classify customer churn
[METRIC:baseline_accuracy] 0.52
[METRIC:cv_accuracy_mean] 0.75
[METRIC:cv_accuracy_std] 0.02
[METRIC:feature_importance] tenure: 0.31
[STAT:ci] 95% CI [0.73, 0.77]
[STAT:effect_size] Cohen's h = 0.62 over baseline
[FINDING] The model beats the majority baseline
`

let redis: RedisServerHandle
let demo: RunningDemo | undefined
let browser: Awaited<ReturnType<typeof launchChromium>>

beforeAll(async () => {
  redis = await startRedisServer()
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await demo?.stop()
  await redis?.stop()
})

describe('demo on Redis, restarted', () => {
  it("shows the goal gate's attempt count in the widget after the server restarts", async () => {
    // The session tokens outlive the process only when the secret does (the demo draws a random one).
    const secret = { FOCAL_SESSION_SECRET: 'restart-test-session-secret-0123456789-abcdef' }
    demo = await startDemo({ FOCAL_REDIS_URL: redis.url, ...secret })
    const origin = demo.url
    const page = await browser.context.newPage()
    const sessions: string[] = []
    let token = ''
    page.on('request', (request) => {
      if (request.url().endsWith('/task/v1/chat'))
        sessions.push((request.postDataJSON() as { id: string }).id)
    })
    page.on('response', (response) => {
      const issued = response.headers()['x-focal-session-token']
      if (response.url().endsWith('/task/v1/chat') && issued) token = issued
    })
    await page.goto(`${origin}#/task`)
    const send = async (text: string) => {
      const replies = page.locator('article[data-role="assistant"]')
      const before = await replies.count()
      await page.getByLabel('Message').fill(text)
      await page.getByLabel('Message').press('Enter')
      await replies.nth(before).waitFor()
      await page.locator('[role="log"][aria-busy="false"]').waitFor()
    }
    await send('What did I change in the working tree?')
    const sessionId = sessions[0]!
    const completed = await fetch(`${origin}task/v1/sessions/${sessionId}/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-focal-session-token': token },
      body: JSON.stringify({ contract, output: run }),
    })
    expect(await completed.json()).toMatchObject({ decision: { status: 'PARTIAL', attemptNumber: 1 } })

    // The server process goes away and comes back on the same port, over the same Redis.
    await demo.stop()
    demo = await startDemo({
      FOCAL_REDIS_URL: redis.url,
      ...secret,
      FOCAL_DEMO_SKIP_BUILD: '1',
      PORT: new URL(origin).port,
    })
    await send('Show me the recent commits')
    expect(sessions.at(-1)).toBe(sessionId)
    const goal = page.locator('.focal-goal')
    await goal.waitFor()
    expect(await goal.textContent()).toContain('0 of 1 criteria met · attempt 1 of 3')
    await page.screenshot({ path: join(screenshots, '9-goal-after-restart.png') })
    await page.close()
  })
})
