// Property tests run on a fixed seed so a CI run is reproducible and cannot go red by chance.
// Explore new inputs locally with FC_SEED=<n> (or FC_SEED=random) and FC_RUNS=<n>.
import fc from 'fast-check';

const seed = process.env.FC_SEED;
fc.configureGlobal({
  ...(seed === 'random' ? {} : { seed: seed ? Number(seed) : 20261123 }),
});

/** A property's run count, raised for exploration by FC_RUNS. */
export function runs(n: number): number {
  return process.env.FC_RUNS ? Number(process.env.FC_RUNS) : n;
}
