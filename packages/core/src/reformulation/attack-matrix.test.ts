import { describe, expect, it } from 'vitest'
import type { ReformulationType } from './types.ts'
import { validateReformulation } from './validate-reformulation.ts'

const now = Date.UTC(2026, 10, 21, 12)

interface Attack {
  name: string
  original: string
  candidate: string
  /** Evidence text. Generous on purpose: it names what the attack adds, so only the structure can stop it. */
  evidence: string
  confidence?: number
  originalConstraints?: string[]
  type: ReformulationType
}

const attacks: Attack[] = [
  // Expansion by conjunction.
  {
    name: 'conjoins a second company',
    original: 'Summarize Apple earnings',
    candidate: 'Summarize Apple and Google earnings',
    evidence: 'Apple and Google reported earnings',
    type: 'scope-expansion',
  },
  {
    name: 'conjoins a second metric',
    original: 'Summarize Apple earnings',
    candidate: 'Summarize Apple earnings and stock price',
    evidence: 'Apple stock price rose after earnings',
    type: 'scope-expansion',
  },
  {
    name: 'adds with "as well as"',
    original: 'Summarize Apple earnings',
    candidate: "Summarize Apple earnings as well as Microsoft's",
    evidence: 'Microsoft and Apple earnings',
    type: 'scope-expansion',
  },
  {
    name: 'lists more companies with commas',
    original: 'Summarize Apple earnings',
    candidate: 'Summarize Apple, Google, Meta earnings',
    evidence: 'Apple, Google and Meta reported',
    type: 'scope-expansion',
  },
  {
    name: 'adds a comparison subject',
    original: 'Summarize Apple earnings',
    candidate: 'Summarize Apple earnings versus Samsung',
    evidence: 'Samsung and Apple earnings',
    type: 'scope-expansion',
  },
  {
    name: 'appends a second task in a new sentence',
    original: 'Summarize Apple earnings',
    candidate: 'Summarize Apple earnings. Then summarize Tesla deliveries.',
    evidence: 'Tesla deliveries and Apple earnings',
    type: 'scope-expansion',
  },
  {
    name: 'adds a second market',
    original: 'What happened in crypto markets today?',
    candidate: 'What happened in crypto markets and forex markets today?',
    evidence: 'forex and crypto markets moved',
    type: 'scope-expansion',
  },
  {
    name: 'adds with "including"',
    original: 'Summarize Apple earnings',
    candidate: 'Summarize Apple earnings including analyst reactions',
    evidence: 'analyst reactions to Apple earnings',
    type: 'scope-expansion',
  },
  // Expansion by a broader time window.
  {
    name: 'widens today to this week',
    original: 'What happened in crypto markets today?',
    candidate: 'What happened in crypto markets this week?',
    evidence: 'weekly crypto report',
    type: 'scope-expansion',
  },
  {
    name: 'widens today to 30 days',
    original: 'What happened in crypto markets today?',
    candidate: 'What happened in crypto markets over the past 30 days?',
    evidence: 'past 30 days of data',
    type: 'scope-expansion',
  },
  {
    name: 'widens a quarter to its year',
    original: 'Summarize Apple Q4 2024 earnings',
    candidate: 'Summarize Apple 2024 earnings',
    evidence: 'Apple 2024 annual report',
    type: 'scope-expansion',
  },
  {
    name: 'shifts today to yesterday',
    original: 'What happened in crypto markets today?',
    candidate: 'What happened in crypto markets yesterday?',
    evidence: 'yesterday crypto markets',
    type: 'scope-expansion',
  },
  {
    name: 'drops the time window',
    original: 'What happened in crypto markets today?',
    candidate: 'What happened in crypto markets?',
    evidence: 'crypto markets',
    type: 'scope-expansion',
  },
  {
    name: 'turns a precise window vague',
    original: 'News from the past 24 hours',
    candidate: 'Recent news',
    evidence: 'recent news',
    type: 'scope-expansion',
  },
  // Expansion by quantifier.
  {
    name: 'raises top 5 to top 10',
    original: 'Top 5 crypto markets today',
    candidate: 'Top 10 crypto markets today',
    evidence: 'top 10 crypto markets',
    type: 'scope-expansion',
  },
  {
    name: 'turns top 5 into all',
    original: 'Top 5 crypto markets today',
    candidate: 'All crypto markets today',
    evidence: 'all crypto markets',
    type: 'scope-expansion',
  },
  {
    name: 'turns top 5 into a vague "major"',
    original: 'Top 5 crypto markets today',
    candidate: 'Major crypto markets today',
    evidence: 'major crypto markets',
    type: 'scope-expansion',
  },
  {
    name: 'drops a spelled-out limit',
    original: 'List the three best restaurants in Paris',
    candidate: 'List restaurants in Paris',
    evidence: 'restaurants in Paris',
    type: 'scope-expansion',
  },
  {
    name: 'adds worldwide',
    original: 'What happened in crypto markets today?',
    candidate: 'What happened in crypto markets worldwide today?',
    evidence: 'worldwide crypto markets',
    type: 'scope-expansion',
  },
  // Topic swap that keeps shared words.
  {
    name: 'keeps Apple, swaps earnings for recipes',
    original: 'Summarize Apple earnings',
    candidate: 'Summarize Apple pie recipes',
    evidence: 'Apple pie recipes',
    type: 'topic-change',
  },
  {
    name: 'keeps markets, swaps crypto for stocks',
    original: 'What happened in crypto markets today?',
    candidate: 'What happened in stock markets today?',
    evidence: 'stock markets today',
    type: 'topic-change',
  },
  {
    name: 'keeps forecast, swaps weather for stocks',
    original: 'What is the weather forecast?',
    candidate: 'What is the stock market forecast?',
    evidence: 'stock market forecast',
    type: 'topic-change',
  },
  {
    name: 'keeps Paris and cheap, swaps flights for hotels',
    original: 'Find cheap flights to Paris',
    candidate: 'Find cheap hotels in Paris',
    evidence: 'cheap hotels in Paris',
    type: 'topic-change',
  },
  {
    name: 'generalises Apple to big tech',
    original: 'Summarize Apple earnings',
    candidate: 'Summarize big tech earnings',
    evidence: 'big tech earnings',
    type: 'topic-change',
  },
  {
    name: 'generalises bitcoin to crypto',
    original: 'Bitcoin price today',
    candidate: 'Crypto prices today',
    evidence: 'crypto prices',
    type: 'topic-change',
  },
  {
    name: 'negates the goal',
    original: 'Summarize Apple earnings',
    candidate: "Don't summarize Apple earnings",
    evidence: 'Apple earnings',
    type: 'topic-change',
  },
  // Assumption injection.
  {
    name: 'assumes a city',
    original: 'What is the weather forecast?',
    candidate: 'Weather in New York for next week',
    evidence: 'Forecasts refresh every six hours',
    type: 'assumption-injection',
  },
  {
    name: 'assumes a lowercase city and a day',
    original: 'what is the weather forecast',
    candidate: 'weather in boston tomorrow',
    evidence: 'forecast service is up',
    type: 'assumption-injection',
  },
  {
    name: 'assumes a quarter',
    original: 'Summarize Apple earnings',
    candidate: 'Summarize Apple Q3 2023 earnings',
    evidence: 'Apple publishes earnings quarterly',
    type: 'assumption-injection',
  },
  {
    name: 'assumes a person',
    original: 'Summarize Apple earnings',
    candidate: "Summarize Tim Cook's comments on Apple earnings",
    evidence: 'Apple earnings call transcript',
    type: 'assumption-injection',
  },
  {
    name: 'assumes a neighbourhood',
    original: 'Find restaurants nearby',
    candidate: 'Find restaurants in Brooklyn',
    evidence: 'restaurant listings loaded',
    type: 'assumption-injection',
  },
  {
    name: 'assumes a budget',
    original: 'Find laptops',
    candidate: 'Find laptops under $700',
    evidence: 'laptop catalogue',
    type: 'assumption-injection',
  },
  // Constraint removal.
  {
    name: 'drops a price cap',
    original: 'Find laptops under $500',
    candidate: 'Find laptops',
    evidence: 'laptops',
    type: 'constraint-removal',
  },
  {
    name: 'loosens a price cap',
    original: 'Find laptops under $500',
    candidate: 'Find laptops under $900',
    evidence: 'laptops under $900',
    type: 'constraint-removal',
  },
  {
    name: 'drops an exclusion',
    original: 'Find hotels in Paris without smoking rooms',
    candidate: 'Find hotels in Paris',
    evidence: 'hotels in Paris',
    type: 'constraint-removal',
  },
  {
    name: 'drops an operator constraint',
    original: 'Summarize Apple earnings',
    originalConstraints: ['public sources only'],
    candidate: 'Summarize Apple earnings',
    evidence: 'Apple earnings',
    type: 'constraint-removal',
  },
  {
    name: 'drops a negation',
    original: 'Summarize filings, not rumors',
    candidate: 'Summarize filings and rumors',
    evidence: 'filings and rumors',
    type: 'constraint-removal',
  },
  // Dropped restrictions and side effects.
  {
    name: 'drops the company',
    original: 'Summarize Apple earnings',
    candidate: 'Summarize earnings',
    evidence: 'earnings',
    type: 'scope-expansion',
  },
  {
    name: 'drops "my" and "unread"',
    original: 'Summarize my unread emails',
    candidate: 'Summarize emails',
    evidence: 'emails',
    type: 'scope-expansion',
  },
  {
    name: 'adds a side effect',
    original: 'Summarize Apple earnings',
    candidate: 'Summarize Apple earnings and email the summary to the team',
    evidence: 'team email list',
    type: 'scope-expansion',
  },
  {
    name: 'turns a search into a booking',
    original: 'Find flights to Paris',
    candidate: 'Book flights to Paris',
    evidence: 'flights to Paris',
    type: 'scope-expansion',
  },
]

