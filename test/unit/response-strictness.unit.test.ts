/** Responses are checked strictly in tests: a field no schema names (a storage attribute) is a leak. */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { safeParse } from 'zod/v4/core';
import { strayFields } from '../../shared/http/handler';
import { toResource } from '../../shared/db/resource';
import { paymentSchema } from '../../shared/domain/payment';

const schema = z.object({
  id: z.string(),
  payments: z.array(z.object({ id: z.string(), amount: z.number() })),
});

describe('strict response checks', () => {
  it('names every field the schema drops, nested in objects and arrays', () => {
    const answered = { id: 'o', PK: 'ORDER#o', payments: [{ id: 'p', amount: 1, orderId: 'o' }] };
    const parsed = safeParse(schema, answered);
    expect(parsed.success).toBe(true);
    expect(strayFields(answered, parsed.data)).toEqual(['body.PK', 'body.payments[0].orderId']);
    expect(strayFields({ id: 'o', payments: [], note: undefined }, { id: 'o', payments: [] })).toEqual([]);
  });

  it('maps an item to a resource with only the fields its schema names', () => {
    const item = {
      PK: 'ORDER#o',
      SK: 'A#PAYMENT#x',
      orderId: 'o',
      id: '01JD0000000000000000000PAY',
      amount: 100,
      method: 'card',
      paidAt: '2026-11-22T10:00:00.000Z',
      recordedAt: '2026-11-22T10:00:00.000Z',
      recordedBy: 'ada',
    };
    expect(toResource(paymentSchema, item)).toEqual({
      id: '01JD0000000000000000000PAY',
      amount: 100,
      method: 'card',
      paidAt: '2026-11-22T10:00:00.000Z',
      recordedAt: '2026-11-22T10:00:00.000Z',
      recordedBy: 'ada',
    });
  });
});
