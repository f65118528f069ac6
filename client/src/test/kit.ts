// The client test kit: every test that needs the server answers through stubFetch (the lint
// rule in eslint.config.mjs keeps fetch stubs here) and renders through renderWithStores.
export { createFetchStub, deferred, graphql, sequence, stubFetch, type Answer, type FetchCall, type FetchStub, type GraphqlHandler, type Handler, type Routes } from './stubFetch';
export { jsonResponse, type ResponseOptions } from './jsonResponse';
export { renderWithStores, testQueryClient } from './renderWithStores';
