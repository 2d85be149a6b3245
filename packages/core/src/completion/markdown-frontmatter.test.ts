import { describe, expect, it } from 'vitest'
import { readMarkdownFrontmatter, writeMarkdownFrontmatter } from './markdown-frontmatter.ts'

const report = `---
title: Churn report # shown in the header
gyoshu:
  schema_version: 1
  status: active
  created: "2026-01-01T10:00:00Z"
  updated: "2026-01-01T12:00:00Z"
  extra: { keep: me }
---
# Churn report

Body with a horizontal rule:

---

and more text.
`
const now = () => '2026-03-01T00:00:00.000Z'

describe('readMarkdownFrontmatter', () => {
  it('reads the gyoshu block of a Markdown document', () => {
    expect(readMarkdownFrontmatter(report)).toMatchObject({
      type: 'found',
      research: { status: 'active', extra: { keep: 'me' } },
      document: { title: 'Churn report' },
    })
  })

  it('reports absence when the document does not open with ---', () => {
    expect(readMarkdownFrontmatter('# Title\n---\ngyoshu: {}\n---')).toMatchObject({ type: 'absent' })
    expect(readMarkdownFrontmatter('---\nno closing line')).toMatchObject({ type: 'absent' })
  })
})

describe('writeMarkdownFrontmatter', () => {
  it('changes the block and leaves the body byte for byte', () => {
    const written = writeMarkdownFrontmatter(report, { changes: { status: 'completed' }, now })
    expect(written.slice(written.indexOf('# Churn report'))).toBe(
      report.slice(report.indexOf('# Churn report')),
    )
    expect(written).toContain('title: Churn report # shown in the header')
    expect(readMarkdownFrontmatter(written)).toMatchObject({
      type: 'found',
      research: { status: 'completed', updated: now(), extra: { keep: 'me' } },
    })
  })

  it('adds a block in front of a document without one', () => {
    const written = writeMarkdownFrontmatter('# Notes\n', { changes: { tags: ['draft'] }, now })
    expect(written.endsWith('---\n# Notes\n')).toBe(true)
    expect(readMarkdownFrontmatter(written)).toMatchObject({
      type: 'found',
      research: { status: 'active', tags: ['draft'] },
    })
  })

  it('keeps Windows line endings', () => {
    const windows = report.replaceAll('\n', '\r\n')
    const written = writeMarkdownFrontmatter(windows, { changes: { status: 'archived' }, now })
    expect(written.replaceAll('\r\n', '')).not.toContain('\n')
    expect(readMarkdownFrontmatter(written)).toMatchObject({
      type: 'found',
      research: { status: 'archived' },
    })
  })
})
