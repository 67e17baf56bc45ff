/** The forms settings items (keys in shared/db/keys/fulfillment.ts). */
import { tableName } from '../../../shared/db/client';
import { formSettingsKey } from '../../../shared/db/keys';
import { getItem } from '../../../shared/db/query';
import { toResource } from '../../../shared/db/resource';
import { conditionalPut } from '../../../shared/db/transactions';
import { cachedReference, forgetReference } from '../../../shared/reference/cache';
import type { DocumentType, FormSettings } from './schemas';
import { defaultFormSettings, formSettingsSchema } from './schemas';

/** The stored settings of a document type, or its defaults (version 0) before the first write. */
export async function readFormSettings(
  documentType: DocumentType,
  consistent = false,
): Promise<FormSettings> {
  const item = await getItem(formSettingsKey(documentType), consistent);
  return item ? toResource(formSettingsSchema, item) : defaultFormSettings(documentType);
}

/**
 * The settings as documents being printed read them: reference data, read once per container and kept
 * for at most shared/reference/cache's bound. Reads that answer the settings themselves, or write on
 * them, read readFormSettings.
 */
export function cachedFormSettings(documentType: DocumentType): Promise<FormSettings> {
  return cachedReference(`form-settings:${documentType}`, () => readFormSettings(documentType));
}

/** Replaces the settings only if they are still at the version read (0: never written). */
export async function writeFormSettings(settings: FormSettings, readVersion: number): Promise<void> {
  await conditionalPut({
    TableName: tableName(),
    Item: { ...formSettingsKey(settings.documentType), entity: 'form-settings', ...settings },
    ConditionExpression: readVersion === 0 ? 'attribute_not_exists(PK)' : 'version = :read',
    ExpressionAttributeValues: readVersion === 0 ? undefined : { ':read': readVersion },
  });
  forgetReference(`form-settings:${settings.documentType}`);
}
