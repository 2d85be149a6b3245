import {
  createScanner,
  type DetectorId,
  type Ledger,
  type LedgerRecord,
  type PersonalValueKeyStore,
  placeholderName,
  type SealedPersonalValue,
  sealPersonalValue,
} from '@focal/core'

/** Replaces personal values in user input by typed placeholders before the engine sees the text. */
export type FocalInputRail = (sessionId: string, text: string) => Promise<string>

/** The session's sealed personal values, in ledger order. */
export function sealedValuesOf(records: readonly LedgerRecord[]): SealedPersonalValue[] {
  return records.flatMap((record) =>
    record.type === 'personal-value-sealed' ? [record.payload as SealedPersonalValue] : [],
  )
}

/** The highest number used so far per placeholder type, read from the sealed values. */
function usedNumbers(sealed: readonly SealedPersonalValue[]): Map<string, number> {
  const used = new Map<string, number>()
  for (const { placeholder } of sealed) {
    const match = /^\[([A-Z0-9_]+)_(\d+)\]$/u.exec(placeholder)
    if (match === null) continue
    used.set(match[1]!, Math.max(used.get(match[1]!) ?? 0, Number(match[2])))
  }
  return used
}

/**
 * The input rail: the definition's detectors (the same ones Lane 1 runs on replies) scan each user
 * text before it reaches the engine, so state, provenance and the model prompt only ever hold
 * `[CREDIT_CARD_1]`-style placeholders. Each value is sealed with the session's key and appended
 * to the session's ledger as a `personal-value-sealed` event (crypto-shredding: deleting the key
 * erases it, the chain still verifies). Run it inside the session's lock: placeholder numbers
 * continue from the ledger's sealed values.
 */
export function createInputRail({
  detectors,
  ledger,
  keyStore,
}: {
  detectors: readonly DetectorId[]
  ledger: Ledger
  keyStore: PersonalValueKeyStore
}): FocalInputRail {
  const scanner = createScanner({ detectors })
  return async (sessionId, text) => {
    const findings = scanner.scan(text).findings
    if (findings.length === 0) return text
    // Numbers come from the ledger, so they survive restarts and never reuse an erased one.
    const used = usedNumbers(sealedValuesOf(await ledger.records(sessionId)))
    const key = await keyStore.getOrCreate(sessionId)
    let result = ''
    let from = 0
    for (const finding of [...findings].sort((left, right) => left.start - right.start)) {
      if (finding.start < from) continue
      const type = placeholderName(finding.type)
      const index = (used.get(type) ?? 0) + 1
      used.set(type, index)
      const placeholder = `[${type}_${index}]`
      const payload = await sealPersonalValue({
        key,
        sessionId,
        placeholder,
        detector: finding.detector,
        value: finding.value,
      })
      await ledger.append(sessionId, { type: 'personal-value-sealed', payload }, { actor: 'user' })
      result += text.slice(from, finding.start) + placeholder
      from = finding.end
    }
    return result + text.slice(from)
  }
}
