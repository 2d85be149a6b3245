import type { Redactor } from '@redactpii/node'
import type { SyncRedactor } from 'redact-pii'
import { defineSuite } from '../../../../bench/harness.ts'
import { inChildProcess, isIsolatedChild } from '../../../../bench/isolate.ts'
import { checkExpression, compileExpression } from './compile-expression.ts'
import { createEnforcer } from './create-enforcer.ts'
import { createScanner } from './create-scanner.ts'
import { createStreamRedactor } from './create-stream-redactor.ts'
import { measurePiiFixtures, measureSecretFixtures } from './fixtures/measure-fixtures.ts'
import { redact } from './redact.ts'
import type { EnforcementRule } from './types.ts'

/** Deterministic pseudo-random numbers so every run scans the same corpus. */
function createRandom(seed: number): (limit: number) => number {
  let state = seed
  return (limit) => {
    // 32-bit LCG with Math.imul: exact in doubles, so the sequence does not collapse.
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return (state >>> 8) % limit
  }
}

function luhnCheckDigit(body: string): number {
  let sum = 0
  for (let index = 0; index < body.length; index++) {
    let value = Number(body[body.length - 1 - index])
    if (index % 2 === 0) value = value * 2 > 9 ? value * 2 - 9 : value * 2
    sum += value
  }
  return (10 - (sum % 10)) % 10
}

function cardNumber(random: (limit: number) => number, valid: boolean): string {
  let body = '4'
  while (body.length < 15) body += String(random(10))
  const check = luhnCheckDigit(body)
  return body + String(valid ? check : (check + 1 + random(9)) % 10)
}

function formatCard(card: string, style: number): string {
  if (style === 0) return card
  const separator = style === 1 ? ' ' : '-'
  return card.replace(/(\d{4})(?=\d)/g, `$1${separator}`)
}

const sentences = [
  'Thanks for reaching out about your order, we are looking into it right now.',
  'The shipment left our warehouse on Tuesday and should arrive within five business days.',
  'Please let me know if there is anything else I can help you with today.',
  'Our records show two payments were made last month for the same subscription.',
  'I have escalated the ticket to the billing team and they will reply by email.',
  'function handle(request) { return fetch(url, { method: "POST", body: json }) }',
  'commit 8f953371d3e85eddb89b05ed6b9e680791055315 fixed the retry loop in the worker.',
  'The meeting is at 10:30 in room 4.2, bring the 2024-05-17 report and 3 printed copies.',
]

/**
 * About `size` characters of support-chat prose, code and logs with PII, secrets and decoys mixed
 * in: after each sentence, an item with probability 7 in `oneIn` (12: dense, 120: sparse).
 */
function buildCorpus(size: number, oneIn = 12): { text: string; decoys: string[] } {
  const random = createRandom(7)
  const decoys: string[] = []
  let text = ''
  while (text.length < size) {
    text += `${sentences[random(sentences.length)]} `
    switch (random(oneIn)) {
      case 0:
        text += `Card on file ${formatCard(cardNumber(random, true), random(3))}. `
        break
      case 1: {
        const decoy = formatCard(cardNumber(random, false), random(3))
        decoys.push(decoy)
        text += `Reference ${decoy} was noted. `
        break
      }
      case 2:
        text += `Email jane.doe${random(1000)}@example.com or call (415) 555-${String(1000 + random(8999))}. `
        break
      case 3:
        text += `Server 10.${random(255)}.${random(255)}.${random(255)} returned 503; see https://status.example.com/incidents/${random(99999)}. `
        break
      case 4:
        text += 'Wire to DE89 3704 0044 0532 0130 00 please. '
        break
      case 5:
        text +=
          'export AWS_ACCESS_KEY_ID=AKIALALEMEL33243OLIB and token 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. '
        break
      case 6:
        text += `SSN 536-90-${String(1000 + random(8999))} on the form. `
        break
      default:
        break
    }
  }
  // Re-decoded so the corpus is one flat string, like a model reply, not a rope of += pieces.
  return { text: new TextDecoder().decode(new TextEncoder().encode(text.slice(0, size))), decoys }
}

