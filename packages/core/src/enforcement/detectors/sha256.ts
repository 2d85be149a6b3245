const roundConstants = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
])

const initialState = new Uint32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
])
// Working memory reused by every call (each call runs to the end before the next starts). The
// words are signed 32-bit integers (`| 0`): V8 keeps those unboxed, where a `>>> 0` result of 2^31
// or more is a heap number; the bits, and so the digest, are the same.
const scratchState = new Int32Array(8)
const scratchWords = new Int32Array(64)
const signedRoundConstants = Int32Array.from(roundConstants)
const signedInitialState = Int32Array.from(initialState)

const rotate = (value: number, bits: number): number => (value >>> bits) | (value << (32 - bits))

/**
 * Synchronous SHA-256 in plain TypeScript. Web Crypto's digest is async, and the scanner must
 * decide inside one synchronous pass (Base58Check addresses use double SHA-256, redaction hashes).
 */
export function sha256(message: Uint8Array): Uint8Array {
  const bitLength = message.length * 8
  const padded = new Uint8Array((((message.length + 9 + 63) >> 6) << 6) >>> 0)
  padded.set(message)
  padded[message.length] = 0x80
  writeBigEndian(padded, padded.length - 4, bitLength >>> 0)
  writeBigEndian(padded, padded.length - 8, Math.floor(bitLength / 0x100000000))
  const state = scratchState
  state.set(signedInitialState)
  const words = scratchWords
  for (let block = 0; block < padded.length; block += 64) {
    for (let index = 0; index < 16; index++) {
      const at = block + index * 4
      words[index] = (padded[at]! << 24) | (padded[at + 1]! << 16) | (padded[at + 2]! << 8) | padded[at + 3]!
    }
    for (let index = 16; index < 64; index++) {
      const w15 = words[index - 15]!
      const w2 = words[index - 2]!
      const s0 = rotate(w15, 7) ^ rotate(w15, 18) ^ (w15 >>> 3)
      const s1 = rotate(w2, 17) ^ rotate(w2, 19) ^ (w2 >>> 10)
      words[index] = (words[index - 16]! + s0 + words[index - 7]! + s1) | 0
    }
    let a = state[0]!
    let b = state[1]!
    let c = state[2]!
    let d = state[3]!
    let e = state[4]!
    let f = state[5]!
    let g = state[6]!
    let h = state[7]!
    for (let index = 0; index < 64; index++) {
      const s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
      const choice = (e & f) ^ (~e & g)
      const temp1 = (h + s1 + choice + signedRoundConstants[index]! + words[index]!) | 0
      const s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
      const majority = (a & b) ^ (a & c) ^ (b & c)
      const temp2 = (s0 + majority) | 0
      h = g
      g = f
      f = e
      e = (d + temp1) | 0
      d = c
      c = b
      b = a
      a = (temp1 + temp2) | 0
    }
    state[0] = state[0]! + a
    state[1] = state[1]! + b
    state[2] = state[2]! + c
    state[3] = state[3]! + d
    state[4] = state[4]! + e
    state[5] = state[5]! + f
    state[6] = state[6]! + g
    state[7] = state[7]! + h
  }
  const digest = new Uint8Array(32)
  for (let index = 0; index < 8; index++) writeBigEndian(digest, index * 4, state[index]!)
  return digest
}

/** Writes the 32 bits of `value` at `at`, most significant byte first. */
function writeBigEndian(bytes: Uint8Array, at: number, value: number): void {
  bytes[at] = value >>> 24
  bytes[at + 1] = value >>> 16
  bytes[at + 2] = value >>> 8
  bytes[at + 3] = value
}

/** Lowercase hex of SHA-256 over the UTF-8 bytes of `text`. */
export function sha256Hex(text: string): string {
  let hex = ''
  for (const byte of sha256(new TextEncoder().encode(text))) hex += byte.toString(16).padStart(2, '0')
  return hex
}
