/** Lambda entry of the vendors group. */
import { createGroupHandler } from '../../shared/http/handler';
import { vendorsOperations } from './operations';
import { vendorsCatalogue } from './routes';

export const handler = createGroupHandler(vendorsCatalogue, vendorsOperations);
