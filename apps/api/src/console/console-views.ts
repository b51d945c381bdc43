import Handlebars from 'handlebars';
import { ACCOUNT_PARTIALS, ACCOUNT_VIEWS } from './views/account-pages';
import { AUTH_VIEWS } from './views/auth-pages';
import { DOCUMENT_VIEWS } from './views/document-pages';
import { LAYOUT, PARTIALS } from './views/layout';
import { WEBHOOK_VIEWS } from './views/webhook-pages';

const SOURCES: Record<string, string> = { ...AUTH_VIEWS, ...ACCOUNT_VIEWS, ...WEBHOOK_VIEWS, ...DOCUMENT_VIEWS };
export type ViewName = string;

type Render = (context: Record<string, unknown>) => string;

/** The console's pages: Handlebars as the PDF templates use it, in an instance of their own, compiled once at start. */
export class ConsoleViews {
  private readonly layout: Render;
  private readonly views = new Map<string, Render>();

  constructor() {
    const hb = Handlebars.create();
    for (const [name, source] of Object.entries({ ...PARTIALS, ...ACCOUNT_PARTIALS })) hb.registerPartial(name, source);
    const compile = (source: string): Render => {
      const fn = hb.compile(source, { strict: false, noEscape: false });
      fn({});
      return fn;
    };
    this.layout = compile(LAYOUT);
    for (const [name, source] of Object.entries(SOURCES)) this.views.set(name, compile(source));
  }

  /** A whole page: the view inside the layout, `context` seen by both (title, csrf, me, notice, problem...). */
  page(view: ViewName, context: Record<string, unknown>): string {
    const render = this.views.get(view);
    if (!render) throw new Error(`no console view "${view}"`);
    return this.layout({ ...context, body: render(context) });
  }
}
