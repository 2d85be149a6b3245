const placeholder = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/gu
const whole = /^\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}$/u

/**
 * Fills `{{name}}` and `{{tool.lookup_order.status}}` placeholders from `values`; unknown names
 * render as an empty string, objects as JSON.
 */
export function renderTemplate(template: string, values: Record<string, unknown>): string {
  return template.replace(placeholder, (_match, path: string) => formatValue(lookup(values, path)))
}

/** Renders tool arguments: a value that is exactly one placeholder keeps its type (`{{amount}}` → 80). */
export function renderArguments(
  args: Record<string, unknown>,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const rendered: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(args)) {
    if (typeof value !== 'string') rendered[key] = value
    else {
      const single = whole.exec(value)
      rendered[key] = single !== null ? lookup(values, single[1]!) : renderTemplate(value, values)
    }
  }
  return rendered
}

function lookup(values: Record<string, unknown>, path: string): unknown {
  let current: unknown = values
  for (const segment of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment)) return undefined
    current = (current as Record<string, unknown>)[segment]
  }
  return current
}

function formatValue(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(2)
  if (typeof value === 'string') return value
  return JSON.stringify(value)
}
