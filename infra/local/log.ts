/** The runtime's own console lines, quiet under tests (LOCAL_RUNTIME_QUIET=1). */
const quiet = () => process.env.LOCAL_RUNTIME_QUIET === '1';

export const logger = {
  info: (message: string) => {
    if (!quiet()) console.log(`[portal] ${message}`);
  },
  error: (message: string) => console.error(`[portal] ${message}`),
};
