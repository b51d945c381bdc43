import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LEGAL_IDS, LegalArticle, LegalLibrary } from '@app/domain/public-info/legal-library.port';

/** Where the policy texts live (relative to the working directory, the project root). */
export const LEGAL_DIR = resolve('legal');

const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n+/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * The policies as markdown files `<dir>/<id>.md`, each opening with a front matter block of `title:` and
 * `updated_at:` ('Y-m-d H:i:s' UTC). Read once at start; a missing or malformed file stops the process,
 * so a deployment never serves half its policies.
 */
export class MarkdownLegalLibrary extends LegalLibrary {
  private readonly articles: readonly LegalArticle[];

  constructor(dir: string = LEGAL_DIR) {
    super();
    this.articles = LEGAL_IDS.map((id) => parseArticle(id, readFileSync(join(dir, `${id}.md`), 'utf8')));
  }

  list(): readonly LegalArticle[] {
    return this.articles;
  }

  find(id: string): LegalArticle | null {
    return this.articles.find((a) => a.id === id) ?? null;
  }
}

function parseArticle(id: LegalArticle['id'], text: string): LegalArticle {
  const normalized = text.replace(/\r\n/g, '\n');
  const match = FRONT_MATTER.exec(normalized);
  if (!match) throw new Error(`legal/${id}.md must start with a front matter block (title, updated_at)`);
  const fields = Object.fromEntries(
    match[1].split('\n').map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at).trim(), line.slice(at + 1).trim()];
    }),
  );
  if (!fields.title) throw new Error(`legal/${id}.md has no title`);
  if (!TIMESTAMP.test(fields.updated_at ?? '')) throw new Error(`legal/${id}.md needs updated_at as "Y-m-d H:i:s"`);
  return { id, title: fields.title, updatedAt: fields.updated_at, body: normalized.slice(match[0].length).trimEnd() + '\n' };
}
