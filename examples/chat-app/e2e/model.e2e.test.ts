import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agentModelScript, isDraftRequest } from '../../../packages/core/src/testing/agent-model-script.ts'
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from '../../../packages/core/src/testing/scripted-model-server.ts'
import { launchChromium } from './launch-chromium.ts'
import { type RunningDemo, startDemo } from './start-demo.ts'

const screenshots = join(import.meta.dirname, '..', '..', '..', 'test-results', 'e2e')
mkdirSync(screenshots, { recursive: true })

const modelReply = 'Your order NW-1001 shipped with UPS. The card on file is 4111 1111 1111 1111.'

let model: ScriptedModelServer
let demo: RunningDemo
let browser: Awaited<ReturnType<typeof launchChromium>>

beforeAll(async () => {
  // The model answers each kind of request as a real one would: guardrail compilations and Lane 2
  // and alignment judgments in their JSON, reply drafts with `modelReply`.
  model = await startScriptedModelServer({
    script: agentModelScript({ drafts: Array(20).fill(modelReply) }),
  })
  demo = await startDemo({
    FOCAL_MODEL_BASE_URL: model.baseURL,
    FOCAL_MODEL: 'demo-model',
    FOCAL_API_KEY: 'demo-key',
  })
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await demo?.stop()
  await model?.close()
})

describe('demo with an OpenAI-compatible model', () => {
  it('replies through the configured endpoint, and Lane 1 still redacts what the model wrote', async () => {
    expect(demo.output()).toContain(`model demo-model at ${model.baseURL}`)
    const page = await browser.context.newPage()
    await page.goto(demo.url)
    const composer = page.getByLabel('Message')
    await composer.fill('Where is my order NW-1001?')
    await composer.press('Enter')
    const reply = page.locator('article[data-role="assistant"]').first()
    await reply.waitFor()
    await page.locator('[role="log"][aria-busy="false"]').waitFor()
    const text = (await reply.locator('.focal-text').textContent()) ?? ''
    expect(text).toContain('Your order NW-1001 shipped with UPS.')
    expect(text.replace(/\s/g, '')).not.toContain('4111111111111111')
    const request = model.requests.find(isDraftRequest)
    if (!request) throw new Error('the model endpoint was never asked for a reply')
    expect(request.path).toBe('/v1/chat/completions')
    expect(request.headers.authorization).toBe('Bearer demo-key')
    expect((request.body as { model?: string }).model).toBe('demo-model')
    await page.screenshot({ path: join(screenshots, '6-model-reply.png') })
    await page.close()
  })
})
