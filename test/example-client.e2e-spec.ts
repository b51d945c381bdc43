import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { startApp, TestAccount, TestApp } from './support/app-harness';

const ROOT = join(__dirname, '..');
const EXAMPLE = join(ROOT, 'examples', 'typescript-client');
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

/**
 * The example integrator program: a client generated from the committed openapi/openapi.json by
 * openapi-typescript, used through openapi-fetch, compiled strictly without casts and run against the app.
 */
describe('examples/typescript-client', () => {
  let t: TestApp;
  let a: TestAccount;
  let baseUrl: string;

  beforeAll(async () => {
    t = await startApp('example_client');
    a = await t.createAccount();
    await t.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('generates the client from the committed document with default options and compiles with tsc --strict, without casts or any', () => {
    execFileSync(bin('openapi-typescript'), ['openapi/openapi.json', '-o', join(EXAMPLE, 'src', 'schema.d.ts')], {
      cwd: ROOT,
      stdio: 'pipe',
    });
    execFileSync(bin('tsc'), ['-p', join(EXAMPLE, 'tsconfig.json'), '--strict', '--noEmit'], { cwd: ROOT, stdio: 'pipe' });
    for (const file of readdirSync(join(EXAMPLE, 'src')).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))) {
      const code = readFileSync(join(EXAMPLE, 'src', file), 'utf8');
      expect([file, code.match(/\bas\s+(?!const\b)[A-Za-z{[(]/g)]).toEqual([file, null]);
      expect([file, code.match(/\bany\b/g)]).toEqual([file, null]);
    }
  }, 120_000);

  it('creates a client and an invoice, lists the financial year, reads the invoice back and downloads its PDF', async () => {
    const { walkthrough } = await import('../examples/typescript-client/src/program');
    const result = await walkthrough(baseUrl, a.apiKey);
    expect(result).toMatchObject({ invoiceNumber: expect.stringMatching(/^INV\//), listed: 1, total: 2360 });
    expect(result.pdfBytes).toBeGreaterThan(1000);
  }, 120_000);
});
