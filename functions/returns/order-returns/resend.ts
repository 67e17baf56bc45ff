/** Resending a return's units: a replacement shipment recorded through the shared order writer. */
import { LostRace } from '../../../shared/db/retry';
import { InsufficientStock } from '../../../shared/domain/stock-ledger';
import type { OrderReturn } from '../../../shared/domain/returns';
import { checkAction } from '../../../shared/domain/returns';
import { ValidationFailed } from '../../../shared/errors';
import { recordReplacement } from '../../../shared/shipments/commit';
import { findReturn, returnPut } from './repository';
import type { Implementations } from '../../../shared/http/catalogue';
import type { returnRoutes } from './routes';
import { answer, retried, existingReturn, transitioned, plural, unitsOf, activeWarehouse } from './steps';

type Operations = Pick<Implementations<typeof returnRoutes>, 'resendOrderReturn'>;

export const resendOperations: Operations = {
  async resendOrderReturn({ params, body, caller, ifMatch, conditions }) {
    await activeWarehouse(body.warehouseId, 'body.warehouseId');
    const next = await retried(`Return ${params.return_id}`, async () => {
      const ret = await existingReturn(params.order_id, params.return_id, { ifMatch, conditions });
      checkAction(ret, 'resend');
      const wanted =
        body.lines ?? ret.lines.map((line) => ({ itemId: line.itemId, quantity: line.quantity }));
      const problems = wanted.flatMap((line, index) => {
        const returned = ret.lines.find((candidate) => candidate.itemId === line.itemId);
        if (!returned)
          return [
            { path: `body.lines[${index}].itemId`, message: `return ${ret.id} has no line ${line.itemId}` },
          ];
        return line.quantity > returned.quantity
          ? [
              {
                path: `body.lines[${index}].quantity`,
                message: `the return has ${returned.quantity} unit(s) of ${line.itemId}`,
              },
            ]
          : [];
      });
      if (problems.length > 0) {
        throw new ValidationFailed(
          `This replacement does not fit return ${ret.id}: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}.`,
          problems,
        );
      }
      const lines = wanted.map((line) => ({
        itemId: line.itemId,
        sku: ret.lines.find((candidate) => candidate.itemId === line.itemId)!.sku,
        quantity: line.quantity,
      }));
      let resent: (OrderReturn & { eventType: string }) | undefined;
      try {
        await recordReplacement({
          orderId: params.order_id,
          actor: caller.username,
          returnId: ret.id,
          warehouseId: body.warehouseId,
          lines,
          ...(body.carrier ? { carrier: body.carrier } : {}),
          ...(body.trackingNumber ? { trackingNumber: body.trackingNumber } : {}),
          items: (shipment) => {
            resent = transitioned(
              ret,
              'resend',
              'resent',
              caller.username,
              `Replacement of ${plural(unitsOf(lines), 'unit')} sent (shipment ${shipment.id}${body.trackingNumber ? `, tracking ${body.trackingNumber}` : ''})`,
              {
                replacement: {
                  shipmentId: shipment.id,
                  warehouseId: body.warehouseId,
                  lines,
                  ...(body.carrier ? { carrier: body.carrier } : {}),
                  ...(body.trackingNumber ? { trackingNumber: body.trackingNumber } : {}),
                  at: shipment.createdAt,
                  by: caller.username,
                },
              },
            );
            return [returnPut(resent, ret.version)];
          },
        });
      } catch (error) {
        // A resend that won meanwhile took the stock: when the return moved on, decide again from it
        // (its state answers), rather than blame the stock the winner took.
        if (
          error instanceof InsufficientStock &&
          (await findReturn(ret.orderId, ret.id))?.version !== ret.version
        )
          throw new LostRace(`return ${ret.id} changed`);
        throw error;
      }
      return resent!;
    });
    return { body: answer(next), version: next.version };
  },
};
