/**
 * `focal compile`: compiles a definition's free-text rules at bootstrap and prints what compiled,
 * what used an offline template and what fell back to Lane 2.
 *
 *   pnpm --filter @focal/core focal-compile <definition.yaml|json> [--cache <file>] [--mcp <tools-list.json>]
 *
 * The compiler model comes from the environment (none → templates only, the rest falls back):
 *   FOCAL_COMPILER_BASE_URL  e.g. http://127.0.0.1:11434/v1
 *   FOCAL_COMPILER_MODEL     e.g. llama3.1
 *   FOCAL_COMPILER_API_KEY   optional
 * The cache (JSON, keyed by SHA-256 of rule + tool schemas + model id) defaults to
 * `<definition>.compile-cache.json`; a cached compile makes no model call.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import {
  type CachedRuleCompilation,
  type CompilerRule,
  type CompilerToolSchema,
  compileDefinitionRules,
  createMemoryCompileCache,
  formatCompileReport,
} from '../src/compiler/index.ts'
import { classifyGuardrailTier, importMcpTools, loadDefinition } from '../src/definition/index.ts'
import { openAICompatible } from '../src/llm/index.ts'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { cache: { type: 'string' }, mcp: { type: 'string' } },
})
const definitionPath = positionals[0]
if (definitionPath === undefined) {
  console.error('usage: focal-compile <definition.yaml|json> [--cache <file>] [--mcp <tools-list.json>]')
  process.exit(2)
}

const definition = loadDefinition(readFileSync(definitionPath, 'utf8'))
const rules: CompilerRule[] = [
  ...definition.guardrails.never.map((text, index) => ({
    id: `guardrails.never[${index}]`,
    text: `Never ${lowerFirst(text)}`,
  })),
  ...definition.guardrails.always.map((text, index) => ({
    id: `guardrails.always[${index}]`,
    text: `Always ${lowerFirst(text)}`,
  })),
].map((rule) => ({ ...rule, tier: classifyGuardrailTier(rule.text) }))

let tools: CompilerToolSchema[] = definition.tools.map((tool) => ({
  id: tool.id,
  ...(tool.description ? { description: tool.description } : {}),
}))
if (values.mcp !== undefined) {
  tools = importMcpTools(readFileSync(values.mcp, 'utf8'), tools).tools
}

const cachePath = values.cache ?? `${definitionPath}.compile-cache.json`
const cache = createMemoryCompileCache(
  existsSync(cachePath)
    ? (JSON.parse(readFileSync(cachePath, 'utf8')) as Record<string, CachedRuleCompilation>)
    : {},
)
const baseURL = process.env.FOCAL_COMPILER_BASE_URL
const modelId = process.env.FOCAL_COMPILER_MODEL
const model =
  baseURL && modelId
    ? openAICompatible({
        baseURL,
        model: modelId,
        ...(process.env.FOCAL_COMPILER_API_KEY ? { apiKey: process.env.FOCAL_COMPILER_API_KEY } : {}),
      })
    : undefined

const report = await compileDefinitionRules({
  rules,
  tools,
  ...(model ? { model } : {}),
  cache,
})
writeFileSync(cachePath, `${JSON.stringify(cache.entries(), null, 2)}\n`)
console.log(formatCompileReport(report))
if (model === undefined)
  console.log('(no FOCAL_COMPILER_BASE_URL / FOCAL_COMPILER_MODEL: model compilation skipped)')

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1)
}
