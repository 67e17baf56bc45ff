/** Lambda entry of the returns group. */
import { createGroupHandler } from '../../shared/http/handler';
import { returnOperations } from './order-returns/operations';
import { receiveOperations } from './order-returns/receive';
import { refundOperations } from './order-returns/refund';
import { resendOperations } from './order-returns/resend';
import { returnsCatalogue } from './routes';

export const handler = createGroupHandler(returnsCatalogue, {
  ...returnOperations,
  ...receiveOperations,
  ...refundOperations,
  ...resendOperations,
});
