import { expectValidationDetails } from '../../testing/validation-details';
import { checkSendoutInput, parseEmailList, SendoutInput } from './sendout-rules';

const valid: SendoutInput = { client_id: 1, document_type: 'invoice', document_id: 2, subject: 'Invoice', message: 'Hello' };

function problems(input: SendoutInput): Record<string, unknown> {
  return expectValidationDetails(() => checkSendoutInput(input));
}

describe('sendout field rules', () => {
  it('accepts the minimal body', () => {
    expect(checkSendoutInput(valid)).toEqual({
      clientId: 1,
      documentType: 'invoice',
      documentId: 2,
      period: null,
      subject: 'Invoice',
      message: 'Hello',
      toEmail: null,
      ccEmails: [],
      bccEmails: [],
      signatureOverride: null,
    });
  });

  it('reports every missing required field at once', () => {
    expect(problems({})).toEqual({
      client_id: 'is required',
      document_type: 'is required',
      document_id: 'is required',
      subject: 'is required',
      message: 'is required',
    });
  });

  it.each(['invoice', 'quotation', 'proforma-invoice', 'debit-note', 'credit-note'])('accepts document_type %s', (t) => {
    expect(checkSendoutInput({ ...valid, document_type: t }).documentType).toBe(t);
  });

  it("takes a statement: the client's, with a period and no document", () => {
    const statement = { client_id: 1, document_type: 'statement', subject: 'Statement', message: 'Hello' };
    expect(checkSendoutInput({ ...statement, from: '2025-04-01', to: '2025-09-30' })).toMatchObject({
      documentType: 'statement',
      documentId: null,
      period: { from: '2025-04-01', to: '2025-09-30', fyStartYear: undefined },
    });
    expect(checkSendoutInput({ ...statement, fy_start_year: 2025 }).period).toEqual({ fyStartYear: 2025, from: undefined, to: undefined });
    expect(problems({ ...statement, document_id: 3, from: '2025-02-30', fy_start_year: 1999 })).toEqual({
      document_id: expect.stringContaining('not taken with document_type statement'),
      from: 'must be a date written Y-m-d',
      fy_start_year: 'must be a year such as 2025',
    });
    expect(problems({ ...valid, from: '2025-04-01' })).toEqual({ from: 'is taken only with document_type statement' });
  });

  it('rejects unknown document types and non-integer ids', () => {
    expect(problems({ ...valid, document_type: 'receipt', client_id: 0, document_id: 1.5 })).toEqual({
      document_type: 'must be one of invoice, quotation, proforma-invoice, debit-note, credit-note, statement',
      client_id: 'must be a positive integer',
      document_id: 'must be a positive integer',
    });
  });

  it('subject: required after trimming, at most 500 characters, kept on one line', () => {
    expect(problems({ ...valid, subject: '   ' })).toEqual({ subject: 'is required' });
    expect(problems({ ...valid, subject: 'x'.repeat(501) })).toEqual({ subject: 'must be at most 500 characters' });
    expect(checkSendoutInput({ ...valid, subject: 'x'.repeat(500) }).subject).toHaveLength(500);
    expect(checkSendoutInput({ ...valid, subject: 'Invoice\r\nBcc: evil@example.com' }).subject).toBe('Invoice Bcc: evil@example.com');
  });

  it('message is required', () => {
    expect(problems({ ...valid, message: '' })).toEqual({ message: 'is required' });
    expect(problems({ ...valid, message: 12 })).toEqual({ message: 'must be a string' });
  });

  it('to_email is optional but must be an address when given', () => {
    expect(checkSendoutInput({ ...valid, to_email: 'a@example.com' }).toEmail).toBe('a@example.com');
    expect(checkSendoutInput({ ...valid, to_email: '' }).toEmail).toBeNull();
    expect(problems({ ...valid, to_email: 'not-an-email' })).toEqual({ to_email: 'must be a valid email address' });
  });

  it('cc and bcc are comma-separated and each address is checked', () => {
    const req = checkSendoutInput({ ...valid, cc_emails: 'a@example.com, b@example.in,,A@example.com ', bcc_emails: 'c@example.com' });
    expect(req.ccEmails).toEqual(['a@example.com', 'b@example.in']);
    expect(req.bccEmails).toEqual(['c@example.com']);
    expect(problems({ ...valid, cc_emails: 'a@example.com, nope', bcc_emails: 'x@y' })).toEqual({
      cc_emails: 'contains invalid email addresses: nope',
      bcc_emails: 'contains invalid email addresses: x@y',
    });
    expect(problems({ ...valid, cc_emails: ['a@example.com'] })).toEqual({ cc_emails: 'must be a comma-separated string of email addresses' });
  });

  it('parseEmailList skips blanks and duplicates', () => {
    expect(parseEmailList(' , a@x.in ,b@y.in, a@X.in,')).toEqual({ emails: ['a@x.in', 'b@y.in'], invalid: [] });
    expect(parseEmailList('a@x.in; b@y.in')).toEqual({ emails: [], invalid: ['a@x.in; b@y.in'] });
  });
});
