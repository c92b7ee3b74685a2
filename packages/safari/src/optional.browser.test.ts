import { describeEngine, describeOptionalMethods } from '@browser-provider/testing';
import { createSafariBackend } from './index';

// Classic WebDriver: no console, network or download events, so those methods are not offered.
describeEngine('safari')('safari', () => describeOptionalMethods('WebKit', () => createSafariBackend(), {
  expected: [
    'tab.list',
    'tab.new',
    'tab.activate',
    'tab.close',
    'page.hover',
    'page.drag',
    'page.mouse',
    'page.press',
    'page.select',
    'page.scroll',
    'storage.get',
    'page.go_back',
    'page.go_forward',
    'page.reload',
    'page.eval',
    'cookie.list',
    'cookie.set',
    'cookie.delete',
    'page.set_viewport',
    'storage.set',
    'upload.set_files',
    'provider.setup_guide',
    'provider.verify',
    'page.highlight',
    'page.hide_highlight',
    'page.drop',
  ],
  events: ['page.navigated', 'page.dialog'],
  dialogKinds: false,
}));
