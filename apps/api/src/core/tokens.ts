export { APP_CONFIG } from '@app/infra/config/app-config.token';
