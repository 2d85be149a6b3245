// Measures Focal's secret detectors on gitleaks's own rule-generator cases: the true positives
// (`tps`) and false positives (`fps`) each rule in `cmd/generate/config/rules/*.go` validates
// itself against. The cases are read from a gitleaks checkout or bare mirror given as an argument
// and never copied into this repository (their licence is gitleaks's, and a fixture set we tune
// on is no blind test). Node-only; not shipped.
//
//   node --conditions=@focal/source --import tsx scripts/gitleaks-cases.ts <gitleaks repo or git dir> [--verbose]
//
// How the Go is read: a small tokenizer (Go's automatic semicolons) and an evaluator for the
// expressions the rule files use: string literals (interpreted and raw), `+`, `[]string{…}` and
// `map[string]string{…}` (its values), `append`, local and package `var`s, `fmt.Sprintf` (`%s`),
// the `utils` pattern helpers, `utils.GenerateSampleSecret(s)` (the same templates as gitleaks's
// generate.go), and `secrets.NewSecret(regex)` / `newPlausibleSecret(regex)`, which gitleaks fills
// at random with reggen: here a regex generator over the same syntax with a PRNG seeded per call
// site, so a run is deterministic (the values differ from any gitleaks run, their shapes do not).
// Whatever else (loops, other helpers such as JWT builders) is skipped and counted.
//
// A case counts as flagged when a scan with every detector on (as a host runs it) has a finding of
// the `secret` or `high-entropy` detector, as `measureSecretFixtures` counts the repo's fixtures.
import { createScanner } from '../packages/core/src/enforcement/create-scanner.ts'
import { openScannerRepository } from './scanner-repository.ts'

const [repository, ...options] = process.argv.slice(2)
if (repository === undefined) {
  console.error('usage: gitleaks-cases.ts <gitleaks checkout or bare git dir> [--verbose] [--rule=<id>]')
  process.exit(2)
}
const verbose = options.includes('--verbose')
const showFindings = options.includes('--findings')
const onlyRule = options.find((flag) => flag.startsWith('--rule='))?.slice('--rule='.length)
const rulesPath = 'cmd/generate/config/rules'

/** The rule generator sources, by file name (from a work tree, else from the git dir's HEAD). */
function readRuleFiles(): Map<string, string> {
  const files = new Map<string, string>()
  const repositoryFiles = openScannerRepository(repository as string)
  for (const path of repositoryFiles.list(rulesPath))
    if (path.endsWith('.go') && !path.endsWith('_test.go') && path.lastIndexOf('/') === rulesPath.length)
      files.set(path.slice(rulesPath.length + 1), repositoryFiles.read(path))
  return files
}

// ---------------------------------------------------------------------------------------------
// Go tokens

type Token =
  | { kind: 'string'; value: string }
  | { kind: 'ident'; value: string }
  | { kind: 'number'; value: string }
  | { kind: 'punct'; value: string }

const punctuation = ['...', ':=', '==', '!=', '<=', '>=', '&&', '||', '+=', '++', '--', '<-']

function unescapeGo(body: string): string {
  return body.replace(
    /\\(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8})|([0-7]{3})|(.))/g,
    (_, hex, u4, u8, octal, single: string | undefined) => {
      if (hex !== undefined) return String.fromCharCode(Number.parseInt(hex, 16))
      if (u4 !== undefined) return String.fromCharCode(Number.parseInt(u4, 16))
      if (u8 !== undefined) return String.fromCodePoint(Number.parseInt(u8, 16))
      if (octal !== undefined) return String.fromCharCode(Number.parseInt(octal, 8))
      const map: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', f: '\f', v: '\v' }
      return map[single as string] ?? (single as string)
    },
  )
}

