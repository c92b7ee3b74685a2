import { describeScenario, statusScenario } from './discovery';
import {
  ambiguousTextScenario,
  coveredButtonScenario,
  disabledButtonScenario,
  fileInputScenario,
  previousDocumentScenario,
  rerenderedListScenario,
} from './errors-actions';
import { OPTIONAL_SCENARIOS } from './optional/index';
import { hungPageScenario, slowNavigationScenario } from './errors-robustness';
import { coveringIframeScenario, fakeUserAgentScenario, scopeForgeryScenario, spoofedHitTestScenario, spoofedRealmScenario } from './security-pages';
import { closeStopsCallsScenario } from './security-close';
import { crossSessionScenario, gatedMethodsScenario } from './security-reach';
import { pageClickScenario, pageOpenScenario, pageSnapshotScenario, pageTypeScenario } from './page';
import { sessionCloseScenario, sessionEnsureScenario } from './session';
import { pageScreenshotScenario, pageWaitScenario } from './wait-screenshot';
import type { Scenario } from './context';

export * from './context';

/** The draft's 10 minimal conformance scenarios, in the draft's order: the certification tier. */
export const CORE_SCENARIOS: readonly Scenario[] = [
  describeScenario,
  statusScenario,
  sessionEnsureScenario,
  pageOpenScenario,
  pageSnapshotScenario,
  pageClickScenario,
  pageTypeScenario,
  pageWaitScenario,
  pageScreenshotScenario,
  sessionCloseScenario,
];

/** How the provider fails. The hung page goes last: its page stays busy after the scenario ends. */
export const ERROR_SCENARIOS: readonly Scenario[] = [
  coveredButtonScenario,
  disabledButtonScenario,
  rerenderedListScenario,
  previousDocumentScenario,
  ambiguousTextScenario,
  fileInputScenario,
  slowNavigationScenario,
  hungPageScenario,
];

export { OPTIONAL_FIXTURE, OPTIONAL_PAGES, OPTIONAL_SCENARIOS } from './optional/index';

/** What a hostile page or another session can make the provider do (issues 13 and 31). */
export const SECURITY_SCENARIOS: readonly Scenario[] = [
  spoofedHitTestScenario,
  coveringIframeScenario,
  fakeUserAgentScenario,
  crossSessionScenario,
  gatedMethodsScenario,
  spoofedRealmScenario,
  scopeForgeryScenario,
  closeStopsCallsScenario,
];

/** Everything a certification runs by default: the four tiers, core, then errors, optional, security. */
export const SCENARIOS: readonly Scenario[] = [...CORE_SCENARIOS, ...ERROR_SCENARIOS, ...OPTIONAL_SCENARIOS, ...SECURITY_SCENARIOS];

export const SCENARIO_IDS = SCENARIOS.map((s) => s.id);
export const CORE_SCENARIO_IDS = CORE_SCENARIOS.map((s) => s.id);
export const ERROR_SCENARIO_IDS = ERROR_SCENARIOS.map((s) => s.id);
export const OPTIONAL_SCENARIO_IDS = OPTIONAL_SCENARIOS.map((s) => s.id);
export const SECURITY_SCENARIO_IDS = SECURITY_SCENARIOS.map((s) => s.id);
