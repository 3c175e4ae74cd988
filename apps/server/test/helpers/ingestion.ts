import type { SimulatorHandle, SimulatorOptions } from '@radar/fitp-simulator';
import type { Database } from '../../src/db/client';
import type { IngestionDeps } from '../../src/modules/ingestion/ingestion.service';
import { startTestSimulator, testFederationClient } from './federation';
import { silentLogger } from './logger';
import { createTestDatabase } from './test-db';

export interface IngestionBed {
  sim: SimulatorHandle;
  database: Database;
  /** Ingestion reading the simulator into the database, on the simulator's clock. */
  deps: IngestionDeps;
  close(): Promise<void>;
}

/** A test simulator, a test database and ingestion's deps over both. */
export async function startIngestionBed(options: SimulatorOptions = {}): Promise<IngestionBed> {
  const sim = await startTestSimulator(options);
  const database = await createTestDatabase();
  return {
    sim,
    database,
    deps: {
      db: database.db,
      federation: testFederationClient(sim.url),
      logger: silentLogger,
      now: () => sim.clock.now(),
    },
    close: async () => {
      await database.close();
      await sim.close();
    },
  };
}
