import type { AuditEntry } from '@app/domain/audit/audit-trail';
import { presentAuditEntry } from './audit.presenter';

describe('presentAuditEntry', () => {
  const entry = (before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditEntry => ({
    id: 7,
    occurredAt: new Date('2026-01-02T03:04:05Z'),
    action: 'updated',
    entityType: 'invoice',
    entityId: 3,
    label: 'INV/25-26/0001',
    before,
    after,
    actor: { kind: 'user', userId: 2, username: 'clerk' },
  });

  it('shows the fields of a change by their API names, the lines fields too', () => {
    const shown = presentAuditEntry(
      entry(
        { lrNumber: null, items: [{ line: 1, itemDescription: 'A' }] },
        { lrNumber: 'LR-1', act_2025Section: '393', items: [{ line: 1, itemDescription: 'B' }], itemsChanged: 1 },
      ),
    );
    expect(shown.before).toEqual({ lr_number: null, items: [{ line: 1, item_description: 'A' }] });
    expect(shown.after).toEqual({ lr_number: 'LR-1', act_2025_section: '393', items: [{ line: 1, item_description: 'B' }], items_changed: 1 });
  });

  it('shows entries stored with API names as they are', () => {
    const stored = { total_amount: '10.00', items: [{ line: 2, hsn_code: '8544' }], items_changed: 1 };
    expect(presentAuditEntry(entry(null, stored))).toMatchObject({ before: null, after: stored, occurred_at: '2026-01-02 03:04:05' });
  });
});
