import { describe, expect, it } from 'vitest'
import { asksAboutAssistant, isQuestion } from './asks-about-assistant.ts'

describe('asksAboutAssistant', () => {
  it.each([
    'am I talking to a bot?',
    'Are you a real person?',
    'are you human',
    'is this automated?',
    'r u a robot',
    'am I chatting with an AI?',
    'is this a live agent?',
  ])('reads "%s" as asking what the user talks to', (text) => {
    expect(asksAboutAssistant(text)).toBe(true)
  })

  it.each([
    'can I speak to a human',
    'I want a refund',
    'is this order shipped?',
    'are you open on Sunday?',
    'my robot vacuum arrived broken',
  ])('reads "%s" as something else', (text) => {
    expect(asksAboutAssistant(text)).toBe(false)
  })
})

describe('isQuestion', () => {
  it('knows a question by its mark or its opening word', () => {
    expect(isQuestion('do you ship to Canada')).toBe(true)
    expect(isQuestion('Canada?')).toBe(true)
    expect(isQuestion('my email is a@example.com')).toBe(false)
    expect(isQuestion('donuts are great')).toBe(false)
  })
})
