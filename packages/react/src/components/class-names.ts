/** Joins class names, skipping empty ones. */
export function classNames(...names: Array<string | false | undefined>): string {
  return names.filter(Boolean).join(' ')
}
