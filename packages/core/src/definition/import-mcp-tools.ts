import { z } from 'zod'
import { FocalError } from '../errors/index.ts'

const jsonObject = z.record(z.string(), z.unknown())

/** One tool of an MCP `tools/list` result (MCP 2025-06-18 shape; unknown fields ignored). */
const mcpToolSchema = z.object({
  name: z.string().min(1),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: jsonObject.refine((schema) => schema.type === 'object', 'inputSchema.type must be "object"'),
  outputSchema: jsonObject.optional(),
  annotations: z
    .object({
      title: z.string().optional(),
      readOnlyHint: z.boolean().optional(),
      destructiveHint: z.boolean().optional(),
      idempotentHint: z.boolean().optional(),
      openWorldHint: z.boolean().optional(),
    })
    .optional(),
})

const toolsListResultSchema = z.object({ tools: z.array(mcpToolSchema), nextCursor: z.string().optional() })

/** The schema fields `importMcpTools` adds to a definition tool. */
export interface McpToolSchemaFields {
  description?: string
  /** JSON Schema of the tool's arguments, from the MCP server. */
  inputSchema: Record<string, unknown>
  outputSchema?: Record<string, unknown>
  /** MCP behaviour hints (`destructiveHint`, `readOnlyHint`, ...). */
  annotations?: Record<string, unknown>
}

/** The minimum of a definition tool: an id, plus whatever policy the author declared. */
export interface PolicyOnlyTool {
  id: string
  description?: string
}

/** What {@link importMcpTools} returns. */
export interface McpToolImport<Tool extends PolicyOnlyTool> {
  /** Definition tools with schemas attached (author fields win over imported ones). */
  tools: Array<Tool & McpToolSchemaFields>
  /** Declared tools the server does not offer (they keep no schema and are left out of `tools`). */
  missing: string[]
  /** Server tools the definition does not declare (not added: an agent never gains tools silently). */
  notDeclared: string[]
}

/**
 * Imports tool schemas from an MCP server's `tools/list` response (seed 004 §10), so an author
 * declares only policy. Accepts the JSON-RPC envelope, its `result`, or JSON text; validates it
 * with located errors. Without `definitionTools`, every server tool is imported with a default
 * policy: allowed, but approval required when the server marks it destructive.
 *
 * @example
 * const { tools } = importMcpTools(await (await fetch(mcpUrl, listRequest)).json(), [
 *   { id: 'process_refund', policy: { allowed: 'conditional', requiresApproval: 'args.amount > 500' } },
 * ])
 */
export function importMcpTools<
  Tool extends PolicyOnlyTool = PolicyOnlyTool & { policy: Record<string, unknown> },
>(toolsListResponse: unknown, definitionTools?: readonly Tool[]): McpToolImport<Tool> {
  const serverTools = parseToolsList(toolsListResponse)
  const byName = new Map(serverTools.map((tool) => [tool.name, tool]))
  const declared = definitionTools ?? (serverTools.map(defaultDefinitionTool) as unknown as Tool[])
  const tools: Array<Tool & McpToolSchemaFields> = []
  const missing: string[] = []
  for (const tool of declared) {
    const server = byName.get(tool.id)
    if (server === undefined) {
      missing.push(tool.id)
      continue
    }
    tools.push({
      ...schemaFields(server),
      ...tool,
      ...((tool.description ?? server.description)
        ? { description: tool.description ?? server.description }
        : {}),
    } as Tool & McpToolSchemaFields)
  }
  const declaredIds = new Set(declared.map((tool) => tool.id))
  const notDeclared = serverTools.filter((tool) => !declaredIds.has(tool.name)).map((tool) => tool.name)
  return { tools, missing, notDeclared }
}

type McpTool = z.infer<typeof mcpToolSchema>

function parseToolsList(response: unknown): McpTool[] {
  let value = response
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value)
    } catch (error) {
      throw invalid('', `tools/list response is not JSON: ${(error as Error).message}`)
    }
  }
  let prefix = ''
  if (value !== null && typeof value === 'object' && ('result' in value || 'error' in value)) {
    const envelope = value as { result?: unknown; error?: { message?: unknown } }
    if (envelope.error !== undefined)
      throw invalid('error', `MCP server returned an error: ${String(envelope.error?.message ?? 'unknown')}`)
    value = envelope.result
    prefix = 'result.'
  }
  const parsed = toolsListResultSchema.safeParse(value)
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({
      path: formatPath(prefix, issue.path),
      message: issue.message,
    }))
    throw new FocalError({
      code: 'invalid-definition',
      message: `invalid MCP tools/list response: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`,
      issues,
    })
  }
  const seen = new Set<string>()
  parsed.data.tools.forEach((tool, index) => {
    if (seen.has(tool.name))
      throw invalid(`${prefix}tools[${index}].name`, `duplicate tool name "${tool.name}"`)
    seen.add(tool.name)
  })
  return parsed.data.tools
}

function schemaFields(tool: McpTool): McpToolSchemaFields {
  const fields: McpToolSchemaFields = { inputSchema: tool.inputSchema }
  if (tool.outputSchema !== undefined) fields.outputSchema = tool.outputSchema
  if (tool.annotations !== undefined) fields.annotations = tool.annotations
  return fields
}

function defaultDefinitionTool(tool: McpTool): PolicyOnlyTool & { policy: Record<string, unknown> } {
  const policy =
    tool.annotations?.destructiveHint === true
      ? { allowed: 'always', requiresApproval: 'true' }
      : { allowed: 'always' }
  return { id: tool.name, policy }
}

function formatPath(prefix: string, path: readonly PropertyKey[]): string {
  let result = prefix.replace(/\.$/, '')
  for (const segment of path)
    result +=
      typeof segment === 'number' ? `[${segment}]` : result === '' ? String(segment) : `.${String(segment)}`
  return result
}

function invalid(path: string, message: string): FocalError {
  return new FocalError({
    code: 'invalid-definition',
    message: path ? `${path}: ${message}` : message,
    issues: [{ path, message }],
  })
}
