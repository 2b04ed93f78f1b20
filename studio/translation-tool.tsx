import { useCallback } from 'react';
import { useClient, type Tool } from 'sanity';
import { DOCUMENT_TYPES, TranslationsView } from './translation-view.tsx';

// The Translations tool in the Studio: the view (studio/translation-view.tsx) over every document of
// the project, drafts included, read with the editor's client.

function TranslationsTool() {
  const client = useClient({ apiVersion: '2025-02-19' });
  const load = useCallback(
    () =>
      client
        .withConfig({ perspective: 'raw' })
        .fetch<Record<string, unknown>[]>('*[_type in $types]', { types: DOCUMENT_TYPES }),
    [client],
  );
  return <TranslationsView load={load} />;
}

/** Registered in sanity.config.ts. */
export const translationsTool: Tool = {
  name: 'translations',
  title: 'Translations',
  component: TranslationsTool,
};
