/**
 * The carrier purchase key of a print moves on only past labels known voided, and buyAndRecord says
 * when it voided one (approved, or the carrier found it already voided), never when the void failed.
 */
import { describe, expect, it, vi } from 'vitest';
import type {
  CarrierAdapter,
  PurchasedLabel,
  VoidAnswer,
} from '../../functions/fulfillment/carriers/adapter';
import { buyAndRecord } from '../../functions/fulfillment/carriers/adapter';
import { purchaseKeyFor } from '../../functions/fulfillment/labels/print-rules';

const requestKey = 'f49fb704d1c7082a4bdff05110e04dd4c78743d6';

describe('purchaseKeyFor', () => {
  it('is the request key until a label bought for it is known voided, then one key per voided label', () => {
    expect(purchaseKeyFor(requestKey, 0)).toBe(requestKey);
    expect(purchaseKeyFor(requestKey, 1)).toBe(`${requestKey}-v1`);
    expect(purchaseKeyFor(requestKey, 12)).toBe(`${requestKey}-v12`);
  });

  it('fits ShipEngine’s 50 characters for a request key (40) and any count of up to eight digits', () => {
    expect(purchaseKeyFor(requestKey, 99_999_999).length).toBeLessThanOrEqual(50);
  });

  it('refuses a count that is not a whole number from 0', () => {
    for (const count of [-1, 1.5, Number.NaN]) expect(() => purchaseKeyFor(requestKey, count)).toThrow();
  });
});

describe('buyAndRecord tells when it voided the label', () => {
  const label = { labelId: 'L1', trackingNumber: 'T1', labelDate: '2026-11-25' } as PurchasedLabel;
  const adapterVoiding = (answer: VoidAnswer | Error) =>
    ({
      buy: vi.fn(async () => label),
      void: vi.fn(async () => {
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    }) as unknown as CarrierAdapter;
  const failing = async () => {
    throw new Error('the recording was refused');
  };

  it.each([
    ['approved', { approved: true } as VoidAnswer, true],
    [
      'already voided',
      { approved: false, reasonCode: 'label_already_voided', message: 'voided' } as VoidAnswer,
      true,
    ],
    ['refused', { approved: false, reasonCode: 'label_already_used', message: 'used' } as VoidAnswer, false],
    ['failed', new Error('carrier down'), false],
  ])('a void %s: onVoided %s', async (_case, answer, voided) => {
    const onVoided = vi.fn(async () => undefined);
    const onVoidFailed = vi.fn();
    await expect(
      buyAndRecord(adapterVoiding(answer), {} as never, failing, {
        now: () => new Date(),
        recordingSurelyFailed: () => true,
        onVoided,
        onVoidFailed,
      }),
    ).rejects.toThrow('the recording was refused');
    expect(onVoided).toHaveBeenCalledTimes(voided ? 1 : 0);
    expect(onVoidFailed).toHaveBeenCalledTimes(voided ? 0 : 1);
  });

  it('no void, so no note, when the recording may have committed', async () => {
    const adapter = adapterVoiding({ approved: true });
    const onVoided = vi.fn(async () => undefined);
    await expect(
      buyAndRecord(adapter, {} as never, failing, {
        now: () => new Date(),
        recordingSurelyFailed: () => false,
        onVoided,
      }),
    ).rejects.toThrow();
    expect(adapter.void).not.toHaveBeenCalled();
    expect(onVoided).not.toHaveBeenCalled();
  });
});