/** Tokens with Go's automatic semicolons (after an identifier, literal, `)`, `]` or `}` at a newline). */
function tokenize(source: string): Token[] {
  const tokens: Token[] = []
  const endsStatement = (): boolean => {
    const last = tokens.at(-1)
    if (last === undefined) return false
    if (last.kind !== 'punct') return true
    return last.value === ')' || last.value === ']' || last.value === '}' || last.value === '++'
  }
  let index = 0
  while (index < source.length) {
    const char = source.charAt(index)
    if (char === '\n') {
      if (endsStatement()) tokens.push({ kind: 'punct', value: ';' })
      index++
    } else if (char === ' ' || char === '\t' || char === '\r') index++
    else if (source.startsWith('//', index)) {
      const end = source.indexOf('\n', index)
      index = end < 0 ? source.length : end
    } else if (source.startsWith('/*', index)) {
      const end = source.indexOf('*/', index + 2)
      const comment = source.slice(index, end + 2)
      if (comment.includes('\n') && endsStatement()) tokens.push({ kind: 'punct', value: ';' })
      index = end + 2
    } else if (char === '`') {
      const end = source.indexOf('`', index + 1)
      tokens.push({ kind: 'string', value: source.slice(index + 1, end).replace(/\r/g, '') })
      index = end + 1
    } else if (char === '"' || char === "'") {
      let end = index + 1
      while (source.charAt(end) !== char) end += source.charAt(end) === '\\' ? 2 : 1
      const value = unescapeGo(source.slice(index + 1, end))
      tokens.push(char === '"' ? { kind: 'string', value } : { kind: 'number', value })
      index = end + 1
    } else if (/[A-Za-z_]/.test(char)) {
      const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(index, index + 200)) as RegExpExecArray
      tokens.push({ kind: 'ident', value: match[0] })
      index += match[0].length
    } else if (/[0-9]/.test(char)) {
      const match = /^[0-9][0-9a-fA-FxX._]*/.exec(source.slice(index, index + 100)) as RegExpExecArray
      tokens.push({ kind: 'number', value: match[0] })
      index += match[0].length
    } else {
      const long = punctuation.find((candidate) => source.startsWith(candidate, index))
      tokens.push({ kind: 'punct', value: long ?? char })
      index += long?.length ?? 1
    }
  }
  if (endsStatement()) tokens.push({ kind: 'punct', value: ';' })
  return tokens
}

const isPunct = (token: Token | undefined, value: string): boolean =>
  token?.kind === 'punct' && token.value === value

/** Splits tokens into statements at `;` outside brackets. */
function statements(tokens: readonly Token[]): Token[][] {
  const result: Token[][] = []
  let current: Token[] = []
  let depth = 0
  for (const token of tokens) {
    if (token.kind === 'punct') {
      if ('([{'.includes(token.value)) depth++
      else if (')]}'.includes(token.value)) depth--
      else if (token.value === ';' && depth === 0) {
        if (current.length > 0) result.push(current)
        current = []
        continue
      }
    }
    current.push(token)
  }
  if (current.length > 0) result.push(current)
  return result
}

/** Index just past the bracket that closes the one at `open`. */
function closing(tokens: readonly Token[], open: number): number {
  let depth = 0
  for (let index = open; index < tokens.length; index++) {
    const token = tokens[index] as Token
    if (token.kind !== 'punct') continue
    if ('([{'.includes(token.value)) depth++
    else if (')]}'.includes(token.value) && --depth === 0) return index + 1
  }
  return tokens.length
}

// ---------------------------------------------------------------------------------------------
// Random secrets from a regex (reggen's behaviour: `*` 0-1, `+` 1, `{n,}` n to n+1 repetitions)

function createRandom(seedText: string): (limit: number) => number {
  let seed = 2_166_136_261
  for (let index = 0; index < seedText.length; index++)
    seed = Math.imul(seed ^ seedText.charCodeAt(index), 16_777_619) >>> 0
  return (limit) => {
    seed = (seed + 0x6d2b79f5) >>> 0
    let value = seed
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return (((value ^ (value >>> 14)) >>> 0) % limit) as number
  }
}

type Node =
  | { type: 'literal'; text: string }
  | { type: 'set'; chars: string }
  | { type: 'sequence'; items: Node[] }
  | { type: 'alternation'; options: Node[] }
  | { type: 'repeat'; node: Node; min: number; max: number }

