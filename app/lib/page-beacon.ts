/** Where pages send their analytics record (app/routes/api.beacon.ts, decision 0049). */
export const BEACON_PATH = '/api/beacon';
