/** Shapes of a value that say what it is before any detector judges it: a reference, encoded text. */

/**
 * A value that refers to another rather than holding one: a variable (`$VAR`, `${VAR}`, `%VAR%`)
 * or a template (`{{ .Values.x }}`, `{PASS}`).
 */
export function isReference(value: string): boolean {
  return /^(?:\$|%|\{)|[%}]$/.test(value)
}

/**
 * Passwords that documentation writes in a URL's `user:password@` (`postgres://user:secret@…`,
 * `mysql://root:admin@…`), compared whole and case-insensitively: the words themselves, not
 * values that hold them (`Secret2024!` is a password).
 */
const documentationPasswords = new Set([
  'password',
  'passwd',
  'pass',
  'pwd',
  'secret',
  'mypassword',
  'mysecret',
  'changeme',
  'root',
  'admin',
  'user',
  'username',
  'test',
  'example',
  'dummy',
  'demo',
])

/**
 * Is `user:password` a documentation example rather than a credential: the password one of the
 * words documentation writes there (`secret`, `password`, `admin`…), or the user name again
 * (`admin:admin`)?
 */
export function isDocumentationCredential(user: string, password: string): boolean {
  const lower = password.toLowerCase()
  return documentationPasswords.has(lower) || lower === user.toLowerCase()
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

/** URL schemes of databases and brokers whose URLs may carry a password. */
export const databaseSchemes: readonly string[] = [
  'postgresql',
  'postgres',
  'mysql',
  'mariadb',
  'mongodb+srv',
  'mongodb',
  'rediss',
  'redis',
  'amqps',
  'amqp',
  'mssql',
  'sqlserver',
]
