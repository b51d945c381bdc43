import { pathOf } from '../common/http-middleware';
import { DOCUMENT_KINDS, DocumentKind, documentKind, isDocumentKind } from '@app/domain/documents/document-kinds';
import { Forbidden, NotFound } from '@app/domain/shared/domain-error';
import { can, Principal } from '@app/domain/shared/principal';
import type { EdgeRequest } from '../edge/http-edge';

/** The `{type}` path parameter as documented in OpenAPI. */
export const DOCUMENT_TYPE_PARAM = { name: 'type', enum: [...DOCUMENT_KINDS] };

/** An unknown `{type}` is an unknown route (404 with route and method); a missing permission is 403. */
export function documentTypeOf(type: string, req: Pick<EdgeRequest, 'method' | 'url'>, principal: Principal): DocumentKind {
  if (!isDocumentKind(type)) {
    const route = pathOf(req.url);
    throw new NotFound(`No route for ${req.method} ${route}.`, { route, method: req.method });
  }
  requireDocumentPermission(principal, type);
  return type;
}

/** A user token needs the permission of the document's kind (API keys have every permission). */
export function requireDocumentPermission(principal: Principal, kind: DocumentKind): void {
  const { permission } = documentKind(kind);
  if (!can(principal, permission)) throw new Forbidden(`This user lacks the "${permission}" permission.`, { permission });
}
