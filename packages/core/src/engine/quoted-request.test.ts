import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { openAICompatible } from '../llm/open-ai-compatible.ts'
import { agentModelScript } from '../testing/agent-model-script.ts'
import { type ScriptedModelServer, startScriptedModelServer } from '../testing/scripted-model-server.ts'
import { createEngine } from './create-engine.ts'

const definition = readFileSync(
  fileURLToPath(new URL('../../../../examples/definitions/refund-support.yaml', import.meta.url)),
  'utf8',
)
let server: ScriptedModelServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

describe("the quote of the user's queued request in a reply", () => {
  it("lets no model draft promise a refund above the cap by reusing the user's own words", async () => {
    // Session 42's diff review: the user's request text was blanked wherever it stood in a draft, so
    // a draft that wove it into a commitment ("both refunds are issued") went out past the $50 cap.
    const promise =
      "Done — I've refunded $20 for order NW-1001. Also processed just now, as you asked (I want a refund: $70 for NW-1002, email t@example.com): both refunds are issued."
    server = await startScriptedModelServer({
      script: agentModelScript({ drafts: [promise, promise, promise] }),
    })
    const model = openAICompatible({ baseURL: server.baseURL, model: 'scripted', maxRetries: 0 })
    const engine = createEngine({ definition, model, lane2: false })
    const result = await engine.turn({
      sessionId: 's',
      text: 'refund $20 for NW-1001 and $70 for NW-1002, email t@example.com',
    })
    expect('text' in result && result.text).not.toContain('both refunds are issued')
  })
})
