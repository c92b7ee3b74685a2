import { describeManyDownloads } from '../../bidi/src/testing/many-downloads';
import { createFirefoxBackend } from './index';

describeManyDownloads('Firefox', () => createFirefoxBackend(), { savesWholeBurst: true });
