/**
 * The site's sections and pages, in reading order: the sidebar and the top navigation are made
 * from this list, and the tests check that every page listed exists and every page is listed.
 *
 * @module
 */
import { entryPoints } from './entry-points.ts';

/** One page: its link (a path under the site, without `.md`) and its title in the sidebar. */
export interface NavigationPage {
  readonly text: string;
  readonly link: string;
}

/** A sidebar section. */
export interface NavigationSection {
  readonly text: string;
  readonly items: readonly NavigationPage[];
}

const pages = (folder: string, entries: ReadonlyArray<readonly [slug: string, text: string]>): NavigationPage[] => entries.map(([slug, text]) => ({ text, link: `/${folder}/${slug}` }));

/** The hand-written sections, in order. */
export const sections: readonly NavigationSection[] = [
  {
    text: 'Getting started',
    items: pages('start', [
      ['index', 'Which way in?'],
      ['streams', 'Plain streams and Web Streams'],
      ['ai-sdk', 'Vercel AI SDK'],
      ['langchain', 'LangChain.js and LangGraph'],
      ['cli', 'The command line'],
    ]),
  },
  {
    text: 'Guides',
    items: pages('guides', [
      ['redact-secrets', 'Redact secrets in a streaming chat'],
      ['council', 'Keep a council on protocol'],
      ['envelopes', 'Parse sub-agent envelopes, quarantine bad ones'],
      ['negotiate', 'Negotiate with sub-agents'],
      ['dispatch', 'Plan, confirm and dispatch'],
      ['dispatch-postgres', 'Dispatch across machines on Postgres'],
      ['inspect', 'Inspect plans live'],
      ['opentelemetry', 'Trace with OpenTelemetry'],
      ['telegram', 'Present results in Telegram'],
      ['guard-model-input', 'Guard what goes into the model'],
      ['write-middleware', 'Write your own middleware'],
    ]),
  },
  {
    text: 'Concepts',
    items: pages('concepts', [
      ['chunk-invariance', 'Chunk invariance'],
      ['losslessness', 'Losslessness'],
      ['failing-closed', 'Failing closed'],
      ['errors', 'The error model'],
      ['events', 'Events'],
    ]),
  },
  {
    text: 'Protocols',
    items: pages('protocols', [
      ['tokens', 'The C-suite token protocol'],
      ['envelope', 'The sub-agent envelope'],
      ['negotiation', 'Context negotiation'],
      ['orchestration', 'Plan-and-confirm orchestration'],
    ]),
  },
  {
    text: 'Decisions and limits',
    items: pages('packages', [
      ['core', '@parley/core'],
      ['redaction', '@parley/redaction'],
      ['tokens', '@parley/tokens'],
      ['envelope', '@parley/envelope'],
      ['negotiation', '@parley/negotiation'],
      ['dispatch', '@parley/dispatch'],
      ['inspector', '@parley/inspector'],
      ['otel', '@parley/otel'],
      ['telegram', '@parley/telegram'],
      ['ai-sdk', '@parley/ai-sdk'],
      ['langchain', '@parley/langchain'],
      ['mcp', '@parley/mcp'],
      ['cli', '@parley/cli'],
    ]),
  },
  { text: 'Project', items: pages('', [['changelog', 'Changelog']]).map((page) => ({ ...page, link: page.link.replace('//', '/') })) },
];

/** The API reference's section: its index and one page per published entry point. */
export function apiSection(): NavigationSection {
  return { text: 'API reference', items: [{ text: 'All entry points', link: '/api/' }, ...entryPoints().map((entry) => ({ text: entry.specifier, link: `/api/${entry.slug}` }))] };
}
