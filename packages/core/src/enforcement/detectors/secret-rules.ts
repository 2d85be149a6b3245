/**
 * The built-in secret detectors, one entry per provider token kind, written from each provider's
 * documented token format (the families a mainstream secret scanner covers: cloud, VCS, chat,
 * payments, AI providers, email services, databases, private keys, JWTs, generic assignments).
 * Order matters only among entries sharing a prefix: the first that matches at a position wins.
 */
import { assignmentSource, nonSecretSuffixSource, nonSecretWordSource } from './assignment-name.ts'
import type { DetectorDefinition } from './define-detector.ts'
import { isPlaceholder } from './is-placeholder.ts'
import { isRandomLetters, isRandomValue } from './random-value.ts'
import { valueCharSource } from './value-features.ts'
import { databaseSchemes, decodeBase64Text, isDocumentationCredential, isReference } from './value-shapes.ts'

/** A JWT's first segment decodes to a JSON object naming its algorithm. */
function isJwtHeader(token: string): boolean {
  const header = token.slice(0, token.indexOf('.')).replace(/-/g, '+').replace(/_/g, '/')
  try {
    const json = JSON.parse(atob(header.padEnd(Math.ceil(header.length / 4) * 4, '='))) as unknown
    return json !== null && typeof json === 'object' && typeof (json as { alg?: unknown }).alg === 'string'
  } catch {
    return false
  }
}

/** An assignment to a name that marks its value public or an id (`public_key =`, `org_id:`). */
const nonSecretAssignment = new RegExp(
  `(?:${nonSecretWordSource}|${nonSecretSuffixSource})(?:${assignmentSource}|"\\s+value\\s*=\\s*")`,
)

/** A UUID (several providers' keys have this shape; a keyword before it says whose). */
const uuid = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}'

/** A value that is a UUID and nothing else. */
const uuidValue = new RegExp(`^${uuid}$`)

/** A UUID in lower-case hex. */
const uuidLowerHex = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'

/** The end of an assignment whose name is matched just before the value. */
const assignment = assignmentSource

/**
 * A declared type between a name and its assignment's operator (`var apiToken string = "…"`,
 * `BUNDLE_GEMS__CONTRIBSYS__COMToken string = "…"`): a blank and a lower-case word.
 */
const declaredType = '(?:[ \\t]{1,3}[a-z]\\w{0,10})?'

/** Base64 of `user:password` (a Docker registry's `auth`, HTTP Basic credentials). */
function isUserAndPassword(value: string): boolean {
  const decoded = decodeBase64Text(value)
  return decoded !== undefined && /^[^:\s]+:\S+$/.test(decoded)
}

/** Has a digit (a random token of 32 or more letters and digits almost always has one; a word has none). */
function hasDigit(value: string): boolean {
  return /[0-9]/.test(value)
}

/** Has a digit and a letter (a generic value of only letters is a word or an identifier). */
function hasDigitAndLetter(value: string): boolean {
  return /[0-9]/.test(value) && /[A-Za-z]/.test(value)
}

/**
 * The first three base64 characters of a Discord snowflake id (17 to 20 digits, the first from 1
 * to 9): a bot token's first part is its bot's id in base64, so it starts with one of these.
 */
const snowflakeStarts = Array.from({ length: 90 }, (_, index) =>
  btoa(`${Math.floor(index / 10) + 1}${index % 10}0`).slice(0, 3),
)

/** A Discord bot token's first part decodes to its bot's id: 17 to 20 digits. */
function isSnowflakeToken(value: string): boolean {
  const id = value.slice(0, value.indexOf('.')).replace(/-/g, '+').replace(/_/g, '/')
  try {
    return /^[0-9]{17,20}$/.test(atob(id.padEnd(Math.ceil(id.length / 4) * 4, '=')))
  } catch {
    return false
  }
}

/** A dotted name of identifiers (`X25519.KeyPair`, `sm02915.int.contoso.com`): code or a host, not a key. */
const qualifiedName = /^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)+$/

/** A host name (`5h.ca.iphmx.com`): labels and dots, the last label letters only. */
const hostName = /^(?:[A-Za-z0-9-]{1,63}\.)+[A-Za-z]{2,24}$/

/** A value cut short in documentation or a log (`ops_eyJzaWdu..`). */
const cutShort = /\.\.$/

/** Letters in pieces joined by `_` or `-` (`PSIYbVgfkbEPQ_cKmOpNDP`). */
const joinedLetters = /^[A-Za-z]+(?:[_-][A-Za-z]+)+$/

/** Sixteen or more digits: a numeric secret (shorter runs are counts, codes and timestamps). */
const longDigits = /^[0-9]{16,}$/

/**
 * A generic value: a digit and a letter (or sixteen or more digits, or random letters of both
 * cases), not a dotted name, and as varied as random characters of its alphabet at its length
 * (see `isRandomValue`).
 */
function isGenericValue(value: string): boolean {
  // A UUID's dashes are its format, not its alphabet: its 32 hex digits are judged (Postmark's,
  // Heroku's and many other services' tokens are UUIDs).
  if (uuidValue.test(value)) return isRandomValue(value.replace(/-/g, ''))
  // An encoded value is judged by what it encodes (`cGFzc3dvcmQ=` is `password`).
  const decoded = value.length >= 8 ? decodeBase64Text(value) : undefined
  if (decoded !== undefined) return isVariedText(decoded)
  // Letters alone are a word or an identifier, unless random (`yBMDnfkZXNis`, see `isRandomLetters`);
  // so are letters in pieces joined by `_` or `-` (base64url without a digit), judged together.
  if (isRandomLetters(joinedLetters.test(value) ? value.replace(/[_-]/g, '') : value)) return true
  return (
    (longDigits.test(value) ||
      (hasDigitAndLetter(value) && !qualifiedName.test(value) && !hostName.test(value))) &&
    !cutShort.test(value) &&
    !isSlug(value) &&
    isRandomValue(value)
  )
}

/**
 * Words and short numbers joined by `-`, `_` or `.` (`test-token-1`, `prod_db_2`, `12-character`,
 * `app-cache-v2`): a name or a hyphenated word, not a secret.
 */
