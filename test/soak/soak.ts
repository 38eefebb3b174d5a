/**
 * `npm run soak` (docs/reliability.md): a seeded soak of the local runtime under faults, then the
 * audit; exits 1 on any loss. SOAK_SEED, SOAK_SECONDS (600), SOAK_WATCHES (500), SOAK_ADMINS (10),
 * SOAK_FAULTS (6). Needs Java (DynamoDB Local), like `npm start`.
 */
import { formatReport, runSoak, soakOptionsFromEnv } from './run-soak.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
const started = Date.now();
const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const result = await runSoak(soakOptionsFromEnv(log));
console.log(formatReport(result));
process.exit(result.losses.length ? 1 : 0);
