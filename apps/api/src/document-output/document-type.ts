import type { FastifyRequest } from 'fastify';
import { pathOf } from '../common/http-middleware';
import { DocumentKind } from '@app/domain/documents/document-number';
import { Forbidden, NotFound } from '@app/domain/shared/domain-error';
import { can, PermissionKey, Principal } from '@app/domain/shared/principal';

/** The `{type}` path segment of document endpoints and the permission each type needs. */
export const DOCUMENT_TYPE_PERMISSIONS: Record<DocumentKind, PermissionKey> = {
  invoice: 'invoices',
  quotation: 'quotations',
  'proforma-invoice': 'proforma_invoices',
  'debit-note': 'debit_notes',
  'credit-note': 'credit_notes',
};

/** An unknown `{type}` is an unknown route (404 with route and method); a missing permission is 403. */
export function documentTypeOf(type: string, req: Pick<FastifyRequest, 'method' | 'url'>, principal: Principal): DocumentKind {
  if (!Object.prototype.hasOwnProperty.call(DOCUMENT_TYPE_PERMISSIONS, type)) {
    const route = pathOf(req.url);
    throw new NotFound(`No route for ${req.method} ${route}.`, { route, method: req.method });
  }
  const kind = type as DocumentKind;
  const permission = DOCUMENT_TYPE_PERMISSIONS[kind];
  if (!can(principal, permission)) throw new Forbidden(`This user lacks the "${permission}" permission.`, { permission });
  return kind;
}
