/**
 * What the model adapters share to guard what a model is sent: the shape of a secret guard
 * (`PromptGuard`, met by `createSecretGuard()` from `@parley/redaction/guard`) and the JSON Schema
 * walk that guards tool definitions' prose while keeping their structure. An entry point of its
 * own, so an adapter that imports it does not load the main module's event emitter.
 *
 * @module
 */
export { type GuardJsonSchemaOptions, guardJsonSchema } from './guard-json-schema';
export type { PromptGuard, PromptGuardUse } from '../prompt-guard';
