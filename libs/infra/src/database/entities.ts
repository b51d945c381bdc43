import { AccountRow } from '../accounts/account.entity';
import { ActivityEventRow } from '../activity/activity-event.entity';
import { ClientRow } from '../clients/client.entity';
import { UserRow } from '../users/user.entity';
import { MobileSessionRow, RetiredRefreshTokenRow } from '../auth/mobile-session.entity';
import { InventoryItemRow, StockMovementRow } from '../inventory/inventory.entity';
import { ExpenseRow } from '../expenses/expense.entity';
import { InvoiceItemRow, InvoiceRow } from '../invoices/invoice.entity';
import { QuotationItemRow, QuotationRow } from '../quotations/quotation.entity';
import { ProformaInvoiceItemRow, ProformaInvoiceRow } from '../proforma-invoices/proforma-invoice.entity';
import { CreditNoteItemRow, CreditNoteRow, DebitNoteItemRow, DebitNoteRow } from '../notes/note.entity';
import { PaymentAllocationRow, PaymentRow } from '../payments/payment.entity';

/** Every TypeORM row class. Add new ones here. */
export const ENTITIES = [
  AccountRow,
  UserRow,
  ClientRow,
  ActivityEventRow,
  InventoryItemRow,
  StockMovementRow,
  ExpenseRow,
  DebitNoteRow,
  DebitNoteItemRow,
  CreditNoteRow,
  CreditNoteItemRow,
  MobileSessionRow,
  RetiredRefreshTokenRow,
  InvoiceRow,
  InvoiceItemRow,
  QuotationRow,
  QuotationItemRow,
  ProformaInvoiceRow,
  ProformaInvoiceItemRow,
  PaymentRow,
  PaymentAllocationRow,
];
