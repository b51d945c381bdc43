/** Randomness and hashing of secrets (API keys, tokens). */
export abstract class SecretHasher {
  /** A URL-safe random token of `bytes` random bytes. */
  abstract randomToken(bytes: number): string;
  /** One-way hash used to store and look up a secret (hex). */
  abstract hash(secret: string): string;
}
