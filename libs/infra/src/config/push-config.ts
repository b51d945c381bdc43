import { Env, envReader, inlineOrFile } from './env-reader';

/** Activity relay, notifications and push (docs/operations.md, "Notifications and push"). */
export interface PushConfig {
  /** Service-account JSON key (FCM_SERVICE_ACCOUNT_JSON, or the file FCM_SERVICE_ACCOUNT_FILE); null: pushes are skipped. */
  serviceAccount: { project_id: string; client_email: string; private_key: string; token_uri?: string } | null;
  fcmBaseUrl: string;
  concurrency: number;
  maxAttempts: number;
  /** First retry delay when FCM gives no Retry-After; each later one doubles, with jitter. */
  backoffMs: number;
  /** How often the worker relays committed activity events (notifications) and sweeps the push outbox. */
  relayIntervalMs: number;
}

/** The FCM service account from FCM_SERVICE_ACCOUNT_JSON or FCM_SERVICE_ACCOUNT_FILE (a problem is reported, never the key). */
function readServiceAccount(env: Env, problems: string[]): PushConfig['serviceAccount'] {
  const given = inlineOrFile(env, problems, 'FCM_SERVICE_ACCOUNT_JSON', 'FCM_SERVICE_ACCOUNT_FILE');
  if (!given) return null;
  const text = given.text;
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    const str = (k: string) => {
      const value = json[k];
      return typeof value === 'string' && value.trim() ? value : null;
    };
    const projectId = (env.FCM_PROJECT_ID ?? '').trim() || str('project_id');
    const email = str('client_email');
    const key = str('private_key');
    if (!projectId || !email || !key) {
      problems.push('the FCM service account needs project_id (or FCM_PROJECT_ID), client_email and private_key');
      return null;
    }
    return { project_id: projectId, client_email: email, private_key: key, token_uri: str('token_uri') ?? undefined };
  } catch {
    problems.push('the FCM service account is not valid JSON');
    return null;
  }
}

/** FCM_* and PUSH_* variables and the relay interval. */
export function readPushConfig(env: Env, problems: string[]): PushConfig {
  const { int, url } = envReader(env, problems);
  return {
    serviceAccount: readServiceAccount(env, problems),
    fcmBaseUrl: url('FCM_BASE_URL', 'https://fcm.googleapis.com', ['http:', 'https:']).replace(/\/+$/, ''),
    concurrency: int('PUSH_CONCURRENCY', 4, 1, 64),
    maxAttempts: int('PUSH_MAX_ATTEMPTS', 5, 1, 25),
    backoffMs: int('PUSH_BACKOFF_MS', 10_000, 1, 3_600_000),
    relayIntervalMs: int('ACTIVITY_RELAY_INTERVAL_MS', 1000, 50, 3_600_000),
  };
}
