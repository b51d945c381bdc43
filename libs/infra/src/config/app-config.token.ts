/** Injection token of the validated AppConfig (a plain object, so it has no class to stand for it). */
export const APP_CONFIG = 'APP_CONFIG';

/** Injection token of the plan limits (AppConfig.plans) that the use cases counting against a plan take. */
export const PLAN_POLICY = 'PLAN_POLICY';
