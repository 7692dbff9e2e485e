import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@voltline/shared/id';
import { pageQuerySchema } from '@voltline/shared/paging';
import { carrierInputSchema, packingSlipParamsSchema, carrierSchema, createShipmentSchema, serialParamsSchema, shipmentSchema, toolWarrantySchema, warrantyAnswerSchema } from '@voltline/shared/shipments';
import { markDeliveredSchema } from '@voltline/shared/returns';
import { callerOf, type CallerGuards } from '../identity/caller.ts';
import { sendPage } from '../http/replies.ts';
import type { ShipmentsService } from './shipments-service.ts';

/** Parcels of an order (issue 38, decision 046) and the carriers admins ship with. */
export function shipmentsRoutes(shipmentsService: ShipmentsService, guards: CallerGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/purchasedSingle/:id/shipments',
      {
        onRequest: guards.requireUser,
        schema: {
          tags: ['orders'],
          summary:
            "An order's parcels, oldest first, a page at a time (limit, cursor from the Link header): each with its lines (units and serial numbers), carrier, tracking number and tracking address, and when it left. Its buyer or an admin; anyone else 404.",
          params: idParamsSchema,
          querystring: pageQuerySchema,
          response: { 200: z.array(shipmentSchema) },
        },
      },
      async (request, reply) => sendPage(request, reply, await shipmentsService.listShipments(callerOf(request), request.params.id, request.query)),
    );

    app.post(
      '/adminPurchased/:id/shipments',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags: ['back office'],
          summary:
            "Ship a parcel of a paid order: { lines: [{ toolId, quantity }], carrier (one of the shop's carriers), trackingNumber, serialNumbers?: { [toolId]: [serial, ...] } }. Its units leave the stock; the order is partially shipped until every unit is, then shipped; the buyer is mailed the parcel and its tracking link. 400 or 409 in words: more units than are left to ship, a tool not in the order, an unpaid, canceled or refunded order, serial numbers missing, repeated or already shipped. Admins only.",
          params: idParamsSchema,
          body: createShipmentSchema,
          response: { 200: shipmentSchema },
        },
      },
      (request) => shipmentsService.createShipment(callerOf(request), request.params.id, request.body),
    );

    app.get(
      '/adminPurchased/:id/shipments/:shipmentId/packing-slip.pdf',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags: ['back office'],
          summary: "A parcel's packing slip as PDF: the order, the parcel's tools with their units and serial numbers, carrier and tracking, and the delivery address; no prices. Admins only.",
          params: packingSlipParamsSchema,
        },
      },
      async (request, reply) => {
        const { pdf, fileName } = await shipmentsService.packingSlip(request.params.id, request.params.shipmentId);
        return reply.header('Content-Type', 'application/pdf').header('Content-Disposition', `attachment; filename="${fileName}"`).send(pdf);
      },
    );

    app.post(
      '/adminPurchased/:id/shipments/:shipmentId/delivered',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags: ['back office'],
          summary: "Mark a parcel delivered (now): the buyer's withdrawal period runs from the day its last parcel was delivered. The first time counts. Admins only.",
          params: packingSlipParamsSchema,
          body: markDeliveredSchema,
          response: { 200: shipmentSchema },
        },
      },
      (request) => shipmentsService.markDelivered(request.params.id, request.params.shipmentId),
    );

    app.get(
      '/warranty/:serial',
      {
        onRequest: guards.requireUser,
        schema: {
          tags: ['orders'],
          summary:
            "The unit shipped with this serial number: its tool, order, shipment time, warranty in months (the tool's, else WARRANTY_MONTHS), the last day covered (UTC) and whether it is covered today. Its buyer and admins; anyone else 404.",
          params: serialParamsSchema,
          response: { 200: warrantyAnswerSchema },
        },
      },
      (request) => shipmentsService.warranty(callerOf(request), request.params.serial),
    );

    app.patch(
      '/admin/tools/:id/warranty',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags: ['back office'],
          summary:
            "Whether each unit of the tool carries a serial number that shipping must name ({ serialised }), and its warranty in months ({ warrantyMonths }, null: the shop's WARRANTY_MONTHS). Admins only.",
          params: idParamsSchema,
          body: toolWarrantySchema,
          response: { 200: toolWarrantySchema },
        },
      },
      (request) => shipmentsService.setToolWarranty(request.params.id, request.body),
    );

    app.get(
      '/admin/carriers',
      {
        onRequest: guards.requireAdmin,
        schema: { tags: ['back office'], summary: "The shop's carriers and their tracking addresses, by name (at most 50). Admins only.", response: { 200: z.array(carrierSchema) } },
      },
      () => shipmentsService.listCarriers(),
    );

    app.put(
      '/admin/carriers',
      {
        onRequest: guards.requireAdmin,
        schema: {
          tags: ['back office'],
          summary:
            'Add a carrier, or change the tracking address of the one of that name: { name, trackingUrlTemplate } where the template is an https address with {tracking} where the number goes (https://www.dhl.de/de/privatkunden.html?piececode={tracking}). Admins only.',
          body: carrierInputSchema,
          response: { 200: carrierSchema },
        },
      },
      (request) => shipmentsService.saveCarrier(request.body),
    );
  };
}
