// The look of every page, kept in this browser: light or dark (or whatever the system says),
// the colour of the felt and of the card backs, and a left-handed table. Loaded in the head
// as a plain script, so the page is painted in its colours from the start.
(function () {
  "use strict";
  var KEY = "solitaire:appearance";
  var CHOICES = {
    theme: ["system", "light", "dark"],
    felt: ["green", "blue", "red", "grey"],
    back: ["blue", "red", "green", "black"],
  };

  function read() {
    var stored = {};
    try {
      stored = JSON.parse(localStorage.getItem(KEY) || "{}") || {};
    } catch (error) {
      stored = {};
    }
    var look = { theme: "system", felt: "green", back: "blue", left: false };
    Object.keys(CHOICES).forEach(function (key) {
      if (CHOICES[key].indexOf(stored[key]) >= 0) look[key] = stored[key];
    });
    look.left = stored.left === true;
    return look;
  }

  function apply(look) {
    var root = document.documentElement;
    if (look.theme === "system") delete root.dataset.theme;
    else root.dataset.theme = look.theme;
    root.dataset.felt = look.felt;
    root.dataset.back = look.back;
    root.classList.toggle("left-handed", look.left);
  }

  /** Whether the page shows dark now (chosen, or the system's choice). */
  function dark() {
    var theme = document.documentElement.dataset.theme;
    if (theme) return theme === "dark";
    return window.matchMedia("(prefers-color-scheme: dark)").matches;
  }

  function save(change) {
    var look = read();
    Object.keys(change).forEach(function (key) {
      look[key] = change[key];
    });
    try {
      localStorage.setItem(KEY, JSON.stringify(look));
    } catch (error) {
      // private mode: the look holds for this page only
    }
    apply(look);
    document.dispatchEvent(new CustomEvent("solitaire:appearance", { detail: look }));
    return look;
  }

  function label(button) {
    var on = dark();
    button.setAttribute("aria-pressed", String(on));
    button.title = on ? "Dark mode is on" : "Dark mode is off";
  }

  apply(read());
  window.solitaireAppearance = { read: read, save: save, dark: dark, choices: CHOICES };

  document.addEventListener("DOMContentLoaded", function () {
    var button = document.querySelector("[data-theme-switch]");
    if (!button) return;
    label(button);
    button.addEventListener("click", function () {
      save({ theme: dark() ? "light" : "dark" });
    });
    document.addEventListener("solitaire:appearance", function () {
      label(button);
    });
    window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", function () {
      label(button);
    });
  });
})();
