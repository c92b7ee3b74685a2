import { describeEngine, describeManyDownloads } from '@browser-provider/testing';
import { createFirefoxBackend } from './index';

describeEngine('firefox')('firefox', () => describeManyDownloads('Firefox', () => createFirefoxBackend(), { savesWholeBurst: true }));
