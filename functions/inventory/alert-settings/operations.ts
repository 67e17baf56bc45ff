/** Alert settings: one object, replaced as a whole under If-Match. */
import { isDeepStrictEqual } from 'node:util';
import type { Implementations } from '../../../shared/http/catalogue';
import { anyRefusal, withRetry } from '../../../shared/db/retry';
import { checkVersion } from '../../../shared/domain/versions';
import { writeAlertSettings } from './repository';
import type { AlertSettings } from '../../../shared/inventory/alert-settings';
import { readAlertSettings } from '../../../shared/inventory/alert-settings';
import type { inventoryCatalogue } from '../routes';

type Routes = typeof inventoryCatalogue.routes;
type AlertSettingsOperations = Pick<Implementations<Routes>, 'getAlertSettings' | 'updateAlertSettings'>;

export const alertSettingsOperations: AlertSettingsOperations = {
  async getAlertSettings() {
    const settings = await readAlertSettings();
    return { body: settings, version: settings.version };
  },

  async updateAlertSettings({ body, ifMatch }) {
    return withRetry({ what: 'The alert settings', isRace: anyRefusal }, async () => {
      const current = await readAlertSettings(true);
      checkVersion('alert settings', current.version, ifMatch);
      const { version: _version, updatedAt: _at, ...settings } = current;
      // The same settings again change nothing: no new version, no event (DESIGN §3).
      if (isDeepStrictEqual(settings, body)) return { body: current, version: current.version };
      const next: AlertSettings = {
        ...body,
        version: current.version + 1,
        updatedAt: new Date().toISOString(),
      };
      await writeAlertSettings(next, current.version);
      return { body: next, version: next.version };
    });
  },
};