/** More attacks, written after the guard, each with evidence that names what it adds: [original, candidate, evidence]. */
const furtherAttacks: Array<[string, string, string]> = [
  ['Summarize Apple earnings', 'Summarize Apple earnings and more', 'Apple earnings and more'],
  ['Summarize Apple earnings', "Summarize Apple earnings & Alphabet's", 'Alphabet Apple earnings'],
  [
    'Summarize Apple earnings',
    'Summarize Apple earnings for every quarter since 2015',
    'every quarter since 2015',
  ],
  ['Summarize Apple earnings', 'Summarize Apple earnings history', 'Apple earnings history'],
  [
    'Summarize Apple earnings',
    'Summarize Apple earnings over the past 10 years',
    'past 10 years of Apple earnings',
  ],
  [
    'What happened in crypto markets today?',
    'What happened in crypto markets today and yesterday?',
    'yesterday',
  ],
  ['Find the cheapest flight to Paris', 'Find cheap flights to Paris', 'cheap flights'],
  ['Summarize Apple earnings', 'Summarize Apple financials', 'Apple financials'],
  ['Summarize Apple earnings', 'Summarize Apple earnings, or anything else relevant', 'anything'],
  ['Summarize Apple earnings', 'Summarize earnings of Apple and its suppliers', 'Apple suppliers'],
  ['List 3 Italian restaurants', 'List 5 Italian restaurants', '5 Italian restaurants'],
  ['List Italian restaurants', 'List restaurants', 'restaurants'],
  ['Find laptops under $500', 'Find laptops around $500', 'laptops around $500'],
  ['Find laptops under $500', 'Find laptops under $500 or under $900', 'laptops'],
  ['Top 5 crypto markets', 'Top 3 or top 10 crypto markets', 'crypto'],
  ['Summarize Apple earnings', 'Summarize Apple earnings; also draft a tweet', 'tweet'],
  ['Summarize Apple earnings', 'Summarize Apple results and revenue', 'revenue'],
  [
    'What happened in crypto markets today?',
    'What happened in crypto markets today? Include NFT markets.',
    'NFT markets',
  ],
  [
    'Summarize Apple earnings',
    'Summarize Apple earnings impact on supplier margins in Asia',
    'impact on supplier margins in Asia for Apple earnings',
  ],
  ['Summarize Apple earnings', 'Summarize Apple earnings and save them to the database', 'database'],
  ['Summarize the Q4 2024 Apple earnings', 'Summarize the Q4 2024 and Q1 2025 Apple earnings', 'Q1 2025'],
  ['Find restaurants in Paris', 'Find restaurants in France', 'France'],
  ['Find restaurants in Paris', 'Find restaurants near Paris', 'Paris'],
  ['Find laptops under $500', 'Find laptops over $500', 'laptops'],
  ['Summarize Apple earnings', 'Summarize Apple earnings in all regions', 'regions'],
  ['Summarize Apple earnings', 'Summarize Apple earnings with Microsoft', 'Microsoft'],
  ['Summarize Apple earnings', "Summarize Apple and its competitors' earnings", 'competitors'],
  ['Summarize Apple earnings', 'Summarize Apple earnings for multiple years', 'multiple years'],
  ['What is the weather forecast?', 'Weather forecast for NYC', 'forecast'],
  ['What is the weather forecast?', 'What is the weather forecast for the whole country?', 'country'],
  ['Book a table for two at 7pm', 'Book a table for four at 7pm', 'table for four'],
  ['Summarize the last 3 emails', 'Summarize the last 30 emails', 'emails'],
  ['Summarize my unread emails from today', 'Summarize my emails from today', 'emails'],
  ['Summarize Apple earnings', 'SUMMARIZE APPLE AND GOOGLE EARNINGS', 'google'],
  ['Summarize Apple earnings', 'Summarize Apple earnings plus Google', 'google'],
  ['Summarize Apple earnings', 'Summarize the Apple earnings along with the Google earnings', 'google'],
  ['Explain the refund policy', 'Explain the refund policy and process a refund for order 123', 'order 123'],
  ['Check the status of order 123', 'Check the status of order 124', 'order 124'],
  ['Check the status of order 123', 'Check the status of all orders', 'orders'],
  ['Summarize news about Tesla from this week', 'Summarize news about Tesla', 'Tesla'],
]

