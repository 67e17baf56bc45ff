/** The one place errors become RFC 9457 problem documents. */
import { AppError } from '../errors';

export interface HttpResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

export const problemContentType = 'application/problem+json';

export function problemResponse(error: unknown, correlationId: string, instance?: string): HttpResponse {
  if (error instanceof AppError) {
    return {
      statusCode: error.status,
      headers: { 'content-type': problemContentType, ...error.headers },
      body: JSON.stringify({
        type: `https://problems.commerce-backoffice.dev/${error.slug}`,
        title: error.title,
        status: error.status,
        detail: error.message,
        instance,
        correlationId,
        ...error.extensions,
      }),
    };
  }
  // Anything else is our fault: say so, with the id to find the log line, and nothing internal.
  return {
    statusCode: 500,
    headers: { 'content-type': problemContentType },
    body: JSON.stringify({
      type: 'https://problems.commerce-backoffice.dev/internal-error',
      title: 'Internal Server Error',
      status: 500,
      detail: `Something went wrong on our side. Quote correlation id ${correlationId} when reporting it.`,
      instance,
      correlationId,
    }),
  };
}
