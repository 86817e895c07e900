/**
 * One hub worker's start, as far as its database: `node test/support/hub-store-open.ts <file>`
 * opens (creates, checks, migrates) the store and prints `ok`, or the error it met.
 */
import { SqliteHubStore } from '../../functions/hub/store/sqlite/store.ts';

try {
  await (await SqliteHubStore.open(process.argv[2] as string)).close();
  console.log('ok');
} catch (error) {
  console.log(error instanceof Error ? error.message : String(error));
}