const megabyte = 1024 * 1024
const { text: corpus, decoys } = buildCorpus(megabyte)
/** The same mix with ten times fewer items (one per ~1.4 KB, closer to real chat and logs), for context. */
const { text: sparseCorpus } = buildCorpus(megabyte, 120)
/** The corpus, exported for profiling. */
export const benchCorpus = corpus
/** One flat string too (a `slice` would be a view into the corpus, a second string layout). */
const slice = new TextDecoder().decode(new TextEncoder().encode(corpus.slice(0, 64 * 1024)))
const scanner = createScanner()
// The peers run in their own processes (`isolate`, `inChildProcess`) and are loaded only there:
// importing them into the process that times Focal slowed its scan by 5-7% (see bench/isolate.ts).
const peers = isIsolatedChild()
  ? {
      redactPii: new (await import('redact-pii')).SyncRedactor() as SyncRedactor,
      redactPiiNode: new (await import('@redactpii/node')).Redactor() as Redactor,
    }
  : undefined
function peer(): { redactPii: SyncRedactor; redactPiiNode: Redactor } {
  if (peers === undefined) throw new Error('the peer libraries are loaded only in an isolated bench process')
  return peers
}
const limit = compileExpression('refund_amount <= 50')
const refund = { refund_amount: 75 }

const adversarial: Record<string, string> = {
  'digits and separators': '1 2-3 '.repeat(20_000).slice(0, 100_000),
  'one long digit run': '4'.repeat(100_000),
  'at signs': 'a@'.repeat(50_000),
  colons: 'a:b::'.repeat(20_000),
  'long base58 token': 'A1b2C3d4E5'.repeat(10_000),
  'secret prefixes': 'AKIAsk-proj-ghp_eyJ'.repeat(5_300).slice(0, 100_000),
  // Each prefix's format fails and is tried again with the dots read out (a split key): a
  // failed reading is not repeated for the prefixes it read past.
  'prefixes split by dots': 'ghp_aB3.sk_live_aB3.AKIA9.'.repeat(3_900).slice(0, 100_000),
  // Every token mixes ASCII and Cyrillic look-alikes: the text is read twice (as written and folded).
  'look-alike letters': 'А1К2І3А4 kеy=Ѕ9q '.repeat(6_000).slice(0, 100_000),
  'unterminated key headers': '-----BEGIN RSA PRIVATE KEY----- '.repeat(3_200).slice(0, 100_000),
  'iban lookalikes': 'DE89 3704 '.repeat(10_000),
  // Values named before them, each a candidate the feature search had searched to the text's
  // end again: 24.6 s per MB of the first, 22 s of the second, 18.6 s of the third before the
  // search kept its last result (about 0.1 s now).
  'named values': 'api_key = "Zx8Qp2LmN7vRt5Kw9Yb3Hc6Jd" '.repeat(2_600).slice(0, 100_000),
  'quoted names and values': '"password", "Zx8Qp2LmN7vRt5Kw9Yb3", '.repeat(2_800).slice(0, 100_000),
  'settings elements': '<add key="DbPassword" value="Xk7pq2mZr9Lw"/> '.repeat(2_300).slice(0, 100_000),
  'values with fill-in words': 'secret: "your_secret_here_xxxx" '.repeat(3_300).slice(0, 100_000),
  // Digits wrapped in emphasis, code spans, character references and percent escapes on one long
  // line: each place is read again without its markup. 129 ms per 100 KB when each place's line
  // was walked both ways and each finding compared with every place before it.
  'Markdown around digits':
    'Card **4539** **1488** **0343** **6467**, SSN `536`-`90`-`1234`, PIN &#52;&#49;%34%31 '
      .repeat(1_200)
      .slice(0, 100_000),
}

/**
 * Mean throughput over `rounds` runs, after as many untimed ones. The process has just been idle
 * while isolated cases ran in child processes, and the first ten or so scans after five idle
 * seconds were measured at 1.7x their steady time (V8 had dropped optimised code and shrunk the heap).
 */
function megabytesPerSecond(run: () => unknown, bytes: number, rounds: number): number {
  for (let round = 0; round < rounds; round++) run()
  const start = performance.now()
  for (let round = 0; round < rounds; round++) run()
  return bytes / megabyte / ((performance.now() - start) / 1000 / rounds)
}

function medianMillis(run: () => unknown, rounds: number): number {
  const times: number[] = []
  for (let round = 0; round < rounds; round++) {
    const start = performance.now()
    run()
    times.push(performance.now() - start)
  }
  times.sort((left, right) => left - right)
  return times[Math.floor(times.length / 2)] as number
}

const decoyText = (decoy: string): string => `Reference ${decoy} was noted.`

