import { describeEngine, describeToolMethods } from '@browser-provider/testing';
import { createFirefoxBackend } from './index';

// Firefox 153 ESR's BiDi has no media emulation (no emulation.* command for it) and its preferences
// apply to the whole browser, not one session's page: page.emulate_media is not offered.
describeEngine('firefox')('firefox', () => describeToolMethods('Firefox', () => createFirefoxBackend(), { media: [], pdf: true, network: true }));
