/** The exports' bodies and answers. Data only. */
import * as z from 'zod/mini';
import { responseSchema } from '../../../shared/http/response-schema';
import { reportNames } from './report-names';

/**
 * `report`: a report of this group by name; `query`: what that report's GET would carry in its URL, as
 * text (`{ "from": "2026-11-01", "warehouseId": "01J…" }`); its own checks apply, and name
 * `body.query.<name>`.
 */
export const exportInput = z.strictObject({
  report: z.enum(reportNames),
  query: z._default(z.record(z.string().check(z.maxLength(64)), z.string().check(z.maxLength(2048))), {}),
});

export const exportAnswer = responseSchema(() =>
  z.object({
    id: z.string(),
    /** `ready`: the file is there. `pending`: the report jobs are writing it (answered with 202). */
    status: z.enum(['ready', 'pending']),
    report: z.string(),
    format: z.enum(['excel', 'pdf']),
    fileName: z.string(),
    contentType: z.string(),
    /**
     * A presigned GET of the file, valid until `expiresAt` (at most 15 minutes). While the export is
     * pending it answers 404; the same URL answers the file once it is written.
     */
    url: z.string(),
    expiresAt: z.string(),
    rowCount: z.optional(z.number()),
    bytes: z.optional(z.number()),
  }),
);
