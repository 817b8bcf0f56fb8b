import cluster from 'node:cluster';
import { createServer } from 'node:http';
import { SHUTDOWN_MESSAGE, serveHandedConnections, superviseWorkers } from '../supervisor';

/**
 * The supervisor with two small workers, for supervisor.test.ts. The primary prints its port as
 * `port N`; each worker answers every request with its pid and, when it shuts down, closes as the
 * server's workers do, after a last call.
 */
if (cluster.isPrimary) {
  const quiet = () => {};
  superviseWorkers({
    workers: 2,
    listen: { host: '127.0.0.1', port: 0 },
    log: { info: quiet, warn: quiet, error: (details, message) => console.error(message, details) },
    onListening: ({ port }) => console.log(`port ${port}`),
    shutdownTimeoutMs: 5_000,
  });
} else {
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'text/plain');
    response.end(String(process.pid));
  });
  server.listen(0, '127.0.0.1', () => {
    const handed = serveHandedConnections(server);
    process.on('message', (message) => {
      if (message !== SHUTDOWN_MESSAGE) return;
      // Half a second of last call, as the server's workers have a second.
      setTimeout(() => {
        server.close();
        setInterval(() => {
          server.closeIdleConnections();
          if (handed.open() === 0) process.exit(0);
        }, 20);
      }, 500);
    });
  });
}
