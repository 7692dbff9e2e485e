import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { couponChangeSchema, couponInputSchema, couponSchema } from '@voltline/shared/coupons';
import { deliveryPromotionInputSchema, deliveryPromotionSchema, deliveryRatesInputSchema, deliveryRatesSchema } from '@voltline/shared/delivery-settings';
import { idParamsSchema } from '@voltline/shared/id';
import { taxSettingsInputSchema, taxSettingsSchema } from '@voltline/shared/tax-settings';
import { pageQuerySchema } from '@voltline/shared/paging';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import type { CouponsService } from './coupons-service.ts';
import type { DeliverySettingsService } from './delivery-settings-service.ts';
import type { TaxSettingsService } from './tax-settings-service.ts';
import { answerPage, pageOf, routesTagged, guardEveryRoute } from '../http/route-options.ts';

const route = routesTagged('pricing');

/** The banner's delivery promotion as it stands now. Public. */
export function deliveryPromotionRoutes(delivery: DeliverySettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/delivery-promotion',
      route("The delivery promotion the home page's banner shows: percent off the delivery charge, whether it applies now, until when. Public.", { answer: deliveryPromotionSchema }),
      // Kept in memory until changed (delivery-settings-service.ts); the browser asks again each time.
      async (_request, reply) => reply.header('Cache-Control', 'no-cache').send(await delivery.currentPromotion()),
    );
  };
}

/** What delivery costs, its promotion and the coupon codes. Every route: admins only. */
export function pricingAdminRoutes(delivery: DeliverySettingsService, coupons: CouponsService, guards: CallerGuards): FastifyPluginAsyncZod {
  return async (app) => {
    guardEveryRoute(app, guards.allow('settings'));

    app.get('/admin/delivery-rates', route('Delivery charges by country (ISO code, * for the rest of the world). Admins only.', { answer: deliveryRatesSchema }),
      () => delivery.rates());
    app.put('/admin/delivery-rates', route('Replaces every delivery rate at once: one per country, and one for the rest of the world (*). Admins only.', { body: deliveryRatesInputSchema, answer: deliveryRatesSchema }),
      (request) => delivery.replaceRates(callerOf(request), request.body));

    app.get('/admin/delivery-promotion', route('The delivery promotion as set. Admins only.', { answer: deliveryPromotionSchema }), () => delivery.promotion());
    app.put('/admin/delivery-promotion', route('Sets the percent off the delivery charge, switches it on or off, and when it ends by itself. Admins only.', { body: deliveryPromotionInputSchema, answer: deliveryPromotionSchema }),
      (request) => delivery.setPromotion(callerOf(request), request.body));

    app.get('/admin/coupons', route('Coupon codes, newest first, a page at a time (limit, cursor from the Link header); q finds codes starting with it. Admins only.', { querystring: pageQuerySchema, answer: pageOf(couponSchema) }),
      answerPage((request) => coupons.list(request.query)));
    app.post('/admin/coupons', route('Creates a coupon code: a percent or an amount off the goods, with optional limits and dates. Admins only.', { body: couponInputSchema, answer: couponSchema }),
      (request) => coupons.create(callerOf(request), request.body));
    app.patch('/admin/coupons/:id', route('Disables or enables a coupon, or changes its limits or dates (not its code or amount). Admins only.', { params: idParamsSchema, body: couponChangeSchema, answer: couponSchema }),
      (request) => coupons.change(callerOf(request), request.params.id, request.body));
  };
}

/** How the shop charges VAT (issue 43, item 7): the Tax settings page. Every route: admins only. */
export function taxSettingsRoutes(tax: TaxSettingsService, guards: CallerGuards): FastifyPluginAsyncZod {
  return async (app) => {
    guardEveryRoute(app, guards.allow('settings'));

    app.get('/admin/tax-settings', route("The shop's country, standard VAT rate, whether prices include VAT, and the note for orders without VAT. Admins only.", { answer: taxSettingsSchema }),
      () => tax.current());
    app.put('/admin/tax-settings', route('Sets how the shop charges VAT, for the quotes and orders from now on (an order placed keeps its figures). Admins only.', { body: taxSettingsInputSchema, answer: taxSettingsSchema }),
      (request) => tax.update(callerOf(request), request.body));
  };
}
