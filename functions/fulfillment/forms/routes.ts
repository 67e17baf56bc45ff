/** Forms settings (interface §4.3): how packing slips, pick lists, labels, invoices and manifests print. */
import { route } from '../../../shared/http/catalogue';
import { documentTypeParams, formSettingsInput, formSettingsSchema } from './schemas';

export const formRoutes = {
  getFormSettings: route({
    method: 'GET',
    path: '/v1/fulfillment/forms/{documentType}',
    operationId: 'getFormSettings',
    summary:
      'Settings of one document type (packing-slip, pick-list, label, invoice, manifest): paper size, prices, fields shown, footer, return address; its defaults at version 0 until first written',
    permission: 'read',
    params: documentTypeParams,
    status: 200,
    response: formSettingsSchema,
    versioned: true,
  }),
  updateFormSettings: route({
    method: 'PUT',
    path: '/v1/fulfillment/forms/{documentType}',
    operationId: 'updateFormSettings',
    summary: 'Replace the settings of one document type (If-Match honoured); used by every later rendering',
    permission: 'manage',
    params: documentTypeParams,
    body: formSettingsInput,
    status: 200,
    response: formSettingsSchema,
    versioned: true,
  }),
};
