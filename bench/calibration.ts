/** Expected calibration error over ten equal-width confidence bins. */
export function expectedCalibrationError(
  list: ReadonlyArray<{ confidence: number; right: boolean }>,
): number {
  const bins = Array.from({ length: 10 }, () => ({ confidence: 0, right: 0 }))
  for (const { confidence, right } of list) {
    const bin = bins[Math.min(9, Math.floor(confidence * 10))]!
    bin.confidence += confidence
    bin.right += right ? 1 : 0
  }
  return bins.reduce((sum, bin) => sum + Math.abs(bin.right - bin.confidence) / list.length, 0)
}

/** Solves the 3 × 3 system `matrix · x = vector` (Gauss-Jordan; the fit scripts' Newton steps). */
export function solveThreeByThree(matrix: number[][], vector: number[]): number[] {
  const a = matrix.map((row, index) => [...row, vector[index]!])
  for (let column = 0; column < 3; column++) {
    const pivot = a[column]![column]!
    for (let k = column; k < 4; k++) a[column]![k]! /= pivot
    for (let row = 0; row < 3; row++) {
      if (row === column) continue
      const factor = a[row]![column]!
      for (let k = column; k < 4; k++) a[row]![k]! -= factor * a[column]![k]!
    }
  }
  return a.map((row) => row[3]!)
}
