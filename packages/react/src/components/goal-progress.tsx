import type { ChatGoalSnapshot } from '../chat/types.ts'
import { useChatSelector } from '../hooks/use-chat-selector.ts'
import { classNames } from './class-names.ts'

/** Props of {@link GoalProgress}. */
export interface GoalProgressProps {
  /**
   * The snapshot to show.
   * @default the chat store's `goal`
   */
  goal?: ChatGoalSnapshot
  className?: string | undefined
}

const statusLabels: Record<ChatGoalSnapshot['status'], string> = {
  SUCCESS: 'Success',
  PARTIAL: 'Partial',
  BLOCKED: 'Blocked',
  IN_PROGRESS: 'In progress',
}

/** `2 of 3 criteria met · attempt 2 of 3`, leaving out what the snapshot does not know. */
function summaryOf(goal: ChatGoalSnapshot): string {
  const parts: string[] = []
  if (goal.criteriaTotal > 0) parts.push(`${goal.criteriaMet} of ${goal.criteriaTotal} criteria met`)
  if (goal.maxAttempts > 0) parts.push(`attempt ${goal.attempt} of ${goal.maxAttempts}`)
  return parts.join(' · ')
}

function GoalProgressView({ goal, className }: { goal: ChatGoalSnapshot; className?: string | undefined }) {
  return (
    <div className={classNames('focal-goal', className)} data-status={goal.status}>
      <div className="focal-goal-head">
        <span className="focal-goal-status">{statusLabels[goal.status]}</span>
        <span>{summaryOf(goal)}</span>
      </div>
      {goal.criteriaTotal > 0 ? (
        <progress
          className="focal-goal-bar"
          aria-label="Goal criteria met"
          max={goal.criteriaTotal}
          value={goal.criteriaMet}
        />
      ) : null}
      {goal.criteria.length > 0 ? (
        <ul className="focal-goal-criteria">
          {goal.criteria.map((criterion) => (
            <li key={criterion.id} data-met={criterion.met}>
              <span aria-hidden="true">{criterion.met ? '✓' : '○'}</span> {criterion.description}
              <span className="focal-visually-hidden">{criterion.met ? ' (met)' : ' (not met)'}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {goal.detail ? <p className="focal-goal-detail">{goal.detail}</p> : null}
    </div>
  )
}

/** Goal completion at a glance: criteria met / total, attempt n of max, SUCCESS / PARTIAL / BLOCKED. */
export function GoalProgress({ goal, className }: GoalProgressProps) {
  const fromStore = useChatSelector((state) => state.goal)
  const shown = goal ?? fromStore
  return shown ? <GoalProgressView goal={shown} className={className} /> : null
}
