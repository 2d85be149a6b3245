import { describe, expect, it } from 'vitest'
import { isGoalQuestion } from './is-goal-question.ts'

describe('isGoalQuestion', () => {
  it('reads a trailing question mark or an opening interrogative as a question', () => {
    expect(isGoalQuestion('can the CLI take globs?')).toBe(true)
    expect(isGoalQuestion('how the retry loop backs off')).toBe(true)
    expect(isGoalQuestion('Why not any more?  ')).toBe(true)
  })

  it('does not read an instruction, or a "which" (pick a state or a place), as a question', () => {
    expect(isGoalQuestion('add a retry to the upload')).toBe(false)
    expect(isGoalQuestion('which backend is active')).toBe(false)
  })
})
