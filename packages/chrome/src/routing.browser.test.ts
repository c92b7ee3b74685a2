import { BidiSession } from '@browser-provider/bidi';
import type { BackendSession } from '@browser-provider/core/backend';
import { describeEngine, describeRouting, describeRoutingWithoutEval } from '@browser-provider/testing';
import { createChromeBackend } from './index';

describeEngine('chrome')('chrome', () => describeRouting('Chrome', () => createChromeBackend(), { intercepts: (s: BackendSession) => (s instanceof BidiSession ? s.network.interceptIds() : Promise.resolve([])) }));
describeEngine('chrome')('chrome', () => describeRoutingWithoutEval('Chrome', () => createChromeBackend()));
