export { startStubGrid, type StubGrid, type StubGridOptions } from './stub-grid';
export { startGridCluster, seleniumJar, type GridCluster, type GridClusterOptions, type GridNode, type GridNodeKind } from './cluster';
