/**
 * The layering of the code base, checked by `npm run lint` (and so by `npm test`):
 * libs/domain is plain TypeScript, libs/infra adapts it, libs/contract says how the API shows it, apps wire and expose it; packages/sdk stands alone (it is
 * published for integrators). Tests may import anything.
 * @type {import('dependency-cruiser').IConfiguration}
 */
const TESTS = '(^test/|^bench/|[.](spec|e2e-spec)[.]ts$|^libs/domain/testing/)';

module.exports = {
  forbidden: [
    {
      name: 'domain-is-plain-typescript',
      comment: 'libs/domain imports only itself and decimal.js: no framework, ORM, queue, browser or Node built-in beyond what is allowed here.',
      severity: 'error',
      from: { path: '^libs/domain/src/', pathNot: TESTS },
      to: { pathNot: ['^libs/domain/src/', '^node_modules/decimal[.]js/'] },
    },
    {
      name: 'domain-shared-imports-no-feature',
      comment:
        'libs/domain/src/shared is the vocabulary every feature uses (the account, the caller and its principal, money, dates, errors, platform ports): it imports only itself, so a feature never reaches another through it.',
      severity: 'error',
      from: { path: '^libs/domain/src/shared/', pathNot: TESTS },
      to: { path: '^libs/domain/', pathNot: '^libs/domain/src/shared/' },
    },
    {
      name: 'contract-stands-on-the-domain',
      comment:
        "libs/contract is the API's answers and requests (presenters, DTOs, the OpenAPI document's hand-written parts) shared by the API and the worker (webhook objects): it imports itself, the domain, the libraries that describe a contract and the JSON Schemas of the returns (schemas/), never an app, and of infra only the resource limits, which its DTOs state when they load (MAX_DOCUMENT_LINES, MAX_BULK_IDS: deployment settings read from the environment), and the typed provider helpers its module binds with.",
      severity: 'error',
      from: { path: '^libs/contract/', pathNot: TESTS },
      to: {
        pathNot: [
          '^libs/contract/',
          '^libs/domain/src/',
          '^libs/infra/src/config/limits-config[.]ts$',
          '^libs/infra/src/core/providers[.]ts$',
          '^node_modules/(decimal[.]js|class-validator|class-transformer|randexp|@nestjs/(common|swagger))/',
          '^schemas/[^/]+[.]json$',
        ],
      },
    },
    {
      name: 'domain-and-infra-never-import-the-contract',
      comment: "The domain returns domain objects and infra adapts ports: neither builds or knows the API's JSON (libs/contract does).",
      severity: 'error',
      from: { path: '^libs/(domain|infra)/', pathNot: TESTS },
      to: { path: '^libs/contract/' },
    },
    {
      name: 'infra-never-imports-apps',
      severity: 'error',
      from: { path: '^libs/infra/', pathNot: TESTS },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-never-import-each-other',
      comment: 'apps/api, apps/worker and apps/cli share code only through libs/.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/', pathNot: TESTS },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'http-platform-only-at-the-edge',
      comment:
        'Fastify and Express are seen only by their edge implementations (apps/api/src/edge/*.edge.ts, with the Express edge route index) and the app factory that picks one; everything else uses the edge port (apps/api/src/edge/http-edge.ts).',
      severity: 'error',
      from: {
        path: '^(apps|libs)/',
        pathNot: [
          '^apps/api/src/edge/(fastify|express)[.]edge[.]ts$',
          '^apps/api/src/edge/express-route-index([.]spec)?[.]ts$',
          '^apps/api/src/app[.]factory[.]ts$',
        ],
      },
      to: { path: '^node_modules/(fastify|express|@fastify/[^/]+|@nestjs/platform-(fastify|express))/' },
    },
    {
      name: 'sdk-stands-alone',
      comment:
        'packages/sdk is installed by integrators without the service: it imports only itself, openapi-fetch, standardwebhooks and Node built-ins; the service never imports it.',
      severity: 'error',
      from: { path: '^packages/sdk/', pathNot: ['^packages/sdk/test/', TESTS] },
      to: { pathNot: ['^packages/sdk/', '(^|/)node_modules/(openapi-fetch|standardwebhooks)/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'service-never-imports-the-sdk',
      severity: 'error',
      from: { path: '^(apps|libs)/', pathNot: TESTS },
      to: { path: '^packages/' },
    },
    {
      name: 'no-cycles',
      severity: 'error',
      from: { pathNot: TESTS },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every import resolves (a typo in a path alias would otherwise slip past the other rules).',
      severity: 'error',
      from: { pathNot: TESTS },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
