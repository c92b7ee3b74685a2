import { describeEngine, describeHostilePage } from '@browser-provider/testing';
import { createChromeBackend } from './index';

// The real page script (no stand-in): it is what the page tries to fool.
describeEngine('chrome')('chrome', () => describeHostilePage('Chrome', () => createChromeBackend()));
