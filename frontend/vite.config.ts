import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The local runtime (`npm start`) serves the API and `/config.json`; dev mode forwards to it. */
const LOCAL_RUNTIME = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
            { name: 'amplify', test: /node_modules[\\/](@aws-amplify|aws-amplify|@aws-crypto|@smithy|tslib)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': LOCAL_RUNTIME,
      '/config.json': LOCAL_RUNTIME,
      '/cognito': LOCAL_RUNTIME,
      // The watch emulator's MQTT over WebSocket.
      '/mqtt': { target: LOCAL_RUNTIME, ws: true },
    },
  },
});