/** The peers' throughput and false positives, measured the same way as Focal's. */
interface PeerMeasures {
  node: number
  nodeSparse: number
  pii: number
  nodeDecoys: number
  piiDecoys: number
}

/** Runs in a child process (see `inChildProcess`): the peers never share a heap with Focal. */
export function measurePeers(): PeerMeasures {
  const { redactPii, redactPiiNode } = peer()
  return {
    node: megabytesPerSecond(() => redactPiiNode.redact(corpus), corpus.length, 10),
    nodeSparse: megabytesPerSecond(() => redactPiiNode.redact(sparseCorpus), sparseCorpus.length, 10),
    pii: megabytesPerSecond(() => redactPii.redact(slice), slice.length, 3),
    nodeDecoys: decoys.filter((decoy) => redactPiiNode.redact(decoyText(decoy)).includes('CREDIT_CARD'))
      .length,
    piiDecoys: decoys.filter((decoy) => /CREDIT_CARD/.test(redactPii.redact(decoyText(decoy)))).length,
  }
}

/**
 * Two suites, run in this order: tinybench warms every case of a suite before timing any, and
 * warming the scanner on the 100 KB pathological inputs first re-optimises it for them (about 20%
 * slower on ordinary text afterwards), so throughput is timed before they run.
 */
const throughput = defineSuite({
  name: 'enforcement',
  timeMs: 1000,
  cases: [
    { name: 'focal scanText, all detectors, 1 MB', fn: () => scanner.scan(corpus).findings.length },
    {
      name: '@redactpii/node redact, 1 MB',
      fn: () => peer().redactPiiNode.redact(corpus).length,
      peerOf: 'focal scanText, all detectors, 1 MB',
      isolate: true,
    },
    {
      name: 'focal scanText, all detectors, 1 MB sparse',
      fn: () => scanner.scan(sparseCorpus).findings.length,
    },
    {
      name: '@redactpii/node redact, 1 MB sparse',
      fn: () => peer().redactPiiNode.redact(sparseCorpus).length,
      peerOf: 'focal scanText, all detectors, 1 MB sparse',
      isolate: true,
    },
    // redact-pii takes seconds per megabyte; it is compared on a 64 KB slice so the run stays short.
    { name: 'focal scanText, all detectors, 64 KB', fn: () => scanner.scan(slice).findings.length },
    {
      name: 'redact-pii SyncRedactor, 64 KB',
      fn: () => peer().redactPii.redact(slice).length,
      peerOf: 'focal scanText, all detectors, 64 KB',
      isolate: true,
    },
    {
      name: 'focal scan + redact, 1 MB',
      fn: () => redact(corpus, scanner.scan(corpus).findings, 'placeholder').length,
    },
    {
      name: 'CEL refund_amount <= 50 (check)',
      fn: () => checkExpression(limit, refund),
      targetMedianMicros: 0.15,
    },
    {
      name: 'CEL refund_amount <= 50 (evaluate)',
      fn: () => limit.evaluate(refund),
      targetMedianMicros: 0.15,
    },
  ],
  measure: async () => {
    // 50 scans (about a third of a second): a mean over 20 moved by 3% with one garbage collection.
    const focal = megabytesPerSecond(() => scanner.scan(corpus), corpus.length, 50)
    const focalSparse = megabytesPerSecond(() => scanner.scan(sparseCorpus), sparseCorpus.length, 50)
    const focalDecoys = decoys.filter((decoy) =>
      scanner.scan(decoyText(decoy)).findings.some((finding) => finding.type === 'credit-card'),
    )
    const { node, nodeSparse, pii, nodeDecoys, piiDecoys } = await inChildProcess<PeerMeasures>(
      import.meta.url,
      'measurePeers',
    )
    return {
      throughput: {
        'corpus bytes': corpus.length,
        'focal MB/s': Number(focal.toFixed(1)),
        'focal target 150 MB/s met': focal >= 150,
        '@redactpii/node MB/s': Number(node.toFixed(1)),
        'redact-pii MB/s': Number(pii.toFixed(2)),
        'focal / @redactpii/node': Number((focal / node).toFixed(1)),
        'focal / redact-pii': Number((focal / pii).toFixed(1)),
      },
      'throughput, sparse corpus (context, not the target)': {
        'focal MB/s': Number(focalSparse.toFixed(1)),
        '@redactpii/node MB/s': Number(nodeSparse.toFixed(1)),
        'focal / @redactpii/node': Number((focalSparse / nodeSparse).toFixed(1)),
      },
      'secret fixtures (recall target >= 95%, false alarms <= 5%)': secretFixtureLine(),
      "PII fixtures (Presidio's recognizer cases, target >= 99% agreement)": piiFixtureLine(),
      'false positives on Luhn-invalid decoys': {
        decoys: decoys.length,
        focal: focalDecoys.length,
        '@redactpii/node': nodeDecoys,
        'redact-pii': piiDecoys,
      },
    }
  },
})

