import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousViolations } from './axe.ts'
import { compareScreenshot, type ScreenshotComparison, stabilize } from './compare-screenshot.ts'
import { launchChromium } from './launch-chromium.ts'
import { serveStatic } from './serve-static.ts'

const storybookDir = join(import.meta.dirname, '..', '..', 'storybook')
const screenshots = join(import.meta.dirname, '..', '..', '..', 'test-results', 'storybook')
mkdirSync(screenshots, { recursive: true })

let outputDir: string
let site: Awaited<ReturnType<typeof serveStatic>>
let browser: Awaited<ReturnType<typeof launchChromium>>
let stories: Array<{ id: string; title: string; name: string }> = []

beforeAll(async () => {
  outputDir = mkdtempSync(join(tmpdir(), 'focal-storybook-'))
  const build = spawnSync(
    join(storybookDir, 'node_modules', '.bin', 'storybook'),
    ['build', '--quiet', '--output-dir', outputDir],
    { cwd: storybookDir, env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' }, encoding: 'utf8' },
  )
  if (build.status !== 0) throw new Error(`storybook build failed:\n${build.stdout}\n${build.stderr}`)
  const index = JSON.parse(readFileSync(join(outputDir, 'index.json'), 'utf8')) as {
    entries: Record<string, { type: string; id: string; title: string; name: string }>
  }
  stories = Object.values(index.entries).filter((entry) => entry.type === 'story')
  site = await serveStatic(outputDir)
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await site?.close()
  if (outputDir) rmSync(outputDir, { recursive: true, force: true })
})

/** The state each story must reach, as a selector in the rendered widget. */
const expected: Record<string, string> = {
  'widget-focalchat--empty': '.focal-empty',
  'widget-focalchat--streaming':
    '[role="log"][aria-busy="true"] article[data-role="assistant"][data-streaming] .focal-text',
  'widget-focalchat--clarification': 'fieldset.focal-clarification button:focus',
  'widget-focalchat--approval-pending': 'fieldset.focal-approval button:not([disabled])',
  'widget-focalchat--redacted-reply': '.focal-notice[data-outcome="redacted"]',
  'widget-focalchat--blocked-reply': '.focal-notice[data-outcome="blocked"]',
  'widget-focalchat--error-and-retry': '[role="alert"] button',
  'widget-focalchat--dark': '.focal-thread[data-theme="dark"] fieldset.focal-approval',
  'widget-focalchat--human-handoff': 'article[data-from="person"]',
  'widget-parts--provenance-expanded': '.focal-provenance-toggle[aria-expanded="true"]',
  'widget-parts--goal-partial': '.focal-goal[data-status="PARTIAL"]',
  'widget-parts--goal-success': '.focal-goal[data-status="SUCCESS"]',
  'widget-parts--goal-blocked': '.focal-goal[data-status="BLOCKED"]',
}

/** At most this share of pixels may differ from a story's baseline. */
const tolerance = 0.01

describe('Storybook stories in Chromium', () => {
  it('has a story for every widget state', () => {
    expect(stories.map((story) => story.id).sort()).toEqual(Object.keys(expected).sort())
  })

  it('renders every story into its state without a page error, matching its baseline, with no serious axe violation', async () => {
    const page = await browser.context.newPage()
    await page.setViewportSize({ width: 800, height: 640 })
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' })
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    const comparisons: ScreenshotComparison[] = []
    const accessibility: Record<string, string[]> = {}
    for (const story of stories) {
      await page.goto(`${site.url}iframe.html?id=${story.id}&viewMode=story`)
      await page
        .locator(expected[story.id] ?? '#never')
        .first()
        .waitFor({ timeout: 15_000 })
      await stabilize(page)
      await page.screenshot({ path: join(screenshots, `${story.id}.png`) })
      // The streaming story is caught mid-reply: how many words arrived depends on timing.
      const mask = story.id.endsWith('--streaming')
        ? [page.locator('article[data-streaming] .focal-text')]
        : []
      comparisons.push(await compareScreenshot(page, `storybook-${story.id}`, { mask }))
      accessibility[story.id] = await seriousViolations(page)
    }
    expect(errors).toEqual([])
    expect(Object.values(accessibility).flat(), JSON.stringify(accessibility, null, 2)).toEqual([])
    if (process.env.FOCAL_UPDATE_SCREENSHOTS !== '1')
      expect(comparisons.filter((entry) => entry.written).map((entry) => entry.name)).toEqual([])
    const over = comparisons.filter((entry) => entry.ratio > tolerance)
    expect(over.map((entry) => `${entry.name}: ${(entry.ratio * 100).toFixed(2)}%`)).toEqual([])
    console.log(
      `storybook: ${stories.length} stories, axe serious/critical violations 0, worst pixel difference ${(
        Math.max(0, ...comparisons.map((entry) => entry.ratio)) * 100
      ).toFixed(3)}%`,
    )
    await page.close()
  })

  it('wraps a long unbroken value inside its card: nothing of an approval or an option is off to the side', async () => {
    // A long id written without a break (`NW-2002____…_AND_NW-9999`) had run out of every part but
    // the reply text, hiding its tail from whoever decides the approval.
    const page = await browser.context.newPage()
    await page.setViewportSize({ width: 420, height: 900 })
    const long = `NW-2002${'_'.repeat(200)}AND_NW-9999`
    for (const [story, selectors] of [
      ['widget-focalchat--approval-pending', ['.focal-approval-title', 'fieldset.focal-approval dd']],
      ['widget-focalchat--clarification', ['.focal-question', '.focal-option']],
    ] as const) {
      await page.goto(`${site.url}iframe.html?id=${story}&viewMode=story`)
      await page.locator(selectors[0]).first().waitFor({ timeout: 15_000 })
      const overflow = await page.evaluate(
        ({ selectors, long }) => {
          const thread = (document.querySelector('.focal-thread') as HTMLElement).getBoundingClientRect()
          const out: string[] = []
          for (const selector of selectors) {
            const element = document.querySelector(selector) as HTMLElement | null
            if (element === null) {
              out.push(`${selector}: not in the story`)
              continue
            }
            element.textContent = long
            const range = document.createRange()
            range.selectNodeContents(element)
            const right = range.getBoundingClientRect().right
            if (right > thread.right)
              out.push(`${selector}: ${Math.round(right)} > ${Math.round(thread.right)}`)
          }
          const log = document.querySelector('.focal-log') as HTMLElement
          if (log.scrollWidth > log.clientWidth) out.push(`.focal-log scrolls sideways: ${log.scrollWidth}`)
          return out
        },
        { selectors: [...selectors], long },
      )
      expect(overflow, story).toEqual([])
    }
    await page.close()
  })

  it('retries the failed send from the error story and shows the reply', async () => {
    const page = await browser.context.newPage()
    await page.goto(`${site.url}iframe.html?id=widget-focalchat--error-and-retry&viewMode=story`)
    await page.getByRole('alert').getByRole('button', { name: 'Retry' }).click()
    await page.getByText('Back online — how can I help?').waitFor()
    expect(await page.getByRole('alert').count()).toBe(0)
    await page.close()
  })
})
