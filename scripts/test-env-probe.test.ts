import { expect, it } from 'vitest';
import { strayAppEnv } from './test-env.ts';

// Run in every unit run, and by scripts/test-env.test.ts in a Vitest started from a shell that has a
// node's environment: whatever the shell had, a test sees none of the app's variables (vitest.config.ts).
it('a test sees none of the app variables of the shell that started Vitest', () => {
  // NODE_ENV is Vitest's own ('test' unless the shell said otherwise).
  expect(strayAppEnv(process.env).filter((key) => key !== 'NODE_ENV')).toEqual([]);
});
