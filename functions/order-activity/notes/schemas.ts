import * as z from 'zod/mini';
import { orderIdSchema } from '../../../shared/domain/order';
import { cursorSchema, limitSchema, timestampSchema, ulidSchema } from '../../../shared/http/schemas';
import { freeText } from '../../../shared/http/text';

/** DESIGN §3: free text, newlines allowed (CRLF stored as LF), up to 4,000 characters, never empty. */
export const maxNoteLength = 4000;

export const noteParams = z.strictObject({ orderId: orderIdSchema });
export const noteIdParams = z.strictObject({ orderId: orderIdSchema, noteId: ulidSchema });
export const noteListQuery = z.strictObject({ limit: limitSchema, cursor: cursorSchema });

export const noteInputSchema = z.strictObject({ text: freeText(maxNoteLength, 1) });

export const noteSchema = z.object({
  id: ulidSchema,
  orderId: z.string(),
  text: z.string(),
  /** Who wrote it, from their token: the subject and the user name. */
  author: z.object({ subject: z.string(), username: z.string() }),
  createdAt: timestampSchema,
});
export type OrderNote = z.infer<typeof noteSchema>;
