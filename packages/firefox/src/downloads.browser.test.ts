import { describeManyDownloads } from '@browser-provider/testing';
import { createFirefoxBackend } from './index';

describeManyDownloads('Firefox', () => createFirefoxBackend(), { savesWholeBurst: true });
