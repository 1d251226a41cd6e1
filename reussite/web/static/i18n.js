// Text: every string comes from /api/strings in the chosen language; the page holds none of its own.
// The lookup only (at the bottom, for every module); loading the strings and the language buttons: language.js.

import { app } from './state.js';

// A card given as a parameter brings its forms: "{card.the}", "{card.of_the}" (« de la Dame de cœur »).
// A string with a count is a plural entry: its forms by CLDR plural category ("one", "few", "other"...), the one
// for params.count chosen by the language's rules (the server filled each category from the catalog).
export const t = (key, params) => {
  let text = app.strings[key] || '';
  if (typeof text === 'object') {
    const count = params && typeof params.count === 'number' ? params.count : 0;
    text = text[new Intl.PluralRules(app.locale || app.lang).select(count)] || text.other || '';
  }
  if (params) {
    text = text.replace(/\{(\w+)(?:\.(\w+))?\}/g, (m, name, form) => {
      if (!(name in params)) return m;
      const value = params[name];
      if (!form) return String(value && typeof value === 'object' ? value.label : value);
      return value && typeof value === 'object' && form in value ? String(value[form]) : m;
    });
  }
  return text;
};