const slug =
  /^(?:[A-Za-z]+|[0-9]{1,4}(?=[-_.][A-Za-z]))(?:[-_.](?:[A-Za-z]+|[0-9]{1,4}|[A-Za-z]{1,3}[0-9]{1,3}))+$|^(?:[A-Za-z]+[-_.])+[0-9]{1,4}$/

function isSlug(value: string): boolean {
  return slug.test(value)
}

/** Decoded text that could be a password: not a placeholder, two kinds of character or more, random enough. */
function isVariedText(text: string): boolean {
  let kinds = 0
  if (/[a-z]/.test(text)) kinds++
  if (/[A-Z]/.test(text)) kinds++
  if (/[0-9]/.test(text)) kinds++
  if (/[^A-Za-z0-9]/.test(text)) kinds++
  return kinds >= 2 && text.length >= 6 && !isPlaceholder(text, 0, text.length) && isRandomValue(text)
}

/**
 * Words that make `<word> key` something other than a secret: a public key, a host's key, a
 * database's or a cache's key (whose values are ids and hashes).
 */
const bareKeyOwners = [
  'public',
  'pub',
  'host',
  'primary',
  'foreign',
  'sort',
  'partition',
  'cache',
  'idempotency',
].join('|')

/** The names that say a value is a secret (a word in `key_name`, `apiKey`, `DB_PASSWORD`). */
const secretNameWords = ['key', 'secret', 'token', 'passwd', 'password', 'pwd', 'credential', 'creds', 'auth']

/**
 * Values a name with "password" or `pwd` holds that are not one: a path (`pwd: /home/ann`), a
 * YAML tag (`password: !vault |`), a date or a time stamp (`password_changed: 2024-05-01`), or
 * the next line's name when the value is empty (`snowflake.password=` then `jdbc.url=`), or the
 * host after a placeholder credential (`mongodb://<user>:<password>@host:27017`), or code
 * joining strings (`passwd = ` + makeSecret(…)).
 */
