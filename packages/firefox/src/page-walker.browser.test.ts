import { describePageRealmWalker } from '@browser-provider/testing';
import { createFirefoxBackend } from './index';

describePageRealmWalker('Firefox', () => createFirefoxBackend());
