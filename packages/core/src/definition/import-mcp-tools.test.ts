import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/index.ts'
import { importMcpTools } from './import-mcp-tools.ts'
import { loadDefinition } from './load-definition.ts'

const toolsList = {
  jsonrpc: '2.0',
  id: 1,
  result: {
    tools: [
      {
        name: 'process_refund',
        title: 'Process refund',
        description: 'Refund an order',
        inputSchema: {
          type: 'object',
          properties: { order_id: { type: 'string' }, amount: { type: 'number' } },
          required: ['order_id', 'amount'],
        },
      },
      {
        name: 'delete_account',
        description: 'Delete the account',
        inputSchema: { type: 'object' },
        annotations: { destructiveHint: true },
      },
      {
        name: 'lookup_order',
        inputSchema: { type: 'object', properties: { order_id: { type: 'string' } } },
        annotations: { readOnlyHint: true },
      },
    ],
  },
}

function errorOf(run: () => unknown): FocalError {
  try {
    run()
  } catch (error) {
    if (FocalError.isInstance(error)) return error
    throw error
  }
  throw new Error('expected a FocalError')
}

describe('importMcpTools', () => {
  it('attaches server schemas to policy-only definition tools, author fields winning', () => {
    const result = importMcpTools(toolsList, [
      { id: 'process_refund', policy: { allowed: 'conditional', requiresApproval: 'args.amount > 500' } },
      { id: 'lookup_order', description: 'Find an order by id', policy: { allowed: 'always' } },
      { id: 'send_voucher', policy: { allowed: 'always' } },
    ])
    expect(result.tools).toEqual([
      {
        id: 'process_refund',
        description: 'Refund an order',
        policy: { allowed: 'conditional', requiresApproval: 'args.amount > 500' },
        inputSchema: toolsList.result.tools[0]!.inputSchema,
      },
      {
        id: 'lookup_order',
        description: 'Find an order by id',
        policy: { allowed: 'always' },
        inputSchema: toolsList.result.tools[2]!.inputSchema,
        annotations: { readOnlyHint: true },
      },
    ])
    expect(result.missing).toEqual(['send_voucher'])
    expect(result.notDeclared).toEqual(['delete_account'])
  })

  it('produces tools a definition loads, so authors declare only policy', () => {
    const declared = [
      { id: 'process_refund', policy: { allowed: 'always' as const, requiresApproval: 'args.amount > 500' } },
    ]
    const { tools } = importMcpTools(toolsList, declared)
    const definition = loadDefinition({ name: 'refunds', tools })
    expect(definition.tools[0]).toMatchObject({
      id: 'process_refund',
      description: 'Refund an order',
      inputSchema: { required: ['order_id', 'amount'] },
      policy: { requiresApproval: 'args.amount > 500' },
    })
  })

  it('imports every server tool without a definition, requiring approval for destructive ones', () => {
    const result = importMcpTools(JSON.stringify(toolsList.result))
    expect(result.tools.map((tool) => [tool.id, tool.policy])).toEqual([
      ['process_refund', { allowed: 'always' }],
      ['delete_account', { allowed: 'always', requiresApproval: 'true' }],
      ['lookup_order', { allowed: 'always' }],
    ])
    expect(result.notDeclared).toEqual([])
  })

  it('rejects malformed responses with located errors', () => {
    const badSchema = {
      result: { tools: [toolsList.result.tools[0], { name: 'x', inputSchema: { type: 'string' } }] },
    }
    expect(errorOf(() => importMcpTools(badSchema)).issues[0]).toEqual({
      path: 'result.tools[1].inputSchema',
      message: 'inputSchema.type must be "object"',
    })
    expect(
      errorOf(() => importMcpTools({ tools: [{ inputSchema: { type: 'object' } }] })).issues[0]?.path,
    ).toBe('tools[0].name')
    expect(errorOf(() => importMcpTools('{not json')).code).toBe('invalid-definition')
    const duplicate = {
      tools: [
        { name: 'a', inputSchema: { type: 'object' } },
        { name: 'a', inputSchema: { type: 'object' } },
      ],
    }
    expect(errorOf(() => importMcpTools(duplicate)).issues[0]?.path).toBe('tools[1].name')
    expect(
      errorOf(() =>
        importMcpTools({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } }),
      ).message,
    ).toContain('Method not found')
  })
})
