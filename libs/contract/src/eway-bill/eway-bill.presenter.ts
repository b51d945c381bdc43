import { EwayBill } from '@app/domain/eway-bill/eway-bill.port';

export function presentEwayBill(b: EwayBill) {
  return {
    invoice_id: b.invoiceId,
    ewb_no: b.ewbNo,
    ewb_date: b.ewbDate,
    valid_until: b.validUntil,
    validity_days: b.validityDays,
    status: b.status,
    transport_mode: b.transportMode,
    distance_km: b.distanceKm,
    vehicle_type: b.cargo,
    vehicle_number: b.vehicleNumber,
    transporter_id: b.transporterId,
    transporter_name: b.transporterName,
    transport_document_number: b.transportDocNo,
    transport_document_date: b.transportDocDate,
    extended_times: b.extendedTimes,
    cancelled_at: b.cancelledAt,
    cancel_reason: b.cancelReason,
  };
}
