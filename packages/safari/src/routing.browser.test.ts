import { describeEngine, describeRoutingRefused } from '@browser-provider/testing';
import { createSafariBackend } from './index';

// Classic WebDriver has no request interception or network emulation: WebKit refuses by name.
describeEngine('safari')('safari', () => describeRoutingRefused('WebKit', () => createSafariBackend()));
