/**
 * Stands in for `node:stream/web` in every bundle (infra/bundling.ts). @middy/core imports its
 * ReadableStream at load only to recognise a streamed answer (streamifyResponse, which no function
 * uses), and loading Node's web streams pulls in 18 internal modules: about 5 ms of CPU on every cold
 * start. This stand-in reaches the real class (Node's lazy global) only when asked: constructing
 * one builds a real stream, and `instanceof` checks against the real class.
 */
type WebReadableStream = typeof globalThis.ReadableStream;

const ReadableStream = function ReadableStream(...args: ConstructorParameters<WebReadableStream>) {
  return new globalThis.ReadableStream(...args);
} as unknown as WebReadableStream;

Object.defineProperty(ReadableStream, Symbol.hasInstance, {
  value: (value: unknown) => value instanceof globalThis.ReadableStream,
});

export { ReadableStream };
