/** A number a bench takes from the environment, or its default; anything out of range stops the bench. */
export function numberFromEnv(name: string, fallback: number, valid: (n: number) => boolean): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!valid(value)) throw new Error(`${name} must be a number in range, not "${text}"`);
  return value;
}
