// One HTTP request on a connection of its own (no keep-alive agent), so a load balancer or a
// cluster primary hands each request to the next node or worker in turn; answers status,
// headers and the body as text.
import { request, type IncomingHttpHeaders } from 'node:http';

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export const send = (url: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> =>
  new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.once('error', reject);
    req.end(init.body);
  });
