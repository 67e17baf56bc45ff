/** Lambda entry of the reports group. */
import { createGroupHandler } from '../../shared/http/handler';
import { reportOperations } from './operations';
import { reportsCatalogue } from './routes';

export const handler = createGroupHandler(reportsCatalogue, reportOperations);
