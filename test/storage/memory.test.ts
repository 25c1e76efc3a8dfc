// Runs the EventStore contract against MemoryEventStore.
import { MemoryEventStore } from '../../src/storage/memory-store.js';
import { eventStoreContract } from './contract.js';

eventStoreContract('memory', { open: async () => new MemoryEventStore(), persistent: false, shared: false });
