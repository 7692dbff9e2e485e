import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@voltline/shared/id';
import { pageQuerySchema } from '@voltline/shared/paging';
import { carrierInputSchema, packingSlipParamsSchema, carrierSchema, createShipmentSchema, serialParamsSchema, shipmentSchema, toolWarrantySchema, warrantyAnswerSchema } from '@voltline/shared/shipments';
import { markDeliveredSchema } from '@voltline/shared/returns';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import { answerPage, pageOf, routesTagged } from '../http/route-options.ts';
import type { ShipmentsService } from './shipments-service.ts';

const orderRoute = routesTagged('orders');
const backOfficeRoute = routesTagged('back office');

/** Parcels of an order (issue 38, decision 046) and the carriers admins ship with. */
export function shipmentsRoutes(shipmentsService: ShipmentsService, guards: CallerGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/purchasedSingle/:id/shipments', orderRoute("An order's parcels, oldest first, a page at a time (limit, cursor from the Link header): each with its lines (units and serial numbers), carrier, tracking number and tracking address, and when it left. Its buyer or an admin; anyone else 404.", { onRequest: guards.requireUser, params: idParamsSchema, querystring: pageQuerySchema, answer: pageOf(shipmentSchema) }),
      answerPage((request) => shipmentsService.listShipments(callerOf(request), request.params.id, request.query)));

    app.post('/adminPurchased/:id/shipments', backOfficeRoute("Ship a parcel of a paid order: { lines: [{ toolId, quantity }], carrier (one of the shop's carriers), trackingNumber, serialNumbers?: { [toolId]: [serial, ...] } }. Its units leave the stock; the order is partially shipped until every unit is, then shipped; the buyer is mailed the parcel and its tracking link. 400 or 409 in words: more units than are left to ship, a tool not in the order, an unpaid, canceled or refunded order, serial numbers missing, repeated or already shipped. Admins only.", { onRequest: guards.requireAdmin, params: idParamsSchema, body: createShipmentSchema, answer: shipmentSchema }),
      (request) => shipmentsService.createShipment(callerOf(request), request.params.id, request.body));

    app.get('/adminPurchased/:id/shipments/:shipmentId/packing-slip.pdf', backOfficeRoute("A parcel's packing slip as PDF: the order, the parcel's tools with their units and serial numbers, carrier and tracking, and the delivery address; no prices. Admins only.", { onRequest: guards.requireAdmin, params: packingSlipParamsSchema }),
      async (request, reply) => {
        const { pdf, fileName } = await shipmentsService.packingSlip(request.params.id, request.params.shipmentId);
        return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `attachment; filename="${fileName}"`).send(pdf);
      });

    app.post('/adminPurchased/:id/shipments/:shipmentId/delivered', backOfficeRoute("Mark a parcel delivered (now): the buyer's withdrawal period runs from the day its last parcel was delivered. The first time counts. Admins only.", { onRequest: guards.requireAdmin, params: packingSlipParamsSchema, body: markDeliveredSchema, answer: shipmentSchema }),
      (request) => shipmentsService.markDelivered(request.params.id, request.params.shipmentId));

    app.get('/warranty/:serial', orderRoute("The unit shipped with this serial number: its tool, order, shipment time, warranty in months (the tool's, else WARRANTY_MONTHS), the last day covered (UTC) and whether it is covered today. Its buyer and admins; anyone else 404.", { onRequest: guards.requireUser, params: serialParamsSchema, answer: warrantyAnswerSchema }),
      (request) => shipmentsService.warranty(callerOf(request), request.params.serial));

    app.patch('/admin/tools/:id/warranty', backOfficeRoute("Whether each unit of the tool carries a serial number that shipping must name ({ serialised }), and its warranty in months ({ warrantyMonths }, null: the shop's WARRANTY_MONTHS). Admins only.", { onRequest: guards.requireAdmin, params: idParamsSchema, body: toolWarrantySchema, answer: toolWarrantySchema }),
      (request) => shipmentsService.setToolWarranty(request.params.id, request.body));

    app.get('/admin/carriers', backOfficeRoute("The shop's carriers and their tracking addresses, by name (at most 50). Admins only.", { onRequest: guards.requireAdmin, answer: z.array(carrierSchema) }),
      () => shipmentsService.listCarriers());

    app.put('/admin/carriers', backOfficeRoute('Add a carrier, or change the tracking address of the one of that name: { name, trackingUrlTemplate } where the template is an https address with {tracking} where the number goes (https://www.dhl.de/de/privatkunden.html?piececode={tracking}). Admins only.', { onRequest: guards.requireAdmin, body: carrierInputSchema, answer: carrierSchema }),
      (request) => shipmentsService.saveCarrier(request.body));
  };
}
