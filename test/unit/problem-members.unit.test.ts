import { describe, expect, it } from 'vitest';
import { Conflict } from '../../shared/errors';
import { problemResponse } from '../../shared/http/problem';

describe('problem documents', () => {
  it('keep their standard members whatever an error’s extensions are called', () => {
    const error = new Conflict('The label is voided.', {
      status: 'voided',
      type: 'x',
      reasonCode: 'label_voided',
    });
    const response = problemResponse(error, 'c-1', '/v1/x');
    expect(response.statusCode).toBe(409);
    expect(JSON.parse(response.body)).toEqual({
      type: 'https://problems.commerce-backoffice.dev/conflict',
      title: 'Conflict',
      status: 409,
      detail: 'The label is voided.',
      instance: '/v1/x',
      correlationId: 'c-1',
      reasonCode: 'label_voided',
    });
  });
});
