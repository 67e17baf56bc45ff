/** The inventory alert settings: one object, changed by managers. */
import { route } from '../../../shared/http/catalogue';
import { alertSettingsInputSchema, alertSettingsSchema } from '../../../shared/inventory/alert-settings';

export const alertSettingsRoutes = {
  getAlertSettings: route({
    method: 'GET',
    path: '/v1/inventory/alert-settings',
    operationId: 'getAlertSettings',
    summary: 'Get the stock alert settings (defaults, at version 0, until first written)',
    permission: 'read',
    status: 200,
    response: alertSettingsSchema,
    versioned: true,
  }),
  updateAlertSettings: route({
    method: 'PUT',
    path: '/v1/inventory/alert-settings',
    operationId: 'updateAlertSettings',
    summary: 'Replace the stock alert settings (If-Match honoured)',
    permission: 'manage',
    body: alertSettingsInputSchema,
    status: 200,
    response: alertSettingsSchema,
    versioned: true,
  }),
};
