import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
  'widget-parts--provenance-expanded': '.focal-provenance-toggle[aria-expanded="true"]',
  'widget-parts--goal-partial': '.focal-goal[data-status="PARTIAL"]',
  'widget-parts--goal-success': '.focal-goal[data-status="SUCCESS"]',
  'widget-parts--goal-blocked': '.focal-goal[data-status="BLOCKED"]',
}

describe('Storybook stories in Chromium', () => {
  it('has a story for every widget state', () => {
    expect(stories.map((story) => story.id).sort()).toEqual(Object.keys(expected).sort())
  })

  it('renders every story into its state without a page error', async () => {
    const page = await browser.context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    for (const story of stories) {
      await page.goto(`${site.url}iframe.html?id=${story.id}&viewMode=story`)
      await page
        .locator(expected[story.id] ?? '#never')
        .first()
        .waitFor({ timeout: 15_000 })
      await page.screenshot({ path: join(screenshots, `${story.id}.png`) })
    }
    expect(errors).toEqual([])
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
