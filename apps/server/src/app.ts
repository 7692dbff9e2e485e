import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { catalogueRoutes } from './catalogue/catalogue-routes.ts';
import { createCatalogueService } from './catalogue/catalogue-service.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { answerRouterRefusal, registerErrorHandler } from './http/error-handler.ts';
import { registerSpa } from './http/spa.ts';
import { reviewsRoutes } from './reviews/reviews-routes.ts';
import { createReviewsService } from './reviews/reviews-service.ts';

export interface AppDependencies {
  config: Pick<Config, 'logLevel' | 'webDistDir'>;
  database: DatabaseHandle;
}

/** Builds the whole HTTP app; main.ts listens with it, tests call it with inject(). */
export async function buildApp({ config, database }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerRouterRefusal,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Voltline shop API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });

  const catalogue = createCatalogueService(database.db);
  const reviewsService = createReviewsService(database.db);

  await app.register(
    async (api) => {
      api.get('/health', { schema: { hide: true } }, () => ({ ok: true }));
      api.get('/docs', { schema: { hide: true } }, () => app.swagger());
      await api.register(catalogueRoutes(catalogue));
      await api.register(reviewsRoutes(reviewsService));
    },
    { prefix: '/api' },
  );
  await registerSpa(app, config.webDistDir);
  return app;
}
