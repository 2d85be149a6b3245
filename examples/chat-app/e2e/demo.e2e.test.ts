import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoFlows } from '../src/demo-messages.ts'
import { launchChromium } from './launch-chromium.ts'
import { type RunningDemo, startDemo } from './start-demo.ts'

const screenshots = join(import.meta.dirname, '..', '..', '..', 'test-results', 'e2e')
mkdirSync(screenshots, { recursive: true })

let demo: RunningDemo
let browser: Awaited<ReturnType<typeof launchChromium>>

beforeAll(async () => {
  demo = await startDemo()
  browser = await launchChromium()
  // Every text state the transcript ever has, recorded as the DOM changes (streaming included).
  await browser.context.addInitScript(() => {
    const states: string[] = []
    Object.assign(window, { focalTextStates: states })
    new MutationObserver(() => {
      const log = document.querySelector('[role="log"]')
      if (log) states.push(log.textContent ?? '')
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
})

afterAll(async () => {
  await browser?.close()
  await demo?.stop()
})

async function openChat(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  await page.goto(demo.url)
  await page.getByRole('log', { name: 'Conversation' }).waitFor()
  return page
}

const assistantMessages = (page: Page) => page.locator('article[data-role="assistant"]')
const idle = (page: Page) => page.locator('[role="log"][aria-busy="false"]').waitFor()

async function send(page: Page, text: string) {
  const before = await assistantMessages(page).count()
  const composer = page.getByLabel('Message')
  await composer.fill(text)
  await composer.press('Enter')
  await assistantMessages(page).nth(before).waitFor()
  await idle(page)
  return assistantMessages(page).nth(before)
}

/** The chat page's session id, read from its supervisor link. */
async function sessionIdOf(page: Page): Promise<string> {
  const href = await page.getByRole('link', { name: 'open the supervisor view' }).getAttribute('href')
  return new URLSearchParams(href?.split('?')[1]).get('session') ?? ''
}

/** A supervisor, in their own page with their own credential, approves the session's pending action. */
async function approveAsSupervisor(context: BrowserContext, sessionId: string): Promise<Page> {
  const supervisor = await context.newPage()
  await supervisor.goto(`${demo.supervisorUrl}&session=${encodeURIComponent(sessionId)}`)
  await supervisor.getByRole('button', { name: 'Load pending approval' }).click()
  await supervisor
    .getByRole('region', { name: 'Pending approval' })
    .getByRole('button', { name: 'Approve' })
    .click()
  await supervisor.getByRole('region', { name: 'Decision' }).waitFor()
  return supervisor
}

const shoot = (page: Page, name: string) => page.screenshot({ path: join(screenshots, `${name}.png`) })

describe('demo chat in Chromium', () => {
  it('asks a clarification for a vague message, leaves focus where the customer types, and continues with the chosen one', async () => {
    // Found by an outside review (session 65): focus jumped to the first option while the customer
    // typed on, and their next space chose that option and sent it.
    const page = await openChat(browser.context)
    await shoot(page, '1-empty')
    const reply = await send(page, demoFlows.clarification.text)
    const options = reply.locator('fieldset.focal-clarification button')
    expect(await options.count()).toBeGreaterThan(1)
    const composer = page.getByLabel('Message')
    await page.keyboard.type('it is about my order')
    expect(await composer.inputValue()).toBe('it is about my order')
    expect(await page.locator('article[data-role="user"]').count()).toBe(1)
    await composer.fill('')
    await shoot(page, '1-clarification')
    const chosen = (await options.nth(demoFlows.clarification.option).textContent()) ?? ''
    await options.nth(demoFlows.clarification.option).press('Enter')
    await assistantMessages(page).nth(1).waitFor()
    await idle(page)
    expect(await page.locator('article[data-role="user"]').last().textContent()).toBe(chosen)
    expect(await assistantMessages(page).nth(1).locator('.focal-text').count()).toBeGreaterThan(0)
    expect(await options.first().isDisabled()).toBe(true)
    await shoot(page, '1-clarification-continued')
    await page.close()
  })

  it('keeps the reply when Send is double-clicked, and keeps focus in the field from Send to the reply', async () => {
    // Found by an outside review (session 65): the second click landed on the Stop that had taken
    // Send's place and stopped the reply; a keyboard user who pressed Send ended on Stop, and on
    // the page once the reply was done.
    const page = await openChat(browser.context)
    const composer = page.getByLabel('Message')
    const focused = () => page.evaluate(() => document.activeElement?.id)
    const fieldId = await composer.getAttribute('id')
    await composer.fill('Where is my order NW-1001?')
    await page.getByRole('button', { name: 'Send' }).dblclick()
    const reply = assistantMessages(page).first()
    await reply.waitFor()
    await idle(page)
    expect(await reply.textContent()).toMatch(/UPS/)
    expect(await reply.textContent()).not.toContain('Stopped.')
    await composer.fill('And where is NW-1002?')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Send')
    await page.keyboard.press('Enter')
    expect(await focused()).toBe(fieldId)
    await assistantMessages(page).nth(1).waitFor()
    await idle(page)
    expect(await focused()).toBe(fieldId)
    await page.close()
  })

  it('follows a streamed reply while the reader is at the end, and keeps the place of one who scrolled up', async () => {
    // Found by an outside review (session 65): a long reply grew below the visible area, since a
    // streamed delta re-renders only its message and the list scrolled only when it re-rendered.
    const page = await browser.context.newPage()
    await page.setViewportSize({ width: 1200, height: 560 })
    await page.goto(demo.url)
    await page.getByRole('log', { name: 'Conversation' }).waitFor()
    // The reply streams in three stretches of lines; the test says when each may go on.
    await page.evaluate(() => {
      const releases: Array<() => void> = []
      const stretches = [1, 2, 3].map(() => new Promise<void>((resolve) => releases.push(resolve)))
      Object.assign(window, { nextStretch: () => releases.shift()?.() })
      const sse = (chunk: object) => new TextEncoder().encode(`data: ${JSON.stringify(chunk)}\n\n`)
      const id = 'turn_s:text'
      window.fetch = async () =>
        new Response(
          new ReadableStream({
            async start(controller) {
              controller.enqueue(sse({ type: 'start', messageId: 'turn_s' }))
              controller.enqueue(sse({ type: 'text-start', id }))
              for (const [index, stretch] of stretches.entries()) {
                await stretch
                for (let line = 1; line <= 30; line++) {
                  controller.enqueue(
                    sse({ type: 'text-delta', id, delta: `Part ${index + 1}, line ${line}.\n` }),
                  )
                  await new Promise((resolve) => setTimeout(resolve, 10))
                }
              }
              controller.enqueue(sse({ type: 'text-end', id }))
              controller.enqueue(sse({ type: 'finish' }))
              controller.close()
            },
          }),
          { headers: { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' } },
        )
    })
    const log = page.getByRole('log')
    const hiddenBelow = () =>
      log.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight)
    const composer = page.getByLabel('Message')
    await composer.fill('Tell me everything')
    await composer.press('Enter')
    const stretch = async (index: number) => {
      await page.evaluate(() => (window as unknown as { nextStretch: () => void }).nextStretch())
      await page.getByText(`Part ${index}, line 30.`).waitFor()
    }
    await stretch(1)
    // Far more than a screenful: scrolled to the top, the reader is nowhere near the end.
    expect(await log.evaluate((element) => element.scrollHeight - element.clientHeight)).toBeGreaterThan(200)
    expect(await hiddenBelow()).toBeLessThanOrEqual(1)
    // Scrolled up to read: the rest of the reply does not pull the reader back down.
    await log.evaluate((element) => element.scrollTo(0, 0))
    await stretch(2)
    expect(await log.evaluate((element) => element.scrollTop)).toBe(0)
    // Back at the end, the reader is followed again, to the end of the finished reply.
    await log.evaluate((element) => element.scrollTo(0, element.scrollHeight))
    await stretch(3)
    await idle(page)
    expect(await hiddenBelow()).toBeLessThanOrEqual(1)
    await page.close()
  })

  it('never scrolls the host page: not on load, not when a reply arrives', async () => {
    // Found by an outside review (session 65): with 3000 px of the host's page above the chat,
    // loading it scrolled the window to 2881.
    const page = await browser.context.newPage()
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style')
        style.textContent = 'body { padding-top: 3000px !important; padding-bottom: 1000px !important }'
        document.head.append(style)
      }),
    )
    // The first reply waits a second, so the page is back at its top before it arrives.
    await page.route('**/v1/chat', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000))
      await route.continue()
    })
    await page.goto(demo.url)
    await page.getByRole('log', { name: 'Conversation' }).waitFor()
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    const composer = page.getByLabel('Message')
    await composer.fill('Where is my order NW-1001?')
    await composer.press('Enter')
    await page.evaluate(() => window.scrollTo(0, 0))
    await assistantMessages(page).first().waitFor()
    await idle(page)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await page.close()
  })

  it('runs the four sidebar flows in order in one session, each getting its own answer', async () => {
    const page = await openChat(browser.context)
    const click = async (label: string) => {
      const before = await assistantMessages(page).count()
      await page.getByRole('button', { name: label }).click()
      await assistantMessages(page).nth(before).waitFor()
      await idle(page)
      return assistantMessages(page).nth(before)
    }
    const clarification = await click(demoFlows.clarification.label)
    expect(await clarification.locator('fieldset.focal-clarification button').count()).toBeGreaterThan(1)
    const refusal = await click(demoFlows.refusal.label)
    expect(await refusal.textContent()).toMatch(/capped at \$50/)
    const card = await click(demoFlows.redaction.label)
    const cardText = (await card.textContent()) ?? ''
    expect(cardText).toMatch(/Visa/)
    expect(cardText).not.toMatch(/capped/)
    expect(cardText.replace(/[\s-]/g, '')).not.toMatch(/\d{12,}/)
    const approval = await click(demoFlows.approval.label)
    expect(await approval.textContent()).not.toMatch(/capped/)
    const approvalCard = approval.locator('fieldset.focal-approval')
    await approvalCard.waitFor()
    await shoot(page, '0-four-flows-one-session')
    const supervisor = await approveAsSupervisor(browser.context, await sessionIdOf(page))
    expect(await supervisor.locator('.demo-supervisor-reply').textContent()).toMatch(/NW-2002 is cancelled/)
    // The customer, who sent nothing since, sees the decision and the reply it produced.
    await approvalCard
      .locator('.focal-approval-decision', { hasText: 'Approved' })
      .waitFor({ timeout: 15_000 })
    await page.getByText(/NW-2002 is cancelled/).waitFor({ timeout: 15_000 })
    await supervisor.close()
    await page.close()
  })

  it('keeps the conversation and its session across a reload of the page, and goes on in it', async () => {
    // The demo kept neither: a reload started a new, empty session, and the widget's tokens were
    // never saved (nor removed). Now the tab's sessionStorage holds both, until the session ends.
    const page = await openChat(browser.context)
    const chats: Array<{ id: string; token: string | undefined }> = []
    page.on('request', (request) => {
      if (!request.url().endsWith('/v1/chat')) return
      const { id } = request.postDataJSON() as { id: string }
      chats.push({ id, token: request.headers()['x-focal-session-token'] })
    })
    const asked = await send(page, 'Refund $30 for order NW-1001')
    expect(await asked.textContent()).toMatch(/verify your identity/)
    const sessionId = await sessionIdOf(page)
    await page.reload()
    await page.getByRole('log', { name: 'Conversation' }).waitFor()
    expect(await sessionIdOf(page)).toBe(sessionId)
    expect(await page.getByRole('log').textContent()).toContain('Refund $30 for order NW-1001')
    // The server still has the refund waiting for the email: the same session goes on.
    const done = await send(page, 'ann@example.com')
    expect(await done.textContent()).toMatch(/refunded \$30 for order NW-1001/)
    expect(await page.locator('[role="alert"]').count()).toBe(0)
    expect(chats.map((chat) => chat.id)).toEqual([sessionId, sessionId])
    expect(chats[0]?.token).toBeUndefined()
    expect(chats[1]?.token).toMatch(/^v2\./)
    await shoot(page, '10-after-reload')
    // A new session: the old one's token leaves the tab's storage.
    const saved = () => page.evaluate((id) => sessionStorage.getItem(`focal-session-token:${id}`), sessionId)
    expect(await saved()).toMatch(/^v2\./)
    await page.getByRole('button', { name: 'New session' }).click()
    expect(await saved()).toBeNull()
    expect(await sessionIdOf(page)).not.toBe(sessionId)
    await page.close()
  })

  it('gets the first reply back in the same session when the network loses it, and runs it once', async () => {
    const page = await openChat(browser.context)
    const sent: Array<{ claim: string | undefined; token: string | undefined }> = []
    let lost = 0
    await page.route('**/v1/chat', async (route) => {
      const headers = route.request().headers()
      sent.push({ claim: headers['x-focal-claim-key'], token: headers['x-focal-session-token'] })
      if (lost > 0) return route.continue()
      lost++
      // The server takes the message and answers it; the answer (and the token in it) is lost.
      await route.fetch()
      await route.abort('connectionreset')
    })
    const reply = await send(page, 'Where is my order NW-1001?')
    expect(await reply.textContent()).toMatch(/UPS/)
    expect(await page.locator('[role="alert"]').count()).toBe(0)
    expect(sent[0]?.claim).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(sent[1]).toEqual({ claim: sent[0]?.claim, token: undefined })
    await send(page, 'Thanks, and where is NW-1002?')
    expect(sent.at(-1)?.token).toMatch(/^v2\./)
    expect(sent.at(-1)?.claim).toBeUndefined()
    // The first message ran once: one order lookup for NW-1001 in the session's ledger.
    const sessionId = await sessionIdOf(page)
    const token = await page.evaluate((id) => sessionStorage.getItem(`focal-session-token:${id}`), sessionId)
    const ledger = (await (
      await fetch(`${demo.url}v1/sessions/${sessionId}/ledger`, {
        headers: { 'x-focal-session-token': token ?? '' },
      })
    ).json()) as {
      records: Array<{ type: string; payload: { toolId?: string; args?: { order_id?: string } } }>
    }
    const lookups = ledger.records.filter(
      (record) => record.type === 'tool-called' && record.payload.args?.order_id === 'NW-1001',
    )
    expect(lookups).toHaveLength(1)
    await page.close()
  })

  it('refuses a refund above the cap and shows the rule in the provenance footer', async () => {
    const page = await openChat(browser.context)
    const reply = await send(page, demoFlows.refusal.text)
    const toggle = reply.getByRole('button', { name: /Why this answer/ })
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    await toggle.focus()
    await page.keyboard.press('Enter')
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    const panel = reply.locator('.focal-provenance-panel')
    expect(await panel.textContent()).toContain(demoFlows.refusal.ruleId)
    await shoot(page, '2-refusal-provenance')
    await page.close()
  })

  it('shows the card as "Visa ending 1111" and no other digit of it, not even mid-stream', async () => {
    const page = await openChat(browser.context)
    const reply = await send(page, demoFlows.redaction.text)
    const states = await page.evaluate(
      () => (window as unknown as { focalTextStates: string[] }).focalTextStates,
    )
    // The DOM was observed mid-stream: some state shows the start of the reply but not its end.
    expect(states.some((state) => state.includes('The card') && !state.includes('expiring'))).toBe(true)
    const replyText = (await reply.textContent()) ?? ''
    expect(replyText).toContain('The card on file is your Visa ending 1111, expiring 08/29.')
    expect(replyText).toContain('only the last 4 digits of the card number are shown')
    for (const state of states) {
      // Every state of the text: at most the last four digits, then the expiry date.
      const words = state.replace('only the last 4 digits', '').replace(/\d+ rules? applied/g, '')
      const digits = words.replace(/\D/g, '')
      expect(['', '1', '11', '111', '1111', '11110', '111108', '1111082', '11110829']).toContain(digits)
      expect(state).not.toContain(demoFlows.redaction.cardNumber)
    }
    await shoot(page, '3-redacted')
    await page.close()
  })

  it('never shows a card number the customer pasted, in their own message either', async () => {
    // Found by an outside review (session 46): the reply said "I've hidden it" while the
    // customer's own bubble kept the number in clear for the rest of the session.
    const page = await openChat(browser.context)
    const pasted = 'My card is 4111 1111 1111 1111, which card is on file?'
    await send(page, pasted)
    const own = (await page.locator('article[data-role="user"]').last().textContent()) ?? ''
    expect(own).toContain('which card is on file?')
    const states = await page.evaluate(
      () => (window as unknown as { focalTextStates: string[] }).focalTextStates,
    )
    for (const state of states) expect(state.replace(/\s/g, '')).not.toContain('4111111111111111')
    await page.close()
  })

  it.each([
    [
      'labelled',
      'My card:\nGroup 1: 4539\nGroup 2: 1488\nGroup 3: 0343\nGroup 4: 6467\nwhich card is on file?',
    ],
    ['as a YAML list', 'My card:\n  - "4539"\n  - "1488"\n  - "0343"\n  - "6467"\nwhich card is on file?'],
    ['in base64', `My card is ${btoa('4539148803436467')}, which card is on file?`],
  ])('never shows a card the customer pasted %s, in their own message either', async (_layout, pasted) => {
    // Session 69's attack pass: each layout passed every detector, so the bubble kept it.
    const page = await openChat(browser.context)
    await send(page, pasted)
    const own = (await page.locator('article[data-role="user"]').last().textContent()) ?? ''
    expect(own).toContain('which card is on file?')
    for (const hidden of ['4539', '1488', '0343', btoa('4539148803436467')]) expect(own).not.toContain(hidden)
    await page.close()
  })

  it('pauses a large action; the customer cannot approve it, the supervisor approves with their own credential', async () => {
    const page = await openChat(browser.context)
    const reply = await send(page, demoFlows.approval.text)
    const card = reply.locator('fieldset.focal-approval')
    await card.waitFor()
    await shoot(page, '4-approval-pending')
    // The customer cannot decide it (the server refuses a session's own token as an approver), so
    // the widget offers no Approve / Reject and says who it is waiting for.
    expect(await card.getByRole('button', { name: 'Approve' }).count()).toBe(0)
    expect(await card.locator('.focal-approval-waiting').textContent()).toMatch(
      /Waiting for supervisor to decide/,
    )
    const supervisor = await approveAsSupervisor(browser.context, await sessionIdOf(page))
    expect(await supervisor.locator('.demo-supervisor-decided').textContent()).toMatch(/Approved/)
    expect(await supervisor.locator('.demo-supervisor-reply').textContent()).toMatch(/NW-2002 is cancelled/)
    await shoot(supervisor, '4-approval-supervisor')
    // Replayed, the decision finds nothing left to approve.
    await supervisor.getByRole('button', { name: 'Load pending approval' }).click()
    await supervisor.getByRole('alert').waitFor()
    expect(await supervisor.getByRole('alert').textContent()).toMatch(/approval-not-found/)
    await supervisor.close()
    await page.bringToFront()
    await page.getByRole('link', { name: /session inspector/ }).click()
    await page.getByText('Hash chain intact').waitFor()
    expect(await page.locator('.inspector-timeline').textContent()).toContain('approval-resolved')
    // The demo runs the final alignment judge, so the verdict chart is drawn from ledger records.
    const verdicts = page.getByRole('img', { name: /^Verdict rate \([1-9]\d* judged\)/ })
    await verdicts.waitFor()
    expect(await verdicts.getAttribute('aria-label')).toMatch(/(PASS|PASS_WITH_CAVEATS|FAIL) \d+%/)
    await shoot(page, '5-inspector')
    await page.close()
  })

  it('hands the chat to a person: they read it, write to the customer, and hand it back from the supervisor view', async () => {
    const page = await openChat(browser.context)
    const asked = await send(page, 'Can I talk to a person please?')
    expect(await asked.locator('.focal-handoff').textContent()).toMatch(
      /person from the team has this conversation/,
    )
    // While they wait, the customer writes; the assistant stays quiet.
    const composer = page.getByLabel('Message')
    await composer.fill('It is about NW-1001, the parcel arrived broken')
    await composer.press('Enter')
    await idle(page)
    const supervisor = await browser.context.newPage()
    await supervisor.goto(`${demo.supervisorUrl}&session=${encodeURIComponent(await sessionIdOf(page))}`)
    await supervisor.getByRole('button', { name: 'Load handed-off conversation' }).click()
    const transcript = supervisor.getByRole('list', { name: 'Conversation' })
    await transcript.waitFor()
    expect(await transcript.textContent()).toContain('It is about NW-1001, the parcel arrived broken')
    await supervisor
      .getByLabel('Reply to the customer')
      .fill('Hi, Dana here: I am sorry about NW-1001, a new one is on its way.')
    await supervisor.getByRole('button', { name: 'Send reply' }).click()
    // The customer's widget shows it without another message, marked as a person's.
    const fromPerson = page.locator('article[data-from="person"]')
    await fromPerson.waitFor()
    expect(await fromPerson.textContent()).toContain('Dana here: I am sorry about NW-1001')
    await shoot(page, '6-handoff-reply')
    await supervisor.getByRole('button', { name: 'Hand back to the assistant' }).click()
    await supervisor.getByText('Handed back: the assistant answers this customer again.').waitFor()
    await page.locator('.focal-handoff[data-released]').first().waitFor()
    await supervisor.close()
    const back = await send(page, 'where is my order NW-1001?')
    expect(await back.textContent()).toMatch(/UPS/)
    await page.close()
  })

  it('runs the same engine in the page with no server: clarification, refusal and redaction', async () => {
    const page = await browser.context.newPage()
    const apiCalls: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/v1/')) apiCalls.push(request.url())
    })
    await page.goto(`${demo.url}#/page`)
    await page.getByText('@focal/core in this page').waitFor()
    const clarification = await send(page, demoFlows.clarification.text)
    expect(await clarification.locator('fieldset.focal-clarification button').count()).toBeGreaterThan(1)
    const refusal = await send(page, demoFlows.refusal.text)
    await refusal.getByRole('button', { name: /Why this answer/ }).click()
    expect(await refusal.locator('.focal-provenance-panel').textContent()).toContain(demoFlows.refusal.ruleId)
    const redacted = await send(page, demoFlows.redaction.text)
    expect(((await redacted.textContent()) ?? '').replace(/[\s-]/g, '')).not.toMatch(/\d{12,}/)
    await shoot(page, '7-in-page-engine')
    expect(apiCalls).toEqual([])
    await page.close()
  })

  it('runs the task agent: its plan and real tool runs in the footer, a narrowing the user can undo', async () => {
    const page = await browser.context.newPage()
    await page.goto(`${demo.url}#/task`)
    await page.getByRole('log', { name: 'Conversation' }).waitFor()
    const changed = await send(page, 'What did I change in the working tree?')
    expect(await changed.locator('.focal-text').textContent()).toContain('src/orders.ts')
    const explained = await send(page, 'Explain how the auth works')
    await explained.getByRole('button', { name: /goal narrowed/ }).click()
    const panel = explained.locator('.focal-provenance-panel')
    expect(await panel.textContent()).toContain('read src/auth.ts')
    expect(await panel.textContent()).toContain(
      'Explain how the auth works → Explain how the auth works in src/auth.ts',
    )
    await shoot(page, '8-task-agent-plan')
    await panel.getByRole('button', { name: 'Undo narrowing' }).click()
    await panel.getByText('Undone: back to “Explain how the auth works”.').waitFor()
    const tests = await send(page, 'Run the tests')
    expect(await tests.locator('.focal-approval').count()).toBe(1)
    await page.close()
  })

  it('offers no Undo on a narrowing a later request replaced, and says why', async () => {
    // Before, the first reply kept its Undo button, and clicking it did nothing (the server
    // answered superseded).
    const page = await browser.context.newPage()
    await page.goto(`${demo.url}#/task`)
    await page.getByRole('log', { name: 'Conversation' }).waitFor()
    const router = await send(page, 'Explain how the router works')
    await send(page, 'Explain how the orders work')
    await router.getByRole('button', { name: /goal narrowed/ }).click()
    const panel = router.locator('.focal-provenance-panel')
    await panel.getByText('A later request replaced this goal: nothing to undo.').waitFor()
    expect(await panel.getByRole('button', { name: 'Undo narrowing' }).count()).toBe(0)
    await page.close()
  })

  it('keeps a message over 8000 characters in the field, says it is too long, and sends nothing', async () => {
    // Found by an outside review (session 46): the field was emptied, the message stayed in the
    // transcript as if sent, and the raw 400 came with a Retry that repeated it.
    const page = await openChat(browser.context)
    const chats: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/v1/chat')) chats.push(request.url())
    })
    const composer = page.getByLabel('Message')
    const long = 'I want a refund. '.repeat(530)
    await composer.fill(long)
    await composer.press('Enter')
    await page.getByText('9010 of 8000 characters: too long to send.').waitFor()
    expect(await composer.inputValue()).toBe(long)
    expect(await composer.getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true)
    expect(await page.getByRole('log').textContent()).not.toContain('I want a refund')
    expect(await page.locator('[role="alert"]').count()).toBe(0)
    await shoot(page, '9-message-too-long')
    expect(chats).toEqual([])
    await page.close()
  })

  it('shows a reply the connection cut before its finish as an error with Retry, not as the answer', async () => {
    const page = await openChat(browser.context)
    const cut = [
      { type: 'start', messageId: 'turn_x' },
      { type: 'text-start', id: 'turn_x:text' },
      { type: 'text-delta', id: 'turn_x:text', delta: "Done — I've refunded " },
    ]
    await page.route('**/v1/chat', (route) =>
      route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream', 'x-vercel-ai-ui-message-stream': 'v1' },
        body: cut.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join(''),
      }),
    )
    const composer = page.getByLabel('Message')
    await composer.fill('Refund $30 for order NW-1001')
    await composer.press('Enter')
    const alert = page.getByRole('alert')
    await alert.getByText('The reply was cut off before it finished.').waitFor()
    expect(await alert.getByRole('button', { name: 'Retry' }).count()).toBe(1)
    expect(await page.getByRole('log').textContent()).not.toContain("I've refunded")
    await page.close()
  })
})
