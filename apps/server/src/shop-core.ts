import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { setShopMoney } from '@voltline/shared/money';
import { createCartService } from './cart/cart-service.ts';
import { createCatalogueService } from './catalogue/catalogue-service.ts';
import { createCatalogueCsv } from './catalogue/catalogue-csv.ts';
import { createToolGallery } from './images/tool-gallery.ts';
import { createCategoriesService } from './catalogue/categories-service.ts';
import { createFamiliesService } from './catalogue/families-service.ts';
import { createAccessoriesService } from './catalogue/accessories-service.ts';
import { createStockLedger } from './catalogue/stock-ledger.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createJsonCache } from './platform/cached-json.ts';
import { createCacheBus } from './platform/cache-bus.ts';
import type { RedisLink } from './platform/redis.ts';
import { createPaging } from './platform/paging.ts';
import { createAuditLog } from './audit/audit-log.ts';
import { createImagesService } from './images/images-service.ts';
import { createApiKeys } from './identity/api-keys.ts';
import { createApiTokens } from './identity/api-tokens.ts';
import { createAuth } from './identity/better-auth.ts';
import { createCallerGuards } from './identity/caller.ts';
import { createMailer } from './platform/mailer.ts';
import { createAdminOrdersService } from './orders/admin-orders-service.ts';
import { createShipmentsService } from './orders/shipments-service.ts';
import { createReturnsService } from './returns/returns-service.ts';
import { createMyDataExport } from './my-data/my-data-export.ts';
import { createForgetMe } from './my-data/forget-me.ts';
import { createInvoiceRegister } from './invoices/invoice-register.ts';
import { createInvoicesService, type DrawDocument } from './invoices/invoices-service.ts';
import { createVatReport } from './invoices/vat-report.ts';
import { createMailComposer } from './notifications/mail-composer.ts';
import { createNotificationDispatcher } from './notifications/notification-dispatcher.ts';
import { createOrderMail } from './notifications/order-mail.ts';
import { createOrderNotifier } from './notifications/order-notifier.ts';
import { createWebhookEndpointsService } from './notifications/webhook-endpoints-service.ts';
import { createBackupFailureReport } from './notifications/backup-failure-mail.ts';
import { createBackups } from './platform/backups/backups.ts';
import { createOrderLifecycle } from './orders/lifecycle/index.ts';
import { createOrdersService } from './orders/orders-service.ts';
import { createBuiltinPayments } from './payments/builtin-payments.ts';
import { createPaymentsService } from './payments/payments-service.ts';
import { createStripePayments } from './payments/stripe-payments.ts';
import { createCouponsService } from './pricing/coupons-service.ts';
import { createGroupPricesService } from './pricing/group-prices.ts';
import { createDeliverySettingsService } from './pricing/delivery-settings-service.ts';
import { createTaxSettingsService, initialTaxSettings } from './pricing/tax-settings-service.ts';
import { createOrderPricer } from './pricing/order-pricing.ts';
import { createCheckoutService } from './cart/checkout-service.ts';
import { createQueriesService } from './queries/queries-service.ts';
import { createStockAlertMail } from './stock-alerts/stock-alert-mail.ts';
import { createStockAlertsService } from './stock-alerts/stock-alerts-service.ts';
import { createUnsubscribeTokens } from './stock-alerts/unsubscribe-token.ts';
import { createQueryMail } from './queries/query-mail.ts';
import { createProfilesService } from './profiles/profiles-service.ts';
import { createReviewsService } from './reviews/reviews-service.ts';
import { createBusinessAccountMail } from './trade/business-account-mail.ts';
import { createBusinessAccountsService } from './trade/business-accounts-service.ts';
import { createOnAccountService } from './trade/on-account-service.ts';
import { createBuiltinVatChecker } from './trade/builtin-vat-checker.ts';
import { createVatIdRegister } from './trade/vat-id-register.ts';
import { createViesVatChecker } from './trade/vies-vat-checker.ts';

