import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/index.ts'
import type { GoalContract } from './goal-contract-schema.ts'
import {
  type JupyterNotebook,
  readNotebookFrontmatter,
  writeNotebookFrontmatter,
} from './notebook-frontmatter.ts'

const loadFixture = (name: string): JupyterNotebook =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'))
const now = () => '2026-02-03T04:05:06.000Z'
const sourceText = (notebook: JupyterNotebook, index = 0) => {
  const source = notebook.cells[index]?.source ?? ''
  return typeof source === 'string' ? source : source.join('')
}
const contract: GoalContract = {
  version: 1,
  goal_text: 'Build model with >= 80% accuracy',
  acceptance_criteria: [
    { id: 'AC1', kind: 'metric_threshold', metric: 'cv_accuracy_mean', op: '>=', target: 0.8 },
  ],
}

describe('readNotebookFrontmatter', () => {
  it('reads the gyoshu block, Quarto fields and the goal contract of a real notebook', () => {
    const result = readNotebookFrontmatter(loadFixture('churn-analysis.ipynb'))
    expect(result.type).toBe('found')
    if (result.type !== 'found') return
    expect(result.research).toMatchObject({
      schema_version: 1,
      status: 'active',
      slug: 'customer-churn',
      tags: ['churn', 'classification'],
    })
    expect(result.research.reviewer_notes).toBe('keep the holdout set untouched')
    expect(result.document).toMatchObject({
      title: 'Customer Churn Analysis',
      date: '2026-01-01',
      format: { html: { toc: true } },
    })
    expect(result.goalContract?.max_goal_attempts).toBe(3)
    expect(result.goalContract?.acceptance_criteria.map((criterion) => criterion.kind)).toEqual([
      'metric_threshold',
      'marker_required',
      'finding_count',
    ])
    expect(result.goalContractErrors).toEqual([])
  })

  it('loads a notebook written before goal contracts existed', () => {
    const result = readNotebookFrontmatter(loadFixture('legacy-research.ipynb'))
    expect(result).toMatchObject({
      type: 'found',
      research: { slug: 'iris-eda', tags: ['legacy'] },
      goalContractErrors: [],
    })
    expect(result.type === 'found' && result.goalContract).toBeUndefined()
  })

  it('reports absence for notebooks without frontmatter', () => {
    expect(readNotebookFrontmatter(loadFixture('plain-notebook.ipynb'))).toMatchObject({
      type: 'absent',
      reason: 'first cell is not a raw cell',
    })
    expect(readNotebookFrontmatter({ cells: [] })).toMatchObject({ type: 'absent' })
    expect(readNotebookFrontmatter({ cells: [{ cell_type: 'raw', source: 'just text' }] })).toMatchObject({
      type: 'absent',
    })
    expect(
      readNotebookFrontmatter({ cells: [{ cell_type: 'raw', source: '---\ntitle: Quarto only\n---' }] }),
    ).toMatchObject({
      type: 'absent',
      reason: 'frontmatter has no gyoshu key',
    })
  })

  it('rejects an invalid gyoshu block and broken YAML with located errors', () => {
    const badStatus = {
      cells: [
        {
          cell_type: 'raw',
          source: '---\ngyoshu:\n  schema_version: 1\n  status: paused\n  created: a\n  updated: b\n---',
        },
      ],
    }
    const result = readNotebookFrontmatter(badStatus)
    expect(result.type).toBe('invalid')
    expect(result.type === 'invalid' && result.errors[0]).toMatch(/^gyoshu\.status: /)
    expect(
      readNotebookFrontmatter({ cells: [{ cell_type: 'raw', source: '---\ngyoshu: [unclosed\n---' }] }),
    ).toMatchObject({ type: 'invalid' })
    expect(readNotebookFrontmatter({ nope: true })).toMatchObject({ type: 'invalid' })
  })

  it('still loads the notebook when its goal contract is invalid, and says why', () => {
    const source =
      '---\ngyoshu:\n  schema_version: 1\n  status: active\n  created: a\n  updated: b\n  goal_contract:\n    version: 1\n    goal_text: x\n    acceptance_criteria:\n      - id: AC1\n        kind: artifact_exists\n---'
    const result = readNotebookFrontmatter({ cells: [{ cell_type: 'raw', source }] })
    expect(result).toMatchObject({
      type: 'found',
      goalContractErrors: [
        'gyoshu.goal_contract.acceptance_criteria[0] (AC1).artifactPattern: artifact_exists criterion requires "artifactPattern" (a glob such as "*.pkl")',
      ],
    })
    expect(result.type === 'found' && result.goalContract).toBeUndefined()
  })

  it('reads Windows line endings and a `...` closing line', () => {
    const source =
      '---\r\ngyoshu:\r\n  schema_version: 1\r\n  status: completed\r\n  created: a\r\n  updated: b\r\n...\r\n'
    expect(readNotebookFrontmatter({ cells: [{ cell_type: 'raw', source }] })).toMatchObject({
      type: 'found',
      research: { status: 'completed' },
    })
  })
})

