import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginFormSchema, registerFormSchema, resetPasswordFormSchema } from './account.ts';
import { adminOrdersQuerySchema, paymentUpdateSchema, placeOrderSchema, purchaseFormSchema, refundOrderSchema } from './order.ts';
import { phoneSchema } from './phone.ts';
import { toolListQuerySchema } from './paging.ts';
import { cardSchema } from './payment.ts';
import { profileInfoUpdateSchema, profileUpdateFormSchema } from './profile.ts';
import { queryFormSchema } from './query-form.ts';
import { reviewInputSchema } from './review.ts';
import { toolInputSchema, toolUpdateSchema } from './tool.ts';
import { webhookEndpointInputSchema } from './webhook.ts';
import { wholeNumberFromText } from './whole-number.ts';

/** Every schema whose refusals a person reads: in a form, or in an API answer shown as a toast. */
const schemas: Record<string, z.ZodObject> = {
  registerFormSchema,
  loginFormSchema,
  resetPasswordFormSchema,
  queryFormSchema,
  profileUpdateFormSchema,
  profileInfoUpdateSchema,
  reviewInputSchema,
  toolInputSchema,
  toolUpdateSchema,
  webhookEndpointInputSchema,
  purchaseFormSchema: purchaseFormSchema({ minimumOrderQuantity: 10, availableQuantity: 250 }),
  placeOrderSchema,
  refundOrderSchema,
  paymentUpdateSchema,
  cardSchema,
  toolListQuerySchema,
  adminOrdersQuerySchema,
};

/** What people (and scripts) put in fields: far too long, far too big, the wrong kind, nothing at all. */
const wrongValues: unknown[] = ['x'.repeat(10_001), '9'.repeat(10_000), 1e20, 1e3, -1, 2.5, Number.NaN, true, {}, [], null, undefined, ''];

const zodPhrasing = /too big|too small|expected|invalid input|invalid option|unrecognized key/i;

describe("every refusal people read is in the shop's words", () => {
  for (const [name, schema] of Object.entries(schemas)) {
    it(`${name}: no message in zod's phrasing`, () => {
      const messages = new Set<string>();
      for (const key of Object.keys(schema.shape)) {
        for (const value of wrongValues) {
          const result = schema.safeParse({ [key]: value, unknownField: 1 });
          for (const issue of result.error?.issues ?? []) messages.add(issue.message);
        }
      }
      messages.add(schema.safeParse('not an object').error?.issues[0]?.message ?? '');
      expect(messages.size).toBeGreaterThan(1);
      expect([...messages].filter((message) => zodPhrasing.test(message))).toEqual([]);
    });
  }

  it('states a text limit in words', () => {
    expect(toolInputSchema.shape.toolName.safeParse('x'.repeat(121)).error?.issues[0]?.message).toBe(
      'Tool name can be at most 120 characters',
    );
    expect(queryFormSchema.shape.query.safeParse('x'.repeat(2001)).error?.issues[0]?.message).toBe(
      'Your query can be at most 2000 characters',
    );
  });

  it('labels a limit a schema states without a message by its field', () => {
    const result = z.object({ minimumOrderQuantity: z.number().max(5) }).safeParse({ minimumOrderQuantity: 6 });
    expect(result.error?.issues[0]?.message).toBe('Minimum order quantity can be at most 5');
  });
});

describe('misleading refusals', () => {
  it('a 10,000-digit phone is too long, not missing', () => {
    expect(phoneSchema.safeParse('1'.repeat(10_000)).error?.issues[0]?.message).toBe('Phone can be at most 30 characters');
  });

  it('a huge quantity is over the limit, not "not whole"', () => {
    const result = toolInputSchema.shape.minimumOrderQuantity.safeParse(1e20);
    expect(result.error?.issues[0]?.message).toBe('Minimum order quantity can be at most 1,000,000');
    expect(toolInputSchema.shape.price.safeParse(1e20).error?.issues[0]?.message).toBe('Unit price can be at most $1,000,000.00');
  });

  it('"1e3" typed as a count is refused, not read as 1000', () => {
    expect(wholeNumberFromText('1e3')).toBeNaN();
    expect(wholeNumberFromText(' 12 ')).toBe(12);
    const result = toolInputSchema.shape.minimumOrderQuantity.safeParse(wholeNumberFromText('1e3'));
    expect(result.error?.issues[0]?.message).toBe('Minimum order quantity must be a whole number');
  });
});
