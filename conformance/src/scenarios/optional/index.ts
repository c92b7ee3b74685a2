import { dialogScenario, eventsScenario, popupScenario } from './dialogs-events';
import { downloadListScenario, downloadWaitScenario, uploadScenario } from './files';
import type { Scenario } from '../context';
import { consoleListScenario, cookieListScenario, evalScenario, networkListScenario, storageGetScenario } from './introspection';
import { goBackScenario, goForwardScenario, reloadScenario, scrollScenario } from './navigation';
import { setupGuideScenario, verifyScenario } from './setup';

export { OPTIONAL_FIXTURE, OPTIONAL_PAGES } from './pages';

/**
 * The optional tier: one scenario per optional method (and the namespaced dialog/events methods).
 * A method the provider does not offer fails its scenario with a message saying so (after checking the
 * absence is honest), so per-browser expectations record it as an expected failure with that reason.
 */
export const OPTIONAL_SCENARIOS: readonly Scenario[] = [
  goBackScenario,
  goForwardScenario,
  reloadScenario,
  scrollScenario,
  evalScenario,
  consoleListScenario,
  networkListScenario,
  cookieListScenario,
  storageGetScenario,
  uploadScenario,
  downloadWaitScenario,
  downloadListScenario,
  dialogScenario,
  eventsScenario,
  popupScenario,
  setupGuideScenario,
  verifyScenario,
];
