import { describeEngine, describeHostilePage } from '@browser-provider/testing';
import { createFirefoxBackend } from './index';

// The real page script (no stand-in): it is what the page tries to fool.
describeEngine('firefox')('firefox', () => describeHostilePage('Firefox', () => createFirefoxBackend()));