const notAPassword =
  /^(?:\+[A-Za-z_]\w*$|[/~.]|[A-Za-z]:\\|![A-Za-z]+$|\d{4}-\d\d-\d\d|\d\d?[/.-]\d\d?[/.-]\d{2,4}$|[A-Za-z_][\w.-]*[=:]|@[\w.-]+(?::\d+)?(?:[/?#]|$))/

/** A password's shape: six to 128 characters of a value (a token's, up to a quote or a bracket). */
const passwordValue = `${valueCharSource}{6,128}`

/**
 * A value a person could have chosen as a password: six characters or more, letters with a digit
 * or a symbol (or digits alone), not a reference, a placeholder, a dotted name
 * (`config.password`, `request.form`) or a call. People choose passwords (`Summer2024!`), so no
 * randomness is asked; a name that says password says what the value is.
 */
function isChosenPassword(value: string): boolean {
  // Punctuation that ends a sentence says nothing of the value ("Password: required.", "The
  // password is case-sensitive.").
  const body = value.replace(/[.,!?;:]+$/, '')
  if (
    value.length < 6 ||
    isReference(value) ||
    qualifiedName.test(value) ||
    notAPassword.test(value) ||
    isSlug(value) ||
    (value.endsWith('.') && isSlug(body))
  )
    return false
  const letters = /[A-Za-z]/.test(body)
  const digits = /[0-9]/.test(body)
  const symbols = /[^A-Za-z0-9]/.test(body)
  return body.length >= 6 && (letters ? digits || symbols : digits) && !isPlaceholder(value, 0, value.length)
}

/**
 * The credentials of a database URL (`postgres://app:Xk7pq2mZ@`), unless they are a documentation
 * example (`user:secret`, `admin:admin`).
 */
function isUrlCredential(value: string): boolean {
  const userStart = value.indexOf('://') + 3
  const at = value.lastIndexOf('@')
  const colon = value.indexOf(':', userStart)
  return !isDocumentationCredential(value.slice(userStart, colon), value.slice(colon + 1, at))
}

/**
 * `user:password` with a password that is neither a reference nor a placeholder (`curl -u`); or
 * `key:` with no password, as an API that takes its key for the user name documents it (Stripe's
 * `curl -u sk_test_…:`), when that user is random enough to be a key.
 */
function isCredentialPair(value: string): boolean {
  const colon = value.indexOf(':')
  if (colon < 0) return false
  const password = value.slice(colon + 1)
  const secret = password === '' ? value.slice(0, colon) : password
  return (
    secret.length >= 6 &&
    !isReference(secret) &&
    !isPlaceholder(secret, 0, secret.length) &&
    hasDigitAndLetter(secret) &&
    (password !== '' || isRandomValue(secret))
  )
}

/**
 * Credentials after an HTTP authorization scheme: Basic credentials decode to `user:password` (a
 * real password, see `isCredentialPair`); any other token is random enough.
 */
function isAuthorizationCredential(value: string): boolean {
  const decoded = decodeBase64Text(value)
  if (decoded?.includes(':') === true) return isCredentialPair(decoded)
  return !isReference(value) && isRandomValue(value, 3)
}

export const builtInSecretDetectors: readonly DetectorDefinition[] = [
  // Cloud
  {
    id: 'aws-access-key',
    prefixes: ['A3T', 'AKIA', 'ASIA', 'ABIA', 'ACCA'],
    pattern: '(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}',
    // The two pairs AWS's documentation prints.
    examples: ['AKIAIOSFODNN7EXAMPLE', 'AKIAI44QH8DHBEXAMPLE'],
  },
  {
    id: 'aws-secret-access-key',
    context: `aws[\\w.-]{0,30}${assignment}`,
    pattern: '[A-Za-z0-9/+]{40}',
    examples: ['wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY'],
    entropy: 4,
  },
  // An Alibaba Cloud AccessKey ID: `LTAI` and 20 letters and digits (24 in all). Older ids are
  // shorter: a value the pattern does not match is left to the generic detectors (`claims`).
  { id: 'alibaba-access-key-id', prefixes: ['LTAI'], pattern: 'LTAI[A-Za-z0-9]{20}', claims: false },
  {
    id: 'gcp-api-key',
    prefixes: ['AIza'],
    pattern: 'AIza[0-9A-Za-z_-]{35}',
    // The example keys in the Firebase Android SDK's sources and docs (public, restricted to its
    // demo projects; gitleaks allowlists the same ones).
    examples: [
      'AIzaSyAnLA7NfeLquW1tJFpx_eQCxoX-oo6YyIs',
      'AIzaSyCkEhVjf3pduRDt6d1yKOMitrUEke8agEM',
      'AIzaSyDMAScliyLx7F0NPDEJi1QmyCgHIAODrlU',
      'AIzaSyD3asb-2pEZVqMkmL6M9N6nHZRR_znhrh0',
      'AIzayDNSXIbFmlXbIE6mCzDLQAqITYefhixbX4A',
      'AIzaSyAdOS2zB6NCsk1pCdZ4-P6GBdi_UUPwX7c',
      'AIzaSyASWm6HmTMdYWpgMnjRBjxcQ9CKctWmLd4',
      'AIzaSyANUvH9H9BsUccjsu2pCmEkOPjjaXeDQgY',
      'AIzaSyA5_iVawFQ8ABuTZNUdcwERLJv_a_p4wtM',
      'AIzaSyA4UrcGxgwQFTfaI3no3t7Lt1sjmdnP5sQ',
      'AIzaSyDSb51JiIcB6OJpwwMicseKRhhrOq1cS7g',
      'AIzaSyBF2RrAIm4a0mO64EShQfqfd2AFnzAvvuU',
      'AIzaSyBcE-OOIbhjyR83gm4r2MFCu4MJmprNXsw',
      'AIzaSyB8qGxt4ec15vitgn44duC5ucxaOi4FmqE',
      'AIzaSyA8vmApnrHNFE0bApF4hoZ11srVL_n0nvY',
    ],
  },
  {
    // A service-account key file names its type; one whose private key is a template (an empty
    // block, or `...`, `xxx` or `<key>` between its armour lines) is documentation, not a key.
    // The pattern reads up to 560 characters past the type: a stream holds it open until then.
    id: 'gcp-service-account',
    prefixes: ['service_account'],
    pattern: String.raw`service_account(?![\s\S]{0,400}?"private_key"\s{0,8}:\s{0,8}"-----BEGIN[A-Z ]{0,20}-----(?:\\n){0,2}(?:(?:\.{3}|x{3,64}|<[^>"]{0,40}>)(?:\\n){0,2})?-----END)`,
    lookahead: 560,
    context: String.raw`"type"\s*:\s*"`,
    allowPlaceholders: true,
  },
  {
    // A short-term Amazon Bedrock API key: `bedrock-api-key-` and a presigned request to
    // bedrock.amazonaws.com in base64, whose first 28 characters encode that host.
    id: 'aws-bedrock-api-key',
    prefixes: ['bedrock-api-key-'],
    pattern: 'bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t[A-Za-z0-9+/]*={0,2}',
  },
  {
    id: 'azure-ad-client-secret',
    anchors: ['Q~'],
    pattern: '[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34}',
  },
  // An Azure Storage shared access signature: the `sig` parameter (a base64 HMAC-SHA256, URL
  // encoded or not) after another SAS parameter (`sv`, `sr`, `sp`, `se`, `st`, `spr`, `sip`…),
  // in a URL or alone (`AZURE_SAS_TOKEN=sp=r&…&sig=…`). The signature is what grants access.
  // The same `sig` (base64url, 43 characters) signs an Azure Logic Apps or Power Automate HTTP
  // trigger (`…/triggers/manual/paths/invoke?api-version=1&sp=…&sv=1.0&sig=…`, Teams's new
  // workflow webhooks among them): whoever has the URL can run the flow.
  {
    id: 'azure-sas-signature',
    anchors: ['sig='],
    context:
      '(?:^|[?&])(?:sv|sr|sp|spr|se|st|sip|srt|ss|sdd|ses|skoid|sktid|skt|ske|sks|skv)=[^\\s&"\'\\x60]{1,40}&|/paths/invoke\\?',
    pattern: 'sig=(?:(?:[A-Za-z0-9+/]|%2[BbFf]){40,90}(?:=|%3[Dd]){0,2}|[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-]))',
    bodyAfter: 'sig=',
  },
  { id: 'heroku-api-key', prefixes: ['HRKU-AA'], pattern: 'HRKU-AA[0-9A-Za-z_-]{58}' },
  {
    id: 'heroku-api-key',
    context: `heroku[\\w.-]{0,30}${assignment}`,
    contextAllowlist: nonSecretAssignment,
    pattern: uuid,
  },
  // New Relic: user API keys `NRAK-`, Insights insert and query keys `NRII-`/`NRIQ-`, browser
  // keys `NRBR-`/`NRJS-` (read as TruffleHog and gitleaks both read them: either case, 25 to 32).
  {
    id: 'new-relic-key',
    prefixes: ['NRAK-', 'NRII-', 'NRIQ-', 'NRBR-', 'NRJS-'],
    pattern: 'NRAK-[A-Za-z0-9]{27}|NRI[IQ]-[A-Za-z0-9_-]{25,32}|NR(?:BR|JS)-[0-9a-f]{19}',
  },
  {
    id: 'cloudflare-origin-ca-key',
    prefixes: ['v1.0-'],
    pattern: 'v1\\.0-[a-f0-9]{24}-[a-f0-9]{146}',
  },
  {
    id: 'digitalocean-token',
    prefixes: ['dop_v1_', 'doo_v1_', 'dor_v1_'],
    pattern: 'do[por]_v1_[a-f0-9]{64}',
  },
  // Version control and package registries
  {
    id: 'github-token',
    prefixes: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'],
    // Underscores inside too: longer installation tokens have them (TruffleHog reads them so).
    pattern: 'gh[pousr]_[0-9A-Za-z_]{36,255}',
  },
  { id: 'github-token', prefixes: ['github_pat_'], pattern: 'github_pat_[0-9A-Za-z_]{82}' },
  {
    id: 'gitlab-token',
    prefixes: ['glpat-', 'gldt-', 'glrt-', 'glft-', 'glptt-', 'glsoat-', 'gloas-', 'glimt-', 'glagent-'],
    pattern: '(?:glpat|gldt|glrt|glft|glptt|glsoat|gloas|glimt|glagent)-[0-9A-Za-z_-]{20,}',
  },
  // Atlassian API tokens (`ATATT3…`) and scoped and Bitbucket access tokens (`ATCTT3…`): the
  // random part, then `=` and an eight-digit checksum. A shorter value with the prefix (cut,
  // or in a test) is left to the generic detectors (`claims`).
  {
    id: 'atlassian-api-token',
    prefixes: ['ATATT3', 'ATCTT3'],
    pattern: 'AT[AC]TT3[A-Za-z0-9_=-]{150,250}',
    claims: false,
  },
  {
    id: 'snyk-token',
    context: `snyk[\\w.-]{0,30}${assignment}`,
    contextAllowlist: nonSecretAssignment,
    pattern: uuid,
  },
  {
    id: 'sonarqube-token',
    context: `sonar[\\w.-]{0,30}${assignment}`,
    contextAllowlist: nonSecretAssignment,
    pattern: '(?:squ_|sqp_|sqa_)?[A-Za-z0-9]{40}',
  },
  {
    id: 'sidekiq-secret',
    context: `BUNDLE_(?:ENTERPRISE|GEMS)__CONTRIBSYS__COM[\\w.-]{0,20}${declaredType}${assignment}`,
    keywords: ['CONTRIBSYS'],
    pattern: '[a-f0-9]{8}:[a-f0-9]{8}',
    allowPlaceholders: true,
  },
  {
    id: 'sidekiq-secret',
    anchors: ['contribsys.com'],
    pattern: 'https?://[a-f0-9]{8}:[a-f0-9]{8}@(?:gems|enterprise)\\.contribsys\\.com',
    allowPlaceholders: true,
  },
  {
    id: 'sourcegraph-token',
    prefixes: ['sgp_'],
    pattern: 'sgp_(?:[a-fA-F0-9]{16}_|local_)?[a-fA-F0-9]{40}',
  },
  { id: 'sentry-token', prefixes: ['sntrys_eyJ'], pattern: 'sntrys_eyJ[A-Za-z0-9+/=_-]{80,}' },
  { id: 'sentry-token', prefixes: ['sntryu_'], pattern: 'sntryu_[a-f0-9]{64}' },
  { id: 'grafana-token', prefixes: ['glc_'], pattern: 'glc_[A-Za-z0-9+/]{32,400}={0,2}' },
  { id: 'grafana-token', prefixes: ['glsa_'], pattern: 'glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}' },
  {
    id: 'onepassword-secret-key',
    prefixes: ['A3-'],
    pattern: 'A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}',
  },
  { id: 'onepassword-service-token', prefixes: ['ops_eyJ'], pattern: 'ops_eyJ[A-Za-z0-9+/]{250,}={0,3}' },
  { id: 'npm-token', prefixes: ['npm_'], pattern: 'npm_[A-Za-z0-9]{36}' },
  // NuGet.org API keys: `oy2` and 43 lower-case letters and digits.
  { id: 'nuget-api-key', prefixes: ['oy2'], pattern: 'oy2[a-z0-9]{43}' },
  {
    id: 'nuget-config-password',
    exclusive: true,
    // `<add key="ClearTextPassword" value="…" />` in a NuGet.Config's packageSourceCredentials.
    context: String.raw`<add\s+key\s*=\s*"(?:ClearText)?Password"\s+value\s*=\s*"`,
    keywords: ['password'],
    pattern: '[^\\s"\'<>]{8,128}',
    entropy: 2,
    // The examples in Microsoft's nuget.config reference.
    examples: ['33f!!lloppa', 'hal+9ooo_da!sY'],
  },
  {
    id: 'settlemint-token',
    prefixes: ['sm_pat_', 'sm_aat_', 'sm_sat_'],
    pattern: 'sm_(?:pat|aat|sat)_[A-Za-z0-9]{16}',
  },
  {
    id: 'intra42-client-secret',
    prefixes: ['s-s4t2ud-', 's-s4t2af-'],
    pattern: 's-s4t2(?:ud|af)-[a-f0-9]{64}',
  },
  {
    id: 'pypi-token',
    prefixes: ['pypi-AgEIcHlwaS5vcmc'],
    pattern: 'pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}',
  },
  // `PMAK-`, 24 hex digits, `-` and 34 more; read as any 59 letters, digits and dashes (TruffleHog's reading).
  { id: 'postman-api-key', prefixes: ['PMAK-'], pattern: 'PMAK-[A-Za-z0-9-]{59}' },
  // Chat
  {
    id: 'slack-token',
    prefixes: ['xoxb-'],
    pattern: 'xoxb-[0-9]{10,13}-[0-9]{10,13}-[A-Za-z0-9]{20,40}',
  },
  // Legacy bot tokens: one numeric id, then the secret.
  { id: 'slack-token', prefixes: ['xoxb-'], pattern: 'xoxb-[0-9]{8,14}-[A-Za-z0-9]{18,26}' },
  {
    id: 'slack-token',
    prefixes: ['xoxp-', 'xoxe-'],
    pattern: 'xox[pe](?:-[0-9]{10,13}){3}-[A-Za-z0-9]{28,34}',
  },
  { id: 'slack-token', prefixes: ['xapp-'], pattern: 'xapp-[0-9]-[A-Z0-9]+-[0-9]+-[a-z0-9]{32,}' },
  { id: 'slack-token', prefixes: ['xoxe.xox'], pattern: 'xoxe\\.xox[bp]-[0-9]-[A-Za-z0-9]{163,166}' },
  { id: 'slack-token', prefixes: ['xoxe-'], pattern: 'xoxe-[0-9]-[A-Za-z0-9]{146}' },
  {
    id: 'slack-token',
    // Legacy workspace access and refresh tokens may be short (`xoxr-` and a dozen characters):
    // a value in their format is judged here, not by the generic detectors (`claimsAt`).
    prefixes: ['xoxa-', 'xoxr-', 'xoxo-', 'xoxs-'],
    pattern: 'xox[ar]-[0-9A-Za-z-]{10,}|xox[os]-[0-9A-Za-z-]{20,}',
    bodyAfter: '-',
  },
  {
    id: 'slack-webhook-url',
    prefixes: ['hooks.slack.com/'],
    pattern: 'hooks\\.slack\\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/]{43,80}',
  },
  {
    // A Discord channel webhook: its numeric id, then the token that lets anyone post.
    id: 'discord-webhook-url',
    prefixes: ['discord.com/api/webhooks/', 'discordapp.com/api/webhooks/'],
    pattern: 'discord(?:app)?\\.com/api/webhooks/[0-9]{17,20}/[A-Za-z0-9_-]{60,68}',
  },
  {
    // A Zapier "Catch Hook" trigger: its account and hook ids are the only credential.
    id: 'zapier-webhook-url',
    prefixes: ['hooks.zapier.com/hooks/catch/'],
    pattern: 'hooks\\.zapier\\.com/hooks/catch/[A-Za-z0-9]{4,16}(?:/[A-Za-z0-9]{4,16}|[A-Za-z0-9]{8,16})',
  },
  {
    // A Tines webhook action: the tenant's host, the action's path and its secret.
    id: 'tines-webhook-url',
    anchors: ['.tines.com/webhook/'],
    pattern: '[A-Za-z0-9-]{1,63}\\.tines\\.com/webhook/[a-z0-9]{32}/[a-z0-9]{32}',
  },
  {
    // A Fly.io access token (a macaroon: `FlyV1 fm2_…`; several are joined by commas).
    id: 'flyio-token',
    prefixes: ['fm2_'],
    pattern: 'fm2_[A-Za-z0-9+/=_-]{64,2048}',
  },
  {
    // A Microsoft Teams incoming webhook (its host is the tenant's, so the path is the anchor).
    // Since 2021 its URL ends with a signature segment (`/V2…`), part of the credential.
    id: 'microsoft-teams-webhook',
    anchors: ['.webhook.office.com/webhookb2/'],
    pattern:
      '[A-Za-z0-9-]{1,63}\\.webhook\\.office\\.com/webhookb2/[A-Za-z0-9-]{36}@[A-Za-z0-9-]{36}/IncomingWebhook/[A-Za-z0-9]{32}/[A-Za-z0-9-]{36}(?:/V2[A-Za-z0-9_-]{40,60})?',
  },
  {
    // The legacy Teams incoming webhook, on Outlook's host.
    id: 'microsoft-teams-webhook',
    prefixes: ['outlook.office.com/webhook/'],
    pattern:
      'outlook\\.office\\.com/webhook/[A-Za-z0-9-]{36}@[A-Za-z0-9-]{36}/IncomingWebhook/[A-Za-z0-9]{32}/[A-Za-z0-9-]{36}',
  },
  {
    id: 'messagebird-key',
    context: `message[_-]?bird[\\w.-]{0,30}${assignment}`,
    contextAllowlist: nonSecretAssignment,
    pattern: uuid,
  },
  {
    id: 'telegram-bot-token',
    anchors: [':A'],
    pattern: '[0-9]{5,16}:A[A-Za-z0-9_-]{34}',
  },
  {
    // The same token in a Bot API URL, glued to `bot` (`https://api.telegram.org/bot<token>/getMe`).
    id: 'telegram-bot-token',
    prefixes: ['api.telegram.org/'],
    pattern: 'api\\.telegram\\.org/(?:file/)?bot[0-9]{5,16}:A[A-Za-z0-9_-]{34}',
  },
  {
    // A Discord bot token: the bot's id in base64, a timestamp and an HMAC, joined by dots.
    id: 'discord-bot-token',
    prefixes: snowflakeStarts,
    pattern: '[MNO][A-Za-z0-9_-]{22,26}\\.[A-Za-z0-9_-]{6}\\.[A-Za-z0-9_-]{27,40}',
    bodyAfter: '.',
    validate: isSnowflakeToken,
  },
  { id: 'twilio-api-key', prefixes: ['SK'], pattern: 'SK[0-9a-fA-F]{32}' },
  // A Twilio account SID and its auth token as HTTP Basic credentials (`curl -u AC…:…`, Twilio's
  // documented form): the token is the secret.
  {
    id: 'twilio-auth-token',
    prefixes: [...'0123456789abcdef'].map((digit) => `AC${digit}`),
    pattern: 'AC[0-9a-f]{32}:[0-9a-f]{32}',
    bodyAfter: ':',
  },
  // A Firebase Cloud Messaging legacy server key: a key id, `:APA91b` and the key.
  {
    id: 'firebase-fcm-server-key',
    anchors: [':APA91b'],
    pattern: 'AAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{134}',
  },
  // Payments
  {
    id: 'flutterwave-secret-key',
    prefixes: ['FLWSECK_TEST-', 'FLWSECK-'],
    pattern: 'FLWSECK(?:_TEST)?-[A-Za-z0-9]{32}-X',
  },
  // A Flutterwave encryption key: `FLWSECK_TEST` and 12 characters (after a dash in some SDKs' docs).
  { id: 'flutterwave-secret-key', prefixes: ['FLWSECK_TEST'], pattern: 'FLWSECK_TEST-?[A-Za-z0-9]{12}' },
  { id: 'facebook-page-token', prefixes: ['EAAM', 'EAAC'], pattern: 'EAA[MC][A-Za-z0-9]{100,}' },
  {
    id: 'stripe-key',
    prefixes: ['sk_live_', 'sk_test_', 'sk_prod_', 'rk_live_', 'rk_test_', 'rk_prod_'],
    pattern: '(?:sk|rk)_(?:test|live|prod)_[0-9A-Za-z]{10,99}',
  },
  // Stripe's publishable keys (`pk_live_`, `pk_test_`), which Stripe's API-keys guide says may be
  // public in a page's or an app's code (Clerk and Paystack name theirs the same way): a value
  // with one of these prefixes is no secret, whatever name it is assigned to.
  {
    id: 'stripe-publishable-key',
    prefixes: ['pk_live_', 'pk_test_'],
    pattern: 'pk_(?:live|test)_[0-9A-Za-z]{10,128}',
    publishable: true,
  },
  // A Braintree (PayPal) access token: `access_token$`, the environment, the merchant id and the secret.
  // `access_` starts ordinary names too: a value this pattern does not match is left to the others.
  {
    id: 'braintree-access-token',
    prefixes: ['access_token$production$', 'access_token$sandbox$'],
    pattern: 'access_token\\$(?:production|sandbox)\\$[0-9a-z]{16}\\$[0-9a-f]{32}',
    bodyAfter: '$',
    claims: false,
  },
  { id: 'square-token', prefixes: ['sq0atp-', 'EAAA'], pattern: '(?:EAAA|sq0atp-)[0-9A-Za-z_-]{22,60}' },
  { id: 'square-token', prefixes: ['sq0csp-'], pattern: 'sq0csp-[0-9A-Za-z_-]{43}' },
  {
    // Shopify issues 32 hex digits; the distinctive prefix carries the weight, so any letters and
    // digits are read (secretlint's cases use them, and a token pasted with a typo is still one).
    id: 'shopify-token',
    prefixes: ['shpat_', 'shpss_', 'shpca_', 'shppa_'],
    pattern: 'shp(?:at|ss|ca|pa)_[A-Za-z0-9]{32,64}',
  },
  // AI providers
  // `sk-ant-api03-…AA` today; the version number is read as any two digits (a later `api04`).
  { id: 'anthropic-key', prefixes: ['sk-ant-'], pattern: 'sk-ant-(?:api|admin)[0-9]{2}-[A-Za-z0-9_-]{40,}' },
  { id: 'anthropic-key', prefixes: ['sk-ant-'], pattern: 'sk-ant-(?:oat01|ort01)-[A-Za-z0-9_-]{40,}' },
  { id: 'openai-key', prefixes: ['sk-'], pattern: 'sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}' },
  { id: 'openai-key', prefixes: ['sk-'], pattern: 'sk-(?:[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20})' },
  { id: 'huggingface-token', prefixes: ['hf_'], pattern: 'hf_[A-Za-z]{34}' },
  { id: 'huggingface-token', prefixes: ['api_org_'], pattern: 'api_org_[A-Za-z]{34}' },
  { id: 'groq-key', prefixes: ['gsk_'], pattern: 'gsk_[A-Za-z0-9]{52}' },
  // Pinecone API keys: `pcsk_`, the key's id (five or six letters and digits), `_` and the secret
  // (63 letters and digits), as the Pinecone console issues them. A value with the prefix and
  // another shape (no id, a short one) is a near-miss or an example of that format (`claims`).
  {
    id: 'pinecone-api-key',
    prefixes: ['pcsk_'],
    pattern: 'pcsk_[A-Za-z0-9]{5,6}_[A-Za-z0-9]{63}',
    bodyAfter: '_',
  },
  { id: 'perplexity-key', prefixes: ['pplx-'], pattern: 'pplx-[A-Za-z0-9]{48}' },
  { id: 'replicate-token', prefixes: ['r8_'], pattern: 'r8_[A-Za-z0-9]{37}' },
  { id: 'xai-key', prefixes: ['xai-'], pattern: 'xai-[A-Za-z0-9]{80}' },
  { id: 'adobe-client-secret', prefixes: ['p8e-'], pattern: 'p8e-[A-Za-z0-9]{32}' },
  { id: 'langfuse-secret-key', prefixes: ['sk-lf-'], pattern: `sk-lf-${uuidLowerHex}` },
  // LangSmith personal tokens `lsv2_pt_` and service keys `lsv2_sk_`: 32 hex digits, `_`, 10 more.
  {
    id: 'langsmith-key',
    prefixes: ['lsv2_pt_', 'lsv2_sk_'],
    pattern: 'lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}',
  },
  // Harness personal and service-account tokens: `pat.` or `sat.`, the account id, the token id, the secret.
  {
    id: 'harness-token',
    prefixes: ['pat.', 'sat.'],
    pattern: '(?:pat|sat)\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9]{24}\\.[A-Za-z0-9]{20}',
  },
  // Developer platforms
  {
    // Vercel's access tokens: personal `vcp_`, integration `vci_`, app access `vca_` and refresh
    // `vcr_`, AI Gateway keys `vck_`.
    id: 'vercel-token',
    prefixes: ['vcp_', 'vci_', 'vca_', 'vcr_', 'vck_'],
    pattern: 'vc[pciark]_[A-Za-z0-9]{24,}',
  },
  // Doppler's tokens: CLI `dp.ct.`, personal `dp.pt.`, service `dp.st.` (with its environment's
  // slug in some: `dp.st.prd.`), service account `dp.sa.`, SCIM `dp.scim.`, audit `dp.audit.`.
  {
    id: 'doppler-token',
    prefixes: ['dp.ct.', 'dp.pt.', 'dp.st.', 'dp.sa.', 'dp.scim.', 'dp.audit.'],
    pattern: 'dp\\.(?:ct|pt|st(?:\\.[a-z0-9_-]{2,35})?|sa|scim|audit)\\.[A-Za-z0-9]{40,44}',
    bodyAfter: '.',
  },
  // HashiCorp Vault service (`hvs.`), batch (`hvb.`) and recovery (`hvr.`) tokens.
  { id: 'vault-token', prefixes: ['hvs.', 'hvb.', 'hvr.'], pattern: 'hv[sbr]\\.[A-Za-z0-9_-]{24,300}' },
  // A Terraform Cloud / HCP Terraform API token: 14 characters, `.atlasv1.`, 60 to 70 more.
  {
    id: 'terraform-cloud-token',
    anchors: ['.atlasv1.'],
    pattern: '[A-Za-z0-9]{14}\\.atlasv1\\.[A-Za-z0-9_=-]{60,70}',
  },
  { id: 'figma-token', prefixes: ['figd_'], pattern: 'figd_[A-Za-z0-9_-]{40,}' },
  // Airtable personal access tokens: `pat`, the token's id (14 letters and digits), `.` and the
  // secret (64 hex digits), as Airtable's guide to personal access tokens shows them.
  { id: 'airtable-token', prefixes: ['pat'], pattern: 'pat[A-Za-z0-9]{14}\\.[a-f0-9]{64}', bodyAfter: '.' },
  { id: 'rootly-key', prefixes: ['rootly_'], pattern: 'rootly_[a-f0-9]{64}' },
  // Typeform personal access tokens (the current format).
  { id: 'typeform-token', prefixes: ['tfp_'], pattern: 'tfp_[A-Za-z0-9_.=-]{40,59}' },
  { id: 'spectralops-token', prefixes: ['spu-'], pattern: 'spu-[a-z0-9]{32}' },
  // Bannerbear project (`bb_pr_`) and master (`bb_ma_`) API keys.
  { id: 'bannerbear-key', prefixes: ['bb_pr_', 'bb_ma_'], pattern: 'bb_(?:pr|ma)_[a-f0-9]{30}' },
  // BestTime private keys (`pri_`; the public ones, `pub_`, are meant to be seen).
  { id: 'besttime-key', prefixes: ['pri_'], pattern: 'pri_[a-f0-9]{32}' },
  // Octopus Deploy: `API-` and 26 or more upper-case letters and digits, some past `F` (a run
  // of upper-case hex after `API-` is an id: a Notion page, a hash).
  {
    id: 'octopus-deploy-key',
    prefixes: ['API-'],
    pattern: 'API-[A-Z0-9]{26,34}',
    validate: (value) => /[G-Z]/.test(value.slice(4)),
  },
  // LaunchDarkly REST API access tokens (`api-`) and server-side SDK keys (`sdk-`): a UUID v4 after it.
  {
    id: 'launchdarkly-key',
    prefixes: ['api-', 'sdk-'],
    pattern: '(?:api|sdk)-[a-z0-9]{8}-[a-z0-9]{4}-4[a-z0-9]{3}-[a-z0-9]{4}-[a-z0-9]{12}',
  },
  { id: 'pganalyze-key', prefixes: ['pgar_'], pattern: 'pgar_[A-Za-z0-9]{27}' },
  // 40 characters as issued; read from 32 to 128, as secretlint does, since a prefix claims its value.
  { id: 'linear-api-key', prefixes: ['lin_api_'], pattern: 'lin_api_[A-Za-z0-9_]{32,128}' },
  { id: 'linear-api-key', prefixes: ['lin_oauth_'], pattern: 'lin_oauth_[a-f0-9]{64}' },
  {
    id: 'docker-token',
    prefixes: ['dckr_pat_', 'dckr_oat_'],
    pattern: 'dckr_(?:pat|oat)_[A-Za-z0-9_-]{27,}',
  },
  // Notion's integration tokens: `ntn_`, eleven digits and 35 letters and digits (before 2024, `secret_` and 43).
  { id: 'notion-token', prefixes: ['ntn_'], pattern: 'ntn_[0-9]{11}[A-Za-z0-9]{35}' },
  // `secret_` starts identifiers too (`secret_key_base`): a random token of 43 has a digit. It
  // starts other services' keys as well (ConvertAPI's `secret_` and 16 characters): a value this
  // pattern does not match is judged by the generic detectors (`claims`).
  {
    id: 'notion-token',
    prefixes: ['secret_'],
    pattern: 'secret_[A-Za-z0-9]{43}',
    validate: hasDigit,
    claims: false,
  },
  {
    // Tailscale's keys: `tskey-`, the kind (`api`, `auth`, `client`, `scim`, `webhook`, …), a
    // key id and the secret after the last `-`.
    id: 'tailscale-key',
    prefixes: ['tskey-'],
    pattern: 'tskey-[a-z]{3,12}-[A-Za-z0-9_]{6,}-[A-Za-z0-9_]{16,}',
    bodyAfter: '-',
  },
  // Email services
  { id: 'sendgrid-key', prefixes: ['SG.'], pattern: 'SG\\.(?:[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43})' },
  // Resend API keys: `re_`, eight letters and digits, `_`, 24 more.
  { id: 'resend-api-key', prefixes: ['re_'], pattern: 're_[A-Za-z0-9]{8}_[A-Za-z0-9]{24}' },
  // Mailgun's private keys: `key-` and 32 lower-case letters and digits (hex in older ones).
  // `key-` starts other services' keys too: a value it does not match is judged by the others.
  { id: 'mailgun-key', prefixes: ['key-'], pattern: 'key-[a-z0-9]{32}', validate: hasDigit, claims: false },
  { id: 'mailchimp-api-key', anchors: ['-us'], pattern: '[a-f0-9]{32}-us[0-9]{1,2}' },
  { id: 'sendinblue-key', prefixes: ['xkeysib-'], pattern: 'xkeysib-(?:[a-f0-9]{64}-[A-Za-z0-9]{16})' },
  // Databases
  { id: 'databricks-token', prefixes: ['dapi'], pattern: 'dapi[a-fA-F0-9]{32}(?:-[0-9])?' },
  {
    id: 'planetscale-password',
    prefixes: ['pscale_pw_', 'pscale_tkn_', 'pscale_oauth_'],
    pattern: 'pscale_(?:pw|tkn|oauth)_[A-Za-z0-9_.=-]{32,64}',
  },
  {
    id: 'database-url-password',
    prefixes: databaseSchemes.map((scheme) => `${scheme}://`),
    // The user may be empty (`redis://:password@host`, Redis's AUTH with a password only).
    pattern: `(?:${databaseSchemes.map((scheme) => scheme.replace('+', '\\+')).join('|')})://[^:@/\\s]{0,64}:[^:@/\\s]{6,128}@`,
    validate: isUrlCredential,
  },
  // Keys and tokens
  {
    id: 'age-secret-key',
    prefixes: ['AGE-SECRET-KEY-1'],
    pattern: 'AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}',
  },
  {
    id: 'jwt',
    prefixes: ['eyJ'],
    pattern: 'eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]*',
    allowPlaceholders: true,
    validate: isJwtHeader,
  },
  // Credentials on a command line and in an HTTP header.
  {
    id: 'curl-basic-auth',
    exclusive: true,
    // `curl` within the context a stream keeps (64 characters), across continued lines.
    context: /\bcurl\b[\s\S]{0,56}?\s(?:-u|--user)(?:=|[ \t]{1,5})["']?$/,
    keywords: ['-u', '--user'],
    // `user:password`, or a key for the user name and no password (`key:`).
    pattern: '[^\\s"\':]{0,64}:[^\\s"\']{6,128}|[^\\s"\':]{6,64}:',
    allowPlaceholders: true,
    validate: isCredentialPair,
  },
  // A password given on the command line of a tool that takes one as an option:
  // `docker login -u bob -p …`, `sshpass -p …`, `redis-cli -a …`, `mysql --password …`.
  {
    id: 'command-line-password',
    // The command within the context a stream keeps (64 characters), on one line.
    // (`mysql -p db` prompts, and `db` is a database: only its `--password` names a value, or
    // `-p` with the password glued to it, `mysql -pS3cret db`.)
    context:
      /\b(?:(?:(?:(?:docker|podman|buildah|helm\s+registry)\s+login|sshpass)\b[^\n]{0,48}?\s(?:-p|--password)|redis-cli\b[^\n]{0,48}?\s(?:-a|--pass)|(?:mysql(?:dump|admin)?|mariadb)\b[^\n]{0,48}?\s--password)(?:=|[ \t]{1,5})["']?|(?:mysql(?:dump|admin)?|mariadb)\b[^\n]{0,48}?\s-p)$/,
    keywords: ['-p', '-a', '--password', '--pass'],
    pattern: passwordValue,
    validate: isChosenPassword,
    entropy: 0,
  },
  // A token given to any command as an option's argument (`--api-key 9f2c…`, `--token=…`): the
  // option's name says what the value is, whatever the tool.
  {
    id: 'command-line-token',
    context:
      /(?:^|[\s"'])--(?:api-?key|api-?token|access-?token|auth-?token|token|secret|client-?secret|secret-?key)(?:=|[ \t]{1,5})["']?$/,
    keywords: [
      '--api-key',
      '--apikey',
      '--api-token',
      '--access-token',
      '--auth-token',
      '--token',
      '--secret',
      '--client-secret',
      '--secret-key',
    ],
    pattern: '[A-Za-z0-9_.=+/~%-]{10,150}',
    entropy: 0,
    validate: isGenericValue,
    confidence: 0.8,
  },
  {
    id: 'authorization-header',
    exclusive: true,
    context: String.raw`authorization["']?\s{0,3}[:=]\s{0,3}["']?(?:(?:bearer|basic|token|api-token)[ \t]{1,3})?`,
    keywords: ['authorization'],
    pattern: '[A-Za-z0-9._~+/=-]{8,512}',
    validate: isAuthorizationCredential,
    entropy: 0,
  },
  // A password named as one, random or not (`DB_PASSWORD=Summer2024!`): before the generic rule,
  // whose characters stop at the `!` and would leave it out.
  {
    id: 'password',
    // `pass` alone (`DB_PASS=`), not the start of another word (`passport`, `passenger`).
    // Or an app setting's value named by its key (`<add key="DbPassword" value="…" />`).
    context: new RegExp(
      `(?:passw(?:or)?d|pwd|pass(?![a-z]))[\\w.-]{0,20}${declaredType}${assignment}|<add\\s+key\\s*=\\s*"[\\w.:-]{0,40}?(?:passw(?:or)?d|pwd)[\\w.:-]{0,20}"\\s+value\\s*=\\s*"`,
      'i',
    ),
    contextAllowlist: nonSecretAssignment,
    keywords: ['password', 'passwd', 'pwd', 'pass'],
    pattern: passwordValue,
    entropy: 0,
    validate: isChosenPassword,
    confidence: 0.8,
  },
  // A Docker registry login in a `config.json` (or a `DOCKER_AUTH_CONFIG` holding one): an
  // entry of `auths` whose `auth` is base64 of `user:password`, weak or not.
  {
    id: 'docker-registry-auth',
    context: String.raw`auths[\s\S]{0,56}?"auth\\{0,3}"\s{0,3}:\s{0,3}\\{0,3}"`,
    keywords: ['auth'],
    pattern: '[A-Za-z0-9+/]{4,400}={0,2}',
    entropy: 0,
    validate: isUserAndPassword,
  },
  // Generic: a value assigned to a name that says it is a secret, random enough to be one.
  {
    id: 'generic-api-key',
    context: new RegExp(
      // A declared type may stand between the name and the operator (`var apiToken string = "…"`).
      // Or an app setting's value named by its key (`<add key="StripeSecret" value="…" />`).
      `(?:key|secret|token|passw(?:or)?d|pwd|credentials?|creds|auth)[\\w.-]{0,20}${declaredType}${assignment}|<add\\s+key\\s*=\\s*"[\\w.:-]{0,40}?(?:key|secret|token|credentials?)[\\w.:-]{0,20}"\\s+value\\s*=\\s*"`,
      'i',
    ),
    contextAllowlist: nonSecretAssignment,
    keywords: secretNameWords,
    pattern: '[A-Za-z0-9_.=+/~%-]{10,150}',
    // `isGenericValue` checks the entropy against the value's alphabet and length.
    entropy: 0,
    validate: isGenericValue,
    confidence: 0.8,
  },
  // A bare `key` names a dictionary's entry as often as a secret (`{"key": "theme"}`, `key:
  // "app.title"`), so the rule above leaves it. Behind a word, as a person writes one (`stripe
  // key: …`, `using key = …`), it names a key; a long random value there (32 characters or more,
  // an API or encryption key's length) is one. No `/` or `.`: an object's path is a name.
  {
    id: 'generic-api-key',
    context: new RegExp(`[A-Za-z0-9][ \\t]{1,3}key${assignment}`),
    contextAllowlist: new RegExp(`(?:${bareKeyOwners})[ \\t]{1,3}key${assignment}`, 'i'),
    keywords: ['key'],
    pattern: '[A-Za-z0-9_=+~%-]{32,150}',
    entropy: 0,
    validate: isGenericValue,
    confidence: 0.8,
  },
]
