import { describe, expect, it } from 'vitest'
import { detectConversationAct } from './detect-conversation-act.ts'

describe('detectConversationAct', () => {
  it('reads a yes said by echoing the question ("I would.", "I do, please") as an affirmation', () => {
    for (const text of [
      'I would.',
      'I do, please.',
      'I sure do.',
      'I sure would, yes.',
      'We will, thanks',
      'Could you do so please?',
      'Can you do that?',
      'That would be great, on the 13th of this month.',
      // Contracted (rv49: "I'd like that, thanks" was a thank-you).
      "I'd like that, thanks",
      'I’d love that',
    ])
      expect(detectConversationAct(text), text).toBe('affirm')
  })

  it('reads no yes into a clause the auxiliary opens', () => {
    for (const text of [
      'I would like to book a table',
      'I am looking for a bus',
      'I do not want that',
      'I will be staying three days',
      'Could you do a search for hotels?',
      'That would be too expensive',
    ])
      expect(detectConversationAct(text), text).not.toBe('affirm')
  })
})
