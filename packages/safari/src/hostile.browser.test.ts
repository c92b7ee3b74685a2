import { describeEngine, describeHostilePage } from '@browser-provider/testing';
import { createSafariBackend } from './index';

// The real page script (no stand-in): it is what the page tries to fool. Classic WebDriver has no
// sandbox realm; the script takes its DOM functions from a fresh realm at install.
describeEngine('safari')('safari', () => describeHostilePage('Safari', () => createSafariBackend({ xvfb: 'always' }), 'fresh'));
