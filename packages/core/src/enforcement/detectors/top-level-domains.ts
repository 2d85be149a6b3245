const countryCodes =
  'ac ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bm bn bo br bs bt bw by bz ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg er es et eu fi fj fk fm fo fr ga gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm hn hr ht hu id ie il im in io iq ir is it je jm jo jp ke kg kh ki km kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mg mh mk ml mm mn mo mp mq mr ms mt mu mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm pn pr ps pt pw py qa re ro rs ru rw sa sb sc sd se sg sh si sk sl sm sn so sr ss st su sv sx sy sz tc td tf tg th tj tk tl tm tn to tr tt tv tw tz ua ug uk us uy uz va vc ve vg vi vn vu wf ws ye yt za zm zw'
const generic =
  'com net org edu gov mil int info biz name pro mobi asia tel travel jobs museum aero coop cat post app dev page ai site online store shop xyz tech cloud blog web email link live news space website club top icu vip work life world today solutions agency digital network media company services group studio design systems software global support center academy ltd inc llc health law finance bank money capital legal care art fun one zone run gg ninja guru expert team chat social love fit game games bet casino men plus host hosting domains codes tools build lol wtf io me tv fm ly example test invalid localhost local internal corp home lan'

/** `labelKey` of a label with a non-ASCII character (looked up as a lower-cased string instead). */
const nonAsciiLabel = -2

/**
 * A label of up to nine ASCII letters as a number (base 27, case-folded), -1 for any other ASCII
 * label, or `nonAsciiLabel`: TLD lookups read the text in place instead of slicing and
 * lower-casing a string per candidate.
 */
function labelKey(text: string, start: number, end: number): number {
  let key = 0
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index)
    if (code >= 128) return nonAsciiLabel
    const lower = code | 32
    if (lower < 97 || lower > 122 || key < 0) key = -1
    else key = key * 27 + (lower - 96)
  }
  return end - start > 9 ? -1 : key
}

/** A label set, as keys and as lower-case strings (for labels with non-ASCII characters). */
export interface LabelSet {
  keys: ReadonlySet<number>
  labels: ReadonlySet<string>
}

/** Builds a label set from lower-case labels. */
export function labelSetOf(labels: string[]): LabelSet {
  return { keys: new Set(labels.map((label) => labelKey(label, 0, label.length))), labels: new Set(labels) }
}

/** Is `text[start, end)` in the set, case-insensitively (`toLowerCase` for non-ASCII labels)? */
export function hasLabel(set: LabelSet, text: string, start: number, end: number): boolean {
  const key = labelKey(text, start, end)
  return key === nonAsciiLabel ? set.labels.has(text.slice(start, end).toLowerCase()) : set.keys.has(key)
}

/** Known top-level domains (ISO country codes plus common generic ones). */
const topLevelDomains = labelSetOf(`${countryCodes} ${generic}`.split(' '))

/** `xn--` (any case) followed by at least two characters: an IDN label. */
function isPunycodeLabel(text: string, start: number, end: number): boolean {
  if (end - start <= 5) return false
  const first = text.charCodeAt(start)
  const second = text.charCodeAt(start + 1)
  // `toLowerCase` maps only these to `x` and `n` here (no non-ASCII character lower-cases to them).
  return (
    (first | 32) === 120 &&
    first < 128 &&
    (second | 32) === 110 &&
    second < 128 &&
    text.charCodeAt(start + 2) === 45 &&
    text.charCodeAt(start + 3) === 45
  )
}

/** True when `text[start, end)` is a known top-level domain (case-insensitive); `xn--` IDN labels are accepted too. */
export function isKnownTopLevelDomain(text: string, start = 0, end = text.length): boolean {
  return hasLabel(topLevelDomains, text, start, end) || isPunycodeLabel(text, start, end)
}

function isAsciiLabelCode(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 45
  )
}

/** One label of a host name, `text[start, end)`; `unicode` when it has other than ASCII letters, digits and `-`. */
function isValidLabel(text: string, start: number, end: number, unicode: boolean): boolean {
  const length = end - start
  if (length === 0 || length > 63) return false
  if (text.charCodeAt(start) === 45 || text.charCodeAt(end - 1) === 45) return false
  return !unicode || /^[\p{L}\p{N}-]+$/u.test(text.slice(start, end))
}

/** 2 to 24 ASCII letters. */
function isAlphabeticLabel(text: string, start: number, end: number): boolean {
  if (end - start < 2 || end - start > 24) return false
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index) | 32
    if (code < 97 || code > 122) return false
  }
  return true
}

/** Index of the last `.` in `text[start, end)`, or -1. */
function lastDotWithin(text: string, start: number, end: number): number {
  for (let index = end - 1; index >= start; index--) if (text.charCodeAt(index) === 46) return index
  return -1
}

/**
 * A host name `text[start, end)` (the whole text by default) of at least two labels (letters,
 * digits, inner hyphens) ending in a known TLD; with `anyTopLevel`, any alphabetic TLD.
 */
export function isValidDomain(text: string, anyTopLevel = false, start = 0, end = text.length): boolean {
  if (end - start < 3 || end - start > 253) return false
  // Labels are read in place (no split): each 1..63 characters, no edge hyphen, ASCII letters,
  // digits and hyphens, or else Unicode letters, numbers and hyphens.
  // One pass: each label is checked at the dot that ends it.
  let lastDot = -1
  let labelStart = start
  let unicode = false
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index)
    if (code === 46) {
      if (!isValidLabel(text, labelStart, index, unicode)) return false
      lastDot = index
      labelStart = index + 1
      unicode = false
    } else if (!isAsciiLabelCode(code)) unicode = true
  }
  if (lastDot < 0 || !isValidLabel(text, labelStart, end, unicode)) return false
  // After an explicit scheme any alphabetic TLD counts (`http://microsoft.vlaanderen`).
  return (
    isKnownTopLevelDomain(text, lastDot + 1, end) ||
    (anyTopLevel && isAlphabeticLabel(text, lastDot + 1, end))
  )
}

/** ccTLDs that are far more often file extensions (`README.md`, `main.py`, `run.sh`). */
const fileExtensionLike = labelSetOf([
  'md',
  'py',
  'sh',
  'rs',
  'pl',
  'ps',
  'so',
  'la',
  'ml',
  'pm',
  'st',
  'cc',
  'hh',
  'mk',
  'am',
  'in',
  'do',
  'gz',
  'zip',
  'local',
  'internal',
  'lan',
  'home',
  'test',
  'example',
  'invalid',
])

/** Any ASCII letter in `text[start, end)`. */
function hasAsciiLetter(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index) | 32
    if (code >= 97 && code <= 122) return true
  }
  return false
}

/** A bare host name `text[start, end)` (`microsoft.com`, `google.co.il`) worth flagging without a scheme. */
export function isLikelyBareDomain(text: string, start = 0, end = text.length): boolean {
  const lastDot = lastDotWithin(text, start, end)
  const topLevel = lastDot < 0 ? start : lastDot + 1
  return (
    !hasLabel(fileExtensionLike, text, topLevel, end) &&
    hasAsciiLetter(text, start, end) &&
    isValidDomain(text, false, start, end)
  )
}
