import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppConfig } from '@app/infra/config/app-config';
import { AppModule } from './app.module';
import { documentValidationLimits } from './common/document-limits';
import { finishDocument, API_VERSION } from '@app/contract/openapi/document';
import { EdgeAdapter, EdgeReply, EdgeSettings } from './edge/http-edge';
import { ExpressEdgeAdapter } from './edge/express.edge';
import { FastifyEdgeAdapter } from './edge/fastify.edge';
import { createLogger, requestLogger } from './logger';
import { ApiMetrics } from './metrics/api-metrics';
import { OPERATIONS } from '@app/contract/openapi/operations';
import { RouteLabels } from './metrics/route-label';
import { registerConsole } from './console/register-console';

/** The repository's CHANGELOG.md (found upward from this file, from the sources or from dist/). */
function readChangelog(): string {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'CHANGELOG.md'))) return readFileSync(join(dir, 'CHANGELOG.md'), 'utf8');
  }
  return '# Changelog\n';
}

/**
 * Builds the HTTP app (used by main and by the e2e suites) on the platform HTTP_ADAPTER names: Fastify by
 * default, or Express. Everything above the platform is written against the edge port (edge/http-edge.ts).
 */
export async function createApiApp(config: AppConfig): Promise<INestApplication> {
  const logger = createLogger(config.logLevel);
  const logLine = logger.isLevelEnabled('info') ? requestLogger(logger) : null;
  const metrics = new ApiMetrics(new RouteLabels(Object.keys(OPERATIONS)));
  const logRequest = (req: IncomingMessage, res: ServerResponse) => {
    metrics.observe(req, res);
    logLine?.(req, res);
  };
  const settings: EdgeSettings = { jsonMaxDepth: config.http.jsonMaxDepth, trustProxy: config.http.trustProxy };
  const adapter = config.http.adapter === 'express' ? new ExpressEdgeAdapter(settings, logRequest) : new FastifyEdgeAdapter(settings, logRequest);
  const app = await NestFactory.create(AppModule.register(config, metrics), adapter, {
    bodyParser: false,
    logger: config.logLevel === 'silent' ? false : ['error', 'warn'],
  });
  app.enableShutdownHooks();

  documentValidationLimits();
  const openapi = finishDocument(
    SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle('Invoicing API')
        .setVersion(API_VERSION)
        .addBearerAuth({ type: 'http', scheme: 'bearer' }, 'bearer')
        .addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Key' }, 'api-key')
        .build(),
      { operationIdFactory: (_controller, method) => method },
    ),
    config.publicBaseUrl,
  );
  const changelog = readChangelog();
  // Served raw (Markdown, not the JSON envelope), like the OpenAPI document itself.
  app.getHttpAdapter().get('/changelog', (_request: unknown, reply: EdgeReply) => {
    reply.header('content-type', 'text/markdown; charset=utf-8');
    reply.send(changelog);
  });
  // The web console (docs/console.md): HTML pages beside the API, outside its OpenAPI document; off unless CONSOLE_ENABLED.
  if (config.console.enabled) registerConsole(app, config);
  SwaggerModule.setup('docs', app, openapi, { jsonDocumentUrl: 'v1/openapi.json', yamlDocumentUrl: 'v1/openapi.yaml' });
  return app;
}

/** Initialises the app so an in-process server (supertest) can take requests (Fastify needs `ready()`). */
export async function readyApiApp(app: INestApplication): Promise<void> {
  await app.init();
  await (app.getHttpAdapter() as unknown as EdgeAdapter).whenReady();
}
