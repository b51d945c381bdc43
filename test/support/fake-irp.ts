import { createHash, generateKeyPairSync, KeyObject, sign } from 'node:crypto';
import { FakePortal, PortalReply, PortalRequest } from './fake-portal';

/** What the fake e-invoice portal does with the next invoice it is sent. */
export type IrpMode = 'ok' | 'invalid-token' | 'register-then-hang' | 'old-ack' | 'wrong-key' | 'wrong-irn';

interface Registration {
  irn: string;
  ackNo: string;
  ackDt: string;
  signedQrCode: string;
  status: 'ACT' | 'CNL';
}

const b64url = (s: string | Buffer) => Buffer.from(s).toString('base64url');
const istNow = (offsetMs = 0) => new Date(Date.now() + offsetMs + 5.5 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * A local stand-in for the e-invoice registration portal's API as a GSP serves it (auth, generate,
 * get by IRN, cancel), with its envelopes and error codes. The IRN is the SHA-256 of GSTIN, financial
 * year, document type and number, as the portal makes it; the signed QR code is a JWS (RS256) signed with the
 * portal's key pair made at start (`publicKeyPem` is what the service is configured with). Mode `wrong-key` signs
 * the next QR code with another key, `wrong-irn` answers another IRN for the next document.
 */
export class FakeIrp extends FakePortal {
  private readonly keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  private readonly otherKey: KeyObject = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  readonly publicKeyPem = this.keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  readonly registrations = new Map<string, Registration>();
  mode: IrpMode = 'ok';
  private acks = 112010000000000;

  authCalls(): Array<{ UserName?: string; ForceRefreshAccessToken?: boolean }> {
    return this.requestsTo('/eivital/v1.04/auth').map((r) => r.body as { UserName?: string; ForceRefreshAccessToken?: boolean });
  }

  /** The JWS payload a signed QR code carries. */
  static qrPayload(jws: string): Record<string, unknown> {
    const payload = JSON.parse(Buffer.from(jws.split('.')[1], 'base64url').toString('utf8')) as { data: string };
    return JSON.parse(payload.data) as Record<string, unknown>;
  }

  protected route(req: PortalRequest, reply: PortalReply): void {
    const { path, body } = req;
    const send = (json: unknown) => reply.json(json);
    const fail = (code: string, message: string, info?: unknown) =>
      send({ Status: 0, ErrorDetails: [{ ErrorCode: code, ErrorMessage: message }], InfoDtls: info ?? null });

    if (path === '/eivital/v1.04/auth' && req.method === 'POST') {
      if (req.headers.client_id !== 'fake-client' || req.headers.client_secret !== 'fake-secret') return fail('1010', 'Invalid Client-ID/Client-Secret');
      const token = this.issueToken('token');
      return send({ Status: 1, Data: { AuthToken: token, Sek: 'unused', TokenExpiry: istNow(6 * 3600_000) } });
    }
    const token = String(req.headers.authtoken ?? '');
    if (!this.tokenValid(token)) return fail('1005', 'Invalid Token');
    if (this.mode === 'invalid-token') {
      this.mode = 'ok';
      this.revokeToken(token);
      return fail('1005', 'Invalid Token');
    }
    const gstin = String(req.headers.gstin ?? '');

    if (path === '/eicore/v1.03/Invoice' && req.method === 'POST') {
      const inv = body as unknown as {
        DocDtls: { Typ: string; No: string; Dt: string };
        BuyerDtls: { Gstin: string };
        ValDtls: { TotInvVal: number };
        ItemList: Array<{ HsnCd: string }>;
      };
      const [, mm, yyyy] = inv.DocDtls.Dt.split('/').map(Number);
      const fy = mm >= 4 ? yyyy : yyyy - 1;
      const irn = createHash('sha256')
        .update(`${gstin}${fy}-${String((fy + 1) % 100).padStart(2, '0')}${inv.DocDtls.Typ}${inv.DocDtls.No}${this.mode === 'wrong-irn' ? 'X' : ''}`)
        .digest('hex');
      const existing = this.registrations.get(irn);
      if (existing) {
        return fail('2150', 'Duplicate IRN', [{ InfCd: 'DUPIRN', Desc: { AckNo: existing.ackNo, AckDt: existing.ackDt, Irn: irn } }]);
      }
      const ackDt = istNow(this.mode === 'old-ack' ? -25 * 3600_000 : 0);
      const qr = {
        SellerGstin: gstin,
        BuyerGstin: inv.BuyerDtls.Gstin,
        DocNo: inv.DocDtls.No,
        DocTyp: inv.DocDtls.Typ,
        DocDt: inv.DocDtls.Dt,
        TotInvVal: inv.ValDtls.TotInvVal,
        ItemCnt: inv.ItemList.length,
        MainHsnCode: inv.ItemList[0].HsnCd,
        Irn: irn,
        IrnDt: ackDt,
      };
      const head = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
      const payload = b64url(JSON.stringify({ data: JSON.stringify(qr), iss: 'NIC' }));
      const key = this.mode === 'wrong-key' ? this.otherKey : this.keys.privateKey;
      const signedQrCode = `${head}.${payload}.${b64url(sign('sha256', Buffer.from(`${head}.${payload}`), key))}`;
      const reg: Registration = { irn, ackNo: String(++this.acks), ackDt, signedQrCode, status: 'ACT' };
      this.registrations.set(irn, reg);
      if (this.mode === 'register-then-hang') {
        this.mode = 'ok';
        return; // registered, but the answer never comes
      }
      this.mode = 'ok';
      return send({
        Status: 1,
        Data: { AckNo: reg.ackNo, AckDt: reg.ackDt, Irn: irn, SignedInvoice: 'signed.invoice.jws', SignedQRCode: signedQrCode, Status: 'ACT' },
      });
    }
    const byIrn = /^\/eicore\/v1\.03\/Invoice\/irn\/([0-9a-f]{64})$/.exec(path);
    if (byIrn && req.method === 'GET') {
      const reg = this.registrations.get(byIrn[1]);
      if (!reg) return fail('2283', 'IRN details are not found');
      return send({
        Status: 1,
        Data: { AckNo: reg.ackNo, AckDt: reg.ackDt, Irn: reg.irn, SignedInvoice: 'signed.invoice.jws', SignedQRCode: reg.signedQrCode, Status: reg.status },
      });
    }
    if (path === '/eicore/v1.03/Invoice/Cancel' && req.method === 'POST') {
      const { Irn } = body as { Irn: string };
      const reg = this.registrations.get(Irn);
      if (!reg || reg.status !== 'ACT') return fail('9999', 'Invoice is not active');
      const ack = Date.parse(`${reg.ackDt.replace(' ', 'T')}+05:30`);
      if (Date.now() - ack > 24 * 3600_000) return fail('2270', 'The allowed cancellation time limit is crossed, you cannot cancel the IRN');
      reg.status = 'CNL';
      return send({ Status: 1, Data: { Irn, CancelDate: istNow() } });
    }
    reply.status(404);
  }
}
