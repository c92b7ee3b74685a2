import { describeDrag, describeEngine } from '@browser-provider/testing';
import { createSafariBackend } from './index';

describeEngine('safari')('safari', () => describeDrag('WebKit', () => createSafariBackend(), { html5: 'synthesized', crossSiteInput: true }));