/** Recall and false-alarm rate on the public secret fixture set (`fixtures/secret-fixtures.ts`). */
function secretFixtureLine(): Record<string, number | boolean> {
  const measure = measureSecretFixtures()
  return {
    positives: measure.positives,
    negatives: measure.negatives,
    'recall %': Number((measure.recall * 100).toFixed(1)),
    'false alarms %': Number((measure.falseAlarmRate * 100).toFixed(1)),
    'targets met': measure.recall >= 0.95 && measure.falseAlarmRate <= 0.05,
  }
}

/** Agreement with Presidio's phone, IBAN and SSN recognizer cases (`fixtures/pii-fixtures.ts`). */
function piiFixtureLine(): Record<string, number | boolean> {
  const measure = measurePiiFixtures()
  return {
    cases: measure.cases,
    'agreement %': Number((measure.agreement * 100).toFixed(1)),
    'target met': measure.agreement >= 0.99,
  }
}

const worstCase = defineSuite({
  name: 'enforcement: adversarial inputs',
  timeMs: 500,
  cases: [
    ...Object.entries(adversarial).map(([name, text]) => ({
      name: `adversarial 100 KB: ${name}`,
      fn: () => scanner.scan(text).findings.length,
      targetMedianMicros: 50_000,
    })),
    // Streamed in 20-character chunks, a construct that never closes is held at most 4 KB: before,
    // every chunk scanned all of it again (13 s for 200 KB of one token).
    ...['long base58 token', 'digits and separators'].map((name) => ({
      name: `adversarial 100 KB streamed in 20-character chunks: ${name}`,
      fn: () => {
        const text = adversarial[name] as string
        const stream = createStreamRedactor()
        let length = 0
        for (let at = 0; at < text.length; at += 20) length += stream.push(text.slice(at, at + 20)).length
        return length + stream.flush().length
      },
      targetMedianMicros: 250_000,
    })),
  ],
  measure: () => {
    const worst = Math.max(
      ...Object.values(adversarial).map((text) => medianMillis(() => scanner.scan(text), 5)),
    )
    return { adversarial: { 'worst 100 KB median ms': Number(worst.toFixed(2)), 'under 50 ms': worst < 50 } }
  },
})

/** Sentences of a long chat reply, each with an amount, a number word or a percentage (all under the caps). */
const draftSentences = [
  'I have refunded you $20 for the late delivery of order NW-1001.',
  'Your refund of 35 dollars should reach your card within five business days.',
  'We also took 15% off your next order as an apology.',
  'The replacement ships tomorrow and costs you nothing; shipping was USD 12.50.',
  'If you prefer store credit, that would be forty-five dollars instead.',
  'Let me know if there is anything else I can help you with today!',
]

/** The same reply as a markdown list: an item a line, none ending in a sentence end. */
const draftItems = [
  '- Refund for the late delivery of order NW-1001: $20',
  '- Your refund of 35 dollars reaches your card within five business days',
  '- Discount on your next order: 15%',
  '- The replacement ships tomorrow, shipping was USD 12.50',
  '- Store credit instead: forty-five dollars',
  '- Anything else I can help you with today',
]

/** The same reply in Chinese: sentences end in 。, ！ or ？ with no space after them. */
const chineseSentences = [
  '我已为订单NW-1001的延迟配送向您退款$20。',
  '您的35美元退款将在五个工作日内退回您的卡。',
  '作为补偿，您下次订单可享受15%的折扣！',
  '替换商品明天发货，运费为USD 12.50。',
  '如果您更喜欢商店积分，那将是45美元。',
  '还有什么我可以帮您的吗？',
]

