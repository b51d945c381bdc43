export { APP_CONFIG, PLAN_POLICY } from '@app/infra/config/app-config.token';
