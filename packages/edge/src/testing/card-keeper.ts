import { defineLanguageModel, type LedgerStore, type SessionStore } from '@focal/core'
import type { FocalSessionLock } from '../app/create-polling-session-lock.ts'
import type { FocalSessionClaims } from '../app/session-claims.ts'
import type { FocalAppOptions } from '../app/types.ts'

/** The secret every card-keeper instance shares (so they derive the same session keys). */
export const cardKeeperSecret = 'card-keeper-session-secret-0123456789-abcdef'

/** What the card-keeper model always drafts: a placeholder its session may see restored. */
export const cardKeeperReply = 'The card on file is [CREDIT_CARD_1].'

/**
 * A one-intent agent whose input rail seals card numbers and whose replies may show them back to
 * their own session (no reply check redacts cards), answered by an in-process model that drafts
 * {@link cardKeeperReply}: one model call per turn, no network, so it runs in workerd and Deno too.
 */
export const cardKeeperDefinition = {
  version: 1,
  name: 'card-keeper',
  persona: 'You tell customers which card is on file.',
  intents: [
    {
      id: 'card_on_file',
      label: 'My card on file',
      examples: ['which card is on file'],
      keywords: ['card', 'paid', 'order'],
    },
  ],
  settings: {
    detectors: [],
    inputRails: { detectors: ['credit-card'], restore: ['credit-card'] },
  },
}

/**
 * The options of one card-keeper app instance over a runtime's shared stores; two instances over
 * the same stores stand for a restart or a second isolate/process.
 */
export function createCardKeeperOptions(stores: {
  sessionStore: SessionStore
  ledgerStore: LedgerStore
  sessionLock?: FocalSessionLock
  sessionClaims?: FocalSessionClaims
}): FocalAppOptions {
  return {
    name: 'card-keeper',
    definition: cardKeeperDefinition,
    model: defineLanguageModel({
      modelId: 'card-keeper',
      complete: async () => ({ text: cardKeeperReply, usage: { inputTokens: 1, outputTokens: 1 } }),
    }),
    sessionSecret: cardKeeperSecret,
    ...stores,
  }
}
