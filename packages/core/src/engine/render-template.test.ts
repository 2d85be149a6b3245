import { describe, expect, it } from 'vitest'
import { renderArguments, renderTemplate, unknownTemplateFilters } from './render-template.ts'

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

  it("writes `| money` in the turn's currency, US dollars when it names none", () => {
    expect(renderTemplate('The {{amount | money}} charge', { amount: 30 })).toBe('The $30 charge')
    expect(renderTemplate('The {{ amount|money }} charge', { amount: 30, currency: 'EUR' })).toBe(
      'The €30 charge',
    )
    expect(renderTemplate('{{price | money}}', { price: 12.5, currency: 'GBP' })).toBe('£12.50')
    expect(renderTemplate('{{amount | money}}', { amount: 7, currency: 'JPY' })).toBe('¥7')
    // Not a number, or not a currency code: written as it is, never a made-up sign.
    expect(renderTemplate('[{{missing | money}}]', { currency: 'EUR' })).toBe('[]')
    expect(renderTemplate('{{amount | money}}', { amount: 5, currency: 'euro' })).toBe('$5')
  })

  it("writes a tool call's amount in the call's own currency, beside it, before the turn's", () => {
    const values = { currency: 'USD', args: { amount: 450, currency: 'GBP' }, refund: { amount: 20 } }
    expect(renderTemplate('{{args.amount | money}}', values)).toBe('£450')
    expect(renderTemplate('{{refund.amount | money}}', values)).toBe('$20')
    expect(renderTemplate('{{args.amount | money}}', { args: { amount: 30 } })).toBe('$30')
  })

  it('lists the filters it does not know', () => {
    expect(unknownTemplateFilters('{{a | money}} {{b | upper}}')).toEqual([
      'unknown filter "upper" in "{{b | upper}}" (filters: money)',
    ])
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
