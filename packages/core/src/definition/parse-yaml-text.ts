import { parse as parseYaml, YAMLError } from 'yaml'

/**
 * Parses YAML or JSON text with the limits every Focal file uses (100 aliases, unique keys).
 * Throws `{ message }` naming the line and column of a syntax error ("line 4, column 9:
 * Unexpected scalar at node end"), for the caller to wrap in its own error code.
 */
export function parseYamlText(text: string): unknown {
  try {
    return parseYaml(text, { maxAliasCount: 100, prettyErrors: true, uniqueKeys: true, logLevel: 'error' })
  } catch (error) {
    // Not the text's fault (Deno refusing the env read the yaml package makes, LOG_TOKENS): said
    // as it is, never as "not valid YAML".
    const aliasBomb = error instanceof ReferenceError && /alias/iu.test(error.message)
    if (!(error instanceof YAMLError) && !aliasBomb) throw error
    const first = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)
    const position = (error as { linePos?: Array<{ line: number; col: number }> }).linePos?.[0]
    // With prettyErrors the message already ends with " at line L, column C:"; keep one wording.
    const reason = first.replace(/ at line \d+, column \d+:?$/u, '')
    throw new Error(
      `not valid YAML or JSON: ${position === undefined ? '' : `line ${position.line}, column ${position.col}: `}${reason}`,
      { cause: error },
    )
  }
}
