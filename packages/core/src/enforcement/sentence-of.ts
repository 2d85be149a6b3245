/** Sentence index of each character offset (sentences end at `.`, `!`, `?` or a newline followed by space). */
export function sentenceOf(text: string): (index: number) => number {
  const ends: number[] = []
  for (const match of text.matchAll(/[.!?](?=\s|$)|\n/gu)) ends.push(match.index)
  // How many ends come before `index`, found by halving (a reply's every mention asks).
  return (index) => {
    let low = 0
    let high = ends.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((ends[middle] as number) < index) low = middle + 1
      else high = middle
    }
    return low
  }
}
