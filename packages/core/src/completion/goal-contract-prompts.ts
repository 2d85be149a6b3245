/**
 * Seed 001's "phase 0": prompt text for the three roles of a research or task agent, so an agent
 * behaves by the two-gate rules before (and beside) the code that enforces them. Put each snippet
 * in the matching agent's system prompt; `engine.complete` / `POST /v1/sessions/:id/complete`
 * decides the status whatever the agent claims.
 *
 * @example
 * const system = `${basePrompt}\n\n${goalContractPrompts.executor}`
 */
export const goalContractPrompts = {
  /** For the planner (seed 001: gyoshu.md, after "Starting New Research"). */
  planner: `## Goal contract
Before any work starts, write a goal contract: the user's goal in one sentence (goal_text) and its
acceptance criteria, each one of:
- metric_threshold: a metric marker and a comparison, e.g. [METRIC:cv_accuracy_mean] >= 0.90
- marker_required: a marker that must appear, e.g. METRIC:baseline_accuracy
- artifact_exists: a file pattern that must be produced, e.g. models/*.pkl
- finding_count: a minimum number of verified findings
Set max_goal_attempts (default 3). SUCCESS is only accepted when a contract exists and both gates pass:
| Trust gate | Goal gate | Result |
|---|---|---|
| PASS | MET | SUCCESS |
| PASS | NOT_MET | PARTIAL -> pivot |
| PASS | BLOCKED | BLOCKED |
| FAIL | MET | PARTIAL -> rework trust |
| FAIL | NOT_MET | PARTIAL |
| FAIL | BLOCKED | BLOCKED |`,
  /** For the executor (seed 001: jogyo.md, "Completion Signaling"). */
  executor: `## Completion signaling
NEVER signal SUCCESS unless every acceptance criterion of the goal contract is demonstrably met.
Before signaling completion, report each goal metric as a marker on its own line
([METRIC:name] value) from the final model, and check it against its criterion. In your completion
message, add a "Goal evidence" section that names each criterion id and the marker or artifact that
meets it, or says it is not met. If a criterion is not met, signal PARTIAL and say which.`,
  /** For the reviewer (seed 001: baksa.md, "Challenge Generation Protocol"). */
  reviewer: `## Goal achievement challenges
For every completion claim, ask: does the evidence show each acceptance criterion is met? Check that
the metric reported for each metric_threshold criterion is the final model's, that required markers
and artifacts exist, and that findings counted are verified (a confidence interval and an effect
size within the 10 lines before each [FINDING]). Lower the trust score for a SUCCESS claimed without
the goal metrics meeting their criteria.`,
} as const
