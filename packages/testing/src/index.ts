/**
 * The suites every backend's tests run, engine-neutral unless named (`describeBidiBackend`), and the
 * local sites they load. Imported by name (`@browser-provider/testing`) and declared as a dev dependency,
 * so no test reaches into another package's sources.
 */
export { describeBidiBackend } from './backend-suite';
export { startFixtureSite, type FixtureSite } from './fixture-site';
export { describeDrag, type DragSuiteOptions } from './drag-suite';
export { startDragSite, type DragSite } from './drag-site';
export { describeHostilePage } from './hostile-suite';
export { BURST, describeManyDownloads } from './many-downloads';
export { startOptionalSite, type OptionalSite } from './optional-site';
export { describePageRealmWalker } from './page-walker-suite';
export { describeOptionalMethods, type OptionalSuiteOptions } from './optional-suite';
export { describeRouting, describeRoutingRefused } from './routing-suite';
export { standInSource, testPageScript } from './stand-in-page-script';
export { describeToolMethods, type ToolSuiteOptions } from './tools-suite';
