// The page's shared state: the game as last drawn, what the player holds, small helpers, and the events that
// carry news upward (setState, on, emit).

export const $ = (id) => document.getElementById(id);
export const store = {
  get(key) { try { return localStorage.getItem(key); } catch (e) { return null; } },
  // False when the browser refused (private mode, storage full): a caller keeping the player's data says so.
  set(key, value) { try { localStorage.setItem(key, value); return true; } catch (e) { return false; } },
};
export const SUIT = { C: '♣', S: '♠', H: '♥', D: '♦' };
export const RANK = { A: 'A', T: '10', J: 'J', Q: 'Q', K: 'K' };
export const SVG_NS = 'http://www.w3.org/2000/svg';

// Events go upward: a module never calls one above it (docs/architecture.md, "The page's modules"); it says
// what happened with emit(), and the modules above that care subscribe with on(). Listeners run at once, in
// the order they subscribed (a module's subscriptions run when it is first imported, so a module runs
// before those that import it).
const listeners = new Map();

export function on(name, fn) {
  if (!listeners.has(name)) listeners.set(name, []);
  listeners.get(name).push(fn);
}

export function emit(name, detail) {
  (listeners.get(name) || []).forEach((fn) => fn(detail));
}

// Values kept by this browser that the page cannot understand (a hand edit, another version's form): each is
// ignored, and said in the notice box (status.js), naming the key and the value.
export const ignored = [];

export function ignoreStored(key, value) {
  if (ignored.some((i) => i.key === key)) return;
  const text = String(value);
  ignored.push({ key, value: text.length > 40 ? `${text.slice(0, 39)}…` : text });
  emit('ignored');
}

// The language kept by the page: its primary subtag, or none where the stored value is no language tag at all
// (a hand edit such as "fr_FR" would make every Intl call throw, and the page would never start).
function storedLang() {
  const raw = store.get('reussite.lang');
  if (!raw) return null;
  try {
    return Intl.getCanonicalLocales(raw.replace(/_/g, '-'))[0].split('-')[0].toLowerCase();
  } catch (e) {
    ignoreStored('reussite.lang', raw);
    return null;
  }
}

export const app = {
  lang: storedLang() || document.documentElement.dataset.defaultLang || 'en',
  strings: {},
  locale: null, // the BCP 47 tag for dates and numbers (/api/boot's: en-GB for the English interface)
  langs: [],
  games: [],
  state: null,
  receivedAt: 0,
  geo: null, // the layout computed for the current state and window
  plan: null, // {key, reach}: how far each fan has reached in this deal (table.js)
  sel: null, // {si, n}: cards held by a click or the keyboard
  press: null, // a pointer press that may become a drag
  lastClick: null,
  queue: Promise.resolve(),
  dismissed: -1, // version whose win/lost dialog was closed
  painted: false,
  hintTimer: 0,
  hintMove: null, // the move the hint shows, for "Play it"
  hintFinal: false, // it is a guess in a game whose moves are final (Black Hole, Golf): "Play it" asks first
  watchTimer: 0,
  live: null, // {version, verdict}: the background check's answer (solver.js)
  demo: null, // {line, index, version, playing, timer}: a winning line being played
  rewind: null, // {version, undo, label, text}: where "undo N moves" goes
  searching: false,
  log: null, // {version, at, moves}: the move log last drawn (panels.js)
  paused: false, // the Pause button: clock stopped, cards hidden (clock.js)
};

// A new state from the server (a move, a new game, a hint that proved a loss...): kept here, then drawn by
// whoever listens to 'state' (status.js draws the table and bar; panels.js and solver.js follow it).
export function setState(state, path) {
  const previous = app.state;
  app.state = state;
  app.receivedAt = performance.now();
  emit('state', { state, previous, path });
}
