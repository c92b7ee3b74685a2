import { BIDI_OPTIONAL_METHODS } from '@browser-provider/bidi';
import { describeEngine, describeOptionalMethods } from '@browser-provider/testing';
import { createFirefoxBackend } from './index';

describeEngine('firefox')('firefox', () => describeOptionalMethods('Firefox', () => createFirefoxBackend(), {
  expected: [...new Set([...BIDI_OPTIONAL_METHODS, 'tab.list', 'tab.new', 'tab.activate', 'tab.close', 'page.hover', 'page.drag', 'page.mouse', 'page.press', 'page.select', 'page.scroll', 'storage.get', 'storage.set', 'provider.setup_guide', 'provider.verify', 'page.highlight', 'page.hide_highlight', 'page.drop'] as const)],
  events: ['page.navigated', 'page.dialog', 'download.finished', 'console.entry'],
  dialogKinds: true,
}));
