import { readFileSync, writeFileSync } from 'node:fs'
import { buildEnforcementPlan, formatEnforcementPlan } from '@focal/core/compiler'
import { findLookalikeTopics, loadDefinition } from '@focal/core/definition'
import { compilerModelFromEnvironment, readCompileCache } from './compiler-environment.ts'

/** `focal explain`: prints a definition's enforcement plan (see focal.ts for the environment). */
export async function explain(definitionPath: string, cacheOption: string | undefined): Promise<void> {
  const definition = loadDefinition(readFileSync(definitionPath, 'utf8'))
  const cachePath = cacheOption ?? `${definitionPath}.compile-cache.json`
  const cache = readCompileCache(cachePath)
  const model = compilerModelFromEnvironment()
  const plan = await buildEnforcementPlan({ definition, cache, ...(model === undefined ? {} : { model }) })
  if (model !== undefined) writeFileSync(cachePath, `${JSON.stringify(cache.entries(), null, 2)}\n`)
  console.log(formatEnforcementPlan(plan))
  // Topics a user's words seldom tell apart: the router may start in either and stay there.
  for (const { topics, similarity, scenarios } of findLookalikeTopics(definition))
    console.log(
      `\nwarning: topics "${topics[0]}" (${scenarios[0].join(', ')}) and "${topics[1]}" (${scenarios[1].join(', ')}) read alike (word similarity ${similarity.toFixed(2)}): a message seldom tells them apart, so a conversation starts in either and stays. Merge them, or give each examples and keywords of its own.`,
    )
  if (model === undefined)
    console.log(
      '\n(offline: no FOCAL_COMPILER_BASE_URL / FOCAL_COMPILER_MODEL, so guardrails use the templates and no Lane 2 judge is assumed)',
    )
}
