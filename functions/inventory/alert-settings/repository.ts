/** Writes the one alert-settings item (keys in shared/db/keys; read in shared/inventory/alert-settings.ts). */
import { tableName } from '../../../shared/db/client';
import { alertSettingsKey } from '../../../shared/db/keys';
import { conditionalPut } from '../../../shared/db/transactions';
import type { AlertSettings } from '../../../shared/inventory/alert-settings';

/** Replaces the settings only if they are still at the version read (0: never written). */
export async function writeAlertSettings(settings: AlertSettings, readVersion: number): Promise<void> {
  await conditionalPut({
    TableName: tableName(),
    Item: { ...alertSettingsKey(), entity: 'alert-settings', ...settings },
    ConditionExpression: readVersion === 0 ? 'attribute_not_exists(PK)' : 'version = :read',
    ExpressionAttributeValues: readVersion === 0 ? undefined : { ':read': readVersion },
  });
}
