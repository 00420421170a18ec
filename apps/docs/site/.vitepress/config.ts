import { type DefaultTheme, defineConfig } from 'vitepress';
import { apiSection, type NavigationSection, sections } from '../../src/navigation.ts';

/** The sidebar wants mutable arrays; the navigation list is read-only. */
const sidebarSection = (section: NavigationSection): DefaultTheme.SidebarItem => ({ text: section.text, items: section.items.map((item) => ({ ...item })) });
const api = sidebarSection(apiSection());

/** `<a id="…">` or `</a>`: the only HTML the pages may hold. */
const isAnchor = (html: string): boolean => /^<a id="[\w-]+">(?:<\/a>)?$/.test(html) || html === '</a>';

export default defineConfig({
  title: 'Parley',
  description: 'Stream-transform middleware that keeps multi-agent LLM systems speaking reliable protocols.',
  lang: 'en-GB',
  // Everything is served from this folder: no fonts, scripts or images from elsewhere.
  head: [['meta', { name: 'theme-color', content: '#3c6e71' }]],
  lastUpdated: false,
  cleanUrls: false,
  markdown: {
    // High-contrast themes: every token colour passes AA on the code background.
    theme: { light: 'github-light-high-contrast', dark: 'github-dark-high-contrast' },
    // Raw HTML in Markdown is shown as text, except the `<a id="…"></a>` anchors TypeDoc writes in
    // its tables: the pages quote protocol text such as <REDACTED:TYPE> and Telegram's <b> tags,
    // which must never become elements (nor reach Vue's template compiler).
    config: (md) => {
      // `<REDACTED:TYPE>` is protocol text, not a link to the scheme "REDACTED:".
      md.disable('autolink');
      md.core.ruler.push('text-not-html', (state) => {
        const demote = (tokens: typeof state.tokens): void => {
          for (const token of tokens) {
            if ((token.type === 'html_inline' || token.type === 'html_block') && !isAnchor(token.content.trim())) token.type = 'text';
            if (token.children !== null) demote(token.children);
          }
        };
        demote(state.tokens);
      });
    },
  },
  themeConfig: {
    nav: [
      { text: 'Get started', link: '/start/' },
      { text: 'Guides', link: '/guides/redact-secrets' },
      { text: 'Concepts', link: '/concepts/chunk-invariance' },
      { text: 'Protocols', link: '/protocols/tokens' },
      { text: 'API', link: '/api/' },
      { text: 'Changelog', link: '/changelog' },
    ],
    sidebar: {
      '/api/': [api],
      '/': [...sections.map(sidebarSection), { text: api.text ?? 'API reference', link: '/api/' }],
    },
    search: { provider: 'local' },
    outline: { level: [2, 3] },
    footer: { message: 'MIT licensed. Every code block on this site is run by its tests.' },
  },
});
