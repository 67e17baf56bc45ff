/**
 * The API reference page (GET /v1/docs): Scalar's standalone bundle over the OpenAPI document, both from
 * this API, so the page works with no other network (fonts, telemetry and the AI agent are off and the
 * Content-Security-Policy lets it reach only this origin). Its try-it panel sends requests to the same
 * origin, with the token entered in the page's authentication section.
 */
import { createHash } from 'node:crypto';
import type { HttpResponse } from '../../shared/http/problem';
import { docsScriptPath, openApiPath } from './paths';

/** What Scalar is told (its configuration object, as JSON in the page). */
export const scalarConfiguration = {
  url: openApiPath,
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  showOperationId: true,
  // The sidebar names operations by method and path, as the interface does: the summaries are sentences.
  operationTitleSource: 'path',
  hideClientButton: false,
  persistAuth: false,
  metaData: { title: 'Commerce back-office API reference' },
};

/** The page's one inline script: it starts Scalar with the configuration. */
const startScript = `Scalar.createApiReference('#app', ${JSON.stringify(scalarConfiguration)});`;

/**
 * Only this origin: the page's script and document, and the requests of the try-it panel. The one inline
 * script runs by its hash; Scalar needs no eval, sets inline styles, and draws inline images.
 */
export const referencePagePolicy = [
  "default-src 'self'",
  `script-src 'self' 'sha256-${createHash('sha256').update(startScript).digest('base64')}'`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'none'",
].join('; ');

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Commerce back-office API reference</title>
    <link rel="icon" href="data:," />
  </head>
  <body>
    <!-- Not id="api-reference": Scalar uses that id itself, and the page stays a skeleton. -->
    <div id="app"></div>
    <script src="${docsScriptPath}"></script>
    <script>${startScript}</script>
  </body>
</html>
`;

export function referencePageResponse(): HttpResponse {
  return {
    statusCode: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      // Small and names the script by a fixed path: revalidate, so a new release is seen at once.
      'cache-control': 'no-cache',
      'content-security-policy': referencePagePolicy,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    },
    body: page,
  };
}
