import { describeEngine, describeLinkHrefs } from '@browser-provider/testing';
import { createFirefoxBackend } from './index';

describeEngine('firefox')('firefox', () => describeLinkHrefs('Firefox', () => createFirefoxBackend()));
