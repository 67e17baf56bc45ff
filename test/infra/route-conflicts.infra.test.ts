import { describe, expect, it } from 'vitest';
import { findVariableConflicts } from '../../infra/route-conflicts';

describe('findVariableConflicts (API Gateway: one variable name per level under a parent)', () => {
  it('catches {id} beside {orderId} under the same parent', () => {
    expect(findVariableConflicts(['GET /v1/orders/{id}', 'POST /v1/orders/{orderId}/notes'])).toEqual([
      { parent: '/v1/orders', names: ['id', 'orderId'] },
    ]);
  });

  it('accepts one name per level, literals beside a variable, and $default', () => {
    expect(
      findVariableConflicts([
        '$default',
        'GET /v1/orders/{p2}',
        'PUT /v1/orders/{p2}',
        'GET /v1/orders/{p2}/notes/{p4}',
        'GET /v1/orders/statuses',
        'ANY /v1/orders/{p2}',
      ]),
    ).toEqual([]);
  });

  it('allows different names under different parents', () => {
    expect(findVariableConflicts(['GET /v1/orders/{id}', 'GET /v1/returns/{returnId}'])).toEqual([]);
  });

  it('compares deeper levels whatever the upper variables are named', () => {
    expect(findVariableConflicts(['GET /v1/a/{x}/b/{y}', 'GET /v1/a/{x}/b/{z}/c'])).toEqual([
      { parent: '/v1/a/{}/b', names: ['y', 'z'] },
    ]);
  });

  it('treats a greedy variable as a variable of the same level', () => {
    expect(findVariableConflicts(['GET /v1/files/{key+}', 'GET /v1/files/{id}/meta'])).toEqual([
      { parent: '/v1/files', names: ['id', 'key'] },
    ]);
  });
});
