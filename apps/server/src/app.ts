import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import { constants as zlib } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { catalogueAdminRoutes } from './catalogue/catalogue-admin-routes.ts';
import { catalogueCsvRoutes } from './catalogue/catalogue-csv-routes.ts';
import { toolGalleryAdminRoutes, toolGalleryRoutes } from './images/tool-gallery-routes.ts';
import { stockRoutes } from './catalogue/stock-routes.ts';
import { auditRoutes } from './audit/audit-routes.ts';
import { catalogueRoutes } from './catalogue/catalogue-routes.ts';
import { categoryAdminRoutes, categoryRoutes } from './catalogue/category-routes.ts';
import { accessoryRoutes, familyAdminRoutes } from './catalogue/family-routes.ts';
import { registerSeoRoutes } from './catalogue/seo-routes.ts';
import { registerShareImageRoutes } from './catalogue/share-image-routes.ts';
import { adminOrdersRoutes } from './orders/admin-orders-routes.ts';
import { shipmentsRoutes } from './orders/shipments-routes.ts';
import { answerRouterRefusal, registerErrorHandler } from './http/error-handler.ts';
import { loadPageRenderer } from './http/server-rendering.ts';
import { registerSpa } from './http/spa.ts';
import { fastifyTrustProxy } from './http/trusted-proxies.ts';
import { registerMetrics } from './http/metrics.ts';
import { createApiKeyLimit, createPublicReadRations, createAccountDeletionLimit, createMyDataLimit, createQueryLimit, createStockAlertLimit, createWriteLimits, createWrongCouponCodeLimit, registerRateLimits } from './http/rate-limits.ts';
import { hasLiveSession, identityRoutes, registerAuthBridge } from './identity/auth-routes.ts';
import { imagesRoutes } from './images/images-routes.ts';
import { invoicesRoutes } from './invoices/invoices-routes.ts';
import { vatReportRoutes } from './invoices/vat-report-routes.ts';
import { webhookEndpointsRoutes } from './notifications/webhook-endpoints-routes.ts';
import { ordersRoutes } from './orders/orders-routes.ts';
import { createShopPages } from './pages/shop-pages.ts';
import { shopPagesRoutes } from './pages/shop-pages-routes.ts';
import { clientConfigSchema } from '@voltline/shared/account';
import { deliveryPromotionRoutes, pricingAdminRoutes, taxSettingsRoutes } from './pricing/pricing-routes.ts';
import { paymentsRoutes } from './payments/payments-routes.ts';
import { profilesRoutes } from './profiles/profiles-routes.ts';
import { queriesRoutes } from './queries/queries-routes.ts';
import { businessAccountsRoutes } from './trade/business-accounts-routes.ts';
import { onAccountRoutes } from './trade/on-account-routes.ts';

import { groupPricesRoutes } from './pricing/group-prices-routes.ts';
import { stockAlertsRoutes } from './stock-alerts/stock-alerts-routes.ts';
import { cartRoutes } from './cart/cart-routes.ts';
import { returnsRoutes } from './returns/returns-routes.ts';
import { myDataRoutes } from './my-data/my-data-routes.ts';
import { twoFactorRoutes } from './identity/two-factor-routes.ts';
import { apiKeysRoutes } from './identity/api-keys-routes.ts';
import { withApiKeyScopes } from './http/api-key-docs.ts';
import { checkoutRoutes } from './cart/checkout-routes.ts';
import { reviewsRoutes } from './reviews/reviews-routes.ts';
import { pingRedis } from './platform/redis.ts';
import { backupReadiness } from './platform/backups/backups.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from './db/unavailable.ts';
import type { ShopCore } from './shop-core.ts';

