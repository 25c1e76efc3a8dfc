// What every page shares: the flash line that shows what the server answered, running an action
// with its refusal shown, and redrawing the current page.
import { ApiError } from './api.js';
import { h, replace } from './dom.js';

export function flash(message: string, kind: 'ok' | 'error' = 'ok'): void {
  const flashEl = document.getElementById('flash')!;
  replace(flashEl, h('span', { class: `flash ${kind}` }, message));
  window.clearTimeout(Number(flashEl.dataset.timer ?? 0));
  flashEl.dataset.timer = String(window.setTimeout(() => replace(flashEl), kind === 'error' ? 8000 : 4000));
}

/** Runs an action from a button or form, showing the server's refusal as a message. */
export async function attempt<T>(work: () => Promise<T>, done?: string): Promise<T | undefined> {
  try {
    const result = await work();
    if (done) flash(done);
    return result;
  } catch (error) {
    flash(error instanceof ApiError ? error.message : String((error as Error).message ?? error), 'error');
    return undefined;
  }
}

/** Goes to a hash route, redrawing even when it is the current one. */
export function go(hash: string): void {
  if (location.hash === hash) window.dispatchEvent(new HashChangeEvent('hashchange'));
  else location.hash = hash;
}
