/** Where the Search API v2 answers, under its host (`SEARCH_API_URL` ends with it). */
export const SEARCH_API_BASE = '/rest/search/v2';

/** REQ-ERR-2: the message of the expired-token error (HTTP 419). */
export const EXPIRED_TOKEN_MESSAGE = 'The token being used to perform the request is expired.';
