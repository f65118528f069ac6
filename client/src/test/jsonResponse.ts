export interface ResponseOptions {
  status?: number;
  headers?: Record<string, string>;
}

/** Statuses that may not carry a body (fetch throws on one). */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * A JSON answer as the server sends one: `content-type: application/json`, any status and headers.
 * Its json()/text() (and its clones') resolve without reading a stream, so a test under fake
 * timers needs no timer tick to get the body.
 */
export function jsonResponse(body: unknown, { status = 200, headers = {} }: ResponseOptions = {}): Response {
  const text = NO_BODY.has(status) ? null : JSON.stringify(body);
  const res = new Response(text, { status, headers: { 'content-type': 'application/json', ...headers } });
  if (text !== null) {
    res.json = async () => JSON.parse(text) as unknown;
    res.text = async () => text;
  }
  res.clone = () => jsonResponse(body, { status, headers });
  return res;
}
