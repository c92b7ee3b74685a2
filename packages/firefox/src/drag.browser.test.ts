import { describeDrag, describeEngine } from '@browser-provider/testing';
import { createFirefoxBackend } from './index';

describeEngine('firefox')('firefox', () => describeDrag('Firefox', () => createFirefoxBackend(), { html5: 'synthesized', crossSiteInput: false }));
