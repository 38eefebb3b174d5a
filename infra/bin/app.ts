import { FRONTEND_DIST } from '../aws/repo-paths.ts';
import { createPortalApp } from '../aws/portal-app.ts';

// `npx cdk synth` runs this (cdk.json "app"); cdk.json "build" builds the SPA first. Context
// (README, "Deploy to AWS"): -c deployment=<name> (stack Portal-<name>, topic root <name>/v1),
// -c sesFromAddress=<address> [-c sesVerifiedDomain=<domain>], -c edge=false (no PortalEdge stack with the us-east-1 web ACL; decision 0058).
const { app } = createPortalApp({ frontendDistPath: FRONTEND_DIST });
app.synth();
