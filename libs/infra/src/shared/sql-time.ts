/** 'Y-m-d H:i:s' in UTC, the DATETIME form stored and sent on the wire. */
export function sqlNow(date: Date = new Date()): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}
