/** A supertest parser that collects a binary response body (PDF, ZIP, workbook) as a Buffer: `.buffer(true).parse(binary)`. */
export function binary(res: any, cb: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(Buffer.from(c)));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
}