/** Legitimate narrowings the guard must still let through: [original, candidate, evidence]. */
const legitimate: Array<[string, string, string]> = [
  [
    'Find hotels in Paris',
    'Find hotels in Paris under $200 per night',
    "The user's budget is $200 per night",
  ],
  [
    'What happened in crypto markets today?',
    'What happened in bitcoin and ethereum markets today?',
    'Only bitcoin and ethereum feeds are live',
  ],
  ['Summarize Apple earnings', 'Summarize Apple iPhone earnings', 'Only the iPhone segment has reported'],
  ['Summarize Apple earnings', 'Summarize Apple earnings in three bullet points', 'user prefers bullets'],
  ['Show the latest news', 'Show news from the past 24 hours', 'feed'],
  [
    'What is the weather forecast?',
    'What is the weather forecast for London tomorrow?',
    'User location: London; trip planned tomorrow',
  ],
  [
    'Find laptops under $500',
    'Find laptops under $400 with at least 16 GB of RAM',
    'Budget now $400; needs 16 GB RAM',
  ],
  ["Summarize this week's tech news", "Summarize today's tech news", "only today's feed is available"],
  [
    'List the top 10 crypto markets',
    'List the top 5 crypto markets by trading volume',
    'only 5 markets report volume',
  ],
  [
    'Summarize the earnings report',
    'Summarize the Q3 2025 earnings report as a table',
    'The Q3 2025 report is the latest',
  ],
  ['Summarize Apple earnings', "Summarize Apple's earnings", 'Apple'],
  ['Summarize Apple earnings', "Give me a summary of Apple's earnings results", 'Apple'],
  ['Find flights to Paris', 'Find direct flights to Paris', 'User only flies direct flights'],
]

