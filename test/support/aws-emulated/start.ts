import path from 'node:path';
import { FRONTEND_DIST, REPO_ROOT } from '../../../infra/aws/repo-paths.ts';
import { startAwsEmulated } from './aws-emulated.ts';
import { printReport } from './report.ts';

// `npm run start:aws-emulated`: the portal as the synthesised template deploys it, for a person to
// try (docs/deploy.md, "aws-emulated"). PORT (default 3100) and DATA_DIR (default .data/aws-emulated,
// emptied by hand) as for `npm start`. Ctrl-C prints the report and stops everything.
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(REPO_ROOT, '.data', 'aws-emulated'));
const begun = Date.now();
const portal = await startAwsEmulated({ dataDir, port: Number(process.env.PORT ?? 3100), frontendDist: FRONTEND_DIST });
console.log(`  aws-emulated ready in ${((Date.now() - begun) / 1000).toFixed(1)} s: ${portal.url}`);
console.log(`  ${portal.functions.size} functions from ${portal.template.stackName}; MQTT ${portal.mqttTcpUrl}; logs in ${path.join(dataDir, 'logs')}`);
if (portal.missing.length) console.log(`  emulators not there yet (their calls fail): ${portal.missing.join(', ')}`);
let stopping = false;
process.on('SIGINT', () => {
  if (stopping) return;
  stopping = true;
  printReport(portal);
  void portal.stop().then(() => process.exit(0));
});
