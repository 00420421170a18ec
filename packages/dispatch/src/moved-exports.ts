// Names @parley/dispatch exported before its first release and has since moved to another entry
// point (issue 26): the guards to `@parley/dispatch/guards`, plan presentation to
// `@parley/telegram/plans`. Kept until that release as stubs that say where they are now (see
// "Migration" in the README), so the main entry loads neither the guards nor a Markdown parser.
import { RenamedExportError } from '@parley/core';

type MovedStub = (..._arguments: readonly unknown[]) => never;

const guards = '@parley/dispatch/guards';
const plans = '@parley/telegram/plans';

function moved(name: string, newPackageName: string): MovedStub {
  return () => {
    throw new RenamedExportError({ packageName: '@parley/dispatch', oldName: name, newName: name, newPackageName });
  };
}

/** @deprecated Moved to `@parley/dispatch/guards` (same name and arguments); this stub throws `RenamedExportError` and goes with the first release. */
export const checkReply: MovedStub = moved('checkReply', guards);
/** @deprecated Moved to `@parley/dispatch/guards` (same name and arguments); this stub throws `RenamedExportError` and goes with the first release. */
export const checkIterationPath: MovedStub = moved('checkIterationPath', guards);
/** @deprecated Moved to `@parley/dispatch/guards` (same name and arguments); this stub throws `RenamedExportError` and goes with the first release. */
export const findVersionMarker: MovedStub = moved('findVersionMarker', guards);
/** @deprecated Moved to `@parley/dispatch/guards` (same name and arguments); this stub throws `RenamedExportError` and goes with the first release. */
export const checkProgressLine: MovedStub = moved('checkProgressLine', guards);
/** @deprecated Moved to `@parley/dispatch/guards` (same name and arguments); this stub throws `RenamedExportError` and goes with the first release. */
export const checkSharedPath: MovedStub = moved('checkSharedPath', guards);
/** @deprecated Moved to `@parley/dispatch/guards` (same name and arguments); this stub throws `RenamedExportError` and goes with the first release. */
export const toKebabCase: MovedStub = moved('toKebabCase', guards);
/** @deprecated Moved to `@parley/dispatch/guards` (same name and arguments); this stub throws `RenamedExportError` and goes with the first release. */
export const classifyConfirmation: MovedStub = moved('classifyConfirmation', guards);
/** @deprecated Moved to `@parley/dispatch/guards` (same name and arguments); this stub throws `RenamedExportError` and goes with the first release. */
export const classifyRequest: MovedStub = moved('classifyRequest', guards);
/** @deprecated Moved to `@parley/dispatch/guards` (same name and arguments); this stub throws `RenamedExportError` and goes with the first release. */
export const guardReplyStream: MovedStub = moved('guardReplyStream', guards);
/** @deprecated Moved to `@parley/dispatch/guards` (same name and arguments); this stub throws `RenamedExportError` and goes with the first release. */
export const inPlaceInstructions: MovedStub = moved('inPlaceInstructions', guards);
/** @deprecated Moved to `@parley/dispatch/guards` (same name and arguments); this stub throws `RenamedExportError` and goes with the first release. */
export const withInPlaceInstructions: MovedStub = moved('withInPlaceInstructions', guards);
/** @deprecated Moved to `@parley/dispatch/guards` (same name and arguments); this stub throws `RenamedExportError` and goes with the first release. */
export const lintRequest: MovedStub = moved('lintRequest', guards);
/** @deprecated Moved to `@parley/dispatch/guards` (same name and arguments); this stub throws `RenamedExportError` and goes with the first release. */
export const replyContextFromStore: MovedStub = moved('replyContextFromStore', guards);
/** @deprecated Moved to `@parley/telegram/plans` (same name and arguments); this stub throws `RenamedExportError` and goes with the first release. */
export const renderPlan: MovedStub = moved('renderPlan', plans);
/** @deprecated Moved to `@parley/telegram/plans` (same name and arguments); this stub throws `RenamedExportError` and goes with the first release. */
export const assembleFinalReply: MovedStub = moved('assembleFinalReply', plans);