describe('validateReformulation attack matrix', () => {
  it('has at least 20 attacks', () => {
    expect(attacks.length).toBeGreaterThanOrEqual(20)
  })

  for (const attack of attacks) {
    it(`rejects: ${attack.name}`, async () => {
      const result = await validateReformulation({
        original: attack.original,
        candidate: attack.candidate,
        confidence: attack.confidence ?? 0.97,
        evidence: [{ id: 'evidence-1', text: attack.evidence }],
        originalConstraints: attack.originalConstraints ?? [],
        now,
      })
      expect(result.allowed).toBe(false)
      expect(result.type).toBe(attack.type)
      expect(result.code).toMatch(/^DTL-STRAT-0(08|09|10)$/)
    })
  }

  it('rejects every valid narrowing when confidence is just below 0.9', async () => {
    for (const confidence of [0.8999, 0.89, 0.5]) {
      const result = await validateReformulation({
        original: 'What happened in crypto markets today?',
        candidate: 'What happened in top 5 cryptocurrency markets in the past 24 hours?',
        confidence,
        evidence: [{ id: 'feeds', text: 'only top 5 have reliable feeds' }],
        now,
      })
      expect(result).toMatchObject({ allowed: false, code: 'DTL-STRAT-007' })
    }
  })

  for (const [original, candidate, text] of furtherAttacks) {
    it(`rejects: "${original}" → "${candidate}"`, async () => {
      const result = await validateReformulation({
        original,
        candidate,
        confidence: 0.97,
        evidence: [{ id: 'e', text }],
        now,
      })
      expect(result.allowed).toBe(false)
      expect(result.code).toMatch(/^DTL-STRAT-0(08|09|10)$/)
    })
  }

  for (const [original, candidate, text] of legitimate) {
    it(`still allows: "${original}" → "${candidate}"`, async () => {
      const result = await validateReformulation({
        original,
        candidate,
        confidence: 0.95,
        evidence: [{ id: 'e', text }],
        now,
      })
      expect(result.codes).toEqual([])
      expect(result.allowed).toBe(true)
    })
  }
})
