import { FakePortal, PortalReply, PortalRequest } from './fake-portal';

/** What the fake e-way bill system does with the next call to its e-way bill API (auth calls are not affected). */
export type NicMode = 'ok' | 'invalid-token' | 'hang' | 'fail-500' | 'refuse-vehicle' | 'refuse-client';

interface Bill {
  ewbNo: string;
  gstin: string;
  docKey: string;
  generatedAt: number;
  distance: number;
  slab: number;
  validUpto: number | null;
  status: 'ACT' | 'CNL';
}

const IST = 5.5 * 3600_000;
const DAY = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** 'dd/mm/yyyy hh:mm:ss AM' in Indian time, as the portal writes times. */
export function nicTime(ms: number): string {
  const t = new Date(ms + IST);
  const h = t.getUTCHours();
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${pad(t.getUTCDate())}/${pad(t.getUTCMonth() + 1)}/${t.getUTCFullYear()} ${pad(hour12)}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`;
}

/** The instant 23:59:00 IST on the day `days` after the Indian date of `ms` (the portal's "11:59:00 PM"). */
function endOfDayAfter(ms: number, days: number): number {
  const t = new Date(ms + IST);
  const midnightUtcOfIstDate = Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate());
  return midnightUtcOfIstDate + days * DAY + (23 * 60 + 59) * 60_000 - IST;
}

const encodeError = (codes: string) => Buffer.from(JSON.stringify({ errorCodes: `${codes},` })).toString('base64');

/**
 * A local stand-in for the NIC e-way bill API v1.03 as a GSP relays it (plain JSON): `POST /ewaybillapi/v1.03/auth`
 * (ACCESSTOKEN, a token valid 6 hours by `now`) and `POST /ewaybillapi/v1.03/ewayapi` with GENEWAYBILL, CANEWB and
 * EXTENDVALIDITY, with the portal's envelopes (`status`, `data`, base64 `error` with `errorCodes`) and error codes: 238
 * for an unknown or expired token, 604 for a second bill of a document, 315 to cancel after 24 hours, 382 to extend
 * outside 8 hours of the end of validity, 390 for a remaining distance above the bill's. It computes validity on its own
 * (one day per 200 km or part, per 20 km for vehicle type O; the day ends at 11:59 PM). `now` is the test's clock.
 */
export class FakeNicEwb extends FakePortal {
  readonly bills = new Map<string, Bill>();
  readonly credentials = { clientId: 'ewb-client', clientSecret: 'ewb-secret', username: 'ewb_api_user', password: 'ewb-password', gstin: '27AAPFU0939F1ZV' };
  mode: NicMode = 'ok';
  private serial = 391000000000;

  /** The auth calls made so far. */
  authCalls(): number {
    return this.requestsTo('/ewaybillapi/v1.03/auth').length;
  }

  /** The data of the calls of one action. */
  calls(action: string): Array<Record<string, unknown>> {
    return this.received.filter((r) => r.body.action === action).map((r) => r.body.data as Record<string, unknown>);
  }

  protected route(req: PortalRequest, reply: PortalReply): void {
    const { path, body } = req;
    const send = (json: unknown) => reply.json(json);
    const fail = (codes: string) => send({ status: '0', error: encodeError(codes) });
    const c = this.credentials;
    if (req.headers['client-id'] !== c.clientId || req.headers['client-secret'] !== c.clientSecret) return fail('110');

    if (path === '/ewaybillapi/v1.03/auth' && req.method === 'POST') {
      if (body.action !== 'ACCESSTOKEN') return fail('239');
      if (body.username !== c.username || body.password !== c.password || req.headers.gstin !== c.gstin) return fail('108');
      const expires = this.now() + 6 * 3600_000;
      const token = this.issueToken('ewb-token', expires);
      return send({ status: '1', authtoken: token, sek: 'unused-in-the-clear', tokenExpiry: nicTime(expires) });
    }
    if (path !== '/ewaybillapi/v1.03/ewayapi' || req.method !== 'POST') return reply.status(404);
    const token = String(req.headers.authtoken ?? '');
    if (!this.tokenValid(token)) return fail('238');
    const mode = this.mode;
    this.mode = 'ok';
    if (mode === 'invalid-token') {
      this.revokeToken(token);
      return fail('238');
    }
    if (mode === 'refuse-client') return fail('116');
    if (mode === 'hang') return; // never answers
    if (mode === 'fail-500') return reply.status(500, 'portal down');
    const gstin = String(req.headers.gstin ?? '');
    const data = (body.data ?? {}) as Record<string, unknown>;
    if (body.action === 'GENEWAYBILL') return this.generate(gstin, data, mode, send, fail);
    if (body.action === 'CANEWB') return this.cancel(data, send, fail);
    if (body.action === 'EXTENDVALIDITY') return this.extend(data, send, fail);
    return fail('239');
  }

  private generate(gstin: string, d: Record<string, unknown>, mode: NicMode, send: (j: unknown) => void, fail: (c: string) => void): void {
    const required = [
      'supplyType',
      'subSupplyType',
      'docType',
      'docNo',
      'docDate',
      'fromGstin',
      'fromPincode',
      'fromStateCode',
      'toGstin',
      'toPincode',
      'toStateCode',
      'transDistance',
      'itemList',
      'actToStateCode',
      'actFromStateCode',
      'totInvValue',
      'transactionType',
    ];
    if (required.some((k) => d[k] === undefined || d[k] === null || d[k] === '')) return fail('100');
    if (d.fromGstin !== gstin || (d.userGstin !== undefined && d.userGstin !== gstin)) return fail('358');
    const items = d.itemList as Array<Record<string, unknown>>;
    if (!items.length) return fail('233');
    if (items.every((i) => String(i.hsnCode).startsWith('99'))) return fail('4010');
    if (mode === 'refuse-vehicle') return fail('225');
    const distance = Number(d.transDistance);
    if (!Number.isInteger(distance) || distance < 1 || distance > 4000) return fail('221');
    const docKey = `${gstin}/${String(d.docType)}/${String(d.docNo)}`;
    if ([...this.bills.values()].some((b) => b.docKey === docKey && b.status === 'ACT')) return fail('604');
    const now = this.now();
    const slab = d.vehicleType === 'O' ? 20 : 200;
    const partB = d.transMode === '1' ? !!d.vehicleNo : !!d.transDocNo;
    const validUpto = partB ? endOfDayAfter(now, Math.ceil(distance / slab)) : null;
    const ewbNo = String(++this.serial);
    this.bills.set(ewbNo, { ewbNo, gstin, docKey, generatedAt: now, distance, slab, validUpto, status: 'ACT' });
    send({ status: '1', data: { ewayBillNo: Number(ewbNo), ewayBillDate: nicTime(now), validUpto: validUpto === null ? '' : nicTime(validUpto), alert: '' } });
  }

  private cancel(d: Record<string, unknown>, send: (j: unknown) => void, fail: (c: string) => void): void {
    const bill = this.bills.get(String(d.ewbNo));
    if (!bill || bill.status !== 'ACT') return fail('312');
    if (!d.cancelRsnCode || !d.cancelRmrk) return fail('307');
    if (this.now() - bill.generatedAt > DAY) return fail('315');
    bill.status = 'CNL';
    send({ status: '1', data: { ewayBillNo: bill.ewbNo, cancelDate: nicTime(this.now()) } });
  }

  private extend(d: Record<string, unknown>, send: (j: unknown) => void, fail: (c: string) => void): void {
    const bill = this.bills.get(String(d.ewbNo));
    if (!bill) return fail('301');
    if (bill.status !== 'ACT') return fail('379');
    if (bill.validUpto === null) return fail('381');
    const now = this.now();
    // The portal's 11:59 PM is a minute before the service's 23:59:59: its window is judged from the end of that minute.
    const end = bill.validUpto + 60_000;
    if (now < end - 8 * 3600_000 || now > end + 8 * 3600_000) return fail('382');
    const remaining = Number(d.remainingDistance);
    if (!Number.isInteger(remaining) || remaining < 1) return fail('389');
    if (remaining > bill.distance) return fail('390');
    if (!d.extnRsnCode || !d.extnRemarks) return fail('386');
    if (!d.fromPlace || !d.fromState || !d.fromPincode) return fail('305');
    bill.validUpto = endOfDayAfter(now, Math.ceil(remaining / bill.slab));
    send({ status: '1', data: { ewayBillNo: bill.ewbNo, updatedDate: nicTime(now), validUpto: nicTime(bill.validUpto) } });
  }
}
