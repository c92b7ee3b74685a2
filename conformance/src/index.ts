export { ProviderClient, type ClientOptions, type CallOptions, type ExitInfo, type ProviderCommand, type ProviderEvent } from './client';
export * from './client-errors';
export { SERVER_NODE_FLAGS } from '@browser-provider/client/stdio';
export { startFixtureServer, type FixtureServer } from './fixtures/server';
export { FIXTURE } from './fixtures/pages';
export { WIDGETS } from './fixtures/widgets';
export { TASKS_FIXTURE } from './fixtures/tasks';
export { ERROR_FIXTURE } from './fixtures/error-pages';
export { SECURITY_FIXTURE } from './fixtures/security-pages';
export { OPTIONAL_FIXTURE } from './scenarios/optional/pages';
export {
  CORE_SCENARIOS,
  CORE_SCENARIO_IDS,
  ERROR_SCENARIOS,
  ERROR_SCENARIO_IDS,
  OPTIONAL_SCENARIOS,
  OPTIONAL_SCENARIO_IDS,
  SCENARIOS,
  SCENARIO_IDS,
  type Scenario,
  type ScenarioId,
  type ScenarioTier,
} from './scenarios/index';
export { certify, type CertifyOptions } from './runner';
export { runCertification, type BrowserTarget, type CertificationOptions, type CertificationOutput } from './certification';
export { Expectations, ExpectationEntry, allPass, compareRun, formatExpectations, loadExpectations, EXPECTATIONS_DIR } from './expectations';
export { assignTier, tierSummary, COMPATIBLE_MIN_PASSES, FOUNDATION, MIN_RUNS_FOR_CERTIFIED } from './tier';
export { consoleProgress, matrixTable, progressLine } from './report/console';
export { renderHtml } from './report/html';
export { renderJson } from './report/json';
export { renderMarkdown } from './report/markdown';
export type * from './types';
