/** Label documents for the renderer's tests: a US sender every label shares. */
import type { LabelDocument } from '../../shared/render/label-document';

export const warehouseSender: LabelDocument['shipFrom'] = {
  name: 'Acme Fulfilment Centre',
  company: 'Acme Supplies Ltd',
  line1: '1 Warehouse Way',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
};
