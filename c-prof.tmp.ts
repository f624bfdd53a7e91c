import { checkOutCarts, placeOrders } from './bench/lib/order-load.ts';
import { seedBuyers, seedTools, signInAdmin } from './bench/lib/seed.ts';
import { setUpShipping } from './bench/lib/shipping.ts';
import { removeDataDir, startStore, tempDataDir } from './bench/lib/store.ts';
const dataDir = tempDataDir('prof');
const store = await startStore({ dataDir, nodeArgs: ['--cpu-prof', '--cpu-prof-dir=/tmp/c-prof'] });
try {
  const toolIds = await seedTools(store.databaseUrl(), 100);
  const buyers = await seedBuyers(store, 50);
  const destination = await setUpShipping(store, await signInAdmin(store), buyers[0]!);
  const load = { url: store.url, origin: store.origin, buyers, toolIds };
  const mode = process.argv[2];
  const r = mode === 'one' ? await placeOrders({ ...load, seconds: 12 }) : await checkOutCarts({ ...load, seconds: 12, lines: 3, destination });
  console.log(mode, r.placed, r.errors, r.ordersPerSecond);
} finally { await store.stop(); removeDataDir(dataDir); }
