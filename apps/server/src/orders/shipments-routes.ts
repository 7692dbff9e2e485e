import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@voltline/shared/id';
import { pageQuerySchema } from '@voltline/shared/paging';
import {
  carrierInputSchema,
  carrierNoticeAnswerSchema,
  carrierNoticeParamsSchema,
  carrierNoticeSchema,
  packingSlipParamsSchema,
  carrierSchema,
  createShipmentSchema,
  serialParamsSchema,
  shipmentSchema,
  toolWarrantySchema,
  warrantyAnswerSchema,
} from '@voltline/shared/shipments';
import { markDeliveredSchema } from '@voltline/shared/returns';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import { answerPage, pageOf, routesTagged } from '../http/route-options.ts';
import type { ShipmentsService } from './shipments-service.ts';

const orderRoute = routesTagged('orders');
const backOfficeRoute = routesTagged('back office');
const carrierRoute = routesTagged('carriers');

/** The exact text of each carrier notice's body, which its signature is over; JSON.stringify of the parsed body need not give it back. */
const rawBodies = new WeakMap<FastifyRequest, string>();

/** A carrier's notices: its body parsed for the route's schema, the text kept for the signature. */
function carrierNoticeRoutes(shipmentsService: ShipmentsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      rawBodies.set(request, body as string);
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(Object.assign(new Error('The notice must be JSON: { trackingNumber, event, at }'), { statusCode: 400 }), undefined);
      }
    });
    app.post('/carriers/:name/notices', carrierRoute("A carrier tells that its parcel arrived: { trackingNumber, event: delivered, at } (ISO time). Signed with the secret an admin set for it on the Carriers page, in voltline-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of \"t.body\"> over the raw body, within 5 minutes. The buyer's withdrawal period runs from the first word of delivery, an admin's or a carrier's: a notice repeated changes nothing. 401 unsigned or signed with another secret; 404 an unknown carrier or tracking number. Carriers only.", { params: carrierNoticeParamsSchema, body: carrierNoticeSchema, answer: carrierNoticeAnswerSchema }),
      (request) => shipmentsService.takeCarrierNotice(request.params.name, request.body, { rawBody: rawBodies.get(request) ?? '', signature: request.headers['voltline-signature'] as string | undefined }));
  };
}

/** Parcels of an order (issue 38, decision 046) and the carriers admins ship with. */
export function shipmentsRoutes(shipmentsService: ShipmentsService, guards: CallerGuards): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(carrierNoticeRoutes(shipmentsService));

    app.get('/purchasedSingle/:id/shipments', orderRoute("An order's parcels, oldest first, a page at a time (limit, cursor from the Link header): each with its lines (units and serial numbers), carrier, tracking number and tracking address, and when it left. Its buyer or an admin; anyone else 404.", { onRequest: guards.requireUserOrKey('readOrders'), params: idParamsSchema, querystring: pageQuerySchema, answer: pageOf(shipmentSchema) }),
      answerPage((request) => shipmentsService.listShipments(callerOf(request), request.params.id, request.query)));

    app.post('/adminPurchased/:id/shipments', backOfficeRoute("Ship a parcel of a paid order, or of one on account before it is paid: { lines: [{ toolId, quantity }], carrier (one of the shop's carriers), trackingNumber, serialNumbers?: { [toolId]: [serial, ...] } }. Its units leave the stock; the order is partially shipped until every unit is, then shipped; the buyer is mailed the parcel and its tracking link. 400 or 409 in words: more units than are left to ship, a tool not in the order, an unpaid, canceled or refunded order, serial numbers missing, repeated or already shipped. Admins only.", { onRequest: guards.allow('ship'), params: idParamsSchema, body: createShipmentSchema, answer: shipmentSchema }),
      (request) => shipmentsService.createShipment(callerOf(request), request.params.id, request.body));

    app.get('/adminPurchased/:id/shipments/:shipmentId/packing-slip.pdf', backOfficeRoute("A parcel's packing slip as PDF: the order, the parcel's tools with their units and serial numbers, carrier and tracking, and the delivery address; no prices. Admins only.", { onRequest: guards.allow('ship'), params: packingSlipParamsSchema }),
      async (request, reply) => {
        const { pdf, fileName } = await shipmentsService.packingSlip(request.params.id, request.params.shipmentId);
        return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `attachment; filename="${fileName}"`).send(pdf);
      });

    app.post('/adminPurchased/:id/shipments/:shipmentId/delivered', backOfficeRoute("Mark a parcel delivered (now): the buyer's withdrawal period runs from the day its last parcel was delivered. The first time counts. Admins only.", { onRequest: guards.allow('ship'), params: packingSlipParamsSchema, body: markDeliveredSchema, answer: shipmentSchema }),
      (request) => shipmentsService.markDelivered(request.params.id, request.params.shipmentId));

    app.get('/warranty/:serial', orderRoute("The unit shipped with this serial number: its tool, order, shipment time, warranty in months (the tool's, else WARRANTY_MONTHS), the last day covered (UTC) and whether it is covered today. Its buyer and admins; anyone else 404.", { onRequest: guards.requireUserOrKey('readOrders'), params: serialParamsSchema, answer: warrantyAnswerSchema }),
      (request) => shipmentsService.warranty(callerOf(request), request.params.serial));

    app.patch('/admin/tools/:id/warranty', backOfficeRoute("Whether each unit of the tool carries a serial number that shipping must name ({ serialised }), and its warranty in months ({ warrantyMonths }, null: the shop's WARRANTY_MONTHS). Admins only.", { onRequest: guards.allow('catalogue'), params: idParamsSchema, body: toolWarrantySchema, answer: toolWarrantySchema }),
      (request) => shipmentsService.setToolWarranty(callerOf(request), request.params.id, request.body));

    app.get('/admin/carriers', backOfficeRoute("The shop's carriers and their tracking addresses, by name (at most 50), with the last 4 characters of each one's notice secret (null: none set). Admins only.", { onRequest: guards.allow('ship'), answer: z.array(carrierSchema) }),
      () => shipmentsService.listCarriers());

    app.put('/admin/carriers', backOfficeRoute('Add a carrier, or change the tracking address of the one of that name: { name, trackingUrlTemplate, noticeSecret? } where the template is an https address with {tracking} where the number goes (https://www.dhl.de/de/privatkunden.html?piececode={tracking}), and noticeSecret (at least 32 characters; left out: kept as it is) what the carrier signs its delivery notices with, answered back only as its last 4 characters. Admins only.', { onRequest: guards.allow('ship'), body: carrierInputSchema, answer: carrierSchema }),
      (request) => shipmentsService.saveCarrier(callerOf(request), request.body));
  };
}
