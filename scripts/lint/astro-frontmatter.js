// ESLint processor for .astro files: lints the frontmatter (the TypeScript between the two `---`
// fences) as a .ts block, so the walls between folders and the import-cycle rule also see what
// pages and components import. The template itself is checked by `astro check`.
const FENCE = /^---\s*$/m;

export const astroFrontmatter = {
  meta: { name: 'astro-frontmatter' },
  preprocess(text) {
    const open = text.match(FENCE);
    if (!open || open.index !== 0) return [];
    const rest = text.slice(open[0].length);
    const close = rest.match(FENCE);
    if (!close) return [];
    return [{ text: rest.slice(0, close.index), filename: 'frontmatter.ts' }];
  },
  // The block keeps the newline after the opening fence, so its line numbers are the file's.
  postprocess(messages) {
    return messages.flat();
  },
  supportsAutofix: false,
};
