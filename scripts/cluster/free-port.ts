// A loopback port free at the moment of asking: the throwaway servers of the tests (Redis, PostgreSQL) listen on it,
// and a test that needs a port nothing listens on uses it as is.
import net from 'node:net';

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}
