/**
 * The application side of `@parley/inspector`: send a middleware's events to a running inspector
 * (`parley inspect`) without loading the server. Only labels and numbers leave the process.
 *
 * @module
 */
export { createEventReporter, type EventReporter, type EventReporterOptions } from './event-reporter';
export { type InspectedMiddleware, inspect, type InspectOptions } from './inspect';
export { type InspectorEvent, toInspectorEvent } from './inspector-event';
