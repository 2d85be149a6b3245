const mask = (1n << 64n) - 1n
const roundConstants = [
  0x0000000000000001n,
  0x0000000000008082n,
  0x800000000000808an,
  0x8000000080008000n,
  0x000000000000808bn,
  0x0000000080000001n,
  0x8000000080008081n,
  0x8000000000008009n,
  0x000000000000008an,
  0x0000000000000088n,
  0x0000000080008009n,
  0x000000008000000an,
  0x000000008000808bn,
  0x800000000000008bn,
  0x8000000000008089n,
  0x8000000000008003n,
  0x8000000000008002n,
  0x8000000000000080n,
  0x000000000000800an,
  0x800000008000000an,
  0x8000000080008081n,
  0x8000000000008080n,
  0x0000000080000001n,
  0x8000000080008008n,
]
const rotations = [
  0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14,
]

const rotate = (value: bigint, bits: number): bigint =>
  bits === 0 ? value : ((value << BigInt(bits)) | (value >> BigInt(64 - bits))) & mask

function permute(state: bigint[]): void {
  for (const constant of roundConstants) {
    const columns = [0, 1, 2, 3, 4].map(
      (x) =>
        (state[x] as bigint) ^
        (state[x + 5] as bigint) ^
        (state[x + 10] as bigint) ^
        (state[x + 15] as bigint) ^
        (state[x + 20] as bigint),
    )
    for (let x = 0; x < 5; x++) {
      const d = (columns[(x + 4) % 5] as bigint) ^ rotate(columns[(x + 1) % 5] as bigint, 1)
      for (let y = 0; y < 25; y += 5) state[x + y] = (state[x + y] as bigint) ^ d
    }
    const moved: bigint[] = new Array(25)
    for (let x = 0; x < 5; x++) {
      for (let y = 0; y < 5; y++)
        moved[y + ((2 * x + 3 * y) % 5) * 5] = rotate(
          state[x + y * 5] as bigint,
          rotations[x + y * 5] as number,
        )
    }
    for (let x = 0; x < 5; x++) {
      for (let y = 0; y < 25; y += 5) {
        state[x + y] =
          (moved[x + y] as bigint) ^
          (~(moved[((x + 1) % 5) + y] as bigint) & mask & (moved[((x + 2) % 5) + y] as bigint))
      }
    }
    state[0] = (state[0] as bigint) ^ constant
  }
}

/**
 * Keccak-256 (the pre-SHA-3 padding Ethereum uses), synchronous and dependency-free. Only the
 * EIP-55 address checksum needs it, on rare candidates, so clarity wins over speed here.
 */
export function keccak256(message: Uint8Array): Uint8Array {
  const rate = 136
  const padded = new Uint8Array(Math.floor(message.length / rate) * rate + rate)
  padded.set(message)
  padded[message.length] = (padded[message.length] as number) ^ 0x01
  padded[padded.length - 1] = (padded[padded.length - 1] as number) ^ 0x80
  const state: bigint[] = new Array(25).fill(0n)
  for (let block = 0; block < padded.length; block += rate) {
    for (let lane = 0; lane < rate / 8; lane++) {
      let value = 0n
      for (let byte = 7; byte >= 0; byte--)
        value = (value << 8n) | BigInt(padded[block + lane * 8 + byte] as number)
      state[lane] = (state[lane] as bigint) ^ value
    }
    permute(state)
  }
  const digest = new Uint8Array(32)
  for (let index = 0; index < 32; index++)
    digest[index] = Number(((state[index >> 3] as bigint) >> BigInt((index & 7) * 8)) & 0xffn)
  return digest
}

/** EIP-55: a mixed-case `0x` address whose letter cases match the Keccak-256 of its lowercase hex. */
export function isChecksummedEthereumAddress(value: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return false
  const hex = value.slice(2)
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return false
  const hash = keccak256(new TextEncoder().encode(hex.toLowerCase()))
  for (let index = 0; index < 40; index++) {
    const char = hex[index] as string
    if (char >= '0' && char <= '9') continue
    const nibble = index % 2 === 0 ? (hash[index >> 1] as number) >> 4 : (hash[index >> 1] as number) & 0x0f
    if (nibble >= 8 !== (char === char.toUpperCase())) return false
  }
  return true
}
