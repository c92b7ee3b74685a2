import { describeBidiBackend } from '../../bidi/src/testing/backend-suite';
import { testPageScript } from '../../bidi/src/testing/stand-in-page-script';
import { createFirefoxBackend } from './index';

describeBidiBackend('Firefox', () => createFirefoxBackend({ pageScript: testPageScript }));
