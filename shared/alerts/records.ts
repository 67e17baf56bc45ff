/** What a stream batch asks of the alert evaluation: stock records that changed, rules written, settings turned on. */
import type { StreamRecord } from '../events/domain-events';
import { streamImages } from '../events/domain-events';
import type { StockPair } from './evaluate';

export interface AlertWork {
  /** Stock records whose units on hand or allocated changed. */
  pairs: StockPair[];
  /** Rules created or changed: each is swept as stored when the batch runs. */
  ruleIds: string[];
  /** Rules deleted: their standings go. */
  removedRuleIds: string[];
  /** The alert settings were written: every rule is swept. */
  settingsChanged: boolean;
  /** Records that could not be read, with the reason (they go to the dead letters). */
  unreadable: Array<{ record: StreamRecord; reason: string }>;
}

export function alertWorkOf(records: readonly StreamRecord[]): AlertWork {
  const work: AlertWork = {
    pairs: [],
    ruleIds: [],
    removedRuleIds: [],
    settingsChanged: false,
    unreadable: [],
  };
  for (const record of records) {
    try {
      const images = streamImages(record);
      const item = images.new ?? images.old;
      if (!item) continue;
      const pk = String(item.PK);
      if (pk.startsWith('STOCK#') && String(item.SK).startsWith('WH#')) {
        const before = images.old;
        const after = images.new;
        if (before?.onHand !== after?.onHand || before?.allocated !== after?.allocated) {
          work.pairs.push({ sku: String(item.sku), warehouseId: String(item.warehouseId) });
        }
      } else if (item.entity === 'alert-rule') {
        (images.new ? work.ruleIds : work.removedRuleIds).push(String(item.id));
      } else if (item.entity === 'alert-settings' && images.new) {
        work.settingsChanged = true;
      }
    } catch (error) {
      work.unreadable.push({ record, reason: (error as Error).message });
    }
  }
  return work;
}
