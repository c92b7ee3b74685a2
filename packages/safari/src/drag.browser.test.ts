import { describeDrag } from '@browser-provider/testing';
import { createSafariBackend } from './index';

describeDrag('WebKit', () => createSafariBackend(), { html5: 'synthesized', crossSiteInput: true });
