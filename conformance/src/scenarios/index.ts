import { describeScenario, statusScenario } from './discovery';
import { pageClickScenario, pageOpenScenario, pageSnapshotScenario, pageTypeScenario } from './page';
import { sessionCloseScenario, sessionEnsureScenario } from './session';
import { pageScreenshotScenario, pageWaitScenario } from './wait-screenshot';
import type { Scenario } from './context';

export * from './context';

/** The draft's 10 minimal conformance scenarios, in the draft's order. */
export const SCENARIOS: readonly Scenario[] = [
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

export const SCENARIO_IDS = SCENARIOS.map((s) => s.id);
