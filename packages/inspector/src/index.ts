/**
 * Parley Inspector: a local web app onto a task store (plans newest first, a plan as a live graph
 * of its tasks, task details, cancel behind a token) with a feed of middleware events. `parley
 * inspect` starts it; applications send events with `@parley/inspector/reporter`.
 *
 * @module
 */
export { createEventReporter, type EventReporter, type EventReporterOptions } from './event-reporter';
export { type InspectedMiddleware, inspect, type InspectOptions } from './inspect';
export { type InspectorEvent, type StoredInspectorEvent, toInspectorEvent } from './inspector-event';
export { type InspectorServer, type InspectorServerOptions, startInspectorServer } from './inspector-server';
export { securityHeaders } from './security-headers';
export { readTaskDetail, type TaskDetail } from './task-detail';
