import { describe, expect, it } from 'vitest'
import { renderArguments, renderTemplate } from './render-template.ts'

const values = {
  amount: 80,
  price: 9.5,
  order_id: 'NW-1',
  tool: { lookup: { status: 'shipped', items: [1, 2] } },
}

describe('renderTemplate', () => {
  it('fills flat and dotted placeholders, formatting numbers', () => {
    expect(
      renderTemplate(
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal dollar sign before a Focal placeholder
        'Refund ${{amount}} for {{ order_id }} ({{tool.lookup.status}}), plan ${{price}}',
        values,
      ),
    ).toBe('Refund $80 for NW-1 (shipped), plan $9.50')
  })

  it('renders unknown names as empty and objects as JSON, never reading inherited keys', () => {
    expect(renderTemplate('[{{missing}}] {{tool.lookup.items}} [{{tool.constructor}}]', values)).toBe(
      '[] [1,2] []',
    )
  })
})

describe('renderArguments', () => {
  it('keeps the type of a value that is exactly one placeholder and renders the rest as text', () => {
    expect(renderArguments({ amount: '{{amount}}', note: 'order {{order_id}}', fixed: 3 }, values)).toEqual({
      amount: 80,
      note: 'order NW-1',
      fixed: 3,
    })
  })
})
