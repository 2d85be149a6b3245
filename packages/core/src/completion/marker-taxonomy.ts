/** Purpose groups of markers in a research workflow. */
export type MarkerCategory =
  | 'RESEARCH_PROCESS'
  | 'DATA'
  | 'CALCULATIONS'
  | 'ARTIFACTS'
  | 'INSIGHTS'
  | 'WORKFLOW'
  | 'SCIENTIFIC'

/** One known marker type. */
export interface MarkerDefinition {
  name: string
  category: MarkerCategory
  description: string
}

const definitions: ReadonlyArray<readonly [string, MarkerCategory, string]> = [
  ['OBJECTIVE', 'RESEARCH_PROCESS', 'The research question or goal being pursued'],
  ['HYPOTHESIS', 'RESEARCH_PROCESS', 'A testable claim, usually stated as H0 / H1'],
  ['EXPERIMENT', 'RESEARCH_PROCESS', 'The procedure run to test a hypothesis'],
  ['OBSERVATION', 'RESEARCH_PROCESS', 'Something noticed in the data or the results'],
  ['ANALYSIS', 'RESEARCH_PROCESS', 'Reasoning about observations or results'],
  ['CONCLUSION', 'RESEARCH_PROCESS', 'The answer the research arrived at'],
  ['DATA', 'DATA', 'Data loading or description (source, format)'],
  ['SHAPE', 'DATA', 'Dimensions of a data set (rows, columns)'],
  ['DTYPE', 'DATA', 'Column data types'],
  ['RANGE', 'DATA', 'Value ranges (min, max)'],
  ['MISSING', 'DATA', 'Missing-value counts or patterns'],
  ['MEMORY', 'DATA', 'Memory footprint of data'],
  ['CALC', 'CALCULATIONS', 'An intermediate calculation'],
  ['METRIC', 'CALCULATIONS', 'A named numeric result: [METRIC:cv_accuracy_mean] 0.87'],
  [
    'STAT',
    'CALCULATIONS',
    'Statistical evidence; subtypes ci (confidence interval), effect_size, p_value, estimate',
  ],
  ['CORR', 'CALCULATIONS', 'A correlation between variables'],
  ['PLOT', 'ARTIFACTS', 'A generated plot'],
  ['ARTIFACT', 'ARTIFACTS', 'A saved file (model, table, export)'],
  ['TABLE', 'ARTIFACTS', 'A generated table'],
  ['FIGURE', 'ARTIFACTS', 'A generated figure'],
  [
    'FINDING',
    'INSIGHTS',
    'A claimed result; verified only with [STAT:ci] and [STAT:effect_size] within 10 lines before',
  ],
  ['INSIGHT', 'INSIGHTS', 'An interpretation of results'],
  ['PATTERN', 'INSIGHTS', 'A recurring pattern in the data'],
  ['STEP', 'WORKFLOW', 'A step of the workflow'],
  ['STAGE', 'WORKFLOW', 'Stage boundary: [STAGE:begin:id=S01_load] / [STAGE:end:id=S01_load:duration=30s]'],
  ['CHECKPOINT', 'WORKFLOW', 'Checkpoint event: [CHECKPOINT:saved:id=ckpt-001:stage=S01]'],
  ['CHECK', 'WORKFLOW', 'Assumption or sanity check; subtypes normality, homogeneity, independence'],
  ['INFO', 'WORKFLOW', 'Informational message'],
  ['WARNING', 'WORKFLOW', 'Something that may affect results'],
  ['ERROR', 'WORKFLOW', 'A failure during the run'],
  ['DEBUG', 'WORKFLOW', 'Debugging output'],
  ['REHYDRATED', 'WORKFLOW', 'Session restored from a checkpoint: [REHYDRATED:from=ckpt-001]'],
  ['CITATION', 'SCIENTIFIC', 'A source reference by DOI or arXiv id: [CITATION:10.1145/...]'],
  ['LIMITATION', 'SCIENTIFIC', 'A known limitation of the study'],
  ['NEXT_STEP', 'SCIENTIFIC', 'Suggested follow-up work'],
  ['DECISION', 'SCIENTIFIC', 'A methodological choice, such as statistical test selection, and why'],
  ['SO_WHAT', 'SCIENTIFIC', 'Practical significance: what the result means in the real world'],
  ['INDEPENDENT_CHECK', 'SCIENTIFIC', 'Robustness check by an independent method'],
  ['CHALLENGE_RESPONSE', 'SCIENTIFIC', 'Answer to an adversarial reviewer challenge (numbered)'],
  ['VERIFICATION_CODE', 'SCIENTIFIC', 'Reproducible code that verifies a claim'],
]

/** Every known marker type, by name. */
export const markerTaxonomy: Readonly<Record<string, MarkerDefinition>> = Object.freeze(
  Object.fromEntries(
    definitions.map(([name, category, description]) => [name, { name, category, description }]),
  ),
)

/** The definition of a marker type, or undefined when the type is unknown. */
export function getMarkerDefinition(type: string): MarkerDefinition | undefined {
  return Object.hasOwn(markerTaxonomy, type) ? markerTaxonomy[type] : undefined
}
