import { describeEngine, describeLinkHrefs } from '@browser-provider/testing';
import { createSafariBackend } from './index';

describeEngine('safari')('safari', () => describeLinkHrefs('WebKit', () => createSafariBackend()));
