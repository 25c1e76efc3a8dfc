// A small JSON document on disk that survives crashes: written to a temporary file, synced, then renamed over the old one.
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export class JsonFile<T extends object> {
  private value: T;

  /** `path` undefined keeps the document in memory only (tests, dry runs). */
  constructor(readonly path: string | undefined, empty: () => T) {
    this.value = empty();
    if (!path) return;
    try {
      this.value = { ...empty(), ...(JSON.parse(readFileSync(path, 'utf8')) as T) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`${path} is not readable JSON: ${(error as Error).message}`);
    }
  }

  get data(): T {
    return this.value;
  }

  /** Changes the document and writes it durably before returning. */
  update(change: (data: T) => void): void {
    change(this.value);
    this.save();
  }

  save(): void {
    if (!this.path) return;
    mkdirSync(dirname(this.path), { recursive: true });
    const tmp = `${this.path}.${process.pid}.tmp`;
    const fd = openSync(tmp, 'w', 0o600);
    try {
      writeSync(fd, `${JSON.stringify(this.value, null, 2)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.path);
  }
}
