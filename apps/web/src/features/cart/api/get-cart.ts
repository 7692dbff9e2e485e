import { queryOptions } from '@tanstack/react-query';
import type { Cart } from '@voltline/shared/cart-rules';
import { apiRequest } from '../../../lib/api-client.ts';
import { cartKeys } from '../../../lib/query-keys.ts';

/** GET /api/cart: the signed-in customer's cart, at the current prices. */
const getCart = () => apiRequest<Cart>('/cart');

export const cartQueryOptions = queryOptions({ queryKey: cartKeys.mine(), queryFn: getCart });
