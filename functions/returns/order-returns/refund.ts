/** Refunding a return: the order's money moves through the shared order writer, in one transaction with the return. */
import type { OrderReturn } from '../../../shared/domain/returns';
import { checkAction, refundableUnits } from '../../../shared/domain/returns';
import { refundAmounts } from '../../../shared/domain/refunds';
import { moneyText } from '../../../shared/domain/money';
import type { Payment } from '../../../shared/domain/payment';
import { ValidationFailed } from '../../../shared/errors';
import { spokenForElsewhere } from '../../../shared/events/domain-events';
import { newId } from '../../../shared/ids';
import type { ChangeNote } from '../../../shared/orders/decide';
import { draftOf } from '../../../shared/orders/decide';
import { commitOrderChange } from '../../../shared/orders/writer';
import { returnPut } from './repository';
import type { Implementations } from '../../../shared/http/catalogue';
import type { returnRoutes } from './routes';
import { orderNotFound, answer, retried, existingReturn, transitioned, plural, unitsOf } from './steps';

type Operations = Pick<Implementations<typeof returnRoutes>, 'refundOrderReturn'>;

const answerOf = (refunded: OrderReturn) => ({ body: answer(refunded), version: refunded.version });

export const refundOperations: Operations = {
  async refundOrderReturn({ params, body, caller, ifMatch, conditions }) {
    const next = await retried(`Return ${params.return_id}`, async () => {
      let refunded: (OrderReturn & { eventType: string }) | undefined;
      let read: OrderReturn | undefined;
      await commitOrderChange({
        orderId: params.order_id,
        actor: caller.username,
        trigger: 'order.updated',
        async build(stored) {
          if (!stored) throw orderNotFound(params.order_id);
          const ret = await existingReturn(params.order_id, params.return_id, { ifMatch, conditions });
          checkAction(ret, 'refund');
          const problems = body.lines.flatMap((line, index) => {
            const returned = ret.lines.find((candidate) => candidate.itemId === line.itemId);
            if (!returned)
              return [
                {
                  path: `body.lines[${index}].itemId`,
                  message: `return ${ret.id} has no line ${line.itemId}`,
                },
              ];
            const left = refundableUnits(returned);
            return line.quantity > left
              ? [
                  {
                    path: `body.lines[${index}].quantity`,
                    message: `line ${line.itemId} has ${left} unit(s) left to refund on this return`,
                  },
                ]
              : [];
          });
          if (problems.length > 0) {
            throw new ValidationFailed(
              `This refund does not fit return ${ret.id}: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}.`,
              problems,
            );
          }
          const amounts = refundAmounts(
            stored.order.lines,
            stored.order.shippingCharge,
            stored.payments,
            body,
          );
          const at = new Date().toISOString();
          const currency = stored.order.currency;
          const payment: Payment = {
            id: newId(),
            // What goes back to the customer; what was credited against what they owed moves no money.
            amount: -amounts.refunded,
            method: body.method,
            reference: body.reference ?? `Return ${ret.id}`,
            refund: {
              returnId: ret.id,
              lines: amounts.lines,
              shipping: amounts.shipping,
              credited: amounts.credited,
            },
            paidAt: at,
            recordedAt: at,
            recordedBy: caller.username,
          };
          const money = (minorUnits: number) => moneyText(minorUnits, currency);
          const covered = `${plural(unitsOf(amounts.lines), 'unit')}${amounts.shipping ? `, shipping ${money(amounts.shipping)}` : ''}`;
          const outcome = [
            ...(amounts.credited > 0
              ? [`credited ${money(amounts.credited)} against what the customer owed`]
              : []),
            ...(amounts.refunded > 0 ? [`refunded ${money(amounts.refunded)} by ${body.method}`] : []),
          ].join(' and ');
          read = ret;
          refunded = transitioned(
            ret,
            'refund',
            'refunded',
            caller.username,
            `${outcome[0]!.toUpperCase()}${outcome.slice(1)} (${covered})`,
            {
              lines: ret.lines.map((line) => {
                const units = amounts.lines.find((refund) => refund.itemId === line.itemId)?.quantity ?? 0;
                return { ...line, refundedQuantity: line.refundedQuantity + units };
              }),
              refunds: [
                ...ret.refunds,
                {
                  paymentId: payment.id,
                  at,
                  by: caller.username,
                  amount: amounts.refunded,
                  credited: amounts.credited,
                  currency,
                  method: body.method,
                  lines: amounts.lines,
                  shipping: amounts.shipping,
                },
              ],
            },
          );
          const history: ChangeNote[] = [];
          if (amounts.credited > 0) {
            history.push({
              kind: 'payment',
              summary: `Credit of ${money(amounts.credited)} for goods returned (return ${ret.id}): what the customer owes drops; no money moved`,
              changes: {
                refundPaymentId: { from: null, to: payment.id },
                balance: {
                  from: stored.order.totals.balance,
                  to: stored.order.totals.balance - amounts.credited,
                },
              },
            });
          }
          if (amounts.refunded > 0) {
            history.push({
              kind: 'payment',
              summary: `Refund of ${money(amounts.refunded)} by ${body.method} for return ${ret.id}`,
              changes: { refundPaymentId: { from: null, to: payment.id } },
            });
          }
          return {
            draft: draftOf(stored.order),
            newPayments: [payment],
            history,
            event: spokenForElsewhere,
          };
        },
        items: () => [returnPut(refunded!, read!.version)],
        answer: () => answerOf(refunded!),
      });
      return refunded!;
    });
    return answerOf(next);
  },
};
