/** A time window a goal restricts itself to, as epoch milliseconds relative to `now`. */
export interface GoalTimeWindow {
  /** The words as written, e.g. `past 24 hours`. */
  label: string
  start: number
  end: number
  /** `latest`, `recent`: a loose window a precise one clarifies. */
  vague: boolean
  /** A calendar date (year, quarter, month, ISO date): a specific that needs evidence. */
  absolute: boolean
  /** False when the range cannot be placed (a month without a year): compared by label only. */
  known: boolean
}
