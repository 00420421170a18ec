/**
 * The text-session model every Parley middleware shares: sessions, composition, Web Streams and
 * async-iterable bridges, and a lens for any client's chunk type.
 *
 * @module
 */
export { applyText } from './apply-text';
export type { ChunkLens } from './chunk-lens';
export { type CollectTextOptions, collectText } from './collect-text';
export { type ComposedEvents, compose } from './compose';
export { type DefineMiddlewareOptions, defineMiddleware } from './define-middleware';
export { type DefineObserverOptions, defineObserver, type TextObserver } from './define-observer';
export { type EscapeControlCharactersOptions, escapeControlCharacters } from './escape-control-characters';
export { excerpt } from './excerpt';
export { expectString } from './expect-string';
export { feedLines, type LineSink } from './feed-lines';
export { LineReader } from './line-reader';
export { InvalidArgumentError } from './invalid-argument-error';
export { type Emit, Middleware, type WithoutStream } from './middleware';
export { ParleyError, type ParleyErrorOptions } from './parley-error';
export { passthroughStream } from './passthrough-stream';
export type { PromptGuard, PromptGuardUse } from './prompt-guard';
export { RenamedExportError } from './renamed-export-error';
export { passthrough, replaceText } from './renamed-exports';
export {
  type ReplacementEvent,
  type ReplaceTextStreamEvents,
  type ReplaceTextStreamOptions,
  replaceTextStream,
} from './replace-text-stream';
export { SessionClosedError } from './session-closed-error';
export type { Source } from './source';
export { createStreamContext, type StreamContext, type StreamContextInit } from './stream-context';
export type {
  AnyTextMiddleware,
  ContextOpener,
  EventSink,
  EventsOf,
  ListenerMap,
  NoEvents,
  OpenOptions,
  StreamEvent,
  TextMiddleware,
} from './text-middleware';
export type { TextSession } from './text-session';
export { toTransformStream } from './to-transform-stream';
export { transformChunks } from './transform-chunks';
export { transformText } from './transform-text';
export { type FormatViolationOptions, formatViolation, type Violation } from './violation';
