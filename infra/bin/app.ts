import { FRONTEND_DIST } from '../aws/repo-paths.ts';
import { createPortalApp } from '../aws/portal-app.ts';

// `npx cdk synth` runs this (cdk.json "app"); cdk.json "build" builds the SPA first.
const { app } = createPortalApp({ frontendDistPath: FRONTEND_DIST });
app.synth();
