import { expectValidationDetails } from '../../testing/validation-details';
import { checkSendoutInput, parseEmailList, SendoutInput } from './sendout-rules';

const valid: SendoutInput = { clientId: 1, documentType: 'invoice', documentId: 2, subject: 'Invoice', message: 'Hello' };

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
      clientId: 'is required',
      documentType: 'is required',
      documentId: 'is required',
      subject: 'is required',
      message: 'is required',
    });
  });

  it.each(['invoice', 'quotation', 'proforma-invoice', 'debit-note', 'credit-note'])('accepts document_type %s', (t) => {
    expect(checkSendoutInput({ ...valid, documentType: t }).documentType).toBe(t);
  });

  it("takes a statement: the client's, with a period and no document", () => {
    const statement = { clientId: 1, documentType: 'statement', subject: 'Statement', message: 'Hello' };
    expect(checkSendoutInput({ ...statement, from: '2025-04-01', to: '2025-09-30' })).toMatchObject({
      documentType: 'statement',
      documentId: null,
      period: { from: '2025-04-01', to: '2025-09-30', fyStartYear: undefined },
    });
    expect(checkSendoutInput({ ...statement, fyStartYear: 2025 }).period).toEqual({ fyStartYear: 2025, from: undefined, to: undefined });
    expect(problems({ ...statement, documentId: 3, from: '2025-02-30', fyStartYear: 1999 })).toEqual({
      documentId: expect.stringContaining('not taken with document_type statement'),
      from: 'must be a date written Y-m-d',
      fyStartYear: 'must be a year such as 2025',
    });
    expect(problems({ ...valid, from: '2025-04-01' })).toEqual({ from: 'is taken only with document_type statement' });
  });

  it('rejects unknown document types and non-integer ids', () => {
    expect(problems({ ...valid, documentType: 'receipt', clientId: 0, documentId: 1.5 })).toEqual({
      documentType: 'must be one of invoice, quotation, proforma-invoice, debit-note, credit-note, statement',
      clientId: 'must be a positive integer',
      documentId: 'must be a positive integer',
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
    expect(checkSendoutInput({ ...valid, toEmail: 'a@example.com' }).toEmail).toBe('a@example.com');
    expect(checkSendoutInput({ ...valid, toEmail: '' }).toEmail).toBeNull();
    expect(problems({ ...valid, toEmail: 'not-an-email' })).toEqual({ toEmail: 'must be a valid email address' });
  });

  it('cc and bcc are comma-separated and each address is checked', () => {
    const req = checkSendoutInput({ ...valid, ccEmails: 'a@example.com, b@example.in,,A@example.com ', bccEmails: 'c@example.com' });
    expect(req.ccEmails).toEqual(['a@example.com', 'b@example.in']);
    expect(req.bccEmails).toEqual(['c@example.com']);
    expect(problems({ ...valid, ccEmails: 'a@example.com, nope', bccEmails: 'x@y' })).toEqual({
      ccEmails: 'contains invalid email addresses: nope',
      bccEmails: 'contains invalid email addresses: x@y',
    });
    expect(problems({ ...valid, ccEmails: ['a@example.com'] })).toEqual({ ccEmails: 'must be a comma-separated string of email addresses' });
  });

  it('parseEmailList skips blanks and duplicates', () => {
    expect(parseEmailList(' , a@x.in ,b@y.in, a@X.in,')).toEqual({ emails: ['a@x.in', 'b@y.in'], invalid: [] });
    expect(parseEmailList('a@x.in; b@y.in')).toEqual({ emails: [], invalid: ['a@x.in; b@y.in'] });
  });
});
