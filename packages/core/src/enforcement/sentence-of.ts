/** Sentence index of each character offset (sentences end at `.`, `!`, `?` or a newline followed by space). */
export function sentenceOf(text: string): (index: number) => number {
  const ends: number[] = []
  for (const match of text.matchAll(/[.!?](?=\s|$)|\n/gu)) ends.push(match.index)
  return (index) => {
    let sentence = 0
    while (sentence < ends.length && (ends[sentence] as number) < index) sentence++
    return sentence
  }
}
