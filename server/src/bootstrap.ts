import { INestApplicationContext, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import type { NextFunction, Request, Response } from 'express';
import { DocumentBuilder, getSchemaPath, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { AppModule, BrowserWorkerModule } from './app.module';
import { AppConfig } from './common/config/app.config';
import { AllExceptionsFilter } from './common/http/all-exceptions.filter';
import { ErrorBodyDto } from './common/http/error-body.dto';
import { clientApp } from './common/http/client-app.middleware';
import { finishApiDocument } from './common/http/openapi-document.builder';
import { APP_CONFIG } from './common/config/config.module';
import { rateLimitHeaders } from './common/http/rate-limit-headers.util';
import { responseCompression } from './common/http/compression.middleware';
import { requestInputGuard } from './common/http/request-input.guard';
import { NestJsonLogger } from './common/logging/json.logger';
import { requestContext } from './common/logging/request-context.middleware';
import { requestLogging } from './common/logging/request-logging.middleware';
import { httpMetrics } from './common/metrics/http-metrics.middleware';
import { MetricsService } from './common/metrics/metrics.service';
import { appVersion, PACKAGE_ROOT } from './common/package-info.util';
import { securityHeaders, stripeOrigins } from './common/security/security-headers.middleware';
import { STRIPE_WEBHOOK_PATH, webhookRawBody } from './billing/webhook-raw-body.middleware';

export const API_PREFIX = 'api';

export interface CreateAppOptions {
  /** Where the built client lives; defaults to dist/client in the package. */
  clientDir?: string;
}

/** Builds the whole application (middleware, API, docs, client) without listening. */
export async function createApp(
  config: AppConfig,
  logger: Logger,
  options: CreateAppOptions = {},
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: new NestJsonLogger(logger.child({ component: 'nest' })),
    bodyParser: false,
    abortOnError: false,
  });
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(requestLogging(logger));
  app.use(requestContext());
  app.use(httpMetrics(app.get(MetricsService)));
  app.use(rateLimitHeaders());
  app.use(responseCompression());
  app.use(...securityHeaders({ https: config.publicUrl.startsWith('https://'), stripe: stripeOrigins(config) }));
  // Before the JSON parser: the Stripe webhook's signature covers its raw bytes.
  app.use(STRIPE_WEBHOOK_PATH, webhookRawBody());
  app.useBodyParser('json', { limit: '100kb' });
  app.use(`/${API_PREFIX}`, requestInputGuard());
  app.use(cookieParser());
  app.use(clientApp({ clientDir: options.clientDir ?? join(PACKAGE_ROOT, 'dist', 'client'), publicUrl: config.publicUrl }));

  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalPipes(
    new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true, stopAtFirstError: true }),
  );
  app.useGlobalFilters(new AllExceptionsFilter(logger.child({ component: 'http' })));

  // API_DOCS_UI=false turns the Swagger UI off; /api/docs then sends readers (and the links in the
  // app's footer and account page) to the document itself at /api/docs-json.
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: `${API_PREFIX}/docs-json`,
    customSiteTitle: 'Footprint API',
    ui: config.apiDocsUi,
  });
  if (!config.apiDocsUi) {
    app.use(`/${API_PREFIX}/docs`, (req: Request, res: Response, next: NextFunction) =>
      req.method === 'GET' && (req.path === '/' || req.path === '') ? res.redirect(302, `/${API_PREFIX}/docs-json`) : next(),
    );
  }
  return app;
}

export function buildOpenApiDocument(app: NestExpressApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Footprint API')
    .setVersion(appVersion())
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'API token or JWT',
        description:
          'A personal API token (`fp_<prefix>_<secret>`, optionally read-only and expiring; see POST /api/auth/tokens) ' +
          'or an access token from sign-in (a JWT, 15 minutes).',
      },
      'bearer',
    )
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: "The server's OPERATOR_TOKEN (operators only)." }, 'operatorToken')
    .addCookieAuth(
      'fp_refresh',
      { type: 'apiKey', in: 'cookie', name: 'fp_refresh', description: 'The HttpOnly refresh cookie set by sign-in (refresh and logout only).' },
      'refreshCookie',
    )
    .addGlobalResponse({
      status: 'default',
      description: 'An error; `error` is the message to show a person.',
      schema: { $ref: getSchemaPath(ErrorBodyDto) },
    })
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    extraModels: [ErrorBodyDto],
    operationIdFactory: (_controllerKey, methodKey) => methodKey,
  });
  return finishApiDocument(document, { publicUrl: app.get<AppConfig>(APP_CONFIG).publicUrl });
}

/**
 * A browser-worker instance (INSTANCE_ROLE=browser-worker): no HTTP server, no API, no scheduler;
 * only the database, the SSRF guard and the audit browser, claiming website scans' browser work
 * from the shared queue.
 */
export async function createBrowserWorker(config: AppConfig, logger: Logger): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(BrowserWorkerModule.forRoot(config), {
    logger: new NestJsonLogger(logger.child({ component: 'nest' })),
    abortOnError: false,
  });
  await app.init();
  return app;
}
