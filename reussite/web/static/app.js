// Réussite in the browser. The game lives on the server; this page draws it and sends the player's moves.
// Every piece of text comes from /api (in the chosen language); nothing is hard-coded here.
(() => {
  'use strict';

  const $ = (id) => document.getElementById(id);
  const store = {
    get(key) { try { return localStorage.getItem(key); } catch (e) { return null; } },
    set(key, value) { try { localStorage.setItem(key, value); } catch (e) { /* private mode */ } },
  };
  const SUIT = { C: '♣', S: '♠', H: '♥', D: '♦' };
  const RANK = { A: 'A', T: '10', J: 'J', Q: 'Q', K: 'K' };
  const SVG_NS = 'http://www.w3.org/2000/svg';

  const app = {
    lang: store.get('reussite.lang') || document.documentElement.dataset.defaultLang || 'en',
    strings: {},
    langs: [],
    games: [],
    state: null,
    receivedAt: 0,
    geo: null, // the layout computed for the current state and window
    sel: null, // {si, n}: cards held by a click or the keyboard
    press: null, // a pointer press that may become a drag
    lastClick: null,
    queue: Promise.resolve(),
    dismissed: -1, // version whose win/lost dialog was closed
    painted: false,
    hintTimer: 0,
    hintMove: null, // the move the hint shows, for "Play it"
    watchTimer: 0,
    demo: null, // {line, index, version, playing, timer}: a winning line being played
    rewind: null, // {version, undo, label, text}: where "undo N moves" goes
    searching: false,
  };
  const HINT_TIMES = [0.5, 1, 2, 5, 10];
  const SPEEDS = [['speed_slow', 1200], ['speed_normal', 500], ['speed_fast', 150], ['speed_fastest', 30]];
  const WATCH_DELAY = 700; // ms of calm after a change before the background check for a proved loss

  const t = (key, params) => {
    let text = app.strings[key] || '';
    if (params) text = text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
    return text;
  };

  // -- talking to the server -------------------------------------------------------------------------

  async function request(path, body) {
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
      showMessage(t('offline'), true);
      return { ok: false, status: 0, data: {} };
    }
    const kind = response.headers.get('content-type') || '';
    const data = kind.includes('json') ? await response.json() : await response.text();
    return { ok: response.ok, status: response.status, data, headers: response.headers };
  }

  // Changes go one after another. A card move is tied to the position the player saw when making it
  // (a faster reply from an earlier action makes it stale: refused, nothing happens behind the player's
  // back); undo, redo and deal apply to whatever the previous action produced.
  function act(path, body = {}, onRefused, pinned = false) {
    const seen = app.state ? app.state.version : -1;
    app.queue = app.queue.then(async () => {
      if (!app.state) return;
      // "soft": a move the rules refuse comes back as an ordinary answer, not a logged HTTP error.
      const res = await request(path, { ...body, soft: true, version: pinned ? seen : app.state.version });
      if (res.ok && !res.data.refused) {
        showMessage('');
        setState(res.data, path);
        return;
      }
      if ((res.status === 409 || res.status === 500) && res.data && res.data.state) {
        // Stale, or a game plugin failed and the server went back to the position before: show it.
        setState(res.data.state);
        showMessage(res.data.error || t('stale'), true);
        return;
      }
      if (res.status) showMessage(res.data.error || String(res.status), true);
      if (onRefused) onRefused();
    }).catch(failed);
    return app.queue;
  }

  const autoEach = () => $('auto-each').checked;
  const doMove = (si, di, n, onRefused, auto = autoEach()) => act('/api/move', {
    src: app.state.stacks[si].id, dst: app.state.stacks[di].id, n, auto,
  }, onRefused, true);
  const doBest = (si, n) => act('/api/best', { src: app.state.stacks[si].id, n, auto: autoEach() }, null, true);
  const doDeal = () => act('/api/deal', { auto: autoEach() });
  const doUndo = () => act('/api/undo');
  const doUndoMany = (count) => act('/api/undo', { count }, null, true);
  const doRedo = () => act('/api/redo');
  const doAuto = () => act('/api/autoplay');
  // A game in progress is only thrown away when the player says so.
  function abandonOk() {
    const s = app.state;
    if (!s || s.moves === 0 || s.won || s.lost || s.no_win) return true;
    return window.confirm(t('abandon'));
  }

  const doRestart = () => abandonOk() && act('/api/restart');

  // ``chosen`` ({game, options}) replays a game from the statistics' log; otherwise the toolbar's choice.
  function newGame(number, chosen) {
    if (!abandonOk()) return false;
    const game = chosen ? chosen.game : ($('game-select').value || (app.state && app.state.game));
    const options = chosen ? { ...chosen.options } : {};
    if (!chosen) document.querySelectorAll('#options select').forEach((sel) => { options[sel.name] = sel.value; });
    // Tied to the position the player agreed to abandon: a stale tab cannot replace a newer game.
    const body = { game, options, version: app.state ? app.state.version : -1 };
    if (number !== undefined) body.number = number;
    const winnable = number === undefined && $('winnable-only').checked;
    if (winnable) body.winnable = true;
    stopDemo();
    app.queue = app.queue.then(async () => {
      if (winnable) startSearchProgress();
      const res = await request('/api/new', body);
      if (winnable) stopSearchProgress();
      if (res.ok) {
        setState(res.data);
        showMessage(res.data.message || '', Boolean(res.data.message));
      } else {
        if (res.status === 409 && res.data.state) setState(res.data.state);
        showMessage(res.data.error || String(res.status), true);
      }
    }).catch(failed);
  }

  // While the server looks for a winnable deal: what it is trying, and a way to stop it.
  function startSearchProgress() {
    app.searching = true;
    document.body.dataset.searching = '1';
    $('btn-search-stop').hidden = false;
    showMessage(t('searching'));
    const poll = async () => {
      if (!app.searching) return;
      const res = await request('/api/search');
      if (app.searching && res.ok && res.data.search) showMessage(res.data.search.text);
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

  async function stopSearch() {
    await request('/api/search/stop', {});
    showMessage(t('search_stopped'));
  }

  // An unexpected failure must not block the queue of later actions.
  function failed(error) {
    showMessage(t('offline'), true);
    console.error(error);
  }

  const hintSeconds = () => Number($('hint-time').value) || 1;

  async function hint() {
    if (!app.state) return;
    const version = app.state.version;
    showMessage(t('hint_looking'));
    const res = await request(`/api/hint?version=${version}&seconds=${hintSeconds()}`);
    if (!res.ok) {
      showMessage(res.data.error || String(res.status), true);
      return;
    }
    if (res.data.stale || !app.state || app.state.version !== version) return; // the player moved meanwhile
    clearHint();
    document.body.dataset.hintKind = res.data.kind;
    document.body.dataset.hintVersion = String(version);
    if (res.data.state) {
      app.dismissed = -1; // asked for a hint: the end-of-game dialog shows again
      setState(res.data.state);
      return;
    }
    showMessage(res.data.text);
    const move = res.data.move;
    if (!move) return;
    app.hintMove = { move, version };
    $('btn-play-hint').hidden = false;
    const ids = app.state.stacks.map((s) => s.id);
    const marks = [];
    if (move.type === 'move') {
      const si = ids.indexOf(move.src);
      const di = ids.indexOf(move.dst);
      cardEls(si).slice(-move.n).forEach((el) => marks.push(el));
      marks.push(slotEl(di));
      slotEl(di).classList.add('hint-dst');
    } else {
      const si = app.state.stacks.findIndex((s) => s.kind === 'stock');
      if (si >= 0) marks.push(slotEl(si));
      if (si >= 0) slotEl(si).classList.add('hint-dst');
    }
    marks.forEach((el) => el.classList.add('hint'));
    app.hintTimer = setTimeout(clearMarks, 2500);
  }

  // Play a move of a line (the hint's, or the demo's) on the position it was found for.
  function playLineMove(move, version, onRefused, auto = false) {
    if (!app.state || app.state.version !== version) return Promise.resolve();
    if (move.type === 'move') {
      const ids = app.state.stacks.map((s) => s.id);
      return doMove(ids.indexOf(move.src), ids.indexOf(move.dst), move.n, onRefused, auto);
    }
    return act('/api/deal', { auto }, onRefused, true);
  }

  // "Play it" (p): the move the hint shows; with no hint on show, ask for one and play it.
  async function playHint() {
    if (!app.state) return;
    if (!app.hintMove || app.hintMove.version !== app.state.version) await hint();
    const hinted = app.hintMove;
    if (!hinted || !app.state || hinted.version !== app.state.version) return;
    playLineMove(hinted.move, hinted.version, null, autoEach());
  }

  function clearMarks() {
    clearTimeout(app.hintTimer);
    document.querySelectorAll('.hint, .hint-dst').forEach((el) => el.classList.remove('hint', 'hint-dst'));
  }

  function clearHint() {
    clearMarks();
    app.hintMove = null;
    $('btn-play-hint').hidden = true;
  }

  // -- state and language ----------------------------------------------------------------------------

  // What a change did, in words, for the live region: where cards went and which cards it turned up.
  function describeChange(previous, state, path) {
    const parts = [];
    if (path === '/api/undo') parts.push(t('announce_undo'));
    if (path === '/api/redo') parts.push(t('announce_redo'));
    const shown = new Map();
    previous.stacks.forEach((s) => s.cards.forEach((c) => { if (c) shown.set(c.code, (shown.get(c.code) || 0) + 1); }));
    const placed = new Set();
    state.stacks.forEach((s, i) => {
      const before = previous.stacks[i].cards.length;
      const added = s.cards.slice(before).filter(Boolean);
      if (!added.length) return;
      added.forEach((c) => placed.add(c));
      parts.push(added.length === 1 ? t('announce_to', { card: added[0].label, stack: s.name })
        : t('announce_many', { count: added.length, card: added[0].label, stack: s.name }));
    });
    const turned = [];
    state.stacks.forEach((s) => s.cards.forEach((c) => {
      if (!c) return;
      const left = shown.get(c.code) || 0;
      if (left > 0) shown.set(c.code, left - 1);
      else if (!placed.has(c)) turned.push(c.label);
    }));
    if (turned.length) parts.push(t('announce_up', { cards: turned.join(', ') }));
    if (state.won) parts.push(t('won', { score: state.score }));
    return parts.join(' ');
  }

  function announce(text) {
    // Emptied first, so the same words said twice are spoken twice.
    const box = $('announce');
    box.textContent = '';
    if (text) setTimeout(() => { box.textContent = text; }, 30);
  }

  function setState(state, path) {
    const previous = app.state;
    if (previous && path && previous.game === state.game && previous.number === state.number) {
      announce(describeChange(previous, state, path));
    }
    app.state = state;
    app.receivedAt = performance.now();
    if (!previous || previous.game !== state.game || previous.number !== state.number) {
      $('number-input').value = state.number;
      app.dismissed = -1;
      if (!$('help').hidden && (!previous || previous.game !== state.game)) loadHelp();
    }
    app.sel = null;
    render();
    if (app.demo && app.demo.version !== state.version) stopDemo(t('demo_stopped'));
    scheduleWatch();
  }

  // After the player pauses, a short search in the solver's process: a position proved lost is said at
  // once. (Any change cancels it on the server.)
  function scheduleWatch() {
    clearTimeout(app.watchTimer);
    const state = app.state;
    if (!state || state.won || state.lost || state.no_win || app.demo) return;
    const version = state.version;
    app.watchTimer = setTimeout(async () => {
      if (!app.state || app.state.version !== version || app.demo) return;
      const res = await request(`/api/watch?version=${version}`);
      if (res.ok && !res.data.stale && res.data.no_win && app.state.version === version) setState(res.data);
    }, WATCH_DELAY);
  }

  // -- the demo: a winning line played from the current position --------------------------------------

  async function solveDemo() {
    if (!app.state) return;
    stopDemo();
    const version = app.state.version;
    showMessage(t('hint_looking'));
    const res = await request(`/api/solve?version=${version}`);
    if (!res.ok) {
      showMessage(res.data.error || String(res.status), true);
      return;
    }
    if (res.data.stale || !app.state || app.state.version !== version) return;
    if (res.data.state) {
      setState(res.data.state);
      return;
    }
    showMessage(res.data.text || '', res.data.verdict !== 'won');
    if (res.data.verdict !== 'won' || !res.data.line.length) return;
    app.demo = { line: res.data.line, index: 0, version, playing: false, timer: 0 };
    renderDemo();
  }

  function renderDemo() {
    const demo = app.demo;
    $('demo').hidden = !demo;
    if (!demo) {
      delete document.body.dataset.demo;
      return;
    }
    document.body.dataset.demo = demo.playing ? 'playing' : 'paused';
    $('demo-progress').textContent = `${demo.index} / ${demo.line.length}`;
    $('demo-play').textContent = t(demo.playing ? 'demo_pause' : 'demo_play');
    $('demo-step').disabled = demo.playing || demo.index >= demo.line.length;
  }

  function demoStep() {
    const demo = app.demo;
    if (!demo || demo.index >= demo.line.length) return Promise.resolve();
    const move = demo.line[demo.index];
    demo.index += 1;
    demo.version += 1; // the position this step leads to
    return playLineMove(move, demo.version - 1, () => stopDemo(t('demo_stopped'))).then(() => {
      if (app.demo !== demo) return;
      if (demo.index >= demo.line.length) {
        stopDemo(t('demo_done'));
        return;
      }
      renderDemo();
    });
  }

  function demoTick() {
    const demo = app.demo;
    if (!demo || !demo.playing) return;
    demoStep().then(() => {
      if (app.demo === demo && demo.playing) demo.timer = setTimeout(demoTick, Number($('demo-speed').value));
    });
  }

  function demoPlayPause() {
    const demo = app.demo;
    if (!demo) return;
    demo.playing = !demo.playing;
    clearTimeout(demo.timer);
    renderDemo();
    if (demo.playing) demoTick();
  }

  function stopDemo(text) {
    const demo = app.demo;
    if (!demo) return;
    clearTimeout(demo.timer);
    app.demo = null;
    renderDemo();
    if (text) showMessage(text);
    scheduleWatch();
  }

  async function boot(lang) {
    const res = await request(`/api/boot?lang=${encodeURIComponent(lang)}`);
    if (!res.ok) {
      document.body.dataset.error = '1';
      return;
    }
    app.strings = res.data.strings;
    app.games = res.data.games;
    app.langs = res.data.langs;
    applyStrings();
    const winnable = store.get('reussite.winnable');
    $('winnable-only').checked = res.data.state.winnable_default || winnable === '1';
    setState(res.data.state);
  }

  async function setLang(lang) {
    if (lang === app.lang) return;
    // The buttons are drawn again in the new language: the one that had focus gets it back.
    const box = document.activeElement && document.activeElement.closest('.langs');
    const boxes = [...document.querySelectorAll('.langs')];
    const at = boxes.indexOf(box);
    app.lang = lang;
    store.set('reussite.lang', lang);
    await boot(lang);
    if (!$('help').hidden) loadHelp();
    if (at >= 0) boxes[at].querySelector(`button[data-lang="${lang}"]`).focus();
    if (!$('stats').hidden) loadStats();
  }

  function applyStrings() {
    document.documentElement.lang = app.lang;
    document.title = t('app_title');
    document.querySelectorAll('[data-s]').forEach((el) => { el.textContent = t(el.dataset.s); });
    document.querySelectorAll('[data-t]').forEach((el) => { el.title = t(el.dataset.t); });
    $('bar').setAttribute('aria-label', t('toolbar'));
    $('menu').setAttribute('aria-label', t('game'));
    $('settings').setAttribute('aria-label', t('settings'));
    $('status').setAttribute('aria-label', t('status'));
    $('table').setAttribute('aria-label', t('table'));
    $('copy-ok') && $('copy-ok').remove();
    document.querySelectorAll('.langs').forEach((box) => {
      box.setAttribute('aria-label', t('language'));
      box.replaceChildren(...app.langs.map((l) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'small';
        b.lang = l.code;
        b.textContent = l.code.toUpperCase();
        b.title = l.name;
        b.setAttribute('aria-label', `${b.textContent} ${l.name}`);
        b.setAttribute('aria-pressed', String(l.code === app.lang));
        b.dataset.lang = l.code;
        b.addEventListener('click', () => setLang(l.code));
        return b;
      }));
    });
    const select = $('game-select');
    select.replaceChildren(...app.games.map((g) => new Option(g.name, g.id)));
    const hintTime = $('hint-time');
    const chosen = hintTime.value || store.get('reussite.hintSeconds') || '1';
    hintTime.replaceChildren(...HINT_TIMES.map((v) => new Option(t('seconds', { seconds: v.toLocaleString(app.lang) }), String(v))));
    hintTime.value = HINT_TIMES.map(String).includes(chosen) ? chosen : '1';
    const speed = $('demo-speed');
    const pace = speed.value || store.get('reussite.demoSpeed') || '500';
    speed.replaceChildren(...SPEEDS.map(([key, ms]) => new Option(t(key), String(ms))));
    speed.value = SPEEDS.some(([, ms]) => String(ms) === pace) ? pace : '500';
    renderDemo();
  }

  function renderOptions() {
    const state = app.state;
    const game = app.games.find((g) => g.id === $('game-select').value) || { options: [] };
    const box = $('options');
    const same = box.dataset.game === game.id && box.dataset.lang === app.lang;
    if (!same) {
      box.replaceChildren(...game.options.map((o) => {
        const label = document.createElement('label');
        label.className = 'field';
        const span = document.createElement('span');
        span.textContent = o.label || o.name;
        span.title = o.help;
        const sel = document.createElement('select');
        sel.name = o.name;
        sel.title = o.help;
        sel.setAttribute('aria-label', `${o.label || o.name}: ${o.help}`);
        o.choices.forEach((c, k) => sel.add(new Option((o.choice_labels && o.choice_labels[k]) || c, c)));
        sel.value = o.default;
        sel.addEventListener('change', () => newGame());
        label.append(span, sel);
        return label;
      }));
      box.dataset.game = game.id;
      box.dataset.lang = app.lang;
    }
    if (game.id === state.game) {
      box.querySelectorAll('select').forEach((sel) => {
        if (sel.name in state.options) sel.value = state.options[sel.name];
      });
    }
  }

  // -- drawing ---------------------------------------------------------------------------------------

  function computeGeometry(state) {
    const table = $('table');
    const W = table.clientWidth;
    const H = table.clientHeight;
    const stacks = state.stacks;
    const cols = Math.max(...stacks.map((s) => s.x + 1));
    const rows = Math.max(...stacks.map((s) => s.y + 1));
    const hasDown = stacks.some((s) => s.fan === 'down');
    // Narrow windows get narrower gaps; the cards always fit the width (no sideways scrolling), and
    // keep a readable height when the window is short (the table then scrolls down).
    const gapRatio = W < 600 ? 0.08 : 0.16;
    const byWidth = W / (cols + (cols + 1) * gapRatio);
    const byHeight = (H - 8) / ((rows + (hasDown ? 1.7 : 0)) * 1.4 * (1 + gapRatio) + gapRatio);
    const cw = Math.floor(Math.min(150, byWidth, Math.max(byHeight, Math.min(byWidth, 40))));
    const ch = Math.round(cw * 1.4);
    const gap = cw * gapRatio;
    const ox = Math.max(gap, (W - (cols * cw + (cols - 1) * gap)) / 2);
    const oy = gap;
    const base = stacks.map((s) => ({ left: ox + s.x * (cw + gap), top: oy + s.y * (ch + gap) }));
    const geo = { cw, ch, gap, stacks: [] };
    stacks.forEach((s, i) => {
      const { left, top } = base[i];
      const n = s.cards.length;
      const positions = [];
      let stepUp = 0;
      let stepDown = 0;
      let dx = 0;
      let dy = 0;
      if (s.fan === 'down' || s.fan === 'right') {
        const down = s.fan === 'down';
        // Room until the next stack in the fan's direction, or the table's edge.
        let limit = down ? Math.max(H - gap, top + ch * 3) : Math.max(W - gap, left + cw * 3);
        stacks.forEach((o, j) => {
          if (j === i) return;
          if (down && o.y > s.y && Math.abs(o.x - s.x) < 1) limit = Math.min(limit, base[j].top - gap);
          if (!down && o.x > s.x && Math.abs(o.y - s.y) < 1) limit = Math.min(limit, base[j].left - gap);
        });
        const size = down ? ch : cw;
        const room = limit - (down ? top : left) - size;
        const faceDown = s.cards.slice(0, -1).filter((c) => !c).length;
        const faceUp = Math.max(0, n - 1 - faceDown);
        // A card fanned to the right shows its whole index (a 10 included).
        stepUp = size * (down ? 0.25 : 0.36);
        stepDown = size * 0.09;
        const need = faceUp * stepUp + faceDown * stepDown;
        if (need > room && need > 0) {
          const k = Math.max(room, 0) / need;
          stepUp = Math.max(size * (down ? 0.13 : 0.34), stepUp * k);
          stepDown = Math.max(size * 0.04, stepDown * k);
        }
        let offset = 0;
        for (let p = 0; p < n; p += 1) {
          positions.push(down ? { left, top: top + offset } : { left: left + offset, top });
          offset += s.cards[p] ? stepUp : stepDown;
        }
        const last = positions[n - 1] || { left, top };
        dx = last.left - left;
        dy = last.top - top;
      } else {
        for (let p = 0; p < n; p += 1) positions.push({ left, top });
      }
      geo.stacks.push({
        left, top, positions,
        rect: { left, top, right: left + dx + cw, bottom: top + dy + ch },
      });
    });
    return geo;
  }

  function cardFace(el, card) {
    const rank = RANK[card.code[0]] || card.code[0];
    const suit = SUIT[card.code[1]];
    const red = card.code[1] === 'H' || card.code[1] === 'D';
    el.className = `card ${red ? 'red' : 'black'} suit-${card.code[1]}`;
    const corner = (cls) => {
      const span = document.createElement('span');
      span.className = `corner ${cls}`;
      const r = document.createElement('span');
      r.className = 'rank';
      r.textContent = rank;
      const u = document.createElement('span');
      u.className = 'suit';
      u.textContent = suit;
      span.append(r, u);
      span.setAttribute('aria-hidden', 'true');
      return span;
    };
    // The face's art (pips, drawn court figures) from the same-origin sprite (tools/make_card_faces.py).
    const art = document.createElementNS(SVG_NS, 'svg');
    art.setAttribute('class', 'art');
    art.setAttribute('viewBox', '0 0 100 140');
    art.setAttribute('aria-hidden', 'true');
    const use = document.createElementNS(SVG_NS, 'use');
    use.setAttribute('href', `/static/cards.svg#c-${card.code}`);
    art.append(use);
    el.append(art, corner('tl'), corner('br'));
  }

  function render() {
    const state = app.state;
    if (!state) return;
    clearHint();
    const table = $('table');
    const focused = document.activeElement && document.activeElement.classList.contains('slot')
      ? Number(document.activeElement.dataset.stack) : -1;
    const geo = computeGeometry(state);
    app.geo = geo;
    table.style.setProperty('--cw', `${geo.cw}px`);
    table.style.setProperty('--ch', `${geo.ch}px`);
    const before = cardRects(table);
    const frag = document.createDocumentFragment();
    let z = 1;
    state.stacks.forEach((s, si) => {
      const g = geo.stacks[si];
      const slot = document.createElement('div');
      slot.className = 'slot';
      slot.dataset.stack = si;
      slot.dataset.id = s.id;
      slot.tabIndex = 0;
      slot.setAttribute('role', 'button');
      slot.setAttribute('aria-label', s.label);
      slot.setAttribute('aria-description', s.describe);
      slot.title = `${s.name}: ${s.describe}`;
      const tall = g.rect.bottom - g.rect.top > geo.ch + 1 || g.rect.right - g.rect.left > geo.cw + 1;
      if (tall || s.base) {
        if (tall) slot.classList.add('tall');
        const base = document.createElement('div');
        base.className = 'base';
        base.setAttribute('aria-hidden', 'true');
        if (s.base && !s.cards.length) base.textContent = RANK[s.base] || s.base;
        slot.append(base);
      }
      Object.assign(slot.style, {
        left: `${g.rect.left - 2}px`, top: `${g.rect.top - 2}px`,
        width: `${g.rect.right - g.rect.left + 4}px`, height: `${g.rect.bottom - g.rect.top + 4}px`, zIndex: 0,
      });
      frag.append(slot);
      const n = s.cards.length;
      // Squared stacks show their top two cards (the second shows while the top one is dragged).
      const first = s.fan === 'none' ? Math.max(0, n - 2) : 0;
      for (let p = first; p < n; p += 1) {
        const card = s.cards[p];
        const el = document.createElement('div');
        if (card) {
          cardFace(el, card);
          // Rank over suit where the index must be narrow (fans to the right, a count badge beside it);
          // side by side where a downward fan shows only a strip of each card.
          if (s.fan !== 'down') el.classList.add('upright');
          el.setAttribute('aria-label', card.label);
        } else {
          el.className = 'card back';
          el.setAttribute('aria-hidden', 'true');
          if (s.kind === 'stock') el.classList.add('stock-top');
        }
        el.setAttribute('role', card ? 'img' : 'presentation');
        el.dataset.stack = si;
        el.dataset.pos = p;
        if (card) el.dataset.code = card.code;
        el.style.left = `${g.positions[p].left}px`;
        el.style.top = `${g.positions[p].top}px`;
        el.style.zIndex = z + p;
        frag.append(el);
      }
      z += n + 1;
      if (s.kind === 'stock' || s.kind === 'waste' || s.kind === 'foundation') {
        // A foundation says which way it builds (Tournament has both); the words are in its description.
        const arrow = s.kind === 'foundation' && s.step ? (s.step > 0 ? '↑' : '↓') : '';
        // On tiny cards only the stock (a card back, no index to hide) keeps its badge; the counts and
        // directions stay in the stacks' labels and descriptions.
        const room = geo.cw >= 44 || s.kind === 'stock';
        if (room && (n > 1 || s.kind === 'stock' || arrow)) {
          const count = document.createElement('span');
          count.className = 'count';
          count.textContent = `${arrow}${n > 1 || s.kind === 'stock' ? n : ''}`;
          count.setAttribute('aria-hidden', 'true');
          const last = g.positions[n - 1] || g;
          count.style.left = `${last.left + geo.cw - 2}px`;
          count.style.top = `${last.top + 2}px`;
          frag.append(count);
        }
      }
    });
    table.replaceChildren(frag);
    animate(table, before, state);
    if (focused >= 0 && focused < state.stacks.length) slotEl(focused).focus({ preventScroll: true });
    renderBar();
    renderDialog();
    if (!app.painted) {
      app.painted = true;
      requestAnimationFrame(() => {
        performance.mark('reussite-layout-painted');
        document.body.dataset.painted = '1';
      });
    }
    document.body.dataset.version = state.version;
  }

  // -- motion: cards glide from where they were (FLIP), a new deal flies out of the stock, a win bounces.

  const still = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  function cardRects(table) {
    const rects = new Map();
    if (still() || !app.drawn) return rects;
    table.querySelectorAll('.card[data-code]').forEach((el) => {
      const list = rects.get(el.dataset.code) || [];
      list.push({ stack: el.dataset.stack, rect: el.getBoundingClientRect() });
      rects.set(el.dataset.code, list);
    });
    return rects;
  }

  function animate(table, before, state) {
    const drawn = app.drawn;
    app.drawn = { game: state.game, number: state.number, version: state.version };
    table.classList.toggle('won', Boolean(state.won) && !still());
    if (still() || !drawn || drawn.version === state.version) return;
    const cards = [...table.querySelectorAll('.card')];
    if (drawn.game !== state.game || drawn.number !== state.number || state.moves === 0) {
      // A new deal or a restart: every card comes from the top-left corner, one after another.
      cards.forEach((el, i) => el.animate(
        [{ transform: `translate(${-el.offsetLeft}px, ${-el.offsetTop}px)`, opacity: 0.3 }, { transform: 'none', opacity: 1 }],
        { duration: 220, delay: Math.min(i * 6, 400), easing: 'ease-out', fill: 'backwards' },
      ));
      return;
    }
    cards.forEach((el) => {
      const list = before.get(el.dataset.code);
      if (!list || !list.length) {
        if (el.dataset.code) el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 160 });
        return;
      }
      const k = Math.max(0, list.findIndex((o) => o.stack === el.dataset.stack));
      const old = list.splice(k, 1)[0].rect;
      const now = el.getBoundingClientRect();
      const dx = old.left - now.left;
      const dy = old.top - now.top;
      if (Math.abs(dx) + Math.abs(dy) < 1) return;
      el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }],
        { duration: 180, easing: 'ease-out' });
    });
  }

  function renderBar() {
    const state = app.state;
    $('game-select').value = state.game;
    renderOptions();
    $('score').textContent = state.max_score ? `${state.score} / ${state.max_score}` : String(state.score);
    renderRules(state);
    $('moves').textContent = String(state.moves);
    $('game-name').textContent = `${state.name} #`;
    $('game-number').textContent = state.number;
    $('btn-undo').disabled = !state.can_undo;
    $('btn-redo').disabled = !state.can_redo;
    $('btn-deal').disabled = !state.can_deal;
    $('help-title').textContent = `${t('rules')} — ${state.name}`;
    tick();
    renderNotices(state.notices);
  }

  // The score's rule (under the score) and the redeals left, in plain words.
  function renderRules(state) {
    $('score-rule').textContent = state.score_rule || '';
    $('redeals-box').hidden = !state.redeals;
    $('redeals').textContent = state.redeals_left == null ? t('unlimited') : String(state.redeals_left);
  }

  // Server notices (a corrupt autosave set aside, a data folder that cannot be written): shown until closed.
  function renderNotices(notices) {
    const seen = JSON.parse(sessionStorageGet('reussite.notices') || '[]');
    const fresh = notices.filter((n) => !seen.includes(n));
    $('notice').hidden = !fresh.length;
    $('notice-text').textContent = fresh.join(' ');
    $('notice').dataset.all = JSON.stringify([...seen, ...fresh]);
  }

  function sessionStorageGet(key) {
    try { return sessionStorage.getItem(key); } catch (e) { return null; }
  }

  function closeNotice() {
    try { sessionStorage.setItem('reussite.notices', $('notice').dataset.all || '[]'); } catch (e) { /* ignore */ }
    $('notice').hidden = true;
  }

  function renderDialog() {
    const state = app.state;
    const dialog = $('dialog');
    const over = state.won || state.lost || state.no_win;
    const show = over && app.dismissed !== state.version;
    if (!show) {
      dialog.hidden = true;
      return;
    }
    $('dialog-text').textContent = state.won ? t('won', { score: state.score }) : t('no_win');
    let detail = t('won_detail');
    if (!state.won) detail = state.lost ? t('no_win_detail_lost') : t('no_win_detail_proved');
    $('dialog-detail').textContent = detail;
    $('dlg-undo').hidden = !state.can_undo;
    dialog.hidden = false;
    dialog.dataset.kind = state.won ? 'won' : 'lost';
    $('dlg-rewind').hidden = true;
    if (!state.won && state.can_undo) findRewind(state.version);
    $('dlg-new').focus({ preventScroll: true });
  }

  // "Undo N moves": back to the last position from which the solver proves a win.
  async function findRewind(version) {
    if (app.rewind && app.rewind.version === version && app.rewind.lang === app.lang) {
      showRewind();
      return;
    }
    const lang = app.lang;
    app.rewind = { version, lang, pending: true };
    $('dialog-detail').textContent += ` ${t('rewind_looking')}`;
    const res = await request(`/api/rewind?version=${version}`);
    if (!app.state || app.state.version !== version || !res.ok || res.data.stale) return;
    if (lang !== app.lang) return; // the language changed meanwhile: the new dialog asked again
    app.rewind = { version, lang, undo: res.data.undo, label: res.data.label, text: res.data.text };
    showRewind();
  }

  function showRewind() {
    const rewind = app.rewind;
    const state = app.state;
    if (!rewind || rewind.pending || !state || rewind.version !== state.version || $('dialog').hidden) return;
    let detail = state.lost ? t('no_win_detail_lost') : t('no_win_detail_proved');
    if (rewind.text) detail += ` ${rewind.text}`;
    $('dialog-detail').textContent = detail;
    const button = $('dlg-rewind');
    button.hidden = !rewind.undo;
    button.textContent = rewind.label || '';
    button.dataset.undo = rewind.undo || '';
    if (rewind.undo) button.focus({ preventScroll: true });
  }

  function closeDialog() {
    app.dismissed = app.state ? app.state.version : -1;
    $('dialog').hidden = true;
  }

  function tick() {
    const state = app.state;
    if (!state) return;
    let seconds = state.elapsed;
    // Between the server's figures: counting on only while the page shows the unfinished game.
    if (!state.won && !state.lost && document.visibilityState === 'visible') {
      seconds += Math.min((performance.now() - app.receivedAt) / 1000, 30);
    }
    $('time').textContent = formatTime(seconds);
  }

  function showMessage(text, error = false) {
    const box = $('message');
    box.textContent = text || '';
    box.classList.toggle('error', Boolean(error));
  }

  const slotEl = (si) => $('table').querySelector(`.slot[data-stack="${si}"]`);
  const cardEls = (si) => [...$('table').querySelectorAll(`.card[data-stack="${si}"]`)];

  // -- holding cards: selection, legal targets -------------------------------------------------------

  function targetsFor(si, n) {
    const id = app.state.stacks[si].id;
    const ids = app.state.stacks.map((s) => s.id);
    return app.state.legal.filter((m) => m.type === 'move' && m.src === id && m.n === n).map((m) => ids.indexOf(m.dst));
  }

  function markTargets(si, n, on) {
    document.querySelectorAll('.target').forEach((el) => {
      el.classList.remove('target');
      if (el.classList.contains('slot')) el.setAttribute('aria-label', app.state.stacks[el.dataset.stack].label);
    });
    if (!on) return;
    targetsFor(si, n).forEach((di) => {
      slotEl(di).classList.add('target');
      slotEl(di).setAttribute('aria-label', `${app.state.stacks[di].label}, ${t('target')}`);
      const top = cardEls(di).pop();
      if (top) top.classList.add('target');
    });
  }

  function faceUpCount(si) {
    const cards = app.state.stacks[si].cards;
    let k = 0;
    for (let p = cards.length - 1; p >= 0 && cards[p]; p -= 1) k += 1;
    return k;
  }

  function select(si, n) {
    clearSelection(false);
    const s = app.state.stacks[si];
    n = Math.max(1, Math.min(n, faceUpCount(si)));
    if (!s.cards.length || !s.cards[s.cards.length - 1]) return;
    app.sel = { si, n };
    const els = cardEls(si);
    els.slice(-n).forEach((el) => el.classList.add('selected'));
    markTargets(si, n, true);
    const card = s.cards[s.cards.length - n];
    const held = n === 1 ? t('held', { card: card.label }) : t('held_many', { count: n, card: card.label });
    // Said, not only shown: where the held cards may go.
    const names = targetsFor(si, n).map((di) => app.state.stacks[di].name);
    const where = names.length ? t('held_targets', { stacks: names.join(', ') }) : t('held_no_target');
    showMessage(`${held} ${where}`);
  }

  function clearSelection(announce) {
    if (app.sel && announce) showMessage(t('cancelled'));
    app.sel = null;
    document.querySelectorAll('.selected').forEach((el) => el.classList.remove('selected'));
    markTargets(0, 0, false);
  }

  function clickStack(si, pos) {
    const s = app.state.stacks[si];
    const now = performance.now();
    const double = app.lastClick && app.lastClick.si === si && now - app.lastClick.t < 450;
    app.lastClick = { si, t: now };
    if (s.kind === 'stock') {
      clearSelection(false);
      app.lastClick = null;
      doDeal();
      return;
    }
    if (double) {
      const n = app.sel && app.sel.si === si ? app.sel.n : (pos >= 0 ? s.cards.length - pos : 1);
      clearSelection(false);
      app.lastClick = null;
      doBest(si, n);
      return;
    }
    if (app.sel) {
      const { si: src, n } = app.sel;
      clearSelection(false);
      if (src !== si) {
        app.lastClick = null;
        doMove(src, si, n);
      }
      return;
    }
    if (pos >= 0 && s.cards[pos]) select(si, s.cards.length - pos);
    else if (s.cards.length && s.cards[s.cards.length - 1]) select(si, 1);
  }

  // -- the mouse: click, double-click, drag and drop -------------------------------------------------

  function stackAt(x, y, draggedRect, except) {
    const box = $('table').getBoundingClientRect();
    const table = $('table');
    const px = x - box.left + table.scrollLeft;
    const py = y - box.top + table.scrollTop;
    let best = -1;
    let bestArea = 0;
    app.geo.stacks.forEach((g, i) => {
      if (i === except) return;
      const r = g.rect;
      if (px >= r.left && px <= r.right && py >= r.top && py <= r.bottom) {
        best = i;
        bestArea = Infinity;
        return;
      }
      if (draggedRect && bestArea !== Infinity) {
        const w = Math.min(r.right, draggedRect.right) - Math.max(r.left, draggedRect.left);
        const h = Math.min(r.bottom, draggedRect.bottom) - Math.max(r.top, draggedRect.top);
        // A drop counts on a stack it covers a fair part of, not one it merely grazes.
        if (w > 0 && h > 0 && w * h > bestArea && w * h > 0.15 * app.geo.cw * app.geo.ch) {
          best = i;
          bestArea = w * h;
        }
      }
    });
    return best;
  }

  // A buried card, shown whole while a finger rests on it (or after a right-click, until the next press).
  function peek(el) {
    unpeek();
    if (!el || !el.getAttribute('aria-label')) return;
    el.classList.add('peek');
    app.peeked = el;
    showMessage(t('peek', { card: el.getAttribute('aria-label') }));
  }

  function unpeek() {
    if (app.peeked) app.peeked.classList.remove('peek');
    app.peeked = null;
  }

  function onContextMenu(e) {
    const cardEl = e.target.closest('.card');
    if (!cardEl) return;
    e.preventDefault();
    if (app.press) clearTimeout(app.press.timer);
    app.press = null;
    peek(cardEl);
  }

  function onPointerDown(e) {
    unpeek();
    if (e.button !== 0 || !app.state) return;
    const cardEl = e.target.closest('.card');
    const slot = e.target.closest('.slot');
    if (!cardEl && !slot) {
      clearSelection(true);
      return;
    }
    const si = Number((cardEl || slot).dataset.stack);
    const pos = cardEl ? Number(cardEl.dataset.pos) : -1;
    const s = app.state.stacks[si];
    // Anything face up may be lifted; the server says why if the rules keep it in place.
    const draggable = cardEl && s.cards[pos] && s.kind !== 'stock';
    const press = { si, pos, x: e.clientX, y: e.clientY, id: e.pointerId, draggable, started: false, els: [] };
    app.press = press;
    if (cardEl) {
      press.timer = setTimeout(() => {
        if (app.press === press && !press.started) {
          press.peeked = true;
          peek(cardEl);
        }
      }, 500);
    }
    $('table').setPointerCapture(e.pointerId);
    e.preventDefault();
  }

  function onPointerMove(e) {
    const press = app.press;
    if (!press || press.id !== e.pointerId) return;
    const dx = e.clientX - press.x;
    const dy = e.clientY - press.y;
    if (press.peeked) return;
    if (!press.started) {
      if (!press.draggable || Math.hypot(dx, dy) < 5) return;
      clearTimeout(press.timer);
      press.started = true;
      clearSelection(false);
      press.els = cardEls(press.si).filter((el) => Number(el.dataset.pos) >= press.pos);
      press.n = app.state.stacks[press.si].cards.length - press.pos;
      press.els.forEach((el) => {
        el.classList.add('dragging');
        el.style.zIndex = 1000 + Number(el.dataset.pos);
      });
      markTargets(press.si, press.n, true);
    }
    press.dx = dx;
    press.dy = dy;
    press.els.forEach((el) => { el.style.transform = `translate(${dx}px, ${dy}px)`; });
  }

  function returnCards(els) {
    els.forEach((el) => {
      el.classList.add('returning');
      el.style.transform = '';
    });
  }

  function onPointerUp(e) {
    const press = app.press;
    if (!press || press.id !== e.pointerId) return;
    app.press = null;
    clearTimeout(press.timer);
    if (press.peeked) {
      unpeek();
      return;
    }
    if (!press.started) {
      clickStack(press.si, press.pos);
      return;
    }
    markTargets(0, 0, false);
    const g = app.geo.stacks[press.si].positions[press.pos];
    const rect = { left: g.left + press.dx, top: g.top + press.dy };
    rect.right = rect.left + app.geo.cw;
    rect.bottom = rect.top + app.geo.ch;
    const di = stackAt(e.clientX, e.clientY, rect, press.si);
    app.lastClick = null;
    if (di < 0) {
      returnCards(press.els);
      return;
    }
    doMove(press.si, di, press.n, () => returnCards(press.els));
  }

  function onPointerCancel() {
    if (app.press) clearTimeout(app.press.timer);
    unpeek();
    if (app.press && app.press.started) {
      markTargets(0, 0, false);
      returnCards(app.press.els);
    }
    app.press = null;
  }

  // -- the keyboard ----------------------------------------------------------------------------------

  function onTableKey(e) {
    const slot = e.target.closest && e.target.closest('.slot');
    if (!slot || !app.state) return;
    const si = Number(slot.dataset.stack);
    const s = app.state.stacks[si];
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (s.kind === 'stock') {
        doDeal();
      } else if (app.sel && app.sel.si !== si) {
        const { si: src, n } = app.sel;
        clearSelection(false);
        doMove(src, si, n);
      } else if (app.sel) {
        clearSelection(true);
      } else {
        select(si, 1);
      }
    } else if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && app.sel && app.sel.si === si) {
      e.preventDefault();
      select(si, app.sel.n + (e.key === 'ArrowUp' ? 1 : -1));
    } else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      const count = app.state.stacks.length;
      const next = (si + (e.key === 'ArrowRight' ? 1 : count - 1)) % count;
      slotEl(next).focus();
    }
  }

  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target.closest && e.target.closest('#saves')) return; // the saved games panel's own keys
    const tag = e.target.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') {
      if (e.key === 'Escape') e.target.blur();
      return;
    }
    const key = e.key;
    if (key === 'Escape') {
      if (!$('dialog').hidden) closeDialog();
      else if (app.sel) clearSelection(true);
      else if (!$('stats').hidden) toggleStats(false);
      else if (!$('help').hidden) toggleHelp(false);
      clearHint();
      return;
    }
    const actions = {
      u: doUndo, r: doRedo, h: hint, d: doDeal, n: () => newGame(), '?': () => toggleHelp(),
      s: solveDemo, p: playHint,
    };
    const action = actions[key.toLowerCase()] || actions[key];
    if (action && !(key === ' ' || key === 'Enter')) {
      e.preventDefault();
      action();
    }
  }

  // -- help --------------------------------------------------------------------------------------------

  async function loadHelp() {
    const body = $('help-body');
    const game = app.state.game;
    body.textContent = t('help_loading');
    app.helpSeq = (app.helpSeq || 0) + 1;
    const seq = app.helpSeq;
    const res = await request(`/api/help/${encodeURIComponent(game)}`);
    if (seq !== app.helpSeq) return; // a later request (another game or language) wins
    if (res.ok) {
      body.innerHTML = res.data; // sanitized by the server's help renderer
      renumberHeadings(body);
    } else {
      const p = document.createElement('p');
      p.className = 'error';
      p.textContent = (res.data && res.data.error) || String(res.status);
      body.replaceChildren(p);
    }
    body.lang = (res.ok && res.headers.get('content-language')) || app.lang;
    body.dataset.lang = app.lang; // asked for; body.lang is what came (a fallback may differ)
  }

  // The rules' headings go under the panel's h2 with no level skipped (an outline a screen reader can use).
  function renumberHeadings(root) {
    const found = [...root.querySelectorAll('h1, h2, h3, h4, h5, h6')];
    const levels = [...new Set(found.map((h) => Number(h.tagName[1])))].sort();
    found.forEach((h) => {
      const level = Math.min(6, 3 + levels.indexOf(Number(h.tagName[1])));
      const copy = document.createElement(`h${level}`);
      [...h.attributes].forEach((a) => copy.setAttribute(a.name, a.value));
      copy.append(...h.childNodes);
      h.replaceWith(copy);
    });
  }

  function toggleHelp(open, focus = true) {
    const help = $('help');
    const show = open === undefined ? help.hidden : open;
    const wasShown = !help.hidden;
    help.hidden = !show;
    $('btn-rules').setAttribute('aria-expanded', String(show));
    store.set('reussite.help', show ? '1' : '0');
    if (show) loadHelp();
    if (app.state) render();
    // Focus goes to the rules when they open, and back to their button when they close.
    if (focus && show && !wasShown) $('help-title').focus({ preventScroll: true });
    const active = document.activeElement;
    if (focus && !show && wasShown && (!active || active === document.body || help.contains(active))) {
      $('btn-rules').focus();
    }
  }

  function toggleMenu(open) {
    const bar = $('bar');
    const show = open === undefined ? bar.dataset.menu !== 'open' : open;
    if (show) bar.dataset.menu = 'open';
    else delete bar.dataset.menu;
    $('btn-menu').setAttribute('aria-expanded', String(show));
  }

  function setFourColour(on) {
    document.body.classList.toggle('four-colour', on);
    $('four-colour').checked = on;
    store.set('reussite.fourColour', on ? '1' : '0');
  }

  // -- saved games: save under a name, list, load, delete, download, upload ---------------------------

  function savesMessage(text, error = false) {
    const box = $('saves-message');
    box.textContent = text || '';
    box.classList.toggle('error', Boolean(error));
  }

  function toggleSaves(open) {
    const panel = $('saves');
    const show = open === undefined ? panel.hidden : open;
    panel.hidden = !show;
    $('btn-saves').setAttribute('aria-expanded', String(show));
    if (show) {
      savesMessage('');
      refreshSaves();
      $('save-name').focus();
    } else {
      $('btn-saves').focus();
    }
  }

  async function refreshSaves() {
    const res = await request('/api/saves');
    if (res.ok) renderSaves(res.data.saves);
    else savesMessage(res.data.error || String(res.status), true);
  }

  function formatTime(seconds) {
    const whole = Math.floor(seconds);
    const h = Math.floor(whole / 3600);
    const m = Math.floor((whole % 3600) / 60);
    const sec = String(whole % 60).padStart(2, '0');
    return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
  }

  function renderSaves(list) {
    app.saves = list;
    $('saves-none').hidden = list.length > 0;
    $('saves-list').hidden = !list.length;
    const cell = (text, cls) => {
      const td = document.createElement('td');
      td.textContent = text;
      if (cls) td.className = cls;
      return td;
    };
    $('saves-list').tBodies[0].replaceChildren(...list.map((save) => {
      const tr = document.createElement('tr');
      tr.dataset.name = save.name;
      tr.append(cell(save.name));
      if (save.error) {
        const td = cell(save.error, 'error');
        td.colSpan = 4;
        tr.append(td);
      } else {
        tr.append(cell(`${save.game_name} #${save.number}`), cell(String(save.moves)),
          cell(save.elapsed == null ? '' : formatTime(save.elapsed)),
          cell(new Date(save.mtime).toLocaleString(app.lang, { dateStyle: 'short', timeStyle: 'short' })));
      }
      const actions = cell('', 'actions');
      const button = (key, handler) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = `small save-${key}`;
        b.textContent = t(key);
        b.setAttribute('aria-label', `${t(key)} ${save.name}`);
        b.addEventListener('click', handler);
        return b;
      };
      if (!save.error) {
        actions.append(button('load', () => loadSave(save.name)));
        const link = document.createElement('a');
        link.className = 'save-download';
        link.href = `/api/saves/file?name=${encodeURIComponent(save.name)}`;
        link.download = `${save.name}.json`;
        link.textContent = t('download');
        link.setAttribute('aria-label', `${t('download')} ${save.name}`);
        actions.append(link);
      }
      actions.append(button('delete', () => deleteSave(save.name)));
      tr.append(actions);
      return tr;
    }));
  }

  const saveExists = (name) => (app.saves || []).some((s) => s.name === name.normalize('NFC'));

  function saveGame(event) {
    event.preventDefault();
    const name = $('save-name').value.trim();
    if (!name || !app.state) return;
    const replace = saveExists(name);
    if (replace && !window.confirm(t('save_replace', { name }))) return;
    app.queue = app.queue.then(async () => {
      const res = await request('/api/saves/save', { name, replace, version: app.state.version });
      if (res.ok) {
        renderSaves(res.data.saves);
        savesMessage(t('saved', { name: res.data.saved }));
      } else {
        if (res.status === 409 && res.data.state) setState(res.data.state);
        savesMessage(res.data.error || String(res.status), true);
      }
    }).catch(failed);
  }

  // Loading replaces the game in progress: only with the player's say-so, and only the position they saw.
  function loadSave(name) {
    const s = app.state;
    const inProgress = s && s.moves > 0 && !s.won && !s.lost && !s.no_win;
    if (inProgress && !window.confirm(t('load_abandon', { name }))) return;
    stopDemo();
    app.queue = app.queue.then(async () => {
      const res = await request('/api/saves/load', { name, version: app.state.version });
      if (res.ok) {
        setState(res.data);
        savesMessage(t('loaded', { name: res.data.loaded }));
        showMessage(t('loaded', { name: res.data.loaded }));
      } else {
        if (res.status === 409 && res.data.state) setState(res.data.state);
        savesMessage(res.data.error || String(res.status), true);
      }
    }).catch(failed);
  }

  async function deleteSave(name) {
    if (!window.confirm(t('delete_confirm', { name }))) return;
    const res = await request('/api/saves/delete', { name });
    if (res.ok) {
      renderSaves(res.data.saves);
      savesMessage(t('deleted', { name }));
    } else {
      savesMessage(res.data.error || String(res.status), true);
      refreshSaves();
    }
  }

  // A save file from the player's disk, kept under its file name (the server replays and checks it).
  async function uploadSave() {
    const input = $('save-upload');
    const file = input.files && input.files[0];
    input.value = '';
    if (!file) return;
    const name = file.name.replace(/\.json$/i, '').replace(/[^\p{L}\p{N} _-]/gu, '_').trim().slice(0, 64) || 'save';
    const replace = saveExists(name);
    if (replace && !window.confirm(t('save_replace', { name }))) return;
    const text = await file.text();
    const res = await request('/api/saves/upload', { name, text, file: file.name, replace });
    if (res.ok) {
      renderSaves(res.data.saves);
      savesMessage(t('saved', { name: res.data.saved }));
    } else {
      savesMessage(res.data.error || String(res.status), true);
    }
  }

  // -- the clock: the server counts time only while a page shows the game ------------------------------

  const CLOCK_BEAT = 10000; // ms between reports while visible (the server counts at most 30 s past one)

  function reportClock() {
    clearTimeout(app.clockTimer);
    const visible = document.visibilityState === 'visible';
    request('/api/clock', { visible }).then((res) => {
      if (res.ok && app.state && res.data.version === app.state.version) {
        app.state.elapsed = res.data.elapsed;
        app.receivedAt = performance.now();
        tick();
      }
    });
    if (visible) app.clockTimer = setTimeout(reportClock, CLOCK_BEAT);
  }

  // -- statistics --------------------------------------------------------------------------------------

  function cell(tag, text, scope) {
    const el = document.createElement(tag);
    el.textContent = String(text);
    if (scope) el.scope = scope;
    return el;
  }

  function renderStats(data) {
    const empty = data.summary.length === 0;
    $('stats-empty').hidden = !empty;
    ['stats-summary', 'stats-recent-title', 'stats-recent'].forEach((id) => { $(id).hidden = empty; });
    const label = (g) => (g.options_text ? `${g.name} (${g.options_text})` : g.name);
    $('stats-summary').tBodies[0].replaceChildren(...data.summary.map((g) => {
      const row = document.createElement('tr');
      row.append(cell('th', label(g), 'row'), cell('td', g.played), cell('td', g.won), cell('td', g.percent_text),
        cell('td', g.current_streak), cell('td', g.best_streak), cell('td', g.best_time_text),
        cell('td', g.best_score));
      return row;
    }));
    const when = new Intl.DateTimeFormat(app.lang, { dateStyle: 'short', timeStyle: 'short' });
    $('stats-recent').tBodies[0].replaceChildren(...data.recent.map((r) => {
      const row = document.createElement('tr');
      const replay = document.createElement('button');
      replay.type = 'button';
      replay.className = 'small replay';
      replay.textContent = t('stats_replay');
      replay.setAttribute('aria-label', t('stats_replay_label', { game: label(r), number: r.number }));
      replay.addEventListener('click', () => {
        toggleStats(false);
        newGame(r.number, { game: r.game, options: r.options });
      });
      const last = document.createElement('td');
      last.append(replay);
      row.append(cell('td', when.format(new Date(r.finished))), cell('td', label(r)), cell('td', r.number),
        cell('td', r.result_text), cell('td', r.score), cell('td', r.moves), cell('td', r.time_text), last);
      return row;
    }));
  }

  async function loadStats() {
    const res = await request('/api/stats');
    if (res.ok) renderStats(res.data);
    else showMessage((res.data && res.data.error) || String(res.status), true);
  }

  function toggleStats(open) {
    const panel = $('stats');
    const show = open === undefined ? panel.hidden : open;
    panel.hidden = !show;
    $('btn-stats').setAttribute('aria-expanded', String(show));
    if (show) loadStats().then(() => $('btn-stats-close').focus());
    else $('btn-stats').focus();
  }

  // -- wiring ------------------------------------------------------------------------------------------

  function copyNumber() {
    const number = app.state.number;
    const done = () => showMessage(t('copied', { number }));
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(number).then(done, () => fallbackCopy(number, done));
    } else {
      fallbackCopy(number, done);
    }
  }

  function fallbackCopy(text, done) {
    const range = document.createRange();
    range.selectNodeContents($('game-number'));
    const sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
    try { document.execCommand('copy'); done(); } catch (e) { /* selected: the player can copy it */ }
  }

  function init() {
    const table = $('table');
    table.addEventListener('pointerdown', onPointerDown);
    table.addEventListener('pointermove', onPointerMove);
    table.addEventListener('pointerup', onPointerUp);
    table.addEventListener('pointercancel', onPointerCancel);
    table.addEventListener('contextmenu', onContextMenu);
    table.addEventListener('keydown', onTableKey);
    table.addEventListener('dblclick', (e) => e.preventDefault());
    document.addEventListener('keydown', onKey);
    $('btn-undo').addEventListener('click', doUndo);
    $('btn-redo').addEventListener('click', doRedo);
    $('btn-hint').addEventListener('click', hint);
    $('btn-deal').addEventListener('click', doDeal);
    $('btn-auto').addEventListener('click', doAuto);
    $('btn-new').addEventListener('click', () => newGame());
    $('btn-restart').addEventListener('click', doRestart);
    $('btn-copy').addEventListener('click', copyNumber);
    $('btn-rules').addEventListener('click', () => toggleHelp());
    $('btn-help-close').addEventListener('click', () => toggleHelp(false));
    $('btn-stats').addEventListener('click', () => toggleStats());
    $('btn-stats-close').addEventListener('click', () => toggleStats(false));
    $('btn-number').addEventListener('click', () => {
      const text = $('number-input').value.trim();
      if (!/^\d{1,20}$/.test(text) || /^0+$/.test(text)) {
        showMessage(t('bad_number'), true);
        return;
      }
      newGame(text);
    });
    $('number-input').addEventListener('keydown', (e) => {
      if (e.key === 'Enter') $('btn-number').click();
    });
    $('game-select').addEventListener('change', () => {
      renderOptions();
      if (newGame() === false && app.state) {
        $('game-select').value = app.state.game;
        renderOptions();
      }
    });
    $('dlg-undo').addEventListener('click', () => { closeDialog(); doUndo(); });
    $('dlg-rewind').addEventListener('click', () => {
      const count = Number($('dlg-rewind').dataset.undo);
      closeDialog();
      if (count) doUndoMany(count);
    });
    $('btn-solve').addEventListener('click', solveDemo);
    $('btn-play-hint').addEventListener('click', playHint);
    $('btn-search-stop').addEventListener('click', stopSearch);
    $('demo-play').addEventListener('click', demoPlayPause);
    $('demo-step').addEventListener('click', () => demoStep());
    $('demo-stop').addEventListener('click', () => stopDemo());
    $('demo-speed').addEventListener('change', () => store.set('reussite.demoSpeed', $('demo-speed').value));
    $('hint-time').addEventListener('change', () => store.set('reussite.hintSeconds', $('hint-time').value));
    const winnableOnly = $('winnable-only');
    winnableOnly.addEventListener('change', () => store.set('reussite.winnable', winnableOnly.checked ? '1' : '0'));
    $('dlg-new').addEventListener('click', () => { closeDialog(); newGame(); });
    $('dlg-close').addEventListener('click', closeDialog);
    $('btn-notice-close').addEventListener('click', closeNotice);
    const auto = $('auto-each');
    auto.checked = store.get('reussite.autoEach') === '1';
    auto.addEventListener('change', () => store.set('reussite.autoEach', auto.checked ? '1' : '0'));
    let resizeTimer = 0;
    window.addEventListener('resize', () => {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(() => app.state && render(), 60);
    });
    setInterval(tick, 1000);
    $('btn-saves').addEventListener('click', () => toggleSaves());
    $('btn-saves-close').addEventListener('click', () => toggleSaves(false));
    $('save-form').addEventListener('submit', saveGame);
    $('save-upload').addEventListener('change', uploadSave);
    $('saves').addEventListener('keydown', (e) => {
      if (e.key === 'Escape') { e.stopPropagation(); toggleSaves(false); }
    });
    document.addEventListener('visibilitychange', reportClock);
    window.addEventListener('pagehide', () => {
      // The page goes away: the clock stops now rather than ACTIVE_GAP seconds later.
      try {
        fetch('/api/clock', { method: 'POST', keepalive: true, headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ visible: false }) });
      } catch (e) { /* the server's gap stops the clock anyway */ }
    });
    // Back from another tab or window, which may have played: show the current position.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState !== 'visible' || !app.state) return;
      app.queue = app.queue.then(async () => {
        const res = await request('/api/state');
        if (res.ok && res.data.version !== app.state.version) setState(res.data);
      }).catch(failed);
    });
    $('btn-menu').addEventListener('click', () => toggleMenu());
    $('four-colour').addEventListener('change', () => setFourColour($('four-colour').checked));
    setFourColour(store.get('reussite.fourColour') === '1');
    boot(app.lang).then(() => {
      if (store.get('reussite.help') === '1') toggleHelp(true, false);
      reportClock();
    });
  }

  init();
})();
