export { startGridCluster, seleniumJar, type GridCluster, type GridClusterOptions, type GridNode, type GridNodeKind } from './cluster';
