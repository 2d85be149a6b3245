import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoFlows } from '../src/demo-messages.ts'
import { seriousViolations } from './axe.ts'
import { compareScreenshot, type ScreenshotComparison, stabilize } from './compare-screenshot.ts'
import { launchChromium } from './launch-chromium.ts'
import { type RunningDemo, startDemo } from './start-demo.ts'

/** At most this share of pixels may differ from a baseline (font hinting, sub-pixel text). */
const tolerance = 0.01

let demo: RunningDemo
let browser: Awaited<ReturnType<typeof launchChromium>>
const comparisons: ScreenshotComparison[] = []

beforeAll(async () => {
  demo = await startDemo()
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await demo?.stop()
})

const widths = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'mobile', width: 390, height: 844 },
] as const

async function open(width: number, height: number, hash = ''): Promise<Page> {
  const page = await browser.context.newPage()
  await page.setViewportSize({ width, height })
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
  await page.goto(`${demo.url}${hash}`)
  await page.getByRole('log', { name: 'Conversation' }).or(page.locator('main.inspector')).first().waitFor()
  await stabilize(page)
  return page
}

async function send(page: Page, text: string) {
  const assistant = page.locator('article[data-role="assistant"]')
  const before = await assistant.count()
  const composer = page.getByLabel('Message')
  await composer.fill(text)
  await composer.press('Enter')
  await assistant.nth(before).waitFor()
  await page.locator('[role="log"][aria-busy="false"]').waitFor()
  // The composer gets focus back; its focus ring is part of the state, the caret is hidden.
  return assistant.nth(before)
}

async function check(page: Page, name: string, mask: ReturnType<Page['locator']>[] = []) {
  expect(await seriousViolations(page), `${name}: axe-core serious or critical violations`).toEqual([])
  const result = await compareScreenshot(page, name, { mask })
  comparisons.push(result)
  if (process.env.FOCAL_UPDATE_SCREENSHOTS !== '1')
    expect(result.written, `${name}: no baseline, one was written to e2e/__screenshots__/`).toBe(false)
  expect(result.ratio, `${name}: ${(result.ratio * 100).toFixed(2)}% of pixels differ`).toBeLessThanOrEqual(
    tolerance,
  )
}

describe.each(widths)('the demo states at $width px match their baselines', ({ name, width, height }) => {
  it('the empty chat', async () => {
    const page = await open(width, height)
    await check(page, `${name}-1-empty`)
    await page.close()
  })

  it('a clarification, answered: the chosen option stays marked', async () => {
    const page = await open(width, height)
    const reply = await send(page, demoFlows.clarification.text)
    await reply.locator('fieldset.focal-clarification button').first().click()
    await page.locator('article[data-role="assistant"]').nth(1).waitFor()
    await page.locator('[role="log"][aria-busy="false"]').waitFor()
    expect(await reply.locator('button[aria-pressed="true"]').count()).toBe(1)
    await check(page, `${name}-2-clarification-answered`)
    await page.close()
  })

  it('the card on file, partly masked', async () => {
    const page = await open(width, height)
    await send(page, demoFlows.redaction.text)
    await check(page, `${name}-3-card-masked`)
    await page.close()
  })

  it('an approval card in the customer’s words', async () => {
    const page = await open(width, height)
    const reply = await send(page, demoFlows.approval.text)
    const legend = reply.locator('fieldset.focal-approval legend')
    expect(await legend.textContent()).toBe('Approval needed: Cancel order')
    await check(page, `${name}-4-approval`)
    await page.close()
  })

  it('the session inspector (ids, hashes and times masked)', async () => {
    const chat = await open(width, height)
    await send(chat, demoFlows.redaction.text)
    await send(chat, demoFlows.refusal.text)
    await send(chat, demoFlows.approval.text)
    // Following the inspector link adds the session's token (the ledger is the session's own).
    // (At 390 px the link sits in the closed drawer: a DOM click runs the same handler.)
    await chat.evaluate(() => document.querySelector<HTMLAnchorElement>('a[href^="#/inspector"]')?.click())
    await chat.waitForFunction(() => location.hash.includes('token='))
    const inspectorHash = await chat.evaluate(() => location.hash)
    await chat.close()
    const page = await open(width, height, inspectorHash)
    await page.getByText('Hash chain intact').waitFor()
    await check(page, `${name}-5-inspector`, [
      page.locator('.inspector-head code'),
      page.locator('.inspector-timeline code'),
      page.locator('.inspector-timeline time'),
    ])
    await page.close()
  })
})

describe('the demo at 390 px', () => {
  it('puts the sidebar in a drawer, and the composer placeholder fits', async () => {
    const page = await open(390, 844)
    const side = page.locator('#demo-side')
    expect(await side.isVisible()).toBe(false)
    const input = page.getByLabel('Message')
    const fits = await input.evaluate((element) => {
      const field = element as HTMLTextAreaElement
      const probe = document.createElement('span')
      const style = getComputedStyle(field)
      probe.textContent = field.placeholder
      probe.style.font = style.font
      probe.style.whiteSpace = 'nowrap'
      document.body.append(probe)
      const needed = probe.getBoundingClientRect().width
      probe.remove()
      const available =
        field.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight)
      return needed <= available
    })
    expect(fits).toBe(true)
    await page.getByRole('button', { name: 'Try the flows' }).click()
    await side.waitFor({ state: 'visible' })
    await check(page, 'mobile-6-drawer-open')
    await side.getByRole('button', { name: demoFlows.redaction.label }).click()
    await side.waitFor({ state: 'hidden' })
    await page.locator('article[data-role="assistant"]').first().waitFor()
    await page.close()
  })
})

afterAll(() => {
  const worst = comparisons.reduce((max, entry) => Math.max(max, entry.ratio), 0)
  console.log(
    `visual: ${comparisons.length} screenshots compared (${join('e2e', '__screenshots__')}), worst ${(worst * 100).toFixed(3)}% of pixels differ (tolerance ${tolerance * 100}%)`,
  )
})