describe('writeNotebookFrontmatter', () => {
  it('adds a goal contract to a legacy notebook and reads it back', () => {
    const original = loadFixture('legacy-research.ipynb')
    const written = writeNotebookFrontmatter(original, { changes: { goal_contract: contract }, now })
    const result = readNotebookFrontmatter(written)
    // Reading fills in the explicit default metric policy; the written YAML stays as given.
    expect(result.type === 'found' && result.goalContract).toEqual({
      ...contract,
      acceptance_criteria: contract.acceptance_criteria.map((criterion) => ({
        ...criterion,
        metricPolicy: 'last',
      })),
    })
    expect(sourceText(written)).not.toContain('metricPolicy')
    expect(result.type === 'found' && result.research).toMatchObject({
      slug: 'iris-eda',
      outputs_dir: 'outputs/iris-eda',
      updated: now(),
    })
    expect(written.cells).toHaveLength(original.cells.length)
    expect(written.cells[1]).toEqual(original.cells[1])
  })

  it('round-trips a real notebook: unknown fields, comments, other cells and metadata survive', () => {
    const original = loadFixture('churn-analysis.ipynb')
    const before = JSON.stringify(original)
    const written = writeNotebookFrontmatter(original, { changes: { status: 'completed' }, now })
    expect(JSON.stringify(original)).toBe(before)
    const text = sourceText(written)
    expect(text).toContain('reviewer_notes: keep the holdout set untouched # unknown to Focal, must survive')
    expect(text).toContain('# Managed by the research agent; edit with care.')
    expect(text).toContain('status: completed')
    expect(written.cells.slice(1)).toEqual(original.cells.slice(1))
    expect(written.metadata).toEqual(original.metadata)
    expect({ ...written.cells[0], source: undefined }).toEqual({ ...original.cells[0], source: undefined })
    const reread = readNotebookFrontmatter(written)
    const first = readNotebookFrontmatter(original)
    if (reread.type !== 'found' || first.type !== 'found') throw new Error('frontmatter lost')
    expect(reread.document).toEqual({
      ...first.document,
      gyoshu: { ...(first.document.gyoshu as object), status: 'completed', updated: now() },
    })
  })

  it('changes nothing but `updated` when written with no changes', () => {
    const original = loadFixture('churn-analysis.ipynb')
    const written = writeNotebookFrontmatter(original, { changes: {}, now: () => '2026-01-05T08:00:00Z' })
    const originalLines = sourceText(original).split('\n')
    const writtenLines = sourceText(written).split('\n')
    const changed = writtenLines.filter((line, index) => line !== originalLines[index])
    // The existing scalar keeps its double quotes.
    expect(changed).toEqual(['  updated: "2026-01-05T08:00:00Z"'])
    expect(Array.isArray(written.cells[0]?.source)).toBe(true)
  })

  it('removes a field set to undefined', () => {
    const written = writeNotebookFrontmatter(loadFixture('churn-analysis.ipynb'), {
      changes: { goal_contract: undefined, python_env: undefined },
      now,
    })
    const result = readNotebookFrontmatter(written)
    expect(result.type === 'found' && result.goalContract).toBeUndefined()
    expect(result.type === 'found' && 'python_env' in result.research).toBe(false)
  })

  it('inserts a raw frontmatter cell with an id into a notebook without one', () => {
    const original = loadFixture('plain-notebook.ipynb')
    const written = writeNotebookFrontmatter(original, {
      changes: { goal_contract: contract, tags: ['new'] },
      now,
    })
    expect(written.cells).toHaveLength(3)
    expect(written.cells[0]).toMatchObject({
      cell_type: 'raw',
      id: 'frontmatter',
      metadata: { gyoshu: { type: 'frontmatter' } },
    })
    expect(sourceText(written)).toMatch(/^---\ngyoshu:\n {2}schema_version: 1\n {2}status: active\n/)
    expect(readNotebookFrontmatter(written)).toMatchObject({
      type: 'found',
      research: { created: now(), updated: now(), tags: ['new'] },
      goalContract: contract,
    })
    expect(written.cells.slice(1)).toEqual(original.cells)
  })

  it('refuses to write an invalid goal contract', () => {
    const invalid = {
      ...contract,
      acceptance_criteria: [{ id: 'AC1', kind: 'finding_count' }],
    } as unknown as GoalContract
    expect(() =>
      writeNotebookFrontmatter(loadFixture('legacy-research.ipynb'), {
        changes: { goal_contract: invalid },
        now,
      }),
    ).toThrow(expect.objectContaining({ code: 'invalid-goal-contract' }))
  })

  it('refuses changes that would make the block invalid', () => {
    const write = () =>
      writeNotebookFrontmatter(loadFixture('legacy-research.ipynb'), {
        changes: { status: 'paused' as 'active' },
        now,
      })
    expect(write).toThrow(FocalError)
  })

  it('keeps a string source as a string', () => {
    const original = loadFixture('legacy-research.ipynb')
    const written = writeNotebookFrontmatter(original, { changes: { status: 'archived' }, now })
    expect(typeof written.cells[0]?.source).toBe('string')
    expect(written.cells[0]).not.toHaveProperty('id')
  })
})

