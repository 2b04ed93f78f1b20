import { defineCliConfig } from 'sanity/cli';

// The Studio reads its project from SANITY_PROJECT_ID; browser code only sees SANITY_STUDIO_*
// variables, so mirror them here (this file runs in Node before the bundle is built).
process.env.SANITY_STUDIO_PROJECT_ID ??= process.env.SANITY_PROJECT_ID ?? '';
process.env.SANITY_STUDIO_DATASET ??= process.env.SANITY_DATASET ?? 'production';
process.env.SANITY_STUDIO_SITE_URL ??= process.env.SITE_URL ?? 'http://127.0.0.1:4321';

export default defineCliConfig({
  api: {
    // A placeholder keeps `sanity build` and `sanity schema validate` working offline; `npm run
    // studio` refuses to start without a real SANITY_PROJECT_ID (scripts/studio.ts).
    projectId: process.env.SANITY_PROJECT_ID || 'offline',
    dataset: process.env.SANITY_DATASET || 'production',
  },
  studioHost: undefined,
  deployment: { autoUpdates: false },
  vite: (config) => ({ ...config, build: { ...config.build, chunkSizeWarningLimit: 8000 } }),
});
