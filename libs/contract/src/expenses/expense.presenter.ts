import { ExpenseFields } from '@app/domain/expenses/expense';
import { toNumber2 } from '@app/domain/shared/money';

export function presentExpenseFields(e: ExpenseFields) {
  return {
    expense_description: e.description,
    expense_amount: toNumber2(e.amount),
    expense_category: e.category,
    vendor_name: e.vendorName,
    vendor_contact: e.vendorContact,
    expense_date: e.date,
    expense_status: e.status,
    payment_method: e.paymentMethod,
    receipt_url: e.receiptUrl,
    notes: e.notes,
    client_id: e.clientId,
    tds_section_id: e.tdsSectionId,
    tds_rate: e.tdsRate === null ? null : Number(e.tdsRate),
    tds_amount: e.tdsAmount === null ? null : toNumber2(e.tdsAmount),
    vendor_pan: e.vendorPan,
    payee_type: e.payeeType,
  };
}

export function presentExpense(e: ExpenseFields & { id: number; createdAt: string; updatedAt: string }) {
  return { expense_id: e.id, ...presentExpenseFields(e), created_at: e.createdAt, updated_at: e.updatedAt };
}