/** Every service of the shop, wired once; the HTTP app and the first-start tasks share them. */
export function createShopCore(deps: {
  config: Config;
  database: DatabaseHandle;
  secret: string;
  log: FastifyBaseLogger;
  redis?: RedisLink;
  /** How invoice and credit note PDFs are drawn; tests pass one that counts and holds drawings. */
  drawDocument?: DrawDocument;
}) {
  const { config, database, secret, log, redis } = deps;
  // Every amount the services write (mails, documents, history, refusals) is in the shop's currency (decision 067).
  setShopMoney(config.money);
  const db = database.db;
  const mailer = createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log,
  });
  const tokens = createApiTokens(secret);
  const paging = createPaging(secret);
  const apiKeys = createApiKeys(db, paging);
  const orderMail = createOrderMail(config.invoicing.shopLegalName, config.publicUrl);
  const notifier = createOrderNotifier(orderMail, config.mail.shopNotifyEmail);
  const cacheBus = createCacheBus(redis, log, database);
  const listCache = createJsonCache({ bus: cacheBus, maxBytes: config.listCacheBytes });
  const webhookTargets = { publicUrl: config.publicUrl, port: config.port, allowPrivateTargets: config.allowPrivateWebhookTargets };
  // The one gateway the configuration names; its own routes (card form or webhook) come with it.
  const payment = config.payments.provider === 'stripe' ? createStripePayments(config.payments, config.money.currency) : createBuiltinPayments(db, config.money.currency);
  const { gateway } = payment;
  const taxSettings = createTaxSettingsService(db, cacheBus, initialTaxSettings(config));
  const invoiceRegister = createInvoiceRegister(config.invoicing, config.payments.provider, taxSettings);
  const deliverySettings = createDeliverySettingsService(db, cacheBus);
  // The one VAT id checker the configuration names (decision 055), as with the card gateway.
  const vatChecker = config.vatChecks.provider === 'vies' ? createViesVatChecker(config.vatChecks.viesUrl, config.invoicing.shopTaxId) : createBuiltinVatChecker();
  const vatIds = createVatIdRegister(db, vatChecker, config.vatChecks.maxAgeDays);
  const pricer = createOrderPricer(taxSettings, deliverySettings, config.couponHoldMinutes, vatIds);
  const shopCountry = async () => (await taxSettings.current()).country;
  const stockAlerts = createStockAlertsService({
    db,
    mail: createStockAlertMail(config.invoicing.shopLegalName, config.publicUrl),
    tokens: createUnsubscribeTokens(secret),
    publicUrl: config.publicUrl,
  });
  const lifecycle = createOrderLifecycle({
    db,
    notifier,
    restockAlerts: stockAlerts,
    gateway,
    catalogueCache: listCache,
    invoices: invoiceRegister,
    pricer,
    shopCountry,
    returnTerms: { withdrawalDays: config.withdrawalDays, deliveryDays: config.deliveryDays, warrantyMonths: config.warrantyMonths },
  });
  const cart = createCartService(db, taxSettings);
  const orders = createOrdersService(db, lifecycle, paging);
  const invoices = createInvoicesService({
    db,
    orders,
    register: invoiceRegister,
    drawingsAtOnce: config.documentDrawingsAtOnce,
    draw: deps.drawDocument,
    seller: async () => ({ ...config.invoicing.contact, country: await shopCountry() }),
  });
  const composeMail = createMailComposer({ db, orderMail, documentFiles: invoices.mailFiles });
  const categories = createCategoriesService(db, listCache);
  const families = createFamiliesService(db, listCache, paging);
  const accessories = createAccessoriesService(db, listCache, paging);
  // Decision 056: main.ts starts the schedule; /api/ready and /api/metrics read its status.
  const backups = createBackups({
    database,
    settings: config.backups,
    log,
    reportFailure: createBackupFailureReport({ db, shopName: config.invoicing.shopLegalName, shopNotifyEmail: config.mail.shopNotifyEmail }),
  });
  const catalogue = createCatalogueService(db, listCache, paging, lifecycle, categories, { families, accessories });
  const auth = createAuth({ db, log, config, secret, mailer });
  return {
    config,
    database,
    backups,
    redis,
    cacheBus,
    listCache,
    invoiceRegister,
    mailer,
    tokens,
    auth,
    apiKeys,
    guards: createCallerGuards(database, tokens, config.adminTwoFactor, apiKeys),
    catalogue,
    catalogueCsv: createCatalogueCsv(db, secret, lifecycle, listCache),
    categories,
    families,
    accessories,
    stock: createStockLedger(db, paging, lifecycle),
    stockAlerts,
    cart,
    checkout: createCheckoutService({ db, cart, pricer, lifecycle }),
    reviews: createReviewsService(db, listCache, paging),
    profiles: createProfilesService(db, paging),
    images: createImagesService(db),
    toolGallery: createToolGallery(db, listCache),
    queries: createQueriesService({
      db,
      paging,
      queryMail: createQueryMail(config.invoicing.shopLegalName),
      shopNotifyEmail: config.mail.shopNotifyEmail,
      publicUrl: config.publicUrl,
    }),
    orders,
    invoices,
    vatReport: createVatReport(db),
    notificationDispatcher: createNotificationDispatcher({ db, mailer, composeMail, webhookTargets, log }),
    webhookEndpoints: createWebhookEndpointsService(db, webhookTargets, paging),
    adminOrders: createAdminOrdersService(db, lifecycle, paging),
    shipments: createShipmentsService(db, lifecycle, paging, config.warrantyMonths),
    returns: createReturnsService(db, lifecycle, paging),
    myData: createMyDataExport(db),
    forgetMe: createForgetMe({ db, auth, lifecycle, invoices, listCache, taxRecordYears: config.taxRecordYears }),
    deliverySettings,
    taxSettings,
    coupons: createCouponsService(db, paging),
    groupPrices: createGroupPricesService(db, paging, taxSettings),
    businessAccounts: createBusinessAccountsService({ db, paging, vatIds, mail: createBusinessAccountMail(config.invoicing.shopLegalName, config.publicUrl) }),
    onAccount: createOnAccountService({ db, paging, lifecycle }),
    audit: createAuditLog(db, paging),
    /** The order lifecycle itself: jobs and races drive its verbs directly. */
    lifecycle,
    payments: createPaymentsService({ db, orders, lifecycle, gateway }),
    paymentGatewayRoutes: payment.routes({ db, lifecycle }),
  };
}
export type ShopCore = ReturnType<typeof createShopCore>;
