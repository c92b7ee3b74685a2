import { describeEngine, describeManyDownloads } from '@browser-provider/testing';
import { createChromeBackend } from './index';

// Chromium 156 saves only the first 10 of a page's 50 automatic downloads (measured; the rest are
// blocked without a downloadWillBegin): so here records must equal files, not 50.
describeEngine('chrome')('chrome', () => describeManyDownloads('Chrome', () => createChromeBackend(), { savesWholeBurst: false }));
