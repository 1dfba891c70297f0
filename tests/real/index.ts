/**
 * The real-servers harness: Debian's nginx and php-fpm, a TLS certificate made at test time, the reference
 * server, and Chromium resolving test host names to 127.0.0.1. Each server on a free 127.0.0.1 port,
 * stopped by its pid. See tests/real/README.md.
 */
export { ensureDebianPackages, MissingPackageError } from './debian.js';
export { freePort, waitForPort } from './ports.js';
export type { RunningServer } from './process.js';
export { startAtrium } from './atrium.js';
export { startPhpFpm } from './php-fpm.js';
export { phpAndAtriumServer, startNginx } from './nginx.js';
export { PHP_ROOT, startPhpSite, type PhpSite, type PhpSiteOptions } from './php-site.js';
export { clearLoginLimits, startRedis, stopRedisForAWhile, type RunningRedis } from './redis.js';
export { documentedBucketCors, startS3, type RunningS3 } from './s3.js';
export { changedExamsBuild, CHANGED_EXAMS_HEADING } from './area-build.js';
export { makeCertificate, type Certificate } from './certificate.js';
export { chromiumArgsFor, CHROMIUM_PATH } from './chromium.js';
export { renderDeployTemplate, DEPLOY_NGINX_DIR } from './deploy-config.js';
export { createDokuWiki, dokuwikiServer, type DokuWikiInstance } from './dokuwiki.js';
export { buildStockArea, buildStockVariant, guideFiles, type StockArea } from './stock-area.js';
export { actAsUser, holdScripts, widgetsUp } from './page-holds.js';
