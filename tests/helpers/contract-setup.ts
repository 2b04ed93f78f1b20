import { afterAll, expect } from 'vitest';
import { contractViolations } from './contract.ts';

// Int-test setup: after each test file, every API answer it received matched the OpenAPI document.
afterAll(() => {
  expect([...new Set(contractViolations)]).toEqual([]);
});
