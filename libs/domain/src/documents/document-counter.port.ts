/** Counts the sales documents (all five kinds) an account created in a UTC time window. */
export abstract class DocumentCounter {
  abstract countCreatedBetween(accountId: number, fromTimestamp: string, toTimestamp: string): Promise<number>;
}
