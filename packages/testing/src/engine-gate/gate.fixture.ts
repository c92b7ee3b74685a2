import { it } from 'vitest';
import { describeEngine } from '../engines';

/** Two browser suites as every browser test file writes them; engines.test.ts runs this with Firefox hidden. */
describeEngine('firefox')('gate fixture on firefox', () => {
  it('drives firefox', () => {
    throw new Error('ran although firefox is not installed');
  });
});

describeEngine('chrome')('gate fixture on chrome', () => {
  it('drives chrome', () => {});
});
