import { describeEngine, describePageRealmWalker } from '@browser-provider/testing';
import { createFirefoxBackend } from './index';

describeEngine('firefox')('firefox', () => describePageRealmWalker('Firefox', () => createFirefoxBackend()));
