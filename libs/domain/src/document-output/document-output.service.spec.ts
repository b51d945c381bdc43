import { DocumentView } from '../documents/document-view';
import { PdfRenderer } from '../documents/pdf-renderer.port';
import { FakeClock } from '../../testing/fake-clock';
import { InMemoryAccountRepository, TestSecretHasher, testAccount } from '../../testing/fakes';
import { InMemoryClientRepository } from '../../testing/in-memory-client.repository';
import { InMemoryBusinessSettings, InMemoryDocumentSource, NoShareLinks } from '../../testing/sendout-fakes';
import { DocumentOutputService } from './document-output.service';
import { ShareLinks } from './share-links';

/** A renderer of `concurrency` pages whose renders finish when the test says; it records the most at once. */
class HeldRenderer extends PdfRenderer {
  readonly pending: Array<{ number: string; finish: () => void; fail: (e: Error) => void }> = [];
  readonly started: string[] = [];
  mostAtOnce = 0;
  constructor(pages: number) {
    super();
    this.concurrency = pages;
  }
  render(view: DocumentView): Promise<Uint8Array> {
    this.started.push(view.number);
    return new Promise<Uint8Array>((resolve, reject) => {
      const entry = {
        number: view.number,
        finish: () => {
          this.pending.splice(this.pending.indexOf(entry), 1);
          resolve(new TextEncoder().encode(`%PDF-fake ${view.number}`));
        },
        fail: (e: Error) => {
          this.pending.splice(this.pending.indexOf(entry), 1);
          reject(e);
        },
      };
      this.pending.push(entry);
      this.mostAtOnce = Math.max(this.mostAtOnce, this.pending.length);
    });
  }
}

async function setup(pages: number, invoices: number) {
  const clock = new FakeClock('2025-08-10T06:00:00Z');
  const accounts = new InMemoryAccountRepository();
  const clients = new InMemoryClientRepository(clock);
  const documents = new InMemoryDocumentSource();
  const account = accounts.put(testAccount({ id: 1, businessName: 'Shree Ganesh Electricals' }));
  const client = await clients.insert(1, {
    name: 'Karnataka Traders',
    phone: '9876543210',
    countryCode: '+91',
    email: null,
    address: null,
    gstin: null,
    stateCode: '29',
  });
  const ids = Array.from({ length: invoices }, () => documents.add(1, 'invoice', client.id).id);
  const renderer = new HeldRenderer(pages);
  const links = new ShareLinks(new NoShareLinks(), new TestSecretHasher(), 'http://localhost');
  const output = new DocumentOutputService(documents, clients, accounts, new InMemoryBusinessSettings(), renderer, links);
  return { output, renderer, account, ids };
}

/** Lets the entries' promise chains run (document loads, then renders) until nothing more starts. */
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
};

describe('DocumentOutputService.invoiceEntries (bulk ZIP)', () => {
  it('renders as many entries at a time as the renderer has pages, the next one as one finishes, in order', async () => {
    const { output, renderer, account, ids } = await setup(2, 5);
    const entries = await output.invoiceEntries(account, ids);
    await settle();
    expect(renderer.started).toEqual(['INV/25-26/0001', 'INV/25-26/0002']);
    renderer.pending[0].finish();
    await settle();
    expect(renderer.started).toHaveLength(3);
    while (renderer.pending.length) {
      renderer.pending[0].finish();
      await settle();
    }
    const pdfs = await Promise.all(entries.map((e) => e.bytes));
    expect(pdfs.map((b) => new TextDecoder().decode(b))).toEqual(ids.map((id) => `%PDF-fake INV/25-26/${String(id).padStart(4, '0')}`));
    expect(renderer.mostAtOnce).toBe(2);
  });

  it('after a failed entry, the entries not yet started fail without rendering', async () => {
    const { output, renderer, account, ids } = await setup(2, 5);
    const entries = await output.invoiceEntries(account, ids);
    entries.forEach((e) => e.bytes.catch(() => undefined));
    await settle();
    renderer.pending[0].fail(new Error('renderer gone'));
    await settle();
    renderer.pending[0].finish(); // the second entry was already printing
    await settle();
    expect(renderer.started).toHaveLength(2);
    await expect(entries[0].bytes).rejects.toThrow('renderer gone');
    await expect(entries[1].bytes).resolves.toBeInstanceOf(Uint8Array);
    for (const entry of entries.slice(2)) await expect(entry.bytes).rejects.toThrow('renderer gone');
  });
});
