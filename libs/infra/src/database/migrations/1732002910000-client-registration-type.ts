import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The GST registration type of a client (docs/gst-exports.md, "GSTR-3B"): `regular`, `composition`, `uin` (a UN body,
 * embassy or other notified person with a Unique Identity Number), `unregistered` or `consumer`. Optional: NULL on
 * clients stored before, read as regular with a GSTIN and unregistered without.
 */
export class ClientRegistrationType1732002910000 implements MigrationInterface {
  name = 'ClientRegistrationType1732002910000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE clients ADD COLUMN registration_type VARCHAR(20) NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE clients DROP COLUMN registration_type');
  }
}
