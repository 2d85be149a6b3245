const placeholder = /\{\{\s*([A-Za-z0-9_.-]+)\s*(?:\|\s*([A-Za-z]+)\s*)?\}\}/gu
const whole = /^\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}$/u

/** The filters a placeholder may name after a bar (`{{amount | money}}`). */
export const templateFilters = ['money'] as const

/**
 * The currency of the amount at `path`: the `currency` beside it (`args.currency` for
 * `args.amount`, a tool call's own), else the turn's `currency`.
 */
function currencyOf(values: Record<string, unknown>, path: string): unknown {
  const dot = path.lastIndexOf('.')
  const beside = dot < 0 ? undefined : lookup(values, `${path.slice(0, dot)}.currency`)
  return beside ?? lookup(values, 'currency')
}

/**
 * Fills `{{name}}` and `{{tool.lookup_order.status}}` placeholders from `values`; unknown names
 * render as an empty string, objects as JSON. `{{amount | money}}` writes a number as money in
 * its currency (a three-letter code: the `currency` beside it, `args.currency` for
 * `args.amount`, else the turn's; US dollars when there is none): `$30`, `€30`, `£12.50`. A filter this renderer does not know is refused when the definition loads
 * (`templateFilterIssues`).
 */
export function renderTemplate(template: string, values: Record<string, unknown>): string {
  return template.replace(placeholder, (_match, path: string, filter: string | undefined) => {
    const value = lookup(values, path)
    return filter === 'money' ? formatMoney(value, currencyOf(values, path)) : formatValue(value)
  })
}

/** The filters of `template` that are not {@link templateFilters}, one message each. */
export function unknownTemplateFilters(template: string): string[] {
  const unknown: string[] = []
  for (const match of template.matchAll(placeholder)) {
    const filter = match[2]
    if (filter !== undefined && !(templateFilters as readonly string[]).includes(filter))
      unknown.push(`unknown filter "${filter}" in "${match[0]}" (filters: ${templateFilters.join(', ')})`)
  }
  return unknown
}

const moneyFormats = new Map<string, Intl.NumberFormat[]>()

/** `value` as money in `currency` (`$30`, `€30`, `£12.50`); anything but a number as `formatValue` writes it. */
function formatMoney(value: unknown, currency: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return formatValue(value)
  const code = typeof currency === 'string' && /^[A-Z]{3}$/u.test(currency) ? currency : 'USD'
  let formats = moneyFormats.get(code)
  if (formats === undefined) {
    try {
      formats = [0, 2].map(
        (digits) =>
          new Intl.NumberFormat('en-US', {
            style: 'currency',
            currency: code,
            minimumFractionDigits: digits,
            maximumFractionDigits: 2,
          }),
      )
    } catch {
      return `${formatValue(value)} ${code}`
    }
    moneyFormats.set(code, formats)
  }
  return (formats[Number.isInteger(value) ? 0 : 1] as Intl.NumberFormat).format(value)
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
