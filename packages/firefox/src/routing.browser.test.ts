import { BidiSession } from '@browser-provider/bidi';
import type { BackendSession } from '@browser-provider/core/backend';
import { describeEngine, describeRouting, describeRoutingWithoutEval } from '@browser-provider/testing';
import { createFirefoxBackend } from './index';

describeEngine('firefox')('firefox', () => describeRouting('Firefox', () => createFirefoxBackend(), { intercepts: (s: BackendSession) => (s instanceof BidiSession ? s.network.interceptIds() : Promise.resolve([])) }));
describeEngine('firefox')('firefox', () => describeRoutingWithoutEval('Firefox', () => createFirefoxBackend()));
