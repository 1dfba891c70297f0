/**
 * @atrium/releases: versioned import maps, one app at a time (docs/releases.md). Framework-free: the
 * release model, the checks before going live, the store interface and its file implementation, and the
 * operations the CLI (scripts/release.ts) and the server's HTTP API share.
 */
export type {
  AppManifest,
  AreaGuard,
  AreaRoutes,
  Canary,
  CanaryAudience,
  ChangeKind,
  ImportMap,
  MapArea,
  ModuleChunk,
  ModuleKind,
  ModuleStyle,
  Release,
  ReleaseChange,
  ReleaseFile,
  ReleaseModule,
  ReleaseSummary,
} from './types.js';
export { ReleaseError, isReleaseError } from './errors.js';
export type { ReleaseErrorCode } from './errors.js';
export { createImportMap, createPreloads, pageModules, PAGE_CHUNKS, PAGE_ROOTS } from './import-map.js';
export type { MapModule, PageKind, Preload } from './import-map.js';
export {
  audienceIncludes,
  bucketOf,
  canaryApplies,
  diffReleases,
  filesOf,
  importMapOf,
  latestStamp,
  nextReleaseId,
  nextStamp,
  preloadsOf,
  stampOf,
  viewFor,
  widgetsOf,
} from './model.js';
export type { ModuleDiff, ReleaseView, Viewer } from './model.js';
export {
  checkFiles,
  checkShared,
  checkSize,
  checkSystemModule,
  checkWidgetsModule,
  compatible,
  parseManifest,
  REQUIRED_LIFECYCLES,
  SIZE_BUDGETS,
  WIDGET_TAGS,
} from './checks.js';
export { readSystemModule, SystemModuleError, ES_MODULE_FIX } from './system-module.js';
export {
  checkPublishName,
  FILE_NAME_RULE,
  isFileName,
  isModuleName,
  MODULE_NAME_RULE,
  OUTSIDE_NAME_RULE,
} from './names.js';
export type { ExportValue, SystemModuleInfo } from './system-module.js';
export type { AssetStore, ReleaseStore, RestoreResult } from './store.js';
export {
  createDirectoryHistory,
  createS3History,
  historyPrefixOf,
  type DurableHistory,
} from './durable-history.js';
export { BACKUP_FORMAT, parseBackup, type ReleaseBackup } from './backup.js';
export { createFileAssetStore, createFileReleaseStore, releasesDirFromEnv } from './file-store.js';
export {
  createRedisReleaseStore,
  RELEASE_KEYS,
  type RedisReleaseStore,
  type RedisStoreOptions,
} from './redis-store.js';
export { releaseStoreFromEnv, type OpenedReleaseStore } from './store-from-env.js';
export { createS3AssetStore, IMMUTABLE, publicBaseOf, s3ClientOf, type S3AssetOptions } from './s3-assets.js';
export {
  assetsConfigFromEnv,
  createAssetStore,
  createDurableHistory,
  describeAssets,
  type AssetsConfig,
} from './assets-config.js';
export { CANARY_ROLES, createReleaseService } from './service.js';
export type { AppUpload, ReleaseService, ReleaseServiceOptions } from './service.js';
export {
  AREA_GUARDS,
  areaRoutes,
  hasContentHash,
  normaliseRoute,
  pack,
  packageOf,
  ROUTE_PATTERN,
} from './pack/pack.js';
export type { PackOptions, PackResult } from './pack/pack.js';
export { checkAreaRoutes, RESERVED_ROUTE_SEGMENTS, routesOverlap } from './area-routes.js';
