import { DOCUMENT_PERMISSIONS } from '../shared/principal';
import { DOCUMENT_KINDS, documentKind } from './document-kinds';

describe('document kinds', () => {
  it('name every document permission once, in the order of the permission list', () => {
    expect(DOCUMENT_KINDS.map((kind) => documentKind(kind).permission)).toEqual([...DOCUMENT_PERMISSIONS]);
  });
});
