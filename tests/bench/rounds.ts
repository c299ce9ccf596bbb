/**
 * A throughput figure against a baseline in the same run: alternating rounds, real then bare, and the median of
 * the rounds' ratios. The machine's speed drifts (both servers once fell by 40 % together mid-run); a pair of
 * neighbouring rounds shares the drift, so their ratio does not.
 */
export interface AlternatingRounds<T> {
  real: T[]
  bare: T[]
  /** real / bare of each pair, in order. */
  ratios: number[]
  /** The median ratio. */
  ratio: number
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN
}

export async function alternatingRounds<T>(
  rounds: number,
  measure: { real: () => Promise<T>; bare: () => Promise<T> },
  rate: (result: T) => number,
): Promise<AlternatingRounds<T>> {
  const real: T[] = []
  const bare: T[] = []
  for (let i = 0; i < rounds; i++) {
    real.push(await measure.real())
    bare.push(await measure.bare())
  }
  const ratios = real.map((result, i) => (rate(bare[i]) > 0 ? rate(result) / rate(bare[i]) : 0))
  return { real, bare, ratios, ratio: median(ratios) }
}
