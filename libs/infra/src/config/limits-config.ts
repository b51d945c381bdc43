import { assertNoProblems, Env, envReader } from './env-reader';

/** Resource limits (docs/configuration.md, "Resource limits"). */
export interface ResourceLimits {
  /** Lines one invoice, quotation, proforma invoice or note may hold (MAX_DOCUMENT_LINES). */
  documentLines: number;
  /** Ids one bulk call may name (MAX_BULK_IDS). */
  bulkIds: number;
  /** PDF renders one account may have in the page pool at once (PDF_ACCOUNT_CONCURRENCY). */
  pdfPerAccount: number;
  /** Longest wait of a PDF render for a page before 503 not_available (PDF_QUEUE_WAIT_MS). */
  pdfQueueWaitMs: number;
  /** Longest single render before 503 not_available (PDF_RENDER_TIMEOUT_MS). */
  pdfRenderTimeoutMs: number;
}

export function readLimits(env: Env, problems: string[]): ResourceLimits {
  const { int } = envReader(env, problems);
  return {
    documentLines: int('MAX_DOCUMENT_LINES', 500, 1, 10_000),
    bulkIds: int('MAX_BULK_IDS', 200, 1, 10_000),
    pdfPerAccount: int('PDF_ACCOUNT_CONCURRENCY', 1, 1, 32),
    pdfQueueWaitMs: int('PDF_QUEUE_WAIT_MS', 20_000, 100, 600_000),
    pdfRenderTimeoutMs: int('PDF_RENDER_TIMEOUT_MS', 15_000, 100, 600_000),
  };
}

/**
 * The resource limits alone: request DTOs declare them when their module loads, before the rest of
 * the configuration is read; a bad value stops the process like any other configuration problem.
 */
export function loadResourceLimits(env: Env = process.env): ResourceLimits {
  const problems: string[] = [];
  const limits = readLimits(env, problems);
  assertNoProblems(problems);
  return limits;
}
