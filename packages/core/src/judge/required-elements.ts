import type { AbstractionLevel, JudgeIntentId } from './types.ts'

/** One element a draft must contain for its intent (seed 004 §9.4). */
export interface RequiredElement {
  id: string
  /** How the element reads in a missing-requirements list. */
  label: string
  /** Textual cues that show the element is present (the heuristic judge's detector). */
  cues: RegExp
}

/** What an intent expects of an answer. */
export interface IntentContract {
  elements: RequiredElement[]
  /** The abstraction level the intent implies, unless the goal says otherwise. */
  abstraction?: AbstractionLevel
  /** Whether answering needs inspected evidence (missing elements then need new evidence). */
  needsEvidence: boolean
}

const element = (id: string, label: string, cues: RegExp): RequiredElement => ({ id, label, cues })

/** Required elements per intent, exactly the seed's lists, with cues for the heuristic judge. */
export const intentContracts: Readonly<Record<string, IntentContract>> = {
  SYSTEM_CONTROL_FLOW: {
    abstraction: 'runtime',
    needsEvidence: false,
    elements: [
      element(
        'actors',
        'Actors/components',
        /\b(actors?|components?|services?|agents?|participants?|client|server|worker|controller)\b/i,
      ),
      element(
        'signals',
        'Signals/events exchanged',
        /\b(signals?|events?|messages?|requests?|responses?|emits?|publish(es)?|notif(y|ies|ication))\b/i,
      ),
      element(
        'triggers',
        'Trigger(s) and sequencing',
        /\b(triggers?|triggered|initiates?|kicks? off|sequence|sequencing|then)\b|^\s*\d+[.)]\s|->|→/im,
      ),
      element(
        'authority',
        'Ownership/authority (who decides)',
        /\b(owns?|owner(ship)?|authority|authoritative|decides?|responsible|in charge|source of truth)\b/i,
      ),
      element(
        'loop',
        'Loop/state transitions',
        /\b(loop|states?|transitions?|cycle|retr(y|ies)|until|repeats?|idle|pending)\b/i,
      ),
      element(
        'failure-path',
        'At least one failure path',
        /\b(fail(s|ure|ed)?|errors?|timeouts?|crash(es)?|fallback|rollback|exceptions?|on error)\b/i,
      ),
    ],
  },
  CODE_FLOW_ANALYSIS: {
    abstraction: 'code',
    needsEvidence: true,
    elements: [
      element(
        'entry-points',
        'Entry point(s)',
        /\b(entry[- ]?points?|main\(|starts? (at|in)|invoked|called from|handler|bootstrap)\b/i,
      ),
      element(
        'call-chain',
        'Call chain or step-by-step execution',
        /\b(calls?|invokes?|call chain|delegates? to|passes? (it )?to|returns? to)\b|->|→|^\s*\d+[.)]\s/im,
      ),
      element(
        'key-functions',
        'Key functions/modules involved',
        /\b\w+\(\)|`[\w.]+`|\b(functions?|methods?|modules?|class(es)?)\b/i,
      ),
      element(
        'branches',
        'Conditions/branches that matter',
        /\b(if|else|when|unless|branch(es)?|conditions?|otherwise|switch|case)\b/i,
      ),
    ],
  },
  REPO_ORIENTATION: {
    abstraction: 'repository',
    needsEvidence: true,
    elements: [
      element(
        'modules',
        'Major modules/dirs',
        /\b(modules?|director(y|ies)|dirs?|folders?|packages?)\b|\b[\w-]+\/(?=\s|$|`)/i,
      ),
      element(
        'entry-points',
        'Likely entry points',
        /\b(entry[- ]?points?|main|index\.\w+|bin\/|cli|server\.\w+|app\.\w+|start(s|ing)? (at|in|with))\b/i,
      ),
      element(
        'where-next',
        '"Where to look next" guidance',
        /\b(look (at|next|into)|next steps?|start (with|by|reading)|read (next|first)|explore|where to)\b/i,
      ),
    ],
  },
  CHANGE_IMPLEMENTATION: {
    abstraction: 'code',
    needsEvidence: true,
    elements: [
      element(
        'plan',
        'Concrete change plan',
        /\b(plan|change|modify|add|remove|replace|update|implement|refactor|rename)\b|^\s*[-*\d]/im,
      ),
      element(
        'impacted-files',
        'Impacted files/modules (if known)',
        /\b[\w-]+\.(ts|tsx|js|jsx|py|go|rs|java|rb|cs|cpp|c|h|json|ya?ml|md)\b|\b(files?|modules?)\b/i,
      ),
      element(
        'tests',
        'Test impact / validation plan',
        /\b(tests?|testing|validat(e|ion)|verify|verification|assert|spec|ci)\b/i,
      ),
      element(
        'risks',
        'Risks/rollback note',
        /\b(risks?|rollback|roll back|revert|breaking|caveats?|backward[- ]compat\w*|migration)\b/i,
      ),
    ],
  },
  DEBUG_AND_DIAGNOSE: {
    needsEvidence: true,
    elements: [
      element(
        'hypotheses',
        'Ranked hypotheses',
        /\b(hypothes[ie]s|likely|most likely|probable|possible causes?|suspect|cause)\b/i,
      ),
      element(
        'evidence',
        'What evidence would confirm/refute',
        /\b(confirm|refute|evidence|check (whether|if|the)|would show|rule out|logs?)\b/i,
      ),
      element(
        'experiments',
        'Next experiments',
        /\b(experiments?|try|reproduce|bisect|next steps?|run|measure|add logging)\b/i,
      ),
    ],
  },
}

/** The contract of `intentId`, from `overrides` first; unknown intents have no required elements. */
export function intentContractFor(
  intentId: JudgeIntentId,
  overrides: Readonly<Record<string, IntentContract>> = {},
): IntentContract {
  return overrides[intentId] ?? intentContracts[intentId] ?? { elements: [], needsEvidence: false }
}
