import { describeEngine, describeToolMethods } from '@browser-provider/testing';
import { createChromeBackend } from './index';
import { CHROME_MEDIA_FEATURES } from './media';

describeEngine('chrome')('chrome', () => describeToolMethods('Chrome', () => createChromeBackend(), { media: CHROME_MEDIA_FEATURES, pdf: true, network: true }));
