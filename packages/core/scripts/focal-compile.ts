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
import { readFileSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { compilerModelFromEnvironment, readCompileCache } from '../cli/compiler-environment.ts'
import {
  type CompilerRule,
  type CompilerToolSchema,
  compileDefinitionRules,
  formatCompileReport,
} from '../src/compiler/index.ts'
import { classifyGuardrailTier, importMcpTools, loadDefinition } from '../src/definition/index.ts'

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
const cache = readCompileCache(cachePath)
const model = compilerModelFromEnvironment()

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
