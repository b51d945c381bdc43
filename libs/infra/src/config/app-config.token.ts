/** Injection token of the validated AppConfig (a plain object, so it has no class to stand for it). */
export const APP_CONFIG = 'APP_CONFIG';
