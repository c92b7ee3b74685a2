import { describeEngine, describeToolMethods } from '@browser-provider/testing';
import { createSafariBackend } from './index';

// Classic WebDriver on WebKitGTK 2.50: no media emulation, no Print Page (POST /print is an unknown
// command), no network events; highlight and drop are the page script's and work.
describeEngine('safari')('safari', () => describeToolMethods('WebKit', () => createSafariBackend(), { media: [], pdf: false, network: false }));
