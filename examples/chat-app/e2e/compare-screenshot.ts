import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import pixelmatch from 'pixelmatch'
import type { Locator, Page } from 'playwright-core'
import { PNG } from 'pngjs'

const baselines = join(import.meta.dirname, '__screenshots__')
const results = join(import.meta.dirname, '..', '..', '..', 'test-results', 'visual')

/**
 * Makes a page render the same on every machine: no animations, transitions or caret, and one
 * installed font (Debian's DejaVu Sans, which Chromium depends on) instead of the system stack.
 */
export async function stabilize(page: Page): Promise<void> {
  await page.addStyleTag({
    content: `*, *::before, *::after { animation: none !important; transition: none !important;
      caret-color: transparent !important; font-family: "DejaVu Sans", sans-serif !important; }
      .focal-thread { --focal-font: "DejaVu Sans", sans-serif; }`,
  })
  await page.evaluate(() => document.fonts.ready)
}

/** Outcome of one comparison against a committed baseline. */
export interface ScreenshotComparison {
  name: string
  /** Share of pixels that differ beyond pixelmatch's colour threshold. */
  ratio: number
  /** The baseline was missing (or `FOCAL_UPDATE_SCREENSHOTS=1`) and was written. */
  written: boolean
}

/**
 * Screenshots `page` and compares it with `e2e/__screenshots__/<name>.png` (pixelmatch, colour
 * threshold 0.1, anti-aliasing ignored). A missing baseline is written and reported as such, so
 * the caller fails; `FOCAL_UPDATE_SCREENSHOTS=1` rewrites every baseline. The actual image and a
 * diff are saved under `test-results/visual/`.
 */
export async function compareScreenshot(
  page: Page,
  name: string,
  options: { mask?: Locator[]; fullPage?: boolean } = {},
): Promise<ScreenshotComparison> {
  const actual = await page.screenshot({
    fullPage: options.fullPage ?? false,
    animations: 'disabled',
    caret: 'hide',
    mask: options.mask ?? [],
    maskColor: '#8a8f99',
  })
  const baselinePath = join(baselines, `${name}.png`)
  mkdirSync(results, { recursive: true })
  writeFileSync(join(results, `${name}.actual.png`), actual)
  if (process.env.FOCAL_UPDATE_SCREENSHOTS === '1' || !existsSync(baselinePath)) {
    mkdirSync(dirname(baselinePath), { recursive: true })
    writeFileSync(baselinePath, actual)
    return { name, ratio: 0, written: true }
  }
  const expected = PNG.sync.read(readFileSync(baselinePath))
  const got = PNG.sync.read(actual)
  if (expected.width !== got.width || expected.height !== got.height) {
    return { name, ratio: 1, written: false }
  }
  const diff = new PNG({ width: got.width, height: got.height })
  const different = pixelmatch(expected.data, got.data, diff.data, got.width, got.height, {
    threshold: 0.1,
  })
  writeFileSync(join(results, `${name}.diff.png`), PNG.sync.write(diff))
  return { name, ratio: different / (got.width * got.height), written: false }
}
