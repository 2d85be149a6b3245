/** Shapes of a value that say what it is before any detector judges it: a reference, encoded text. */

/**
 * A value that refers to another rather than holding one: a variable (`$VAR`, `${VAR}`, `%VAR%`)
 * or a template (`{{ .Values.x }}`, `{PASS}`).
 */
export function isReference(value: string): boolean {
  return /^(?:\$|%|\{)|[%}]$/.test(value)
}

/** Base64 that decodes to printable ASCII: the decoded text, else undefined. */
export function decodeBase64Text(value: string): string | undefined {
  if (value.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return undefined
  try {
    const decoded = atob(value)
    return /^[\x20-\x7e]+$/.test(decoded) ? decoded : undefined
  } catch {
    return undefined
  }
}
