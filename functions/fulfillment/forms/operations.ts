/** Forms settings: read with their defaults, replaced whole under If-Match. */
import { isDeepStrictEqual } from 'node:util';
import { anyRefusal, withRetry } from '../../../shared/db/retry';
import { checkVersion } from '../../../shared/domain/versions';
import { NotFound, ValidationFailed } from '../../../shared/errors';
import type { Implementations } from '../../../shared/http/catalogue';
import type { fulfillmentCatalogue } from '../routes';
import { readFormSettings, writeFormSettings } from './repository';
import type { DocumentType, FormSettings } from './schemas';
import { documentTypes, formProblems, isDocumentType } from './schemas';

type Routes = typeof fulfillmentCatalogue.routes;
type FormOperations = Pick<Implementations<Routes>, 'getFormSettings' | 'updateFormSettings'>;

function documentTypeOf(name: string): DocumentType {
  if (!isDocumentType(name)) {
    throw new NotFound(`No document type is called ${name}; there are ${documentTypes.join(', ')}.`);
  }
  return name;
}

export const formOperations: FormOperations = {
  async getFormSettings({ params }) {
    const settings = await readFormSettings(documentTypeOf(params.documentType));
    return { body: settings, version: settings.version };
  },

  async updateFormSettings({ params, body, ifMatch, caller }) {
    const documentType = documentTypeOf(params.documentType);
    const problems = formProblems(documentType, body);
    if (problems.length > 0) {
      throw new ValidationFailed(
        `These ${documentType} settings cannot print: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}.`,
        problems,
      );
    }
    return withRetry({ what: `The ${documentType} settings`, isRace: anyRefusal }, async () => {
      const current = await readFormSettings(documentType, true);
      checkVersion(`${documentType} settings`, current.version, ifMatch);
      const { documentType: _type, version: _version, updatedAt: _at, updatedBy: _by, ...settings } = current;
      // The same settings again change nothing: no new version, no event.
      if (isDeepStrictEqual(settings, body)) return { body: current, version: current.version };
      const next: FormSettings = {
        documentType,
        ...body,
        version: current.version + 1,
        updatedAt: new Date().toISOString(),
        updatedBy: caller.username,
      };
      await writeFormSettings(next, current.version);
      return { body: next, version: next.version };
    });
  },
};
