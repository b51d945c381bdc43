import { Foundation1732000000000 } from './1732000000000-foundation';
import { SalesDocuments1732000001000 } from './1732000001000-sales-documents';

/** Every migration, in order. Add new ones at the end; never edit one that has shipped. */
export const MIGRATIONS = [Foundation1732000000000, SalesDocuments1732000001000];
