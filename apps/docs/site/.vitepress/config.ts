import { defineConfig } from 'vitepress';
import { apiSection, sections } from '../../src/navigation.ts';

const api = apiSection();

export default defineConfig({
  title: 'Parley',
  description: 'Stream-transform middleware that keeps multi-agent LLM systems speaking reliable protocols.',
  lang: 'en-GB',
  // Everything is served from this folder: no fonts, scripts or images from elsewhere.
  head: [['meta', { name: 'theme-color', content: '#3c6e71' }]],
  lastUpdated: false,
  cleanUrls: false,
  markdown: { theme: { light: 'github-light', dark: 'github-dark' } },
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
      '/': [...sections.map((section) => ({ ...section, collapsed: false })), { text: api.text, link: '/api/' }],
    },
    search: { provider: 'local' },
    outline: { level: [2, 3] },
    footer: { message: 'MIT licensed. Every code block on this site is run by its tests.' },
  },
});
