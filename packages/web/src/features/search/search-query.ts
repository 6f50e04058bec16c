// The longest search query, shared by the header box (header-search.tsx) and its lazily loaded hints
// (search-hints.tsx). The server's limit (search.routes.ts).
export const QUERY_MAX_LENGTH = 200;
