import { describeDrag, describeEngine } from '@browser-provider/testing';
import { createChromeBackend } from './index';

describeEngine('chrome')('chrome', () => describeDrag('Chrome', () => createChromeBackend(), { html5: 'native', crossSiteInput: true }));
