import { sha256 } from './sha256.ts'

const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const bech32Alphabet = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'

/** Decodes Base58 to bytes, or undefined on a character outside the alphabet. */
function base58Decode(value: string): Uint8Array | undefined {
  const bytes: number[] = [0]
  for (const char of value) {
    let carry = base58Alphabet.indexOf(char)
    if (carry < 0) return undefined
    for (let index = 0; index < bytes.length; index++) {
      carry += (bytes[index] as number) * 58
      bytes[index] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  for (let index = 0; index < value.length && value[index] === '1'; index++) bytes.push(0)
  return Uint8Array.from(bytes.reverse())
}

/** Bitcoin P2PKH/P2SH (mainnet or testnet): Base58Check with a double SHA-256 checksum. */
export function isBase58CheckAddress(value: string): boolean {
  if (value.length < 26 || value.length > 35) return false
  const bytes = base58Decode(value)
  if (bytes === undefined || bytes.length !== 25) return false
  const version = bytes[0]
  if (version !== 0x00 && version !== 0x05 && version !== 0x6f && version !== 0xc4) return false
  const checksum = sha256(sha256(bytes.subarray(0, 21)))
  for (let index = 0; index < 4; index++) if (checksum[index] !== bytes[21 + index]) return false
  return true
}

function polymod(values: number[]): number {
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]
  let checksum = 1
  for (const value of values) {
    const top = checksum >>> 25
    checksum = ((checksum & 0x1ffffff) << 5) ^ value
    for (let bit = 0; bit < 5; bit++) if ((top >>> bit) & 1) checksum ^= generators[bit] as number
  }
  return checksum >>> 0
}

/** SegWit address (BIP 173 bech32 for v0, BIP 350 bech32m for v1+), `bc1…` or `tb1…`. */
export function isBech32Address(value: string): boolean {
  if (value.length < 14 || value.length > 90) return false
  const lower = value.toLowerCase()
  if (lower !== value && value.toUpperCase() !== value) return false
  const separator = lower.lastIndexOf('1')
  const prefix = lower.slice(0, separator)
  if (prefix !== 'bc' && prefix !== 'tb') return false
  const data: number[] = []
  for (const char of lower.slice(separator + 1)) {
    const value5 = bech32Alphabet.indexOf(char)
    if (value5 < 0) return false
    data.push(value5)
  }
  if (data.length < 7) return false
  const expanded = [...prefix].map((char) => char.charCodeAt(0) >> 5)
  expanded.push(0, ...[...prefix].map((char) => char.charCodeAt(0) & 31))
  const version = data[0] as number
  const constant = version === 0 ? 1 : 0x2bc830a3
  if (version > 16 || polymod([...expanded, ...data]) !== constant) return false
  const programBits = (data.length - 7) * 5
  const programLength = Math.floor(programBits / 8)
  if (version === 0) return programLength === 20 || programLength === 32
  return programLength >= 2 && programLength <= 40
}
