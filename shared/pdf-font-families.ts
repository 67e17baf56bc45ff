/**
 * The fallback font families the PDF renderers draw with, by the npm package (`@fontsource/<name>`)
 * they come from. Outside shared/render (a side bundle) so the CDK's bundling (infra/bundling.ts),
 * which copies their files into the functions that render, can read the list without the renderers.
 */
export const fallbackFamilies = [
  'noto-sans-jp',
  'noto-sans-sc',
  'noto-sans-kr',
  'noto-sans-thai',
  'noto-sans-devanagari',
  'noto-emoji',
] as const;
export type FallbackFamily = (typeof fallbackFamilies)[number];
