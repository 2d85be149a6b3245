import type { FocalDefinition } from '../definition/definition-schema.ts'
import type { LanguageModelMessage } from '../llm/types.ts'
import type { MatchedRule } from '../rules/types.ts'
import { renderTemplate } from './render-template.ts'
import type { CompletedToolCall } from './session-state.ts'

/** What the respond phase works from: exactly the matched actions, tool outputs and profile fields. */
export interface ReplyMaterial {
  definition: FocalDefinition
  matched: readonly MatchedRule[]
  completed: readonly CompletedToolCall[]
  /** Template values: fields, entities, `tool.<id>` results, `session`. */
  values: Record<string, unknown>
  /** The step's follow-up question for missing required fields. */
  followUp?: string
  /** Extra sentence (approval rejected, loop guard). */
  note?: string
}

/**
 * Approved-response mode (no model): the matched rules' `action` templates, in priority order,
 * filled from entities, fields and tool results. A rule whose tool did not run contributes nothing,
 * so a template never claims an action that did not happen.
 */
export function composeApprovedReply(material: ReplyMaterial): string {
  const parts: string[] = []
  if (material.note !== undefined) parts.push(material.note)
  for (const { rule } of material.matched) {
    if (rule.action === undefined || !toolsSucceeded(rule.id, material.completed)) continue
    const text = renderTemplate(rule.action, material.values).trim()
    if (text !== '' && !parts.includes(text)) parts.push(text)
  }
  for (const text of refusals(material)) if (!parts.includes(text)) parts.push(text)
  if (material.followUp !== undefined) parts.push(material.followUp)
  return parts.length === 0 ? material.definition.settings.fallbackReply : parts.join(' ')
}

/**
 * What the customer is told of each call the gate refused: the refusal of the check it failed
 * (`policy.checks`), else its tool's `policy.refusal`, filled from the call's `args` and the
 * turn's values, else `settings.refusalReply`. A refused action is said
 * to be refused, never left to the fallback menu.
 */
export function refusals(material: ReplyMaterial): string[] {
  const texts: string[] = []
  for (const call of material.completed) {
    if (call.status !== 'blocked') continue
    const tool = material.definition.tools.find((entry) => entry.id === call.toolId)
    const template = call.refusal ?? tool?.policy.refusal ?? material.definition.settings.refusalReply
    const text = renderTemplate(template, { ...material.values, args: call.args }).trim()
    if (text !== '' && !texts.includes(text)) texts.push(text)
  }
  return texts
}

/** The model prompt: persona, guardrails, exactly the matched actions, tool outputs and profile fields. */
export function buildReplyPrompt(
  material: ReplyMaterial,
  history: ReadonlyArray<LanguageModelMessage>,
  text: string,
  instruction?: string,
): { system: string; messages: LanguageModelMessage[] } {
  const { definition } = material
  const lines: string[] = []
  if (definition.persona !== undefined) lines.push(definition.persona)
  const never = definition.guardrails.never.map((rule) => `- Never: ${rule}`)
  const always = definition.guardrails.always.map((rule) => `- Always: ${rule}`)
  if (never.length + always.length > 0) lines.push('Guardrails:', ...never, ...always)
  const actions = material.matched
    .filter(({ rule }) => rule.action !== undefined && toolsSucceeded(rule.id, material.completed))
    .map(({ rule }) => `- [${rule.id}] ${renderTemplate(rule.action!, material.values)}`)
  const refused = refusals(material).map((text) => `- Say that this was refused: ${text}`)
  lines.push(
    'Follow exactly these instructions for this turn:',
    ...(actions.length + refused.length > 0 ? [...actions, ...refused] : ['- Answer briefly and helpfully.']),
  )
  const outputs = material.completed.map(
    (call) => `- ${call.toolId} (${call.status}): ${JSON.stringify(call.result ?? call.reason ?? null)}`,
  )
  if (outputs.length > 0) lines.push('Tool results:', ...outputs)
  const profile = definition.profileFields
    .filter((field) => material.values[field] !== undefined)
    .map((field) => `- ${field}: ${JSON.stringify(material.values[field])}`)
  if (profile.length > 0) lines.push('Customer profile:', ...profile)
  if (material.followUp !== undefined) lines.push(`End by asking: ${material.followUp}`)
  if (material.note !== undefined) lines.push(`Tell the user: ${material.note}`)
  if (instruction !== undefined) lines.push(`Your previous draft was rejected: ${instruction}`)
  return { system: lines.join('\n'), messages: [...history, { role: 'user', content: text }] }
}

function toolsSucceeded(ruleId: string, completed: readonly CompletedToolCall[]): boolean {
  return completed.every(
    (call) => call.ruleId !== ruleId || call.status === 'ran' || call.status === 'approved',
  )
}