const printable = Array.from({ length: 95 }, (_, offset) => String.fromCharCode(32 + offset)).join('')
const classEscapes: Record<string, string> = {
  d: '0123456789',
  w: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_',
  s: ' ',
}

/** Parses the RE2 subset the rules use into a generation tree; throws on what it cannot read. */
function parseRegex(source: string): Node {
  let index = 0
  const parseAlternation = (): Node => {
    const options = [parseSequence()]
    while (source.charAt(index) === '|') {
      index++
      options.push(parseSequence())
    }
    return options.length === 1 ? (options[0] as Node) : { type: 'alternation', options }
  }
  const parseEscape = (inClass: boolean): { chars: string } | { empty: true } => {
    const char = source.charAt(index++)
    if (classEscapes[char] !== undefined) return { chars: classEscapes[char] as string }
    if (!inClass && 'bBAz'.includes(char)) return { empty: true }
    if (char === 'n') return { chars: '\n' }
    if (char === 't') return { chars: '\t' }
    if (char === 'x') {
      const hex = /^(?:\{([0-9a-fA-F]+)\}|([0-9a-fA-F]{2}))/.exec(source.slice(index)) as RegExpExecArray
      index += hex[0].length
      return { chars: String.fromCodePoint(Number.parseInt(hex[1] ?? (hex[2] as string), 16)) }
    }
    if (/[A-Za-z0-9]/.test(char)) throw new Error(`regex escape \\${char}`)
    return { chars: char }
  }
  const parseClass = (): Node => {
    let negated = false
    if (source.charAt(index) === '^') {
      negated = true
      index++
    }
    let chars = ''
    let first = true
    while (index < source.length && (source.charAt(index) !== ']' || first)) {
      first = false
      let from: string
      if (source.startsWith('[:', index)) throw new Error('POSIX class')
      if (source.charAt(index) === '\\') {
        index++
        const escaped = parseEscape(true)
        if (!('chars' in escaped)) throw new Error('empty escape in class')
        if (escaped.chars.length > 1) {
          chars += escaped.chars
          continue
        }
        from = escaped.chars
      } else from = source.charAt(index++)
      if (source.charAt(index) === '-' && source.charAt(index + 1) !== ']' && index + 1 < source.length) {
        index++
        let to = source.charAt(index++)
        if (to === '\\') {
          const escaped = parseEscape(true)
          if (!('chars' in escaped)) throw new Error('range end')
          to = escaped.chars
        }
        for (let code = from.charCodeAt(0); code <= to.charCodeAt(0); code++)
          chars += String.fromCharCode(code)
      } else chars += from
    }
    index++ // ]
    if (negated) chars = [...printable].filter((char) => !chars.includes(char)).join('')
    return { type: 'set', chars: [...new Set(chars)].join('') }
  }
  const parseAtom = (): Node | undefined => {
    const char = source.charAt(index)
    if (char === '(') {
      index++
      if (source.charAt(index) === '?') {
        const flagsOnly = /^\?[a-zA-Z]*\)/.exec(source.slice(index))
        if (flagsOnly !== null) {
          index += flagsOnly[0].length
          return { type: 'literal', text: '' }
        }
        const group = /^\?(?:[a-zA-Z]*:|P<\w+>|<\w+>)/.exec(source.slice(index))
        if (group === null) throw new Error('group syntax')
        index += group[0].length
      }
      const node = parseAlternation()
      if (source.charAt(index) !== ')') throw new Error('unclosed group')
      index++
      return node
    }
    if (char === '[') {
      index++
      return parseClass()
    }
    if (char === '.') {
      index++
      return { type: 'set', chars: printable }
    }
    if (char === '^' || char === '$') {
      index++
      return { type: 'literal', text: '' }
    }
    if (char === '\\') {
      index++
      const escaped = parseEscape(false)
      return 'chars' in escaped
        ? escaped.chars.length === 1
          ? { type: 'literal', text: escaped.chars }
          : { type: 'set', chars: escaped.chars }
        : { type: 'literal', text: '' }
    }
    index++
    return { type: 'literal', text: char }
  }
  const parseSequence = (): Node => {
    const items: Node[] = []
    while (index < source.length && source.charAt(index) !== '|' && source.charAt(index) !== ')') {
      let node = parseAtom() as Node
      for (;;) {
        const quantifier = /^(?:\*|\+|\?|\{(\d+)(,(\d*))?\})/.exec(source.slice(index))
        if (quantifier === null) break
        index += quantifier[0].length
        if (source.charAt(index) === '?') index++
        const [symbol, min, comma, max] = quantifier
        node =
          symbol === '*'
            ? { type: 'repeat', node, min: 0, max: 1 }
            : symbol === '+'
              ? { type: 'repeat', node, min: 1, max: 1 }
              : symbol === '?'
                ? { type: 'repeat', node, min: 0, max: 1 }
                : {
                    type: 'repeat',
                    node,
                    min: Number(min),
                    max: comma === undefined ? Number(min) : max === '' ? Number(min) + 1 : Number(max),
                  }
      }
      items.push(node)
    }
    return items.length === 1 ? (items[0] as Node) : { type: 'sequence', items }
  }
  const node = parseAlternation()
  if (index !== source.length) throw new Error(`regex not read to its end at ${index}`)
  return node
}

