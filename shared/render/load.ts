/**
 * The renderers, loaded at the first render: pdf-lib with fontkit, and exceljs, ship as side bundles
 * (`render-pdf.mjs`, `render-xlsx.mjs`; see shared/side-bundle.ts). This module is light: import it
 * statically.
 */
import { loadSideBundle } from '../side-bundle';
import type * as PdfModule from './pdf';
import type * as XlsxModule from './xlsx';

export const loadPdfRenderers = () =>
  loadSideBundle<typeof PdfModule>('render-pdf.mjs', new URL('./pdf.ts', import.meta.url).href);

export const loadXlsxRenderer = () =>
  loadSideBundle<typeof XlsxModule>('render-xlsx.mjs', new URL('./xlsx.ts', import.meta.url).href);
