/**
 * The suites every backend's tests run, engine-neutral unless named (`describeBidiBackend`), the local
 * sites they load, and the small helpers server-level tests share (`servePage`, `commandName`).
 * Imported by name (`@browser-provider/testing`) and declared as a dev dependency, so no test reaches
 * into another package's sources. It depends on nothing above the backends (no client, conformance or
 * CLI): the client and the adapters dev-depend on it, and turbo refuses a cycle even through dev edges.
 */
export { describeBidiBackend } from './backend-suite';
export { startFixtureSite, type FixtureSite } from './fixture-site';
export { describeDrag, type DragSuiteOptions } from './drag-suite';
export { describeEngine, engineReady, ENGINES, ENGINES_VAR, type Engine } from './engines';
export { startDragSite, type DragSite } from './drag-site';
export { DRAG_ITEMS, DRAG_ITEMS_PAGE, dragItemsFiles, type DragList } from './drag-items-site';
export { describeHostilePage } from './hostile-suite';
export { describeLinkHrefs } from './href-suite';
export { INPUTS_PAGE, nativeValue } from './inputs-page';
export { BURST, describeManyDownloads } from './many-downloads';
export { startOptionalSite, type OptionalSite } from './optional-site';
export { describePageRealmWalker } from './page-walker-suite';
export { describeOptionalMethods, type OptionalSuiteOptions } from './optional-suite';
export { servePage, type Served } from './page-server';
export { commandName } from './processes';
export { describeRouting, describeRoutingRefused, describeRoutingWithoutEval } from './routing-suite';
export { standInSource, testPageScript } from './stand-in-page-script';
export { describeToolMethods, type ToolSuiteOptions } from './tools-suite';