/** And in Japanese. */
const japaneseSentences = [
  'ご注文NW-1001の配送遅延につき、$20を返金しました。',
  '35ドルの返金は5営業日以内にカードに戻ります。',
  '次回のご注文は15%割引になります！',
  '交換品は明日発送します。送料はUSD 12.50でした。',
  'ストアクレジットをご希望の場合は、45ドルになります。',
  '他にお手伝いできることはありますか？',
]

/** A reply of about `size` characters of `pieces` in a seeded order, each followed by `joiner`. */
function buildDraft(size: number, pieces = draftSentences, joiner = ' '): string {
  const random = createRandom(11)
  let text = ''
  while (text.length < size) text += `${pieces[random(pieces.length)]}${joiner}`
  return text.slice(0, size)
}

/** The hard-safety expression rules the streamed draft judge is measured with. */
export const draftJudgeRules: EnforcementRule[] = [
  {
    id: 'refund-cap',
    tier: 'hard-safety',
    enforce: {
      expression: 'refund_amount <= 50',
      bindings: [{ name: 'refund_amount', kind: 'money', label: 'refund' }],
      onViolation: 'refuse',
    },
  },
  {
    id: 'money-total',
    tier: 'hard-safety',
    enforce: { expression: 'money_total <= 1000000', onViolation: 'refuse' },
  },
  {
    id: 'discount-cap',
    tier: 'hard-safety',
    enforce: {
      expression: 'discount <= 20',
      bindings: [{ name: 'discount', kind: 'percentage' }],
      onViolation: 'refuse',
    },
  },
]
const draftRules = createEnforcer({ rules: draftJudgeRules })
/** Drafts the judge streams: prose, a list, Chinese and Japanese (`scripts/draft-judge-ab.ts` reads them too). */
export const streamedDrafts: Readonly<Record<string, string>> = {
  '4.4 KB': buildDraft(4_400),
  '17.6 KB': buildDraft(17_600),
  'list 4.4 KB': buildDraft(4_400, draftItems, '\n'),
  'list 17.6 KB': buildDraft(17_600, draftItems, '\n'),
  'Chinese 4.4 KB': buildDraft(4_400, chineseSentences, ''),
  'Chinese 17.6 KB': buildDraft(17_600, chineseSentences, ''),
  'Japanese 4.4 KB': buildDraft(4_400, japaneseSentences, ''),
  'Japanese 17.6 KB': buildDraft(17_600, japaneseSentences, ''),
}

/** A draft through the draft judge in 2-character chunks, as a model streams it; the characters released. */
function streamDraft(text: string): number {
  const judge = draftRules.createDraftJudge()
  if (judge.type !== 'streamed' || judge.stream === undefined)
    throw new Error('the draft rules are not streamed')
  let length = 0
  for (let at = 0; at < text.length; at += 2) length += judge.stream.push(text.slice(at, at + 2)).length
  length += judge.stream.flush().length
  if (length !== text.length) throw new Error('the draft judge held back an allowed draft')
  return length
}

/**
 * The Lane 1 expression rules judged on a streamed draft: the judge's whole cost per KB of
 * draft (prose, a list, Chinese, Japanese), against one `check` of the whole draft. Each
 * judgement re-read the whole draft so far (quadratic: 186 ms for 4.4 KB, 2.8 s for 17.6 KB); the
 * reader then read settled sentences once, but a list and a CJK draft, which have no sentence end
 * before a space, were still read whole each time (2.7 s and 2.5 s for 17.6 KB).
 */
const draftJudge = defineSuite({
  name: 'enforcement: streamed draft judge',
  timeMs: 500,
  cases: [
    ...Object.entries(streamedDrafts).map(([size, text]) => ({
      name: `draft judge, ${size} in 2-character chunks`,
      fn: () => streamDraft(text),
    })),
    { name: 'check, 17.6 KB whole', fn: () => draftRules.check(streamedDrafts['17.6 KB'] as string).type },
  ],
  measure: () => {
    const line: Record<string, number> = {}
    for (const [size, text] of Object.entries(streamedDrafts)) {
      const millis = medianMillis(() => streamDraft(text), 5)
      line[`${size} µs per KB`] = Math.round((millis * 1000) / (text.length / 1000))
    }
    const whole = streamedDrafts['17.6 KB'] as string
    const check = medianMillis(() => draftRules.check(whole), 20)
    line['check 17.6 KB µs per KB'] = Math.round((check * 1000) / (whole.length / 1000))
    return { 'streamed draft judge (2-character chunks)': line }
  },
})

export default [throughput, worstCase, draftJudge]
