import { BidiSession } from '@browser-provider/bidi';
import type { BackendSession } from '@browser-provider/core/backend';
import { describeRouting } from '@browser-provider/testing';
import { createFirefoxBackend } from './index';

describeRouting('Firefox', () => createFirefoxBackend(), { intercepts: (s: BackendSession) => (s instanceof BidiSession ? s.network.interceptIds() : Promise.resolve([])) });
