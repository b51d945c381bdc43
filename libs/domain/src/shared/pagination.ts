export interface PageRequest {
  limit: number;
  offset: number;
}
export interface Page<T> {
  rows: T[];
  total: number;
}
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;
