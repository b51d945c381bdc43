import fc from 'fast-check';
import { CommittedActivity } from '../activity-relay/activity-relay.port';
import { TeamMember } from './notification';
import { draftsOf, indianGrouping, recipientsOf } from './notification-text';

const team: TeamMember[] = [
  { id: 1, username: 'anil', isOwner: true, permissions: [] },
  { id: 2, username: 'priya', isOwner: false, permissions: ['invoices', 'clients'] },
  { id: 3, username: 'ravi', isOwner: false, permissions: ['clients'] },
];

const event = (over: Partial<CommittedActivity>): CommittedActivity => ({
  id: 10,
  accountId: 7,
  actorKind: 'user',
  actorUserId: 2,
  action: 'created',
  entityType: 'invoice',
  entityId: 42,
  label: 'INV/26-27/0042',
  before: null,
  after: { client_id: 5, total_amount: 118000, currency: 'INR', payment_status: 'pending' },
  occurredAt: new Date('2026-05-01T10:00:00Z'),
  ...over,
});

describe('notification texts and recipients', () => {
  it('groups digits the Indian way', () => {
    expect(indianGrouping('118000')).toBe('1,18,000.00');
    expect(indianGrouping('12345678.5')).toBe('1,23,45,678.50');
    expect(indianGrouping('999')).toBe('999.00');
    expect(indianGrouping('-1000')).toBe('-1,000.00');
    fc.assert(
      fc.property(fc.bigInt({ min: BigInt(0), max: BigInt(10) ** BigInt(12) }), (n) => {
        const grouped = indianGrouping(n.toString());
        expect(grouped.replace(/,/g, '')).toBe(`${n}.00`);
        const whole = grouped.split('.')[0].split(',');
        expect(whole[whole.length - 1].length).toBeLessThanOrEqual(3);
        for (const part of whole.slice(1, -1)) expect(part).toHaveLength(2);
      }),
    );
  });

  it('writes a sentence for a person', () => {
    const [draft] = draftsOf(event({}), team, new Map([[5, 'Sharma Traders']]));
    expect(draft.body).toBe('priya created invoice INV/26-27/0042 for Sharma Traders, ₹1,18,000.00.');
    expect(draft.deepLink).toEqual({ screen: 'invoice_detail', entityType: 'invoice', entityId: 42, documentType: 'invoice', documentId: 42 });
  });

  it('tells of a payment reminder the service sent', () => {
    const reminder = event({
      actorKind: 'system',
      actorUserId: null,
      action: 'reminder_sent',
      after: { client_id: 5, step: 2, balance: 708, currency: 'INR' },
    });
    const [draft] = draftsOf(reminder, team, new Map([[5, 'Sharma Traders']]));
    expect(draft).toMatchObject({
      title: 'Payment reminder sent',
      body: 'A payment reminder for invoice INV/26-27/0042 for Sharma Traders was emailed, ₹708.00 due.',
    });
  });

  it('hides own activity, needs the permission, sends API-key activity to all, and login alerts to self and owner', () => {
    expect(recipientsOf(event({}), 'invoices', team).map((u) => u.id)).toEqual([1]);
    expect(recipientsOf(event({ actorKind: 'api_key', actorUserId: null }), 'invoices', team).map((u) => u.id)).toEqual([1, 2]);
    expect(recipientsOf(event({ actorUserId: 1 }), 'clients', team).map((u) => u.id)).toEqual([2, 3]);
    expect(recipientsOf(event({ actorUserId: 3, entityType: 'session' }), 'login', team).map((u) => u.id)).toEqual([1, 3]);
    expect(recipientsOf(event({ actorUserId: 1, entityType: 'session' }), 'login', team).map((u) => u.id)).toEqual([1]);
  });

  it('tells the user who lost a push device, and the owner, without naming another account', () => {
    const moved = (after: Record<string, unknown>) =>
      event({
        actorKind: 'system',
        actorUserId: null,
        action: 'moved',
        entityType: 'push_device',
        entityId: 9,
        label: 'android device',
        before: { user_id: 3, platform: 'android' },
        after,
      });
    const away = draftsOf(moved({ moved_to: 'another_account' }), team, new Map());
    expect(away.map((d) => [d.userId, d.type, d.category, d.action])).toEqual([
      [1, 'login_alert', 'login', 'moved'],
      [3, 'login_alert', 'login', 'moved'],
    ]);
    expect(away[0]).toMatchObject({
      title: 'Push notifications moved',
      body: 'Push notifications for ravi stopped on an Android device: a sign-in to another account registered it. Sign in on it again to get them back.',
      deepLink: { screen: 'sessions', entityType: 'push_device', entityId: 9, documentType: null, documentId: null },
    });
    const [inTeam] = draftsOf(moved({ moved_to: 'another_user', user_id: 2 }), team, new Map());
    expect(inTeam.body).toBe('Push notifications for ravi on an Android device now go to priya, who signed in on it later.');
  });

  it('turns an invoice becoming paid into a payment, and ignores events without a category', () => {
    const paid = event({
      action: 'updated',
      before: { payment_status: 'pending', paid_amount: 0 },
      after: { payment_status: 'paid', paid_amount: 118000, currency: 'INR' },
    });
    expect(draftsOf(paid, team, new Map())[0]).toMatchObject({ category: 'payments', action: 'paid' });
    expect(draftsOf(event({ entityType: 'user' }), team, new Map())).toEqual([]);
  });

  it('tells a payment under payments to those who hold the payments permission, and not again for the invoice it settles', () => {
    const team2: TeamMember[] = [...team, { id: 4, username: 'meera', isOwner: false, permissions: ['payments'] }];
    const received = event({
      entityType: 'payment',
      entityId: 9,
      label: 'RV/26-27/0001',
      after: { client_id: 5, amount: '50000.00', currency: 'INR', source: 'receipt' },
    });
    const drafts = draftsOf(received, team2, new Map([[5, 'Sharma Traders']]));
    expect(drafts.map((d) => d.userId)).toEqual([1, 4]);
    expect(drafts[0]).toMatchObject({
      category: 'payments',
      action: 'created',
      title: 'Payment received',
      body: 'priya recorded a payment from Sharma Traders of ₹50,000.00 (RV/26-27/0001).',
      deepLink: { screen: 'payment_detail', entityType: 'payment', entityId: 9, documentType: null, documentId: null },
    });
    const settled = event({ action: 'updated', before: { payment_status: 'pending' }, after: { payment_status: 'paid', paid_amount: 100, payment_id: 9 } });
    expect(draftsOf(settled, team2, new Map())).toEqual([]);
  });
});
