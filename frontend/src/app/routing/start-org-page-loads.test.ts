import { describe, expect, it, vi } from 'vitest';
import { startOrgPageLoads } from './start-org-page-loads.ts';

function loads() {
  const startSession = vi.fn();
  return {
    startSession,
    load: { queryClientLayout: vi.fn(async () => ({})), requireCurrentPassword: vi.fn(async () => ({ startSession })) },
  };
}

describe('startOrgPageLoads', () => {
  it("starts the signed-in layouts' chunks and the session's reads for the page's organisation", async () => {
    const { load, startSession } = loads();
    startOrgPageLoads('/org-1/notifications/select/n-1', load);
    expect(load.queryClientLayout).toHaveBeenCalledOnce();
    expect(load.requireCurrentPassword).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(startSession).toHaveBeenCalledWith('org-1'));
  });

  it('starts nothing for the app’s own paths, which are no organisation', () => {
    for (const path of ['/', '/signin', '/signup', '/change-password', '/watch', '/kiosk']) {
      const { load } = loads();
      startOrgPageLoads(path, load);
      expect(load.queryClientLayout).not.toHaveBeenCalled();
      expect(load.requireCurrentPassword).not.toHaveBeenCalled();
    }
  });

  it('leaves a failed chunk to the router, which reports it', async () => {
    const startSession = vi.fn();
    const failed = vi.fn(async () => Promise.reject(new Error('chunk failed')));
    expect(() => startOrgPageLoads('/org-1', { queryClientLayout: failed, requireCurrentPassword: failed as never })).not.toThrow();
    await Promise.resolve();
    expect(startSession).not.toHaveBeenCalled();
  });
});
