/** Alert settings: one object, replaced as a whole under If-Match. */
import type { Implementations } from '../../shared/http/catalogue';
import { readAlertSettings, writeAlertSettings } from './alert-settings-repository';
import type { AlertSettings } from './alert-settings-schemas';
import { retryOnRace } from './retry';
import type { inventoryCatalogue } from './routes';
import { checkVersion } from './versions';

type Routes = typeof inventoryCatalogue.routes;
type AlertSettingsOperations = Pick<Implementations<Routes>, 'getAlertSettings' | 'updateAlertSettings'>;

export const alertSettingsOperations: AlertSettingsOperations = {
  async getAlertSettings() {
    const settings = await readAlertSettings();
    return { body: settings, version: settings.version };
  },

  async updateAlertSettings({ body, ifMatch }) {
    return retryOnRace('The alert settings', async () => {
      const current = await readAlertSettings(true);
      checkVersion('alert settings', current.version, ifMatch);
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
