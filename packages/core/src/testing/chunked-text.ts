// Test-only fast-check arbitraries for streamed text (not exported from `@focal/core/testing`):
// the property tests of the stream readers cut a draft into chunks as a model's deltas would.
import fc from 'fast-check'

/** Drafts of `fragments` each followed by one of `separators`, at most `parts` of them. */
export function joinedText(
  fragments: fc.Arbitrary<string>,
  separators: fc.Arbitrary<string>,
  parts: number,
): fc.Arbitrary<string> {
  return fc
    .array(fc.tuple(fragments, separators), { minLength: 1, maxLength: parts })
    .map((pairs) => pairs.map(([fragment, separator]) => fragment + separator).join(''))
}

/** Each text cut into chunks of 1 to `longest` UTF-16 code units (a chunk may split a pair). */
export function inChunks(texts: fc.Arbitrary<string>, longest: number): fc.Arbitrary<string[]> {
  return texts.chain((text) =>
    fc
      .array(fc.integer({ min: 1, max: longest }), { minLength: text.length, maxLength: text.length })
      .map((sizes) => {
        const chunks: string[] = []
        for (let at = 0, index = 0; at < text.length; index++) {
          const size = sizes[index] ?? 1
          chunks.push(text.slice(at, at + size))
          at += size
        }
        return chunks
      }),
  )
}
