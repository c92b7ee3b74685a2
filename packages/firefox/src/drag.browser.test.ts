import { describeDrag } from '@browser-provider/testing';
import { createFirefoxBackend } from './index';

describeDrag('Firefox', () => createFirefoxBackend(), { html5: 'synthesized', crossSiteInput: false });
