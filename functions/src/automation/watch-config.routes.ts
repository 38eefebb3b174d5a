// Placeholder until helper C1 lands the watch-config route (replaced, never committed as is).
export const watchConfigRoutes = {} as Record<'getWatchConfig', never>;
