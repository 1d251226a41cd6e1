// The Settings panel (the toolbar's Settings): how the cards and the table look, and how the game plays. Each
// setting applies at once and is kept per browser under its 'reussite.*' key (the keys the menu used before
// the panel had them, so that a player's choices survive the change).

import { t } from './i18n.js';
import { scheduleWatch } from './solver.js';
import { $, app, ignoreStored, store } from './state.js';
import { render } from './status.js';
import { markPlayable } from './table.js';

// The look: [select, body data- attribute (and 'reussite.<name>' key), choices as [value, string key]]; the
// first choice is the default. style.css reads the attributes; table.js reads the faces' sprite.
const LOOKS = [
  ['faces-select', 'faces', [['standard', 'faces_standard'], ['large', 'faces_large'], ['simple', 'faces_simple']]],
  ['back-select', 'back', [['blue', 'felt_blue'], ['red', 'felt_red'], ['green', 'felt_green']]],
  ['felt-select', 'felt', [['green', 'felt_green'], ['blue', 'felt_blue'], ['red', 'felt_red'], ['grey', 'felt_grey']]],
  ['motion-select', 'motion', [['normal', 'speed_normal'], ['fast', 'speed_fast'], ['off', 'motion_off']]],
];

// The switches: [checkbox, key, on unless turned off, what changes at once (the others are read when used)].
const TOGGLES = [
  ['four-colour', 'reussite.fourColour', false, (on) => document.body.classList.toggle('four-colour', on)],
  ['sound', 'reussite.sound', false],
  ['quick-play', 'reussite.quickPlay', false],
  ['show-playable', 'reussite.showPlayable', false, () => markPlayable()],
  ['auto-each', 'reussite.autoEach', false],
  ['live-check', 'reussite.live', true, () => scheduleWatch()],
];

// The ceiling on a hint's time (the server gives each game its own time within it, and "Play it" searches
// this long where no winning line is known); the default is the server's (advisor.DEFAULT_HINT_LIMIT).
const HINT_LIMITS = [1, 2, 5, 10, 30, 60];
const DEFAULT_HINT_LIMIT = '10';

function applyLook(name, value) {
  document.body.dataset[name] = value;
  store.set(`reussite.${name}`, value);
  if (name === 'faces' && app.state) render(); // the faces are drawn from another sprite
}

// The settings kept in this browser, applied before the first drawing; then each control applies its own.
export function initSettings() {
  TOGGLES.forEach(([id, key, byDefault, apply]) => {
    const box = $(id);
    box.checked = byDefault ? store.get(key) !== '0' : store.get(key) === '1';
    if (apply) apply(box.checked);
    box.addEventListener('change', () => {
      store.set(key, box.checked ? '1' : '0');
      if (apply) apply(box.checked);
    });
  });
  LOOKS.forEach(([id, name, choices]) => {
    const kept = store.get(`reussite.${name}`);
    const known = choices.some(([value]) => value === kept);
    if (kept && !known) ignoreStored(`reussite.${name}`, kept);
    applyLook(name, known ? kept : choices[0][0]);
    $(id).addEventListener('change', () => applyLook(name, $(id).value));
  });
  $('hint-time').addEventListener('change', () => store.set('reussite.hintLimit', $('hint-time').value));
  $('btn-settings').addEventListener('click', () => toggleSettings());
  $('btn-settings-close').addEventListener('click', () => toggleSettings(false));
  $('settings').addEventListener('keydown', (e) => {
    if (e.key === 'Escape') { e.stopPropagation(); toggleSettings(false); }
  });
}

// The choices in the page's language (language.js calls it after each change of language).
export function fillSettings() {
  LOOKS.forEach(([id, name, choices]) => {
    const select = $(id);
    const chosen = select.value || store.get(`reussite.${name}`) || choices[0][0];
    select.replaceChildren(...choices.map(([value, label]) => new Option(t(label), value)));
    select.value = choices.some(([value]) => value === chosen) ? chosen : choices[0][0];
  });
  const hintTime = $('hint-time');
  const chosen = hintTime.value || store.get('reussite.hintLimit') || DEFAULT_HINT_LIMIT;
  hintTime.replaceChildren(...HINT_LIMITS.map((v) => new Option(t('seconds', { seconds: v.toLocaleString(app.locale) }), String(v))));
  hintTime.value = HINT_LIMITS.map(String).includes(chosen) ? chosen : DEFAULT_HINT_LIMIT;
}

// Focus goes to the first setting when the panel opens, and back to its button when it closes.
export function toggleSettings(open) {
  const panel = $('settings');
  const show = open === undefined ? panel.hidden : open;
  const wasShown = !panel.hidden;
  panel.hidden = !show;
  $('btn-settings').setAttribute('aria-expanded', String(show));
  if (show && !wasShown) $('faces-select').focus();
  if (!show && wasShown) $('btn-settings').focus();
}