describe('frontmatter round trip (property)', () => {
  const key = fc.stringMatching(/^x_[a-z0-9_]{1,10}$/)
  const extras = fc.dictionary(key, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 })

  it('keeps any unknown JSON fields at the top level and under gyoshu through write and read', () => {
    fc.assert(
      fc.property(
        extras,
        extras,
        fc.constantFrom('active', 'completed', 'archived'),
        (topLevel, research, status) => {
          const notebook = writeNotebookFrontmatter({ cells: [] }, { changes: { ...research, status }, now })
          const cell = notebook.cells[0]
          if (cell === undefined) throw new Error('no frontmatter cell')
          // Put the top-level extras beside gyoshu, as another tool (Quarto) would.
          const block = sourceText(notebook).replace(/^---\n/, () => `---\n${yamlLines(topLevel)}`)
          cell.source = block
          const rewritten = writeNotebookFrontmatter(notebook, { changes: { goal_contract: contract }, now })
          const result = readNotebookFrontmatter(rewritten)
          if (result.type !== 'found') throw new Error(`lost frontmatter: ${JSON.stringify(result)}`)
          expect(canonical(result.research)).toEqual(
            canonical({
              schema_version: 1,
              status,
              created: now(),
              updated: now(),
              ...research,
              goal_contract: contract,
            }),
          )
          const { gyoshu: _gyoshu, ...rest } = result.document
          expect(canonical(rest)).toEqual(canonical(topLevel))
        },
      ),
      { numRuns: 60 },
    )
  })
})

function yamlLines(values: Record<string, unknown>): string {
  return Object.entries(values)
    .map(([name, value]) => `${name}: ${JSON.stringify(value)}\n`)
    .join('')
}

/** JSON with sorted keys, so -0 and key order do not matter. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : inner,
  )
}
