import { parseArgs } from 'node:util';
import { startDevS3 } from './s3-dev-server.ts';

/**
 * Runs the development S3 server (scripts/cluster.sh):
 * `node --import tsx apps/server/src/storage/s3-dev-server.main.ts --dir D --port P --bucket B`.
 * Prints its endpoint once listening; stops on SIGTERM or SIGINT.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string', default: './data/s3' },
      port: { type: 'string', default: '9000' },
      bucket: { type: 'string', default: 'cst' },
    },
  });
  const server = await startDevS3({
    directory: values.dir,
    port: Number(values.port),
    bucket: values.bucket,
  });
  process.stdout.write(`S3: ${server.endpoint}/${server.bucket}\n`);
  const stop = () => void server.close().finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
