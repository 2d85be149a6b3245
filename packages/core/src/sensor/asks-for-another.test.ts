import { describe, expect, it } from 'vitest'
import { messageAsksForAnother } from './asks-for-another.ts'

describe('messageAsksForAnother', () => {
  it('reads a request for another option of what was shown', () => {
    for (const text of [
      'Are there any other buses?',
      'What other places are there?',
      'Can you find me something else?',
      'Do you have anything else available?',
      'Is there any more buses? I leave on the 11th',
      'Could you suggest some other options?',
    ])
      expect(messageAsksForAnother(text), text).toBe(true)
  })

  it('reads no such request in an answer, a closing or "some other time"', () => {
    for (const text of [
      'No, that is all I need',
      "I don't need anything else",
      'Some other time. What is the weather there?',
      'From San Diego, on the 4th',
      'The other one was better',
    ])
      expect(messageAsksForAnother(text), text).toBe(false)
  })
})
