import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { AppConfig } from '@app/infra/config/app-config';
import { AppModule } from './app.module';
import { EnvelopeExpressAdapter } from './common/envelope-express.adapter';
import { corsMiddleware, requestIdMiddleware } from './common/http-middleware';
import { createLogger, requestLogger } from './logger';

/** Paths whose JSON may carry a signature image: 5 MB; every other body: 1 MB. */
const LARGE_BODY_PATHS = [/^\/v1\/settings\/business\/?$/, /^\/v1\/sendouts\/?$/];

/** Builds the HTTP app (used by main and by the e2e suites). */
export async function createApiApp(config: AppConfig): Promise<INestApplication> {
  const logger = createLogger(config.logLevel);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config), new EnvelopeExpressAdapter(), {
    bodyParser: false,
    logger: config.logLevel === 'silent' ? false : ['error', 'warn'],
  });
  app.disable('x-powered-by');
  app.set('etag', false); // JSON bodies are not cached; hashing every body costs CPU
  app.set('query parser', 'simple');
  app.use(requestIdMiddleware);
  // One line per request at info level; with LOG_LEVEL above info the request logger is not installed at all.
  if (logger.isLevelEnabled('info')) app.use(requestLogger(logger));
  app.use(corsMiddleware);
  const small = express.json({ limit: '1mb' });
  const large = express.json({ limit: '5mb' });
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next(); // no body to read
    return (LARGE_BODY_PATHS.some((p) => p.test(req.path)) ? large : small)(req, res, next);
  });
  app.enableShutdownHooks();

  const openapi = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Invoicing API')
      .setDescription('GST invoicing for Indian businesses. Every response is {ok, data} or {ok: false, error: {code, message, details}}.')
      .setVersion('1.0.0')
      .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'API key (ik_...) or mobile access token' })
      .addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Key' }, 'api-key')
      .build(),
  );
  SwaggerModule.setup('docs', app, openapi, { jsonDocumentUrl: 'v1/openapi.json', yamlDocumentUrl: 'v1/openapi.yaml' });
  return app;
}
