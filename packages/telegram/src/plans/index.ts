/**
 * Plan presentation for Telegram, `@parley/telegram/plans`: a dispatch plan rendered for the user to
 * confirm (`renderPlan`) and the one consolidated reply of a finished plan (`assembleFinalReply`),
 * built on this package's escaping, Markdown conversion and splitting. Plans and tasks are
 * `@parley/dispatch`'s: install it next to this package to use this entry (an optional peer
 * dependency; the main entry never loads it).
 *
 * @module
 */
export { type AssembleFinalReplyOptions, assembleFinalReply, type FinalReply } from '../assemble-final-reply';
export { type RenderPlanOptions, renderPlan } from '../render-plan';
