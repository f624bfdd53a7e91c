/** Whether `isTrue` holds within a few seconds (checked every 50 ms). */
export async function becomes(isTrue: () => boolean, withinMs = 5000): Promise<boolean> {
  for (let waited = 0; !isTrue(); waited += 50) {
    if (waited >= withinMs) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}
