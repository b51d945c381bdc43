/** The largest id a path or body may name (the INT UNSIGNED ids' signed range; larger is 400 `validation_error`). */
export const MAX_ID = 2147483647;
