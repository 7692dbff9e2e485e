import { signInOverHttp } from '@voltline/test-kit/api-client';
import { ADMIN, newCustomer, signUpOverHttp } from '@voltline/test-kit/customers';
import { paidOrderOfThreeTools } from '@voltline/test-kit/orders';

/**
 * Where the parcel and return journeys start: a new customer with a paid order of three tools (a line
 * each of its minimum and `extraUnits` more), and the admin signed in over HTTP with `carrier` saved.
 */
export async function paidOrderToShip(shopUrl: string, carrier: { name: string; trackingUrlTemplate: string }, extraUnits: number) {
  const customer = newCustomer();
  const buyer = await signUpOverHttp(shopUrl, customer);
  const admin = await signInOverHttp(shopUrl, ADMIN.email, ADMIN.password);
  const saved = await admin.call('PUT', '/api/admin/carriers', carrier);
  if (saved.status !== 200) throw new Error(`saving the carrier failed: ${saved.status} ${JSON.stringify(saved.body)}`);
  return { customer, admin, ...(await paidOrderOfThreeTools(shopUrl, buyer, extraUnits)) };
}
