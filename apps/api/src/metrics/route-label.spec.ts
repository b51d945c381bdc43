import { OPERATIONS } from '@app/contract/openapi/operations';
import { RouteLabels } from './route-label';

describe('RouteLabels', () => {
  const labels = new RouteLabels(Object.keys(OPERATIONS));

  it('names a request by its route template', () => {
    expect(labels.of('GET', '/v1/invoices/42')).toBe('/v1/invoices/{id}');
    expect(labels.of('GET', '/v1/invoices/42?x=1')).toBe('/v1/invoices/{id}');
    expect(labels.of('GET', '/v1/invoices/')).toBe('/v1/invoices');
    expect(labels.of('HEAD', '/v1/me')).toBe('/v1/me');
    expect(labels.of('GET', '/v1/documents/invoice/7/pdf')).toBe('/v1/documents/{type}/{id}/pdf');
  });

  it('prefers a literal segment to a parameter', () => {
    expect(labels.of('POST', '/v1/invoices/bulk-delete')).toBe('/v1/invoices/bulk-delete');
    expect(labels.of('PATCH', '/v1/invoices/9')).toBe('/v1/invoices/{id}');
  });

  it('puts every other request under one label', () => {
    expect(labels.of('GET', '/wp-admin/1')).toBe('unmatched');
    expect(labels.of('DELETE', '/v1/me')).toBe('unmatched');
    expect(labels.of('GET', '/v1/invoices/1/2/3/4')).toBe('unmatched');
  });
});
