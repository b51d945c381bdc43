import { Allocation, Payment, PaymentWithAllocations, unallocatedAmount, unallocatedTds } from '@app/domain/payments/payment';
import { toNumber2 } from '@app/domain/shared/money';

/** A list row: the payment without its allocations. */
export function presentPaymentHeader(p: Payment) {
  return {
    payment_id: p.id,
    client_id: p.clientId,
    amount: toNumber2(p.amount),
    tds_amount: toNumber2(p.tdsAmount),
    currency: p.currency,
    payment_date: p.paymentDate,
    mode: p.mode,
    reference: p.reference,
    notes: p.notes,
    receipt_number: p.receiptNumber,
    source: p.source,
    source_document_type: p.sourceDocument?.type ?? null,
    source_document_id: p.sourceDocument?.id ?? null,
    allocated_amount: toNumber2(p.allocatedAmount),
    unallocated_amount: toNumber2(unallocatedAmount(p)),
    allocated_tds: toNumber2(p.allocatedTds),
    unallocated_tds: toNumber2(unallocatedTds(p)),
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  };
}

export function presentAllocation(a: Allocation) {
  return {
    allocation_id: a.id,
    payment_id: a.paymentId,
    document_type: a.document.type,
    document_id: a.document.id,
    document_number: a.documentNumber,
    amount: toNumber2(a.amount),
    tds_amount: toNumber2(a.tdsAmount),
    tds_recorded: a.tdsRecorded,
    allocation_date: a.allocationDate,
    created_at: a.createdAt,
  };
}

/** Single read: the payment with its allocations, oldest first. */
export function presentPayment({ payment, allocations }: PaymentWithAllocations) {
  return { ...presentPaymentHeader(payment), allocations: allocations.map(presentAllocation) };
}
