import { CommittedActivity } from '../activity-relay/activity-relay.port';
import { money2 } from '../shared/money';
import { DeepLink, NotificationDraft, TeamMember } from './notification';
import { ENTITY_CATEGORIES, NOTIFICATION_CATEGORIES, NotificationCategory } from './notification-category';

/** Names the text needs besides the event: the actor and the client of a document. */
export interface TextContext {
  actorName: string;
  clientName: string | null;
  /** A user of the account by id (the user an event is about), or null when there is none. */
  userName?: (userId: unknown) => string | null;
}

const PLATFORM_NAMES: Record<string, string> = { android: 'an Android', ios: 'an iOS' };

/** The user who lost a push device (`push_device` `moved`): the one the event is about, not its actor. */
function movedFrom(event: CommittedActivity): unknown {
  return event.entityType === 'push_device' ? event.before?.user_id : undefined;
}

/** "1,18,000.00": Indian digit grouping of a decimal string (done on the text, so no float is involved). */
export function indianGrouping(amount: string): string {
  const [whole, fraction] = money2(amount).split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${rest ? `${rest},` : ''}${last3}.${fraction}`;
}

export function formatAmount(amount: unknown, currency: unknown): string | null {
  if (typeof amount !== 'number' && typeof amount !== 'string') return null;
  try {
    const grouped = indianGrouping(String(amount));
    return currency === 'INR' || currency === undefined || currency === null
      ? `₹${grouped}`
      : `${typeof currency === 'string' ? currency : JSON.stringify(currency)} ${grouped}`;
  } catch {
    return null;
  }
}

const PAID_STATES = new Set(['paid', 'partial']);
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The category of an event, or null when it makes no notification (users, settings, account). */
export function categoryOf(event: CommittedActivity): NotificationCategory | null {
  const entry = ENTITY_CATEGORIES[event.entityType];
  if (!entry) return null;
  // Of a webhook endpoint's changes only the service disabling it is news; of an email's delivery, its failure.
  if (event.entityType === 'webhook_endpoint' && event.action !== 'disabled') return null;
  if (event.entityType === 'sendout' && event.action === 'sent') return null;
  // A document settled by a payment: the payment's own notification tells it.
  if (typeof event.after?.payment_id === 'number' && (event.entityType === 'invoice' || event.entityType === 'debit_note')) return null;
  if (event.entityType === 'invoice' && event.action === 'updated' && isPayment(event)) return 'payments';
  return entry.category;
}

function isPayment(event: CommittedActivity): boolean {
  const after = event.after?.payment_status;
  return (
    typeof after === 'string' && PAID_STATES.has(after) && (after !== event.before?.payment_status || event.before?.paid_amount !== event.after?.paid_amount)
  );
}

function deepLinkOf(event: CommittedActivity, category: NotificationCategory): DeepLink {
  const entry = ENTITY_CATEGORIES[event.entityType];
  const link: DeepLink = {
    screen: NOTIFICATION_CATEGORIES[category].screen,
    entityType: event.entityType,
    entityId: event.entityId,
    documentType: entry?.documentType ?? null,
    documentId: entry?.documentType ? event.entityId : null,
  };
  const after = event.after ?? {};
  if (event.entityType === 'sendout' && typeof after.document_type === 'string' && typeof after.document_id === 'number') {
    link.documentType = after.document_type;
    link.documentId = after.document_id;
  }
  if (event.entityType === 'payment') link.screen = 'payment_detail';
  if (event.action === 'converted' && typeof after.invoice_id === 'number') {
    link.screen = NOTIFICATION_CATEGORIES.invoices.screen;
    link.documentType = 'invoice';
    link.documentId = after.invoice_id;
  }
  return link;
}

/** Title and body written for a person: "Priya created invoice INV/26-27/0042 for Sharma Traders, ₹1,18,000.00". */
export function textOf(event: CommittedActivity, category: NotificationCategory, ctx: TextContext): { title: string; body: string } {
  const noun = ENTITY_CATEGORIES[event.entityType]?.noun ?? event.entityType.replace(/_/g, ' ');
  const after = event.after ?? {};
  const before = event.before ?? {};
  const label = event.label ? ` ${event.label}` : '';
  const forClient = ctx.clientName ? ` for ${ctx.clientName}` : '';
  const amount = formatAmount(after.total_amount ?? before.total_amount, after.currency ?? before.currency);
  const withAmount = amount ? `, ${amount}` : '';
  if (event.entityType === 'push_device') {
    const device = `${PLATFORM_NAMES[String(before.platform)] ?? 'a'} device`;
    const who = ctx.userName?.(before.user_id) ?? 'a former user';
    if (after.moved_to === 'another_user') {
      const taker = ctx.userName?.(after.user_id) ?? 'another user';
      return { title: 'Push notifications moved', body: `Push notifications for ${who} on ${device} now go to ${taker}, who signed in on it later.` };
    }
    return {
      title: 'Push notifications moved',
      body: `Push notifications for ${who} stopped on ${device}: a sign-in to another account registered it. Sign in on it again to get them back.`,
    };
  }
  if (category === 'login') {
    const device = typeof after.device_name === 'string' && after.device_name ? ` on ${after.device_name}` : '';
    return { title: 'New sign-in', body: `${ctx.actorName} signed in${device}.` };
  }
  if (event.entityType === 'payment') {
    const amount = formatAmount(after.amount ?? before.amount, after.currency ?? before.currency);
    const from = ctx.clientName ? ` from ${ctx.clientName}` : '';
    const what = `a payment${from}${amount ? ` of ${amount}` : ''}${event.label ? ` (${event.label})` : ''}`;
    if (event.action === 'created') return { title: 'Payment received', body: `${ctx.actorName} recorded ${what}.` };
    if (event.action === 'deleted') return { title: 'Payment deleted', body: `${ctx.actorName} deleted ${what}.` };
    return { title: 'Payment updated', body: `${ctx.actorName} updated ${what}.` };
  }
  if (category === 'payments') {
    const paid = formatAmount(after.paid_amount, after.currency);
    const how = after.payment_status === 'paid' ? 'as paid' : 'as partly paid';
    return { title: 'Payment recorded', body: `${ctx.actorName} marked ${noun}${label}${forClient} ${how}${paid ? `, ${paid}` : ''}.` };
  }
  if (event.entityType === 'webhook_endpoint') {
    return {
      title: 'Webhook endpoint disabled',
      body: `Deliveries to ${event.label ?? 'a webhook endpoint'} failed for 5 days, so it was disabled. Enable it again once it answers.`,
    };
  }
  if (event.entityType === 'invoice' && event.action === 'reminder_sent') {
    const due = formatAmount(after.balance, after.currency);
    const balance = due ? `, ${due} due` : '';
    return { title: 'Payment reminder sent', body: `A payment reminder for invoice${label}${forClient} was emailed${balance}.` };
  }
  if (event.entityType === 'inventory' && event.action === 'low_stock') {
    const quantity = typeof after.quantity === 'number' ? ` ${after.quantity} left` : '';
    return { title: 'Low stock', body: `${event.label ?? 'An inventory item'} is low on stock:${quantity || ' at its threshold'}.` };
  }
  if (event.entityType === 'sendout' && event.action === 'failed') {
    return { title: 'Email failed', body: `An email could not be sent: ${event.label ?? 'a document'}.` };
  }
  if (event.entityType === 'sendout') {
    return event.action === 'created'
      ? { title: 'Email queued', body: `${ctx.actorName} queued an email: ${event.label ?? 'a document'}.` }
      : { title: 'Email cancelled', body: `${ctx.actorName} cancelled a queued email.` };
  }
  if (event.action === 'converted') {
    const number = typeof after.invoice_number === 'string' ? ` ${after.invoice_number}` : '';
    return { title: `${capital(noun)} converted`, body: `${ctx.actorName} converted ${noun}${label} to invoice${number}.` };
  }
  const verb = ['created', 'updated', 'deleted'].includes(event.action) ? event.action : event.action.replace(/_/g, ' ');
  const showAmount = event.action === 'deleted' ? '' : withAmount;
  return { title: `${capital(noun)} ${verb}`, body: `${ctx.actorName} ${verb} ${noun}${label}${forClient}${showAmount}.` };
}

/**
 * Who is told: a sign-in goes to the user who signed in and to the owner, a push device taken by another
 * sign-in to the user who had it and to the owner; any other event to every user holding the category's
 * permission except the actor (activity through the API key has no actor, so every such user sees it).
 */
export function recipientsOf(event: CommittedActivity, category: NotificationCategory, team: TeamMember[]): TeamMember[] {
  const lost = movedFrom(event);
  if (lost !== undefined) return team.filter((u) => u.id === lost || u.isOwner);
  if (category === 'login') return team.filter((u) => u.id === event.actorUserId || u.isOwner);
  const permission = NOTIFICATION_CATEGORIES[category].permission;
  return team.filter((u) => u.id !== event.actorUserId && (u.isOwner || permission === null || u.permissions.includes(permission)));
}

/** The notifications one event makes, one per recipient. */
export function draftsOf(event: CommittedActivity, team: TeamMember[], clientNames: Map<number, string>): NotificationDraft[] {
  const category = categoryOf(event);
  if (!category) return [];
  const recipients = recipientsOf(event, category, team);
  if (!recipients.length) return [];
  const actor = event.actorUserId === null ? null : team.find((u) => u.id === event.actorUserId);
  const actorName = event.actorKind === 'api_key' ? 'Someone using the API key' : (actor?.username ?? 'A former user');
  const clientId = event.after?.client_id ?? event.before?.client_id;
  const clientName = typeof clientId === 'number' ? (clientNames.get(clientId) ?? null) : null;
  const userName = (id: unknown) => team.find((u) => u.id === id)?.username ?? null;
  const { title, body } = textOf(event, category, { actorName, clientName, userName });
  const deepLink = deepLinkOf(event, category);
  return recipients.map((u) => ({
    accountId: event.accountId,
    userId: u.id,
    eventId: event.id,
    type: category === 'login' ? 'login_alert' : 'activity',
    category,
    action: category === 'payments' && event.entityType !== 'payment' ? (event.after?.payment_status === 'paid' ? 'paid' : 'partially_paid') : event.action,
    title: title.slice(0, 255),
    body: body.slice(0, 1000),
    entityType: event.entityType,
    entityId: event.entityId,
    actorUserId: event.actorUserId,
    deepLink,
    createdAt: event.occurredAt,
  }));
}
