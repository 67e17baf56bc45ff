/** The PDF renderers, bundled apart from the functions that use them (see load.ts). */
export { renderLabelPdf } from './label-pdf';
export { renderManifestPdf } from './manifest-pdf';
export { renderReportPdf } from './report-pdf';
