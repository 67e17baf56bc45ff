/** The one alert-settings item (keys in shared/db/keys.ts). */
import { tableName } from '../../../shared/db/client';
import { alertSettingsKey } from '../../../shared/db/keys';
import { getItem } from '../../../shared/db/query';
import { conditionalPut } from '../../../shared/db/transactions';
import type { AlertSettings } from './schemas';
import { alertSettingsSchema, defaultAlertSettings } from './schemas';
import { toResource } from '../../../shared/db/resource';

/** The stored settings, or the defaults (version 0) before the first write. */
export async function readAlertSettings(consistent = false): Promise<AlertSettings> {
  const item = await getItem(alertSettingsKey(), consistent);
  return item ? toResource(alertSettingsSchema, item) : { ...defaultAlertSettings, recipients: [] };
}

/** Replaces the settings only if they are still at the version read (0: never written). */
export async function writeAlertSettings(settings: AlertSettings, readVersion: number): Promise<void> {
  await conditionalPut({
    TableName: tableName(),
    Item: { ...alertSettingsKey(), entity: 'alert-settings', ...settings },
    ConditionExpression: readVersion === 0 ? 'attribute_not_exists(PK)' : 'version = :read',
    ExpressionAttributeValues: readVersion === 0 ? undefined : { ':read': readVersion },
  });
}
