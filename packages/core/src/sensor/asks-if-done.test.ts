import { describe, expect, it } from 'vitest'
import { asksForUpdate, asksIfDone } from './asks-if-done.ts'

describe('asksIfDone', () => {
  it.each([
    'thanks! did it go through?',
    'is it done?',
    'so is it cancelled or not?',
    'did you cancel it?',
    'has the refund been processed?',
    'did the refund go through',
    'was it successful',
    'did both go through?',
    "what's the status of my refund?",
    'which order did you refund?',
  ])('reads "%s" as asking whether it was done', (text) => {
    expect(asksIfDone(text)).toBe(true)
  })

  it.each(['I want a refund', 'is it raining?', 'can you cancel it?', 'where is my order?'])(
    'reads "%s" as something else',
    (text) => {
      expect(asksIfDone(text)).toBe(false)
    },
  )
})

describe('asksForUpdate', () => {
  it.each([
    'any update on my cancellation?',
    'is it approved yet?',
    'how long does the approval take?',
    'did it go through?',
  ])('reads "%s" as asking how a waiting request is going', (text) => {
    expect(asksForUpdate(text)).toBe(true)
  })

  it.each(['what is the price of Plus?', 'I want a refund'])('reads "%s" as something else', (text) => {
    expect(asksForUpdate(text)).toBe(false)
  })
})
