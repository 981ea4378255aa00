// The player's table settings: read from the page (the server's copy) over this browser's
// last copy, shown on the table, and saved to the server one change after another.

import * as api from "./api.js";
import { setSpeed } from "./anim.js";

const DEFAULTS = {
  autoplay: true,
  autocomplete: true,
  animation: "normal",
  four_colour: false,
  hide_timer: false,
  winnable: false,
};
const LOCAL = "solitaire:settings";

/** The JSON a page holds in the element ``id`` (Django's json_script), or null. */
export function readJson(id) {
  const el = document.getElementById(id);
  if (!el) return null;
  try {
    return JSON.parse(el.textContent);
  } catch {
    return null;
  }
}

export class Settings {
  /** ``root``: the table element; ``ui``: its controls; ``say``: the table's message line. */
  constructor(root, ui, say) {
    this.root = root;
    this.ui = ui;
    this.say = say;
    this.values = { ...DEFAULTS };
    this.saving = Promise.resolve();
  }

  load() {
    let local = {};
    try {
      local = JSON.parse(localStorage.getItem(LOCAL) || "{}");
    } catch {
      local = {};
    }
    const served = readJson("settings-data") || {};
    this.values = { ...DEFAULTS, ...local, ...served };
    this.apply();
    return this.values;
  }

  apply() {
    const s = this.values;
    setSpeed(s.animation);
    this.root.classList.toggle("four-colour", Boolean(s.four_colour));
    this.root.classList.toggle("hide-timer", Boolean(s.hide_timer));
    for (const el of this.root.querySelectorAll('[data-action="winnable-mode"]')) {
      el.setAttribute("aria-checked", String(Boolean(s.winnable)));
    }
    const box = this.ui.settings.querySelector('input[name="winnable"]');
    if (box) box.checked = Boolean(s.winnable);
  }

  // Saves go to the server one after another: the server reads, changes and writes the
  // whole set, so two saves at once could each undo the other's change. The table element
  // says ``data-saving`` while one is on its way.
  change(change) {
    Object.assign(this.values, change);
    this.apply();
    localStorage.setItem(LOCAL, JSON.stringify(this.values));
    this.root.dataset.saving = "true";
    const saved = this.saving.then(() => this.save(change));
    this.saving = saved;
    saved.then(() => {
      if (this.saving === saved) delete this.root.dataset.saving;
    });
    return saved;
  }

  async save(change) {
    try {
      const stored = await api.saveSettings(change);
      // Only the keys of this change: a later change may still be on its way.
      for (const key of Object.keys(change)) {
        if (stored && key in stored) this.values[key] = stored[key];
      }
    } catch (error) {
      this.say(`Your settings could not be saved (${error.message}): they hold until you reload.`, {
        quiet: true,
      });
    }
  }
}