/** Builds the whole HTTP app; main.ts listens with it, tests call it with inject(). */
export async function buildApp(core: ShopCore, logger: FastifyInstance['log'] | false): Promise<FastifyInstance> {
  const { config } = core;
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    frameworkErrors: answerRouterRefusal,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  // Stripe's hosts are allowed only when Stripe is the gateway: otherwise the shop loads nothing from elsewhere.
  const stripe = config.payments.provider === 'stripe';
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...(stripe ? ['https://api.stripe.com'] : []), ...(config.tokenSyncUrl ? [new URL(config.tokenSyncUrl).origin] : [])],
        frameSrc: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The OAuth popup talks back to the page that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  await registerRateLimits(app, core.redis);
  const writeLimits = createWriteLimits(config.writeRateLimits);
  const publicReads = createPublicReadRations(config.publicUncachedReadsPerSecond);
  // Brotli's default quality (11) is meant for files compressed once; answers compressed on every
  // request (the cached lists are compressed apart, once) use a quality that keeps up with the network.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Voltline shop API', version: '1.0.0' } },
    transform: (input) => jsonSchemaTransform(withApiKeyScopes(input, core.guards)),
  });

  await app.register(
    async (api) => {
      api.get('/health', { schema: { hide: true } }, () => ({ ok: true }));
      api.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
        // Ready means the database answers: without Redis the shop still sells (limits and caches
        // per instance), so an outage of Redis must not take every instance out of the balancer.
        const [database, redis] = await Promise.all([core.database.ping(), pingRedis(core.redis)]);
        const redisState = core.redis ? (redis ? 'up' : 'down: limits and caches are kept per instance') : 'not configured';
        if (!database) reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
        return reply.status(database ? 200 : 503).send(
          database
            ? // The last backup's outcome, for whoever watches the shop (decision 056); it does not make the shop unready.
              { ok: true, database, redis: redisState, backup: backupReadiness(core.backups.status()) }
            : { error: 'not_ready', message: 'Not ready: the database does not answer.', redis: redisState },
        );
      });
      api.get('/docs', { schema: { hide: true } }, () => app.swagger());
      const identity = { auth: core.auth, tokens: core.tokens, profiles: core.profiles, config };
      registerAuthBridge(api, identity);
      await api.register(identityRoutes(identity));
      // Every call an API key makes counts towards its limit, once its route's guard has let it in (decision 066).
      api.addHook('preHandler', createApiKeyLimit(app, config.apiKeyRequestsPerMinute));
      await api.register(twoFactorRoutes(core.guards, config.adminTwoFactor));
      await api.register(apiKeysRoutes(core.apiKeys, core.guards));
      await api.register(catalogueRoutes(core.catalogue, publicReads));
      await api.register(categoryRoutes(core.categories, core.catalogue, publicReads));
      await api.register(accessoryRoutes(core.accessories, publicReads));
      await api.register(reviewsRoutes(core.reviews, core.guards, writeLimits.reviews, publicReads));
      const wrongCouponCodes = createWrongCouponCodeLimit(app, config.wrongCouponCodesPerHour);
      await api.register(ordersRoutes(core.orders, core.payments, core.guards, writeLimits.orders, wrongCouponCodes));
      await api.register(cartRoutes(core.cart, core.guards, writeLimits.cart));
      await api.register(checkoutRoutes(core.checkout, core.guards, { quote: writeLimits.cart, checkout: writeLimits.orders, wrongCouponCodes }));
      await api.register(invoicesRoutes(core.invoices, core.guards));
      await api.register(paymentsRoutes(core.payments, core.guards));
      await api.register(core.paymentGatewayRoutes);
      await api.register(adminOrdersRoutes(core.adminOrders, core.guards));
      await api.register(shipmentsRoutes(core.shipments, core.guards));
      await api.register(returnsRoutes(core.returns, core.guards, writeLimits.orders));
      await api.register(myDataRoutes(core.myData, core.forgetMe, core.guards, { exports: createMyDataLimit(config.myDataExportsPerHour), deletions: createAccountDeletionLimit(config.accountDeletionTriesPerHour) }));
      await api.register(vatReportRoutes(core.vatReport, core.guards));
      await api.register(catalogueAdminRoutes(core.catalogue, core.guards));
      await api.register(catalogueCsvRoutes(core.catalogueCsv, core.guards));
      await api.register(categoryAdminRoutes(core.categories, core.guards));
      await api.register(familyAdminRoutes(core.families, core.accessories, core.guards));
      await api.register(stockRoutes(core.stock, core.guards));
      await api.register(stockAlertsRoutes(core.stockAlerts, core.guards, createStockAlertLimit(app, config.stockAlertRateLimitPerHour)));
      await api.register(webhookEndpointsRoutes(core.webhookEndpoints, core.guards, writeLimits.webhookEndpoints));
      await api.register(deliveryPromotionRoutes(core.deliverySettings));
      await api.register(pricingAdminRoutes(core.deliverySettings, core.coupons, core.guards));
      await api.register(taxSettingsRoutes(core.taxSettings, core.guards));
      await api.register(businessAccountsRoutes(core.businessAccounts, core.guards, writeLimits.orders));
      await api.register(onAccountRoutes(core.businessAccounts, core.onAccount, core.guards));

      await api.register(groupPricesRoutes(core.groupPrices, core.guards));
      await api.register(auditRoutes(core.audit, core.guards));
      api.get(
        '/client-config',
        { schema: { tags: ['identity'], summary: "Settings the web app needs (the token-sync URL, the shop's country and VAT rate, its currency and the locale amounts are written in). Public.", response: { 200: clientConfigSchema } } },
        async () => {
          const tax = await core.taxSettings.current();
          return { tokenSyncUrl: config.tokenSyncUrl ?? null, shopCountry: tax.country, vatRate: tax.standardRate, ...config.money };
        },
      );
      await api.register(profilesRoutes(core.profiles, core.guards));
      await api.register(imagesRoutes(core.images, core.guards, writeLimits.uploads));
      await api.register(toolGalleryRoutes(core.toolGallery, publicReads));
      await api.register(toolGalleryAdminRoutes(core.toolGallery, core.guards, writeLimits.uploads));
      await api.register(queriesRoutes(core.queries, core.guards, createQueryLimit(config.queryRateLimitPerHour)));
      await api.register(shopPagesRoutes(createShopPages({ dataDir: config.dataDir, log: app.log })));
    },
    { prefix: '/api' },
  );
  registerMetrics(app, { database: core.database, guards: core.guards, metricsToken: config.metricsToken, redis: core.redis, backups: core.backups });
  registerSeoRoutes(app, core.catalogue, config.publicUrl);
  registerShareImageRoutes(app, { catalogue: core.catalogue, images: core.images, config });
  await registerSpa(app, config.webDistDir, {
    renderPublicPage: await loadPageRenderer(app, config),
    isSignedIn: (request) => hasLiveSession(core.auth, request),
  });
  return app;
}
