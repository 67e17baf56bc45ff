/** Export records: one per generated file (who asked, what it holds, where it is), expired by TTL with the file. */
import type { ItemKey } from './item-key';

export const exportRecordKey = (id: string): ItemKey => ({ PK: `EXPORT#${id}`, SK: 'EXPORT' });
