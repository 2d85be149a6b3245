import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/** The axe-core violations of the page at impact `serious` or `critical`, as readable lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axeSource })
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }
    ).axe
    const result = (await axe.run(document, { resultTypes: ['violations'] })) as {
      violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }>
    }
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => JSON.stringify(node.target)),
    }))
  })
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.targets.join(', ')}`)
}
