import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Carrier, CarrierInput, CreateShipment, Shipment } from '@voltline/shared/shipments';
import { apiDownload, apiPage, apiRequest } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { orderKeys, toolKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/purchasedSingle/{id}/shipments (its buyer, admins): the order's parcels, oldest first.
 * The first page only: an order's parcels are at most its units, and a page holds 100.
 */
async function getShipments(orderId: string): Promise<Shipment[]> {
  return (await apiPage<Shipment>(`/purchasedSingle/${encodeURIComponent(orderId)}/shipments`)).items;
}

const shipmentsQueryOptions = (orderId: string) => queryOptions({ queryKey: orderKeys.shipments(orderId), queryFn: () => getShipments(orderId) });

export function useOrderShipments(orderId: string) {
  return useQuery(shipmentsQueryOptions(orderId));
}

/** GET /api/admin/carriers (admins): every carrier the shop ships with, by name (at most 50: one answer). */
export const carriersQueryOptions = queryOptions({ queryKey: orderKeys.carriers(), queryFn: () => apiRequest<Carrier[]>('/admin/carriers') });

export function useCarriers() {
  return useQuery(carriersQueryOptions);
}

/** PUT /api/admin/carriers (admins): a carrier added, or its tracking address or notice secret changed. */
export function useSaveCarrier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (carrier: CarrierInput) => apiRequest<Carrier>('/admin/carriers', { method: 'PUT', body: JSON.stringify(carrier) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.carriers() }),
  });
}

/** POST /api/adminPurchased/{id}/shipments (admins): a parcel of some units, with its carrier and tracking number; 400/409 in words. */
function createShipment({ orderId, shipment }: { orderId: string; shipment: CreateShipment }): Promise<Shipment> {
  return apiRequest<Shipment>(`/adminPurchased/${encodeURIComponent(orderId)}/shipments`, {
    method: 'POST',
    body: JSON.stringify(shipment),
    // As for deliverConfirm: the dialog shows a refusal instead of signing out.
    signOutOnAuthFailure: false,
  });
}

export function useCreateShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShipment,
    // Also after a refusal: another admin may have shipped the units meanwhile. The order lists, the
    // order's parcels and history sit under orders; the parcel lowered stock, which every tool list shows.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: toolKeys.all }),
      ]),
  });
}

/**
 * POST /api/adminPurchased/{id}/shipments/{shipmentId}/delivered (admins): the parcel arrived; the
 * buyer's withdrawal period runs from it (decision 048). The first time counts.
 */
const markDelivered = ({ orderId, shipmentId }: { orderId: string; shipmentId: string }) =>
  apiRequest<Shipment>(`/adminPurchased/${encodeURIComponent(orderId)}/shipments/${encodeURIComponent(shipmentId)}/delivered`, {
    method: 'POST',
    body: JSON.stringify({}),
    signOutOnAuthFailure: false,
  });

export function useMarkDelivered() {
  const queryClient = useQueryClient();
  // The parcels and the order's return window sit under the order.
  return useMutation({ mutationFn: markDelivered, onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }) });
}

/** GET /api/adminPurchased/{id}/shipments/{shipmentId}/packing-slip.pdf (admins): the parcel's slip for the warehouse, saved under the shop's name for it. */
async function downloadPackingSlip({ orderId, shipmentId }: { orderId: string; shipmentId: string }): Promise<void> {
  const file = await apiDownload(`/adminPurchased/${encodeURIComponent(orderId)}/shipments/${encodeURIComponent(shipmentId)}/packing-slip.pdf`);
  saveFile(file.blob, file.fileName ?? `packing-slip-${shipmentId}.pdf`);
}

export function useDownloadPackingSlip() {
  return useMutation({ mutationFn: downloadPackingSlip });
}
