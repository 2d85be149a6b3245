import {
  bigramFeature,
  forEachCharGram,
  type IntentFeatureOptions,
  intentWords,
  stemFeature,
  textEnd,
  textStart,
} from './intent-features.ts'

/** A sparse, L2-normalised TF-IDF vector plus how much of the text the model knew. */
export interface IntentVector {
  indices: Int32Array
  values: Float64Array
  /**
   * Share of the text's n-gram mass the model knows (0..1), each n-gram weighted by its IDF; an
   * unseen n-gram weighs as much as the rarest seen one, so unfamiliar content words pull it down.
   */
  coverage: number
}

/** The numbers a classifier runs on; weights are feature-major (`weights[feature * labels + label]`). */
export interface IntentModel {
  labels: readonly string[]
  features: IntentFeatureOptions
  featureIndex: ReadonlyMap<number, number>
  idf: Float64Array
  /** Largest IDF: the weight of an n-gram the model never saw. */
  maxIdf: number
  weights: Float64Array
  bias: Float64Array
  temperature: number
}

type VectorModel = Pick<IntentModel, 'features' | 'featureIndex' | 'idf' | 'maxIdf'>

/** Turns text into the model's TF-IDF vector (sublinear term frequency, unit length). */
export function vectorizeIntentText(text: string, model: VectorModel): IntentVector {
  return vectorizerOf(model).vectorize(text)
}

/**
 * Raw scores (logits) of every label for `text`, written into `into`, without building the
 * vector: what `scoreIntentVector(vectorizeIntentText(text, model), model, into)` gives, summed
 * in the same order. Returns the text's coverage ({@link IntentVector.coverage}).
 */
export function scoreIntentText(text: string, model: IntentModel, into: Float64Array): number {
  return vectorizerOf(model).score(text, model, into)
}

interface Vectorizer {
  vectorize(text: string): IntentVector
  score(text: string, model: IntentModel, into: Float64Array): number
}

/** One vectorizer per model, with its per-word memo; dropped with the model. */
const vectorizers = new WeakMap<VectorModel, Vectorizer>()
/** Words whose features a vectorizer remembers before it starts over (names and typos are open-ended). */
const maxRememberedWords = 10_000

function vectorizerOf(model: VectorModel): Vectorizer {
  let vectorizer = vectorizers.get(model)
  if (vectorizer === undefined) {
    vectorizer = createVectorizer(model)
    vectorizers.set(model, vectorizer)
  }
  return vectorizer
}

/**
 * A word's own features: its stem hash and whether the model knows it, then its character n-grams
 * as model indices or (unseen) hashes.
 */
interface WordFeatures {
  stem: number
  stemIndex: number | undefined
  known: number[]
  unseen: number[]
}

/**
 * A model's vectorizer. A word's own features (its stem and character n-grams) are looked up once
 * and remembered, so a turn hashes only its bigrams; known features are counted in reused arrays
 * in first-seen order, which keeps every sum in the order a map of counts would add it.
 */
