/**
 * What the model adapters share to guard what a model is sent: the shape of a secret guard
 * (`PromptGuard`, met by `createSecretGuard()` from `@parley/redaction/guard`) and how to tell one
 * from a mistyped option, the JSON Schema walk that guards tool definitions' prose while keeping
 * their structure, and the middleware that puts the guard's output stream before an adapter's own.
 * An entry point of its own, so an adapter that imports it does not load the main module's event
 * emitter.
 *
 * @module
 */
export { type GuardJsonSchemaOptions, guardJsonSchema } from './guard-json-schema';
export { guardedMiddleware } from './guarded-middleware';
export { isPromptGuard } from './is-prompt-guard';
export type { PromptGuard, PromptGuardUse } from '../prompt-guard';
