const countryCodes =
  'ac ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bm bn bo br bs bt bw by bz ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg er es et eu fi fj fk fm fo fr ga gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm hn hr ht hu id ie il im in io iq ir is it je jm jo jp ke kg kh ki km kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mg mh mk ml mm mn mo mp mq mr ms mt mu mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm pn pr ps pt pw py qa re ro rs ru rw sa sb sc sd se sg sh si sk sl sm sn so sr ss st su sv sx sy sz tc td tf tg th tj tk tl tm tn to tr tt tv tw tz ua ug uk us uy uz va vc ve vg vi vn vu wf ws ye yt za zm zw'
const generic =
  'com net org edu gov mil int info biz name pro mobi asia tel travel jobs museum aero coop cat post app dev page ai site online store shop xyz tech cloud blog web email link live news space website club top icu vip work life world today solutions agency digital network media company services group studio design systems software global support center academy ltd inc llc health law finance bank money capital legal care art fun one zone run gg ninja guru expert team chat social love fit game games bet casino men plus host hosting domains codes tools build lol wtf io me tv fm ly example test invalid localhost local internal corp home lan'

/** Known top-level domains (ISO country codes plus common generic ones); `xn--` IDN labels are accepted too. */
const topLevelDomains: ReadonlySet<string> = new Set(`${countryCodes} ${generic}`.split(' '))

/** True when the label is a known top-level domain (case-insensitive). */
export function isKnownTopLevelDomain(label: string): boolean {
  const lower = label.toLowerCase()
  return topLevelDomains.has(lower) || (lower.startsWith('xn--') && lower.length > 5)
}

function isAsciiLabelCode(code: number): boolean {
  return (
    (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 45
  )
}

/** One label of a host name, `domain[start, end)`. */
function isValidLabel(domain: string, start: number, end: number): boolean {
  const length = end - start
  if (length === 0 || length > 63) return false
  if (domain.charCodeAt(start) === 45 || domain.charCodeAt(end - 1) === 45) return false
  for (let index = start; index < end; index++) {
    if (!isAsciiLabelCode(domain.charCodeAt(index))) return /^[\p{L}\p{N}-]+$/u.test(domain.slice(start, end))
  }
  return true
}

/** A host name of at least two labels (letters, digits, inner hyphens) ending in a known TLD. */
export function isValidDomain(domain: string, anyTopLevel = false): boolean {
  if (domain.length < 3 || domain.length > 253) return false
  // Labels are read in place (no split): each 1..63 characters, no edge hyphen, ASCII letters,
  // digits and hyphens, or else Unicode letters, numbers and hyphens.
  const lastDot = domain.lastIndexOf('.')
  if (lastDot < 0) return false
  let labelStart = 0
  for (let index = 0; index <= domain.length; index++) {
    if (index < domain.length && domain.charCodeAt(index) !== 46) continue
    if (!isValidLabel(domain, labelStart, index)) return false
    labelStart = index + 1
  }
  const topLevel = domain.slice(lastDot + 1)
  // After an explicit scheme any alphabetic TLD counts (`http://microsoft.vlaanderen`).
  return isKnownTopLevelDomain(topLevel) || (anyTopLevel && /^[A-Za-z]{2,24}$/.test(topLevel))
}

/** ccTLDs that are far more often file extensions (`README.md`, `main.py`, `run.sh`). */
const fileExtensionLike = new Set([
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

/** A bare host name (`microsoft.com`, `google.co.il`) worth flagging without a scheme. */
export function isLikelyBareDomain(domain: string): boolean {
  const topLevel = domain.slice(domain.lastIndexOf('.') + 1).toLowerCase()
  return !fileExtensionLike.has(topLevel) && /[A-Za-z]/.test(domain) && isValidDomain(domain)
}
