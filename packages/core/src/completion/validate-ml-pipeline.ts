import { normalizeMarkerName } from './extract-metric.ts'
import { qualityPenalties } from './quality-penalties.ts'
import type { MlPipelineValidation, ParsedMarker, QualityViolation, QualityViolationType } from './types.ts'

/** Metric names containing one of these make the output an ML pipeline. */
const mlMetricKeywords = ['accuracy', 'precision', 'recall', 'f1', 'auc', 'rmse', 'mae', 'r2', 'mse']
/** Metric names containing one of these count as model interpretation. */
const interpretationKeywords = [
  'feature_importance',
  'top_features',
  'shap',
  'permutation_importance',
  'interpretation',
]

/** Violations and flags from {@link validateMlPipeline}. */
export interface MlPipelineCheck {
  violations: QualityViolation[]
  validation: MlPipelineValidation
}

/**
 * When ML metrics are present (`[METRIC:*accuracy*]`, f1, auc, rmse, ...), requires a baseline
 * (`[METRIC:baseline_*]`), cross-validation (`[METRIC:cv_*]`) and interpretation (feature importance, SHAP).
 */
export function validateMlPipeline(markers: readonly ParsedMarker[]): MlPipelineCheck {
  const names = markers
    .filter((marker) => marker.type === 'METRIC' && marker.subtype !== undefined)
    .map((marker) => normalizeMarkerName(marker.subtype ?? ''))
  const validation: MlPipelineValidation = {
    hasBaseline: names.some((name) => name.startsWith('baseline')),
    hasCV: names.some((name) => name.startsWith('cv')),
    hasInterpretation: names.some((name) => interpretationKeywords.some((keyword) => name.includes(keyword))),
  }
  const isMlPipeline = names.some((name) => mlMetricKeywords.some((keyword) => name.includes(keyword)))
  if (!isMlPipeline) return { violations: [], validation }
  const violations: QualityViolation[] = []
  if (!validation.hasBaseline)
    violations.push(
      pipelineViolation('ML_NO_BASELINE', 'ML pipeline missing a baseline comparison ([METRIC:baseline_*])'),
    )
  if (!validation.hasCV)
    violations.push(
      pipelineViolation('ML_NO_CV', 'ML pipeline missing cross-validation metrics ([METRIC:cv_*])'),
    )
  if (!validation.hasInterpretation) {
    violations.push(
      pipelineViolation(
        'ML_NO_INTERPRETATION',
        'ML pipeline missing interpretation ([METRIC:feature_importance], SHAP, permutation importance)',
      ),
    )
  }
  return { violations, validation }
}

function pipelineViolation(type: QualityViolationType, message: string): QualityViolation {
  return { type, message, lineNumber: 0, content: '', penalty: qualityPenalties[type] }
}
