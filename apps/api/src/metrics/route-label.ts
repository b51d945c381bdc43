/**
 * The route template of a request (`GET /v1/invoices/{id}`) for metric labels: raw URLs would give one
 * time series per id. Templates come from the operation table, so every route the API serves has one;
 * anything else is `unmatched` (unknown paths, probes, scanners), which keeps the label set bounded.
 */
export class RouteLabels {
  private readonly exact = new Map<string, string>();
  /** Templates with parameters by method and segment count, so a request tries only those of its shape. */
  private readonly patterns = new Map<string, { pattern: RegExp; label: string }[]>();

  constructor(operationKeys: Iterable<string>) {
    for (const key of operationKeys) {
      const [method, template] = key.split(' ');
      if (!template.includes('{')) {
        this.exact.set(`${method} ${template}`, template);
        continue;
      }
      const source = template
        .split('/')
        .map((segment) => (/^\{[^}]+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
        .join('/');
      const shape = `${method} ${template.split('/').length}`;
      this.patterns.set(shape, [...(this.patterns.get(shape) ?? []), { pattern: new RegExp(`^${source}$`), label: template }]);
    }
    // A literal segment wins over a parameter (`/v1/invoices/bulk-delete` before `/v1/invoices/{id}`).
    const params = (label: string) => (label.match(/\{/g) ?? []).length;
    for (const list of this.patterns.values()) list.sort((a, b) => params(a.label) - params(b.label));
  }

  /** The template for a method and a URL (query string and a trailing slash ignored). */
  of(method: string, url: string): string {
    const query = url.indexOf('?');
    let path = query === -1 ? url : url.slice(0, query);
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const verb = method === 'HEAD' ? 'GET' : method;
    const exact = this.exact.get(`${verb} ${path}`);
    if (exact) return exact;
    for (const { pattern, label } of this.patterns.get(`${verb} ${path.split('/').length}`) ?? []) if (pattern.test(path)) return label;
    return 'unmatched';
  }
}
