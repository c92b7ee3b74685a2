import { BidiSession } from '@browser-provider/bidi';
import type { BackendSession } from '@browser-provider/core/backend';
import { describeRouting } from '@browser-provider/testing';
import { createChromeBackend } from './index';

describeRouting('Chrome', () => createChromeBackend(), { intercepts: (s: BackendSession) => (s instanceof BidiSession ? s.network.interceptIds() : Promise.resolve([])) });