function createVectorizer(model: VectorModel): Vectorizer {
  const { features, idf, maxIdf } = model
  const indexOf = featureTable(model.featureIndex)
  const remembered = new Map<string, WordFeatures>()
  function wordFeatures(word: string): WordFeatures {
    const cached = remembered.get(word)
    if (cached !== undefined) return cached
    const stem = stemFeature(word)
    const stemIndex = indexOf(stem)
    const entry: WordFeatures = {
      stem,
      stemIndex: stemIndex < 0 ? undefined : stemIndex,
      known: [],
      unseen: [],
    }
    forEachCharGram(word, features, (feature) => {
      const index = indexOf(feature)
      if (index < 0) entry.unseen.push(feature | 0)
      else entry.known.push(index)
    })
    if (remembered.size >= maxRememberedWords) remembered.clear()
    remembered.set(word, entry)
    return entry
  }
  // Per text: counts of known features (reset after use) in first-seen order, unseen ones by hash.
  const counts = new Float64Array(idf.length)
  const order: number[] = []
  const unseen = createHashCounts()
  const countKnown = (index: number) => {
    if (counts[index]!++ === 0) order.push(index)
  }
  const countUnseen = (hash: number) => unseen.add(hash)
  const countFeature = (feature: number) => {
    const index = indexOf(feature)
    if (index < 0) countUnseen(feature | 0)
    else countKnown(index)
  }

  /** Counts the features of `text`; returns the unseen mass. */
  function count(text: string): number {
    order.length = 0
    unseen.clear()
    const words = intentWords(text)
    let previous = textStart
    for (const word of words) {
      const entry = wordFeatures(word)
      // The emission order of `forEachIntentFeature`: stem, bigram, then the n-grams.
      if (entry.stemIndex === undefined) countUnseen(entry.stem | 0)
      else countKnown(entry.stemIndex)
      if (features.wordBigrams) countFeature(bigramFeature(previous, entry.stem))
      previous = entry.stem
      for (const index of entry.known) countKnown(index)
      for (const hash of entry.unseen) countUnseen(hash)
    }
    if (features.wordBigrams && words.length > 0) countFeature(bigramFeature(previous, textEnd))
    return unseen.mass(maxIdf)
  }

  /** Writes the TF-IDF weight of each counted feature into `values` (and resets its count); returns mass and norm. */
  function weigh(values: Float64Array): { mass: number; norm: number } {
    let mass = 0
    let norm = 0
    for (let position = 0; position < order.length; position++) {
      const index = order[position]!
      // A feature seen once (most) weighs its IDF: 1 + ln 1 is exactly 1.
      const count = counts[index]!
      const value = (count === 1 ? 1 : 1 + Math.log(count)) * idf[index]!
      counts[index] = 0
      values[position] = value
      mass += value
      norm += value * value
    }
    return { mass, norm }
  }

  let weights = new Float64Array(64)
  let offsets = new Int32Array(64)
  return {
    vectorize(text) {
      const unseenMass = count(text)
      const values = new Float64Array(order.length)
      const { mass, norm } = weigh(values)
      const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0
      for (let k = 0; k < values.length; k++) values[k] = values[k]! * scale
      const total = mass + unseenMass
      return { indices: Int32Array.from(order), values, coverage: total > 0 ? mass / total : 0 }
    },
    score(text, scored, into) {
      const unseenMass = count(text)
      if (weights.length < order.length) {
        weights = new Float64Array(order.length * 2)
        offsets = new Int32Array(order.length * 2)
      }
      const { mass, norm } = weigh(weights)
      const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0
      const labelCount = scored.labels.length
      for (let k = 0; k < order.length; k++) {
        weights[k] = weights[k]! * scale
        offsets[k] = order[k]! * labelCount
      }
      addWeightedRows(scored, offsets, weights, order.length, into)
      const total = mass + unseenMass
      return total > 0 ? mass / total : 0
    },
  }
}

/** Labels summed together by {@link addWeightedRows}: four running sums stay in registers. */
const labelBlock = 4

/**
 * Writes into `into` each label's bias plus its weight rows (at `offsets`, the first `count`)
 * times `values`: what adding row after row into `into` gives, bit for bit (each label's sum adds
 * the same products in the same order), but label by label in blocks of {@link labelBlock}, so
 * the sums are kept in locals instead of being read and written back once per row.
 */
function addWeightedRows(
  model: Pick<IntentModel, 'labels' | 'weights' | 'bias'>,
  offsets: Int32Array,
  values: Float64Array,
  count: number,
  into: Float64Array,
): void {
  const { weights, bias } = model
  const labelCount = model.labels.length
  let label = 0
  for (; label + labelBlock <= labelCount; label += labelBlock) {
    let first = bias[label]!
    let second = bias[label + 1]!
    let third = bias[label + 2]!
    let fourth = bias[label + 3]!
    for (let k = 0; k < count; k++) {
      const at = offsets[k]! + label
      const value = values[k]!
      first += weights[at]! * value
      second += weights[at + 1]! * value
      third += weights[at + 2]! * value
      fourth += weights[at + 3]! * value
    }
    into[label] = first
    into[label + 1] = second
    into[label + 2] = third
    into[label + 3] = fourth
  }
  for (; label < labelCount; label++) {
    let sum = bias[label]!
    for (let k = 0; k < count; k++) sum += weights[offsets[k]! + label]! * values[k]!
    into[label] = sum
  }
}

/**
 * A model's feature index as an open-addressing table of 32-bit keys: the index of a feature hash
 * (always an unsigned 32-bit integer), or -1. A \`Map\` keyed by such hashes boxes every one of 2^30
 * or more; the table keeps them as int32 (a one-to-one mapping), and keys that are no such integer
 * (no feature hash equals them) are left out.
 */
