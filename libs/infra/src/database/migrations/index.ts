import { Foundation1732000000000 } from './1732000000000-foundation';
import { SalesDocuments1732000001000 } from './1732000001000-sales-documents';
import { MobileSessions1732000003000 } from './1732000003000-mobile-sessions';
import { InventoryExpenses1732000004000 } from './1732000004000-inventory-expenses';
import { DocumentOutput1732000005000 } from './1732000005000-document-output';
import { Sendouts1732000006000 } from './1732000006000-sendouts';
import { DocumentCreatedIndexes1732000007000 } from './1732000007000-document-created-indexes';
import { AnalyticsIndexes1732000013000 } from './1732000013000-analytics-indexes';
import { Tds1732000013100 } from './1732000013100-tds';
import { Notifications1732000014100 } from './1732000014100-notifications';
import { PlanCancelAtPeriodEnd1732001200000 } from './1732001200000-plan-cancel-at-period-end';
import { StoreBilling1732001201000 } from './1732001201000-store-billing';
import { NotificationUnreadCounts1732001300000 } from './1732001300000-notification-unread-counts';
import { Webhooks1732001301000 } from './1732001301000-webhooks';
import { IdempotencyKeys1732001302000 } from './1732001302000-idempotency-keys';
import { AnalyticsVersions1732001303000 } from './1732001303000-analytics-versions';
import { Storefront1732001400000 } from './1732001400000-storefront';
import { GstExportsEinvoice1732001600000 } from './1732001600000-gst-exports-einvoice';
import { BusinessProfileCaSync1732000013200 } from './1732000013200-business-profile-ca-sync';
import { CaSyncClaims1732001213000 } from './1732001213000-ca-sync-claims';
import { WebhookObjectsLowStock1732001700000 } from './1732001700000-webhook-objects-low-stock';
import { GstDocumentFields1732001500000 } from './1732001500000-gst-document-fields';
import { ActivityLabelLength1732001800000 } from './1732001800000-activity-label-length';
import { WebhookDeliveryOrder1732001810000 } from './1732001810000-webhook-delivery-order';
import { LineHeaderDiscount1732001840000 } from './1732001840000-line-header-discount';
import { DocumentExchangeRate1732001850000 } from './1732001850000-document-exchange-rate';
import { RetainedTaxDocuments1732001860000 } from './1732001860000-retained-tax-documents';
import { LineCess1732001870000 } from './1732001870000-line-cess';
import { NoteLineCess1732001900000 } from './1732001900000-note-line-cess';
import { InvoiceExportParticulars1732001910000 } from './1732001910000-invoice-export-particulars';
import { Tds194jPaymentCodes1732001920000 } from './1732001920000-tds-194j-payment-codes';
import { Tds194c194qPaymentCodes1732003700000 } from './1732003700000-tds-194c-194q-payment-codes';
import { Tds2025Act1732001880000 } from './1732001880000-tds-2025-act';
import { EinvoiceNotes1732001890000 } from './1732001890000-einvoice-notes';
import { Gstr1Filings1732002000000 } from './1732002000000-gstr1-filings';
import { EwayBills1732002100000 } from './1732002100000-eway-bills';
import { Payments1732002200000 } from './1732002200000-payments';
import { RecurringInvoices1732002300000 } from './1732002300000-recurring-invoices';
import { PaymentReminders1732002310000 } from './1732002310000-payment-reminders';
import { StatementSendouts1732002500000 } from './1732002500000-statement-sendouts';
import { AccountTimeZone1732002700000 } from './1732002700000-account-time-zone';
import { ReceivablesAnalyticsVersions1732002600000 } from './1732002600000-receivables-analytics-versions';
import { ReceivablesAgeingIndexes1732002610000 } from './1732002610000-receivables-ageing-indexes';
import { InvoiceShipTo1732002900000 } from './1732002900000-invoice-ship-to';
import { ClientRegistrationType1732002910000 } from './1732002910000-client-registration-type';
import { AllocationAnalyticsVersions1732003400000 } from './1732003400000-allocation-analytics-versions';
import { WebhookEvents1732003100000 } from './1732003100000-webhook-events';
import { ListSync1732003200000 } from './1732003200000-list-sync';
import { NotificationCounterTriggers1732003900000 } from './1732003900000-notification-counter-triggers';
import { DocumentEcommerceOperator1732003600000 } from './1732003600000-document-ecommerce-operator';
import { DropListSyncTriggers1732003800000 } from './1732003800000-drop-list-sync-triggers';
import { DropAnalyticsVersionTriggers1732004000000 } from './1732004000000-drop-analytics-version-triggers';
import { SendoutHistoryOrder1732004100000 } from './1732004100000-sendout-history-order';
import { NotificationTotalCounts1732004200000 } from './1732004200000-notification-total-counts';
import { RecurringTemplateKeys1732004300000 } from './1732004300000-recurring-template-keys';

/** Every migration (TypeORM runs them in timestamp order). Add new ones; never edit one that has shipped. */
export const MIGRATIONS = [
  Foundation1732000000000,
  SalesDocuments1732000001000,
  MobileSessions1732000003000,
  InventoryExpenses1732000004000,
  DocumentOutput1732000005000,
  Sendouts1732000006000,
  DocumentCreatedIndexes1732000007000,
  AnalyticsIndexes1732000013000,
  Tds1732000013100,
  BusinessProfileCaSync1732000013200,
  Notifications1732000014100,
  PlanCancelAtPeriodEnd1732001200000,
  StoreBilling1732001201000,
  CaSyncClaims1732001213000,
  NotificationUnreadCounts1732001300000,
  Webhooks1732001301000,
  IdempotencyKeys1732001302000,
  AnalyticsVersions1732001303000,
  Storefront1732001400000,
  GstExportsEinvoice1732001600000,
  WebhookObjectsLowStock1732001700000,
  GstDocumentFields1732001500000,
  ActivityLabelLength1732001800000,
  WebhookDeliveryOrder1732001810000,
  LineHeaderDiscount1732001840000,
  DocumentExchangeRate1732001850000,
  RetainedTaxDocuments1732001860000,
  Tds2025Act1732001880000,
  LineCess1732001870000,
  EinvoiceNotes1732001890000,
  NoteLineCess1732001900000,
  InvoiceExportParticulars1732001910000,
  Tds194jPaymentCodes1732001920000,
  Gstr1Filings1732002000000,
  EwayBills1732002100000,
  Payments1732002200000,
  RecurringInvoices1732002300000,
  PaymentReminders1732002310000,
  StatementSendouts1732002500000,
  AccountTimeZone1732002700000,
  ReceivablesAnalyticsVersions1732002600000,
  ReceivablesAgeingIndexes1732002610000,
  InvoiceShipTo1732002900000,
  ClientRegistrationType1732002910000,
  AllocationAnalyticsVersions1732003400000,
  WebhookEvents1732003100000,
  ListSync1732003200000,
  NotificationCounterTriggers1732003900000,
  DocumentEcommerceOperator1732003600000,
  Tds194c194qPaymentCodes1732003700000,
  DropListSyncTriggers1732003800000,
  DropAnalyticsVersionTriggers1732004000000,
  SendoutHistoryOrder1732004100000,
  NotificationTotalCounts1732004200000,
  RecurringTemplateKeys1732004300000,
];
