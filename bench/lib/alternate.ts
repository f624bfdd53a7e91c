/**
 * Runs the subject and its baseline `rounds` times each, alternating in ABBA order (B A, A B, ...)
 * so that a slow patch of a shared, noisy machine falls on both alike.
 */
export async function alternate<T, B = T>(
  rounds: number,
  subject: () => Promise<T>,
  baseline: () => Promise<B>,
): Promise<{ subject: T[]; baseline: B[] }> {
  const results = { subject: [] as T[], baseline: [] as B[] };
  for (let round = 0; round < rounds; round += 1) {
    if (round % 2 === 0) {
      results.baseline.push(await baseline());
      results.subject.push(await subject());
    } else {
      results.subject.push(await subject());
      results.baseline.push(await baseline());
    }
  }
  return results;
}
