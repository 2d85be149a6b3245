import type { FocalIssue } from '../errors/focal-error.ts'
import { checkCustomReasonCodes } from './check-custom-reason-codes.ts'
import type { DefinitionCustomReasonCode } from './custom-reason-code-schema.ts'
import type { FocalDefinitionInput } from './definition-schema.ts'
import { invalidSkillError } from './invalid-skill-error.ts'
import type { SkillImportReport } from './skill-import-report.ts'
import type { SkillDocument } from './skill-schema.ts'

type SettingsInput = NonNullable<FocalDefinitionInput['settings']>

/**
 * The settings a skill sets: the finalization gate (seed 004 §3-§5, under `engine` or, as §5
 * writes it, at the top level), model ids (§4) and the out-of-domain reply. A gate section turns
 * the gate on unless it says `enabled: false`, as Core ADAS does. Throws a located
 * `invalid-definition` for a custom reason code the judge would reject.
 */
export function skillSettings(skill: SkillDocument, report: SkillImportReport): SettingsInput | undefined {
  const [gate, gatePath] =
    skill.engine?.finalization_gate !== undefined
      ? [skill.engine.finalization_gate, 'engine.finalization_gate']
      : [skill.finalization_gate, 'finalization_gate']
  if (skill.engine?.finalization_gate !== undefined && skill.finalization_gate !== undefined)
    report.unmapped.push({
      path: 'finalization_gate',
      message: 'engine.finalization_gate is given too and wins; this section is ignored',
    })
  const settings: SettingsInput = {}
  if (gate !== undefined) {
    const customReasonCodes = reasonCodesOf(gate.custom_reason_codes ?? [], `${gatePath}.custom_reason_codes`)
    settings.finalizationGate = {
      enabled: gate.enabled ?? true,
      ...(gate.max_retries === undefined ? {} : { maxRetries: gate.max_retries }),
      ...(gate.strictness === undefined ? {} : { strictness: gate.strictness }),
      ...(customReasonCodes.length === 0 ? {} : { customReasonCodes }),
    }
    if (gate.max_retries !== undefined) settings.maxRegenerations = gate.max_retries
  }
  // `model: default` (the Skill Builder's placeholder) means the host's default: nothing to carry.
  const model = skill.engine?.model === 'default' ? undefined : skill.engine?.model
  if (model !== undefined || gate?.model !== undefined)
    settings.models = {
      ...(model === undefined ? {} : { default: model }),
      ...(gate?.model === undefined ? {} : { judge: gate.model }),
    }
  const outOfDomain = skill.intents?.out_of_domain?.message
  if (outOfDomain !== undefined) settings.fallbackReply = outOfDomain
  return Object.keys(settings).length === 0 ? undefined : settings
}

function reasonCodesOf(
  written: NonNullable<NonNullable<SkillDocument['finalization_gate']>['custom_reason_codes']>,
  path: string,
): DefinitionCustomReasonCode[] {
  const codes = written.map((entry): DefinitionCustomReasonCode => {
    if (typeof entry === 'string') return { code: entry, severity: 'soft' }
    return {
      code: entry.code,
      severity: entry.severity ?? 'soft',
      ...(entry.description === undefined ? {} : { description: entry.description }),
      ...(entry.missing_pattern === undefined ? {} : { missingPattern: entry.missing_pattern }),
    }
  })
  // The definition checks the same at load; checked here so the error names the skill's path.
  const issues: FocalIssue[] = checkCustomReasonCodes(codes).map((issue) => ({
    path: issue.path
      .replace('settings.finalizationGate.customReasonCodes', path)
      .replace(/\.missingPattern$/u, '.missing_pattern'),
    message: issue.message,
  }))
  if (issues.length > 0) throw invalidSkillError(issues)
  return codes
}
