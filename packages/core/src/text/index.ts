export {
  dayMilliseconds,
  dayOfMonth,
  isoDay,
  isVerbLikeMonthWord,
  monthIndex,
  monthNamePattern,
  monthNames,
  shiftDays,
  utcDay,
  weekdayFrom,
  weekdayIndex,
  weekdayNames,
} from './calendar.ts'
export { editDistanceOne } from './edit-distance-one.ts'
export { functionWords } from './function-words.ts'
export {
  numberTens,
  numberUnits,
  numberWordPattern,
  parseNumberWord,
  spelledNumberPattern,
} from './number-words.ts'
export { withPlainIdDashes } from './plain-id-dashes.ts'
export { irregularPastForms, stemWord } from './stem-word.ts'
