/** The Problem component: every error the functions answer (RFC 9457, shared/http/problem.ts). */
import type { JsonSchema } from './component-schemas';

export const problemComponentName = 'Problem';

export const problemSchema: JsonSchema = {
  type: 'object',
  description:
    'An RFC 9457 problem document (`application/problem+json`). Some problems carry members of their own beside these (the ids that were not found, the current state and allowed actions of a refused transition, stock shortfalls).',
  required: ['type', 'title', 'status', 'detail'],
  properties: {
    type: {
      type: 'string',
      format: 'uri',
      description: 'Identifies the kind of problem; the same for every occurrence of it.',
    },
    title: {
      type: 'string',
      description: 'The HTTP status text of the problem kind (Not Found, Conflict, ...).',
    },
    status: { type: 'integer', description: 'The HTTP status code, as on the response.' },
    detail: { type: 'string', description: 'What went wrong with this request, for a person to read.' },
    instance: { type: 'string', description: 'The path of the request the problem is about.' },
    correlationId: {
      type: 'string',
      description:
        'The request id every log line of this request carries (also the `x-correlation-id` header).',
    },
    errors: {
      type: 'array',
      description: 'For invalid input (400): one entry per field that failed validation.',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: {
          path: {
            type: 'string',
            description: 'Where the field is: `body.lines[0].quantity`, `query.limit`, `path.id`.',
          },
          message: { type: 'string', description: 'Why the value was refused.' },
        },
      },
    },
  },
  examples: [
    {
      type: 'https://problems.commerce-backoffice.dev/bad-request',
      title: 'Bad Request',
      status: 400,
      detail: 'The request is invalid.',
      instance: '/v1/vendors',
      correlationId: '0f6f4b7e-6a0c-4c57-9d83-2f5c1a3e8b41',
      errors: [{ path: 'body.currency', message: 'must be an ISO 4217 currency code' }],
    },
  ],
};