function generate(node: Node, random: (limit: number) => number): string {
  switch (node.type) {
    case 'literal':
      return node.text
    case 'set':
      return node.chars.charAt(random(node.chars.length))
    case 'sequence':
      return node.items.map((item) => generate(item, random)).join('')
    case 'alternation':
      return generate(node.options[random(node.options.length)] as Node, random)
    case 'repeat': {
      const count = node.min + random(node.max - node.min + 1)
      let text = ''
      for (let repeat = 0; repeat < count; repeat++) text += generate(node.node, random)
      return text
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Evaluating the rule generators' expressions

type Value = string | string[] | number | boolean

class Unevaluable extends Error {}

/** gitleaks's `GenerateSampleSecrets` templates (cmd/generate/config/utils/generate.go). */
const sampleTemplates = [
  '{i}Token="{s}"',
  '{i}Token = "{s}"',
  '{i}Token={s}',
  '{i}Token = {s}',
  '{\n    "{i}_token": "{s}"\n}',
  '{"config.ini": "{I}_TOKEN={s}\nBACKUP_ENABLED=true"}',
  '<{i}Token>\n    {s}\n</{i}Token>',
  '{i}_token: {s}',
  "{i}_token: '{s}'",
  '{i}_token: "{s}"',
  'string {i}Token = "{s}";',
  'var {i}Token string = "{s}"',
  '{i}Token := "{s}"',
  '{i}Token := `{s}`',
  'String {i}Token = "{s}";',
  'var {i}Token = "{s}"',
  `\${i}Token .= "{s}"`,
  "{i}Token = '{s}'",
  '{i}Token = "{s}"',
  'System.setProperty("{I}_TOKEN", "{s}")',
  '  "{i}Token" => "{s}"',
  '{i}_TOKEN = "{s}"',
  '{i}_TOKEN := "{s}"',
  '{i}_TOKEN ::= "{s}"',
  '{i}_TOKEN :::= "{s}"',
  '{i}_TOKEN ?= "{s}"',
]

function fillTemplate(template: string, identifier: string, secret: string): string {
  return template
    .replaceAll('{i}', identifier)
    .replaceAll('{I}', identifier.toUpperCase())
    .replaceAll('{s}', secret)
}

interface Scope {
  variables: Map<string, Value>
  parent: Scope | undefined
  /** Seeds the random secrets of this call site. */
  site: string
  counter: { next: number }
}

function lookup(scope: Scope | undefined, name: string): Value | undefined {
  for (let current = scope; current !== undefined; current = current.parent) {
    const value = current.variables.get(name)
    if (value !== undefined) return value
  }
  return undefined
}

const asString = (value: Value): string => {
  if (typeof value !== 'string') throw new Unevaluable('expected a string')
  return value
}

function newSecret(scope: Scope, regex: string, plausible: boolean): string {
  const random = createRandom(`${scope.site}#${scope.counter.next++}`)
  const tree = parseRegex(regex)
  for (let attempt = 0; attempt < 100; attempt++) {
    const secret = generate(tree, random)
    // `newPlausibleSecret` retries until the secret has a digit 1-9 (and no stop word: not checked).
    if (!plausible || /[1-9]/.test(secret)) return secret
  }
  throw new Unevaluable('no plausible secret')
}

const patternHelpers: Record<string, (size: string) => string> = {
  Numeric: (size) => `[0-9]{${size}}`,
  Hex: (size) => `[a-f0-9]{${size}}`,
  AlphaNumeric: (size) => `[a-z0-9]{${size}}`,
  AlphaNumericExtendedShort: (size) => `[a-z0-9_-]{${size}}`,
  AlphaNumericExtended: (size) => `[a-z0-9=_\\-]{${size}}`,
  AlphaNumericExtendedLong: (size) => `[a-z0-9\\/=_\\+\\-]{${size}}`,
}

function call(name: string, args: Value[], scope: Scope): Value {
  const string = (index: number): string => asString(args[index] as Value)
  switch (name) {
    case 'utils.GenerateSampleSecrets':
      return sampleTemplates.map((template) => fillTemplate(template, string(0), string(1)))
    case 'utils.GenerateSampleSecret':
      return `${string(0)}_api_token = "${string(1)}"`
    case 'secrets.NewSecret':
      return newSecret(scope, string(0), false)
    case 'newPlausibleSecret':
      return newSecret(scope, string(0), true)
    case 'utils.Hex8_4_4_4_12':
      return '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
    case 'fmt.Sprintf': {
      let next = 1
      return string(0).replace(/%[sdv%]/g, (verb) => (verb === '%%' ? '%' : String(args[next++])))
    }
    case 'strings.Repeat':
      return string(0).repeat(Number(args[1]))
    case 'strings.ToUpper':
      return string(0).toUpperCase()
    case 'strings.ToLower':
      return string(0).toLowerCase()
    case 'strings.Join':
      return (args[0] as string[]).join(string(1))
    case 'append': {
      const [first, ...rest] = args
      return [...((first as string[] | undefined) ?? []), ...rest.flat()] as string[]
    }
  }
  const helper = name.startsWith('utils.') ? patternHelpers[name.slice('utils.'.length)] : undefined
  if (helper !== undefined) return helper(string(0))
  throw new Unevaluable(`call ${name}`)
}

/** An expression parser over tokens; `skipped` counts list elements it could not evaluate. */
class Evaluator {
  position = 0
  constructor(
    readonly tokens: readonly Token[],
    readonly scope: Scope,
    readonly skipped: { count: number; reasons: string[] },
  ) {}

  peek(offset = 0): Token | undefined {
    return this.tokens[this.position + offset]
  }

  expect(value: string): void {
    if (!isPunct(this.peek(), value)) throw new Unevaluable(`expected ${value}`)
    this.position++
  }

  expression(): Value {
    let value = this.primary()
    while (isPunct(this.peek(), '+')) {
      this.position++
      const right = this.primary()
      if (typeof value === 'number' && typeof right === 'number') value += right
      else value = asString(value) + asString(right)
    }
    return value
  }

  /** Skips a type (`[]string`, `map[string][]string`, `*config.Rule`). */
  type(): void {
    for (;;) {
      const token = this.peek()
      if (isPunct(token, '[')) {
        this.position = closing(this.tokens, this.position)
      } else if (isPunct(token, '*')) this.position++
      else if (token?.kind === 'ident' && token.value === 'map') {
        this.position++
        this.position = closing(this.tokens, this.position)
      } else if (token?.kind === 'ident') {
        this.position++
        while (isPunct(this.peek(), '.')) this.position += 2
        return
      } else return
    }
  }

  /** `{a, b}` or `{k: v}` after a composite type: its elements (map values), flattened. */
  composite(): string[] {
    this.expect('{')
    const values: string[] = []
    while (!isPunct(this.peek(), '}')) {
      const start = this.position
      let end = start
      let depth = 0
      // The element's extent: up to a `,` or the closing `}` at this depth.
      for (; end < this.tokens.length; end++) {
        const token = this.tokens[end] as Token
        if (token.kind !== 'punct') continue
        if ('([{'.includes(token.value)) depth++
        else if (')]}'.includes(token.value)) {
          if (depth === 0) break
          depth--
        } else if ((token.value === ',' || token.value === ';') && depth === 0) break
      }
      const element = this.tokens.slice(start, end)
      this.position = end
      if (isPunct(this.peek(), ',') || isPunct(this.peek(), ';')) this.position++
      // `key: value` in a map: the value is the case (a path-keyed case's path is not text).
      let colon = -1
      let colonDepth = 0
      for (let index = 0; index < element.length && colon < 0; index++) {
        const token = element[index] as Token
        if (token.kind !== 'punct') continue
        if ('([{'.includes(token.value)) colonDepth++
        else if (')]}'.includes(token.value)) colonDepth--
        else if (token.value === ':' && colonDepth === 0) colon = index
      }
      const valueTokens = colon >= 0 ? element.slice(colon + 1) : element
      if (valueTokens.length === 0) continue
      try {
        const inner = new Evaluator(valueTokens, this.scope, this.skipped)
        const value = isPunct(valueTokens[0], '{') ? inner.composite() : inner.expression()
        if (inner.position !== valueTokens.length) throw new Unevaluable('trailing tokens')
        if (typeof value === 'string') values.push(value)
        else if (Array.isArray(value)) values.push(...value)
        else throw new Unevaluable('not a string')
      } catch (error) {
        if (!(error instanceof Unevaluable)) throw error
        this.skipped.count++
        this.skipped.reasons.push(error.message)
      }
    }
    this.expect('}')
    return values
  }

  primary(): Value {
    const token = this.peek()
    if (token === undefined) throw new Unevaluable('end of expression')
    if (token.kind === 'string') {
      this.position++
      return token.value
    }
    if (token.kind === 'number') {
      this.position++
      return Number(token.value)
    }
    if (isPunct(token, '(')) {
      this.position++
      const value = this.expression()
      this.expect(')')
      return value
    }
    if (isPunct(token, '[') || (token.kind === 'ident' && token.value === 'map')) {
      this.type()
      return this.composite()
    }
    if (token.kind === 'ident') {
      let name = token.value
      this.position++
      while (isPunct(this.peek(), '.') && this.peek(1)?.kind === 'ident') {
        name += `.${(this.peek(1) as Token).value}`
        this.position += 2
      }
      if (name === 'nil') return []
      if (name === 'true' || name === 'false') return name === 'true'
      if (isPunct(this.peek(), '(')) {
        this.position++
        const args: Value[] = []
        while (!isPunct(this.peek(), ')')) {
          args.push(this.expression())
          if (isPunct(this.peek(), '...')) this.position++
          if (isPunct(this.peek(), ',')) this.position++
          else if (isPunct(this.peek(), ';')) this.position++
        }
        this.expect(')')
        return call(name, args, this.scope)
      }
      const value = lookup(this.scope, name)
      if (value === undefined) throw new Unevaluable(`unknown name ${name}`)
      return value
    }
    throw new Unevaluable(`unexpected ${token.value}`)
  }
}

// ---------------------------------------------------------------------------------------------
// Rules and their cases

interface RuleCases {
  rule: string
  file: string
  positives: Array<{ text: string; origin: 'literal' | 'template' }>
  negatives: string[]
}

interface Skipped {
  /** List elements or whole `tps`/`fps` statements that could not be evaluated. */
  count: number
  reasons: string[]
}

/** Is this expression (at its top) a call of `utils.GenerateSampleSecrets`? */
function isTemplateCall(tokens: readonly Token[]): boolean {
  return tokens.some((token) => token.kind === 'ident' && token.value === 'GenerateSampleSecrets')
}

/** Runs the statements of one scope, collecting cases into `rule` and variables into `scope`. */
function runStatements(
  body: readonly Token[],
  scope: Scope,
  rule: RuleCases | undefined,
  skipped: Skipped,
): void {
  for (const statement of statements(body)) {
    const [first, second] = statement
    if (first?.kind === 'ident' && first.value === 'var' && isPunct(second, '(')) {
      runStatements(statement.slice(2, -1), scope, rule, skipped)
      continue
    }
    const offset = first?.kind === 'ident' && first.value === 'var' ? 1 : 0
    const name = statement[offset]
    if (name?.kind !== 'ident') continue
    // `name :=`, `name =`, `name [type] =`
    let operator = offset + 1
    if (offset === 1 && !isPunct(statement[operator], '=')) {
      const skipType = new Evaluator(statement, scope, skipped)
      skipType.position = operator
      skipType.type()
      operator = skipType.position
    }
    if (!(isPunct(statement[operator], ':=') || isPunct(statement[operator], '='))) {
      if ((name.value === 'for' || name.value === 'if') && statement.some(mentionsCases)) {
        skipped.count++
        skipped.reasons.push(`${name.value} block`)
      }
      continue
    }
    const expression = statement.slice(operator + 1)
    const target = name.value
    const isCases = rule !== undefined && (target === 'tps' || target === 'fps')
    try {
      const evaluator = new Evaluator(expression, scope, skipped)
      const value = evaluator.expression()
      if (evaluator.position !== expression.length) throw new Unevaluable('trailing tokens')
      if (!isCases) {
        scope.variables.set(target, value)
        continue
      }
      const list = typeof value === 'string' ? [value] : Array.isArray(value) ? value : []
      const previous = (scope.variables.get(target) as string[] | undefined) ?? []
      // `append(tps, …)` re-lists the previous cases first: only the new ones are added.
      const added = list.slice(target === 'tps' || target === 'fps' ? appendedCount(expression, previous) : 0)
      scope.variables.set(target, list)
      if (target === 'tps') {
        const origin = isTemplateCall(expression) ? 'template' : 'literal'
        for (const text of added) rule.positives.push({ text, origin })
      } else rule.negatives.push(...added)
    } catch (error) {
      if (!(error instanceof Unevaluable)) throw error
      if (isCases) {
        skipped.count++
        skipped.reasons.push(`${target}: ${error.message}`)
      }
    }
  }
}

function mentionsCases(token: Token): boolean {
  return token.kind === 'ident' && (token.value === 'tps' || token.value === 'fps')
}

/** How many leading elements of an `append(x, …)` are the earlier value of `x`. */
function appendedCount(expression: readonly Token[], previous: readonly string[]): number {
  return expression[0]?.kind === 'ident' && expression[0].value === 'append' ? previous.length : 0
}

/** Every rule generator function with its cases. */
function extractCases(files: Map<string, string>): { rules: RuleCases[]; skipped: Skipped } {
  const skipped: Skipped = { count: 0, reasons: [] }
  const packageScope: Scope = {
    variables: new Map(),
    parent: undefined,
    site: 'package',
    counter: { next: 0 },
  }
  const functions: Array<{ file: string; name: string; body: Token[] }> = []
  // Package-level declarations first (any file may use them), then each function.
  for (const [file, source] of files) {
    const tokens = tokenize(source)
    const topLevel: Token[] = []
    for (let index = 0; index < tokens.length; index++) {
      const token = tokens[index] as Token
      if (token.kind === 'ident' && token.value === 'func') {
        const name = tokens[index + 1]
        let open = index + 2
        while (open < tokens.length && !isPunct(tokens[open], '{')) {
          if (isPunct(tokens[open], '(')) open = closing(tokens, open)
          else open++
        }
        const end = closing(tokens, open)
        if (name?.kind === 'ident')
          functions.push({ file, name: name.value, body: tokens.slice(open + 1, end - 1) })
        index = end - 1
      } else topLevel.push(token)
    }
    runStatements(topLevel, packageScope, undefined, { count: 0, reasons: [] })
  }
  const rules: RuleCases[] = []
  for (const { file, name, body } of functions) {
    if (!body.some(mentionsCases)) continue
    const idIndex = body.findIndex((token) => token.kind === 'ident' && token.value === 'RuleID')
    const idToken = body[idIndex + 2]
    const rule: RuleCases = {
      rule: idToken?.kind === 'string' ? idToken.value : name,
      file,
      positives: [],
      negatives: [],
    }
    const scope: Scope = {
      variables: new Map(),
      parent: packageScope,
      site: `${file}:${name}`,
      counter: { next: 0 },
    }
    runStatements(body, scope, rule, skipped)
    rules.push(rule)
  }
  return { rules, skipped }
}

// ---------------------------------------------------------------------------------------------
// Measuring

const { rules, skipped } = extractCases(readRuleFiles())
// A path-keyed case with no content (a PKCS#12 file found by its name) is no text to scan; a
// negative of one rule that another rule lists as a true positive (Cloudflare's global keys are a
// negative of its origin CA rule) is a secret to a scanner of every kind: neither is counted.
const allPositives = new Set(rules.flatMap((rule) => rule.positives.map((positive) => positive.text)))
let pathOnly = 0
let crossRule = 0
for (const rule of rules) {
  const positives = rule.positives.filter((positive) => positive.text !== '')
  pathOnly += rule.positives.length - positives.length
  rule.positives = positives
  const negatives = rule.negatives.filter((text) => text !== '' && !allPositives.has(text))
  crossRule += rule.negatives.length - negatives.length
  rule.negatives = negatives
}
const scanner = createScanner()
const secretDetectors = new Set(['secret', 'high-entropy'])
const flags = (text: string): boolean =>
  scanner.scan(text).findings.some((finding) => secretDetectors.has(finding.detector))

const totals = {
  positives: 0,
  found: 0,
  literalPositives: 0,
  literalFound: 0,
  negatives: 0,
  flagged: 0,
}
const clip = (text: string): string => {
  const line = JSON.stringify(text)
  return line.length > 140 ? `${line.slice(0, 137)}...` : line
}
const report: string[] = []
for (const rule of rules) {
  if (onlyRule !== undefined && rule.rule !== onlyRule) continue
  const missed: string[] = []
  const flagged: string[] = []
  for (const { text, origin } of rule.positives) {
    const found = flags(text)
    totals.positives++
    if (origin === 'literal') totals.literalPositives++
    if (found) {
      totals.found++
      if (origin === 'literal') totals.literalFound++
    } else missed.push(text)
  }
  for (const text of rule.negatives) {
    totals.negatives++
    if (flags(text)) {
      totals.flagged++
      flagged.push(text)
    }
  }
  if (missed.length === 0 && flagged.length === 0) continue
  report.push(
    `${rule.rule} (${rule.file}): missed ${missed.length}/${rule.positives.length}, flagged ${flagged.length}/${rule.negatives.length}`,
  )
  const shown = verbose ? Number.POSITIVE_INFINITY : 3
  for (const text of missed.slice(0, shown)) report.push(`  missed  ${clip(text)}`)
  for (const text of flagged.slice(0, shown)) {
    report.push(`  flagged ${clip(text)}`)
    if (showFindings)
      for (const finding of scanner.scan(text).findings)
        if (secretDetectors.has(finding.detector))
          report.push(`    by ${finding.detector}/${finding.type}: ${clip(finding.value)}`)
  }
}
const percent = (part: number, whole: number): string => `${((100 * part) / whole).toFixed(1)}%`
console.log(report.join('\n'))
console.log('')
console.log(
  `rules ${rules.length}; path-only cases not counted ${pathOnly}; negatives that are another rule's positive, not counted ${crossRule}`,
)
console.log(`skipped (not evaluated) ${skipped.count}: ${[...new Set(skipped.reasons)].join('; ')}`)
console.log(
  `recall ${totals.found}/${totals.positives} (${percent(totals.found, totals.positives)}); ` +
    `written-out cases ${totals.literalFound}/${totals.literalPositives} (${percent(totals.literalFound, totals.literalPositives)}), ` +
    `GenerateSampleSecrets cases ${totals.found - totals.literalFound}/${totals.positives - totals.literalPositives}`,
)
console.log(
  `false alarms ${totals.flagged}/${totals.negatives} (${percent(totals.flagged, totals.negatives)})`,
)
