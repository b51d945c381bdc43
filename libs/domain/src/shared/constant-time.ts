/**
 * Compares two secrets (or hashes of secrets) in time that depends only on their length, never on where
 * they first differ. Lengths are not secret here (hashes have a fixed length).
 */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
