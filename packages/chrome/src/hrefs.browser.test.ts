import { describeEngine, describeLinkHrefs } from '@browser-provider/testing';
import { createChromeBackend } from './index';

describeEngine('chrome')('chrome', () => describeLinkHrefs('Chrome', () => createChromeBackend()));
