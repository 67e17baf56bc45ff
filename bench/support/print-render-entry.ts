/**
 * The label renderer alone, bundled by the print benchmark with the functions' esbuild settings and run
 * in a fresh `node` (bench/support/child-runs.ts invokeBundledHandler): the event is the label document
 * a print rendered; the first render of the process and the warm ones after it are timed separately.
 */
import type { LabelDocument } from '../../shared/render/label-document';
import { renderLabelPdf } from '../../shared/render/label-pdf';

export async function handler(event: { document: LabelDocument; warmRenders: number }) {
  const time = async () => {
    const start = process.hrtime.bigint();
    const pdf = await renderLabelPdf(event.document);
    return { ms: Number(process.hrtime.bigint() - start) / 1e6, bytes: pdf.byteLength };
  };
  const first = await time();
  const warm: number[] = [];
  for (let i = 0; i < event.warmRenders; i++) warm.push((await time()).ms);
  return { firstMs: first.ms, bytes: first.bytes, warmMs: warm };
}
