import { createContext, useContext } from 'react';

/**
 * The organisation's zone on the emulated watch (decision 0049): a watch runs in it (decision
 * 0038), so every time a card shows is in it, whatever the browser's zone. WatchScreen provides it.
 */
const WatchTimeZone = createContext('UTC');

export const WatchTimeZoneProvider = WatchTimeZone.Provider;
export const useWatchTimeZone = () => useContext(WatchTimeZone);
