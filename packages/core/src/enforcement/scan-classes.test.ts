import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { detectNumbers } from './detectors/detect-numbers.ts'
import { createNumberRun, type NumberRun, readNumberRun } from './detectors/number-run.ts'
import { rejectedRunEnd, type SkippedRun } from './scan-classes.ts'
import type { Finding } from './types.ts'

const allNumbers = { card: true, ssn: true, phone: true, ipv4: true }

describe('rejectedRunEnd', () => {
  it('skips only runs the number detectors reject, ending where readNumberRun ends them', () => {
    const pieces = fc.constantFrom(
      '1',
      '23',
      '456',
      '7890',
      '123456789',
      ' ',
      '-',
      '.',
      '(',
      ')',
      '+',
      'x',
      ':',
      '٣',
      '\t',
      '  -  ',
    )
    let skipped = 0
    fc.assert(
      fc.property(fc.array(pieces, { minLength: 1, maxLength: 16 }), (parts) => {
        const text = parts.join('')
        const bytes = new TextEncoder().encode(text)
        const ascii = bytes.length === text.length
        for (let start = 0; start < text.length; start++) {
          const code = text.charCodeAt(start)
          if (code < 48 || code > 57) continue
          const result: SkippedRun = { extendedEnd: 0, noted: false }
          const end = rejectedRunEnd(text, start, text.length, undefined, result)
          // Reading the bytes of an ASCII text gives the same answer.
          if (ascii)
            expect(rejectedRunEnd(text, start, text.length, bytes, { extendedEnd: 0, noted: false })).toBe(
              end,
            )
          if (end === 0) continue
          skipped++
          const run = readNumberRun(text, start, createNumberRun())
          const findings: Finding[] = []
          detectNumbers(text, run, allNumbers, findings)
          expect(findings).toEqual([])
          expect(end).toBe(run.end)
          expect(result.extendedEnd).toBe(run.extendedEnd)
        }
      }),
      { numRuns: 3000 },
    )
    // The property is not vacuous: plenty of runs took the fast path.
    expect(skipped).toBeGreaterThan(1000)
  })

  it('readNumberRun reads the same run from the bytes of an ASCII text', () => {
    const fromBytes = createNumberRun()
    const fromText = createNumberRun()
    // Everything a detector reads: the used part of each buffer and the scalar fields.
    const summary = (run: NumberRun) => ({
      ...run,
      digits: [...run.digits.subarray(0, run.digitCount)],
      groupDigitStart: [...run.groupDigitStart.subarray(0, run.groupCount)],
      groupStart: [...run.groupStart.subarray(0, run.groupCount)],
      groupEnd: [...run.groupEnd.subarray(0, run.groupCount)],
      groupSeparator: [...run.groupSeparator.subarray(0, run.groupCount)],
      groupSeparatorLength: [...run.groupSeparatorLength.subarray(0, run.groupCount)],
    })
    const pieces = fc.constantFrom('1', '23', '4567', ' ', '-', '.', '(', ')', '+', 'x', '   ', '\t', '  -  ')
    fc.assert(
      fc.property(fc.array(pieces, { minLength: 1, maxLength: 20 }), (parts) => {
        const text = parts.join('')
        const bytes = new TextEncoder().encode(text)
        for (let start = 0; start < text.length; start++) {
          const code = text.charCodeAt(start)
          if (code < 48 || code > 57) continue
          expect(summary(readNumberRun(text, start, fromBytes, bytes))).toEqual(
            summary(readNumberRun(text, start, fromText)),
          )
        }
      }),
      { numRuns: 500 },
    )
  })

  it.each([
    ['2024-05-17 report', '2024-05-17'],
    ['see /85666. next', '85666'],
    ['3 printed', '3'],
    ['commit 8f953371d3e8', '953371'],
    ['hash e680791055315 fixed', '680791055315'],
    ['id x4111111111111111 ok', '4111111111111111'],
    ['id 4111111111111111_ok', '4111111111111111'],
  ])('skips %s', (text, run) => {
    const start = text.indexOf(run)
    expect(rejectedRunEnd(text, start, text.length, undefined, { extendedEnd: 0, noted: false })).toBe(
      start + run.length,
    )
  })

  it.each([
    ['536-90-5924 on', 'a group of three (SSN)'],
    ['4111 1111 1111 1111 ok', 'twelve digits or more (card)'],
    ['10.0.0.1 ok', 'four groups (IPv4)'],
    ['+4915112345 ok', 'a plus before seven digits (E.164 phone)'],
    ['123456789 ok', 'a group of nine (bare SSN)'],
    ['2024-05-17', 'the end of the text (a stream may continue it)'],
    ['12\u200b34567 ok', 'a non-ASCII character'],
  ])('reads %s in full: %s', (text) => {
    const start = text.search(/[0-9]/)
    expect(rejectedRunEnd(text, start, text.length, undefined, { extendedEnd: 0, noted: false })).toBe(0)
  })
})
