// The look of every page: light or dark (or whatever the system says), the colour of the felt
// and of the card backs, and a left-handed table. Kept in this browser, and sent to the server
// (POST /api/settings): a logged-in player's pages come with the account's look
// (#account-look), which wins, so it follows them to any browser; a guest's goes to the
// account they sign up for. Loaded in the head as a plain script, so the page is painted in
// its colours from the start.
(function () {
  "use strict";
  var KEY = "solitaire:appearance";
  var CHOICES = {
    theme: ["system", "light", "dark"],
    felt: ["green", "blue", "red", "grey"],
    back: ["blue", "red", "green", "black"],
  };

  // The account's look, when the page carries one (a logged-in player).
  function account() {
    var el = document.getElementById("account-look");
    if (!el) return null;
    try {
      return JSON.parse(el.textContent);
    } catch (error) {
      return null;
    }
  }

  function keep(look) {
    try {
      localStorage.setItem(KEY, JSON.stringify(look));
    } catch (error) {
      // private mode: the look holds for this page only
    }
  }

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

  // Send a change of the look to the server, for the account (or the guest's session).
  function send(change) {
    var token = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    if (!token || !window.fetch) return; // a page with no form: the browser keeps it
    fetch("/api/settings", {
      method: "POST",
      credentials: "same-origin",
      keepalive: true,
      headers: { "Content-Type": "application/json", "X-CSRFToken": decodeURIComponent(token[1]) },
      body: JSON.stringify(change),
    }).catch(function () {});
  }

  function save(change) {
    var look = read();
    Object.keys(change).forEach(function (key) {
      look[key] = change[key];
    });
    keep(look);
    apply(look);
    send(change);
    document.dispatchEvent(new CustomEvent("solitaire:appearance", { detail: look }));
    return look;
  }

  function label(button) {
    var on = dark();
    button.setAttribute("aria-pressed", String(on));
    button.title = on ? "Dark mode is on" : "Dark mode is off";
  }

  // A logged-in player's look comes with the page: this browser takes it.
  var kept = account();
  if (kept) {
    var look = read();
    Object.keys(look).forEach(function (key) {
      if (key in kept) look[key] = kept[key];
    });
    keep(look);
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
