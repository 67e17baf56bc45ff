/** The pending exports a stream batch recorded: new export items whose status is `pending`. */
import type { StreamRecord } from '../../../shared/events/domain-events';
import { streamImages } from '../../../shared/events/domain-events';

export function pendingExportIds(records: readonly StreamRecord[]): string[] {
  const ids: string[] = [];
  for (const record of records) {
    if (record.eventName !== 'INSERT') continue;
    const item = streamImages(record).new;
    if (item?.entity === 'export' && item.status === 'pending') ids.push(String(item.id));
  }
  return ids;
}
