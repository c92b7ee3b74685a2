import { describeDrag } from '@browser-provider/testing';
import { createChromeBackend } from './index';

describeDrag('Chrome', () => createChromeBackend(), { html5: 'native', crossSiteInput: true });
