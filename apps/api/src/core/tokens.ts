export { APP_CONFIG } from '@app/infra/config/app-config.token';

/** Injection token of the plan limits (AppConfig.plans) the use cases that count against a plan take. */
export const PLAN_POLICY = 'PLAN_POLICY';
