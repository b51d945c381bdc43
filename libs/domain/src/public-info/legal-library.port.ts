/** The policies the service publishes at `/v1/legal` (SPEC "Public endpoints"), in the order listed. */
export const LEGAL_IDS = ['privacy', 'terms', 'security', 'refund', 'delete-account'] as const;
export type LegalId = (typeof LEGAL_IDS)[number];

export function isLegalId(value: string): value is LegalId {
  return (LEGAL_IDS as readonly string[]).includes(value);
}

export interface LegalArticle {
  id: LegalId;
  title: string;
  /** 'Y-m-d H:i:s' UTC. */
  updatedAt: string;
  /** Markdown. */
  body: string;
}

/** The policy texts shipped with the service. */
export abstract class LegalLibrary {
  /** Every article, in the order of LEGAL_IDS. */
  abstract list(): readonly LegalArticle[];
  abstract find(id: string): LegalArticle | null;
}
