import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppConfig } from '@app/infra/config/app-config';
import { AppModule } from './app.module';
import { EnvelopeFastifyAdapter } from './common/envelope-fastify.adapter';
import { documentValidationLimits } from './common/document-limits';
import { finishDocument } from './common/openapi/document';
import { corsHeaders, pathOf, requestIdFor } from './common/http-middleware';
import { createLogger, requestLogger } from './logger';

/** Paths whose JSON may carry a signature image: 5 MB; every other body: 1 MB. */
const LARGE_BODY_PATHS = [/^\/v1\/settings\/business\/?$/, /^\/v1\/sendouts\/?$/];
const MB = 1024 * 1024;

/** An error Fastify and the error filter understand: `statusCode` plus a machine code. */
function bodyError(statusCode: number, code: string, message: string): Error {
  return Object.assign(new Error(message), { statusCode, code });
}

/**
 * JSON bodies: 1 MB (5 MB where a signature image may come), parsed once; an empty body is no body.
 * Anything else with a body is refused by Fastify (415), which the error filter reports as a 400.
 */
function registerJsonParser(fastify: FastifyInstance): void {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 5 * MB }, (req: FastifyRequest, body: string | Buffer, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    const limit = LARGE_BODY_PATHS.some((p) => p.test(pathOf(req.url))) ? 5 * MB : MB;
    if (Buffer.byteLength(text) > limit) return done(bodyError(413, 'FST_ERR_CTP_BODY_TOO_LARGE', 'Request body is too large'), undefined);
    if (!text.trim()) return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(bodyError(400, 'FST_ERR_CTP_INVALID_JSON', 'Body is not valid JSON'), undefined);
    }
  });
}

/** The repository's CHANGELOG.md (found upward from this file, from the sources or from dist/). */
function readChangelog(): string {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'CHANGELOG.md'))) return readFileSync(join(dir, 'CHANGELOG.md'), 'utf8');
  }
  return '# Changelog\n';
}

/** Builds the HTTP app (used by main and by the e2e suites). */
export async function createApiApp(config: AppConfig): Promise<INestApplication> {
  const logger = createLogger(config.logLevel);
  const adapter = new EnvelopeFastifyAdapter({
    logger: false,
    bodyLimit: 5 * MB,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => requestIdFor(req.headers['x-request-id']),
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(config), adapter, {
    bodyParser: false,
    logger: config.logLevel === 'silent' ? false : ['error', 'warn'],
  });
  const fastify: FastifyInstance = app.getHttpAdapter().getInstance();
  registerJsonParser(fastify);

  const logRequest = logger.isLevelEnabled('info') ? requestLogger(logger) : null;
  fastify.addHook('onRequest', (request, reply, done) => {
    // The request id (echoed in X-Request-Id), one log line per request, then CORS; an OPTIONS request
    // ends here with 204, before any authentication.
    (request.raw as typeof request.raw & { id?: string }).id = request.id;
    reply.header('X-Request-Id', request.id);
    if (logRequest) logRequest(request.raw, reply.raw);
    const preflight = request.method === 'OPTIONS';
    reply.headers(corsHeaders(request.headers.origin, preflight));
    if (preflight) return reply.code(204).send();
    done();
  });
  app.enableShutdownHooks();

  documentValidationLimits();
  const openapi = finishDocument(
    SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle('Invoicing API')
        .setVersion('1.0.0')
        .addBearerAuth({ type: 'http', scheme: 'bearer' }, 'bearer')
        .addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Key' }, 'api-key')
        .build(),
      { operationIdFactory: (_controller, method) => method },
    ),
    config.publicBaseUrl,
  );
  const changelog = readChangelog();
  fastify.get('/changelog', (_request, reply) => {
    void reply.header('content-type', 'text/markdown; charset=utf-8').send(changelog);
  });
  SwaggerModule.setup('docs', app, openapi, { jsonDocumentUrl: 'v1/openapi.json', yamlDocumentUrl: 'v1/openapi.yaml' });
  return app;
}

/** Fastify needs `ready()` before an in-process server (supertest) can take requests. */
export async function readyApiApp(app: INestApplication): Promise<void> {
  await app.init();
  await (app.getHttpAdapter().getInstance() as unknown as FastifyInstance).ready();
}
