// Starts the server from the environment and stops it cleanly on SIGINT/SIGTERM.
import { buildApp } from './app';
import { configFromEnv } from './config';

const config = configFromEnv();
const app = await buildApp({ staticDir: config.staticDir, logger: process.env.LOG === '1' });
const address = await app.listen({ host: config.host, port: config.port });

console.log(`Fleet Console is running at ${address.replace('0.0.0.0', '127.0.0.1')}/`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
