import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { DEFAULT_LANG, LANGS } from './core/locales.ts';
import { localOrigin } from './core/origin.ts';
import { translationReportIntegration } from './site/lib/content/translation-build-report.ts';

export default defineConfig({
  srcDir: './site',
  outDir: process.env.ASTRO_OUT_DIR ?? './dist',
  publicDir: './site/public',
  site: process.env.SITE_URL ?? localOrigin(process.env.HOST, process.env.PORT),
  trailingSlash: 'always',
  build: { format: 'directory', assets: '_astro' },
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [react({ include: ['**/islands/**'] }), translationReportIntegration()],
  // Routing is declared here once; redirects for /en/ and unknown language prefixes are done
  // by the one server (server/server.ts), which avoids Astro's prefix-stripping pitfalls with slugs
  // such as /promo/endless-summer/ or /idea/.
  i18n: { locales: [...LANGS], defaultLocale: DEFAULT_LANG, routing: 'manual' },
  prefetch: false,
  devToolbar: { enabled: false },
  vite: { plugins: [tailwindcss()] },
});
