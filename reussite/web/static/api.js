// Talking to the server: requests, the queue of changes, and the actions the toolbar and table send.
// Below the drawing: what to tell the player goes up as a 'message' event (status.js shows it).

import { t } from './i18n.js';
import { $, app, emit, setState } from './state.js';

const say = (text, error = false) => emit('message', { text, error });

export async function request(path, body) {
  const sep = path.includes('?') ? '&' : '?';
  const url = `${path}${sep}lang=${encodeURIComponent(app.lang)}`;
  const init = body === undefined ? {} : {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...body, lang: app.lang }),
  };
  let response;
  try {
    response = await fetch(url, init);
  } catch (e) {
    say(t('offline'), true);
    return { ok: false, status: 0, data: {} };
  }
  const kind = response.headers.get('content-type') || '';
  const data = kind.includes('json') ? await response.json() : await response.text();
  return { ok: response.ok, status: response.status, data, headers: response.headers };
}

// Changes go one after another. A card move is tied to the position the player saw when making it
// (a faster reply from an earlier action makes it stale: refused, nothing happens behind the player's
// back); undo, redo and deal apply to whatever the previous action produced.
export function act(path, body = {}, onRefused, pinned = false) {
  const seen = app.state ? app.state.version : -1;
  app.queue = app.queue.then(async () => {
    if (!app.state) return;
    // "soft": a move the rules refuse comes back as an ordinary answer, not a logged HTTP error.
    const res = await request(path, { ...body, soft: true, version: pinned ? seen : app.state.version });
    if (res.ok && !res.data.refused) {
      say('');
      setState(res.data, path);
      return;
    }
    if ((res.status === 409 || res.status === 500) && res.data && res.data.state) {
      // Stale, or a game plugin failed and the server went back to the position before: show it.
      setState(res.data.state);
      say(res.data.error || t('stale'), true);
      return;
    }
    if (res.status) say(res.data.error || String(res.status), true);
    if (onRefused) onRefused();
  }).catch(failed);
  return app.queue;
}

export const autoEach = () => $('auto-each').checked;
export const doMove = (si, di, n, onRefused, auto = autoEach()) => act('/api/move', {
  src: app.state.stacks[si].id, dst: app.state.stacks[di].id, n, auto,
}, onRefused, true);
export const doBest = (si, n) => act('/api/best', { src: app.state.stacks[si].id, n, auto: autoEach() }, null, true);
export const doDeal = () => act('/api/deal', { auto: autoEach() });
export const doUndo = () => act('/api/undo');
export const doUndoMany = (count) => act('/api/undo', { count }, null, true);
export const doRedo = () => act('/api/redo');
export const doAuto = () => act('/api/autoplay');
// A game in progress is only thrown away when the player says so.
function abandonOk() {
  const s = app.state;
  if (!s || s.moves === 0 || s.won || s.lost || s.no_win) return true;
  return window.confirm(t('abandon'));
}

export const doRestart = () => abandonOk() && act('/api/restart');

// ``chosen`` ({game, options}) replays a game from the statistics' log; otherwise the toolbar's choice.
export function newGame(number, chosen) {
  if (!abandonOk()) return false;
  const game = chosen ? chosen.game : ($('game-select').value || (app.state && app.state.game));
  const options = chosen ? { ...chosen.options } : {};
  if (!chosen) document.querySelectorAll('#options select').forEach((sel) => { options[sel.name] = sel.value; });
  // Tied to the position the player agreed to abandon: a stale tab cannot replace a newer game.
  const body = { game, options, version: app.state ? app.state.version : -1 };
  if (number !== undefined) body.number = number;
  const winnable = number === undefined && $('winnable-only').checked;
  if (winnable) body.winnable = true;
  emit('new-game'); // a demo of the game left stops (solver.js)
  app.queue = app.queue.then(async () => {
    if (winnable) startSearchProgress();
    const res = await request('/api/new', body);
    if (winnable) stopSearchProgress();
    if (res.ok) {
      setState(res.data);
      say(res.data.message || '', Boolean(res.data.message));
    } else {
      if (res.status === 409 && res.data.state) setState(res.data.state);
      say(res.data.error || String(res.status), true);
    }
  }).catch(failed);
}

// While the server looks for a winnable deal: what it is trying, and a way to stop it.
function startSearchProgress() {
  app.searching = true;
  document.body.dataset.searching = '1';
  $('btn-search-stop').hidden = false;
  say(t('searching'));
  const poll = async () => {
    if (!app.searching) return;
    const res = await request('/api/search');
    if (app.searching && res.ok && res.data.search) say(res.data.search.text);
    if (app.searching) app.searchTimer = setTimeout(poll, 250);
  };
  poll();
}

function stopSearchProgress() {
  app.searching = false;
  clearTimeout(app.searchTimer);
  delete document.body.dataset.searching;
  $('btn-search-stop').hidden = true;
}

export async function stopSearch() {
  await request('/api/search/stop', {});
  say(t('search_stopped'));
}

// An unexpected failure must not block the queue of later actions.
export function failed(error) {
  say(t('offline'), true);
  console.error(error);
}
