/** Injection token of the validated AppConfig. */
export const APP_CONFIG = 'APP_CONFIG';
