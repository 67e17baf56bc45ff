import { describe, expect, it } from 'vitest';
import { vendorInputSchema } from '../../functions/vendors/vendors/schemas';
import { ValidationFailed } from '../../shared/errors';
import { parsePart } from '../../shared/http/validation';

describe('request validation', () => {
  it('names every bad field with a readable message, unknown fields included', () => {
    try {
      parsePart(
        vendorInputSchema,
        { code: '', name: 'Acme', currency: 'usd', leadTimeDays: 1.5, color: 'red' },
        'body',
      );
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationFailed);
      const errors = (error as ValidationFailed).errors;
      expect(errors).toEqual(
        expect.arrayContaining([
          { path: 'body.code', message: expect.stringContaining('letters') },
          { path: 'body.currency', message: 'must be an ISO 4217 currency code' },
          { path: 'body.leadTimeDays', message: 'must be an integer' },
          { path: 'body.color', message: 'unknown field' },
        ]),
      );
    }
  });

  it('applies defaults', () => {
    expect(parsePart(vendorInputSchema, { code: 'A1', name: ' Acme ', currency: 'EUR' }, 'body')).toEqual({
      code: 'A1',
      name: 'Acme',
      currency: 'EUR',
      leadTimeDays: 7,
      active: true,
    });
  });
});