function featureTable(featureIndex: ReadonlyMap<number, number>): (feature: number) => number {
  let bits = 4
  while (bits < 30 && 1 << bits < featureIndex.size * 2) bits++
  const mask = (1 << bits) - 1
  const keys = new Int32Array(1 << bits)
  const indices = new Int32Array(1 << bits).fill(-1)
  const home = (key: number) => Math.imul(key, 0x9e3779b1) >>> (32 - bits)
  for (const [feature, index] of featureIndex) {
    if (!Number.isInteger(feature) || feature < 0 || feature > 0xffffffff) continue
    const key = feature | 0
    let slot = home(key)
    while (indices[slot] !== -1) slot = (slot + 1) & mask
    keys[slot] = key
    indices[slot] = index
  }
  return (feature) => {
    const key = feature | 0
    for (let slot = home(key); indices[slot] !== -1; slot = (slot + 1) & mask)
      if (keys[slot] === key) return indices[slot]!
    return -1
  }
}

/** How many times each 32-bit hash was added since the last `clear`, in first-seen order. */
interface HashCounts {
  add(hash: number): void
  clear(): void
  /** The sum over the distinct hashes, in first-seen order, of `(1 + ln count) × weight`. */
  mass(weight: number): number
}

/**
 * {@link HashCounts} in typed arrays (open addressing, linear probing), cleared by a generation
 * stamp rather than by refilling: a message's unseen n-grams are a hundred or more per turn, and a
 * `Map` of them cost more than scoring every label.
 */
function createHashCounts(): HashCounts {
  let bits = 8
  let keys = new Int32Array(1 << bits)
  let counts = new Uint32Array(1 << bits)
  let stamps = new Uint32Array(1 << bits)
  let generation = 1
  /** Slots of the distinct hashes, in first-seen order. */
  let slots: number[] = []
  const home = (hash: number) => Math.imul(hash, 0x9e3779b1) >>> (32 - bits)
  function insert(hash: number, count: number): number {
    const mask = (1 << bits) - 1
    let slot = home(hash)
    while (stamps[slot] === generation) slot = (slot + 1) & mask
    stamps[slot] = generation
    keys[slot] = hash
    counts[slot] = count
    return slot
  }
  function grow(): void {
    const [oldKeys, oldCounts, oldSlots] = [keys, counts, slots]
    bits++
    keys = new Int32Array(1 << bits)
    counts = new Uint32Array(1 << bits)
    stamps = new Uint32Array(1 << bits)
    generation = 1
    slots = oldSlots.map((slot) => insert(oldKeys[slot]!, oldCounts[slot]!))
  }
  return {
    add(hash) {
      const mask = (1 << bits) - 1
      let slot = home(hash)
      while (stamps[slot] === generation) {
        if (keys[slot] === hash) {
          counts[slot]!++
          return
        }
        slot = (slot + 1) & mask
      }
      stamps[slot] = generation
      keys[slot] = hash
      counts[slot] = 1
      slots.push(slot)
      if (slots.length * 2 > 1 << bits) grow()
    },
    clear() {
      slots.length = 0
      if (++generation === 0xffffffff) {
        stamps.fill(0)
        generation = 1
      }
    },
    mass(weight) {
      let mass = 0
      for (const slot of slots) {
        const count = counts[slot]!
        mass += (count === 1 ? 1 : 1 + Math.log(count)) * weight
      }
      return mass
    },
  }
}

/** Raw scores (logits) of every label for `vector`, written into `into`. */
export function scoreIntentVector(
  vector: IntentVector,
  model: IntentModel,
  into: Float64Array,
): Float64Array {
  const labelCount = model.labels.length
  into.set(model.bias)
  for (let k = 0; k < vector.indices.length; k++) {
    const offset = vector.indices[k]! * labelCount
    const value = vector.values[k]!
    for (let label = 0; label < labelCount; label++)
      into[label] = into[label]! + model.weights[offset + label]! * value
  }
  return into
}

/** Softmax of `scores / temperature`, in place. */
export function softmaxInPlace(scores: Float64Array, temperature: number): Float64Array {
  let max = Number.NEGATIVE_INFINITY
  for (let index = 0; index < scores.length; index++) if (scores[index]! > max) max = scores[index]!
  let sum = 0
  for (let index = 0; index < scores.length; index++) {
    const value = Math.exp((scores[index]! - max) / temperature)
    scores[index] = value
    sum += value
  }
  for (let index = 0; index < scores.length; index++) scores[index] = scores[index]! / sum
  return scores
}
