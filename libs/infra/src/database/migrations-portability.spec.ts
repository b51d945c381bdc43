import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Migrations stay within the SQL that MariaDB, MySQL, Galera, TiDB and Vitess all run (docs/scaling.md): no code
 * in the database (triggers, stored procedures and functions, events) and none of the engine-specific features
 * below. Each rule names why it is out.
 */
const FORBIDDEN: Array<[RegExp, string]> = [
  [/create\s+(definer\s*=\s*\S+\s+)?trigger/i, 'triggers: TiDB and Vitess (across shards) run none; the adapters keep derived rows'],
  [/create\s+(definer\s*=\s*\S+\s+)?procedure/i, 'stored procedures: TiDB has none'],
  [/create\s+(definer\s*=\s*\S+\s+)?(aggregate\s+)?function/i, 'stored functions: TiDB has none'],
  [/create\s+(definer\s*=\s*\S+\s+)?event\b/i, 'scheduled events: TiDB has none; schedules run in the worker'],
  [/\bdelimiter\b/i, 'DELIMITER only serves compound statements (triggers, procedures)'],
  [/create\s+sequence|next\s+value\s+for|\bnextval\s*\(/i, 'sequences: MariaDB-only syntax; numbering uses its own counter rows'],
  [/system\s+versioning/i, 'system-versioned tables: MariaDB-only'],
  [/\b(get_lock|release_lock|is_free_lock)\s*\(/i, 'named locks: per server, not shared by a cluster or shards'],
  [/\bfulltext\b|\bspatial\b/i, 'FULLTEXT and SPATIAL indexes: TiDB does not build them'],
  [/engine\s*=\s*(?!innodb\b)\w+/i, 'storage engines other than InnoDB'],
  [/\b(uuid_short|sys_guid)\s*\(/i, 'engine-specific id generators'],
];

const DIR = join(__dirname, 'migrations');

/** The forbidden rules a migration's text breaks (comments included: a comment may not show one either). */
function violations(file: string): string[] {
  const text = readFileSync(join(DIR, file), 'utf8');
  return FORBIDDEN.filter(([pattern]) => pattern.test(text)).map(([, why]) => why);
}

describe('migrations use only portable SQL', () => {
  const files = readdirSync(DIR).filter((f) => /^\d{13}-.+\.ts$/.test(f));

  it.each(files)('%s', (file) => {
    expect(violations(file)).toEqual([]);
  });

  it('catches each kind of forbidden statement', () => {
    const samples = [
      // As a dump writes one (with its definer).
      'CREATE DEFINER=root@localhost TRIGGER t AFTER INSERT ON x FOR EACH ROW SET @a = 1',
      'CREATE DEFINER=root@localhost PROCEDURE p() BEGIN END',
      'CREATE FUNCTION f() RETURNS INT RETURN 1',
      'CREATE EVENT e ON SCHEDULE EVERY 1 DAY DO DELETE FROM x',
      'CREATE SEQUENCE s',
      'SELECT GET_LOCK("a", 1)',
      'ALTER TABLE x ADD FULLTEXT KEY k (a)',
      'CREATE TABLE x (a INT) ENGINE=MyISAM',
      'CREATE TABLE x (a INT) WITH SYSTEM VERSIONING',
    ];
    for (const sample of samples) expect(FORBIDDEN.some(([pattern]) => pattern.test(sample))).toBe(true);
    expect(FORBIDDEN.some(([pattern]) => pattern.test('CREATE TABLE x (a INT) ENGINE=InnoDB'))).toBe(false);
  });
});
