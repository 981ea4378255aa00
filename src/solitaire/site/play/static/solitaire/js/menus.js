// The controls around the board: the toolbar, the New deal menu, Settings, and the messages
// for a win, a stuck game and a guest asking for the Daily deal. Markup is built here when
// the page does not already hold it, so the template stays free of script.

const ICONS = {
  deal: "M5 4h9a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm13 3.5 2.4.8a2 2 0 0 1 1.3 2.5l-3 9",
  restart: "M4 12a8 8 0 1 0 2.4-5.7M4 4v4.5h4.5",
  undo: "M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11",
  redo: "m15 14 5-5-5-5m5 5H9.5a5.5 5.5 0 0 0 0 11H13",
  hint: "M9 18h6m-5 3h4M12 3a6 6 0 0 0-3.6 10.8c.7.5 1.1 1.3 1.1 2.2h5c0-.9.4-1.7 1.1-2.2A6 6 0 0 0 12 3z",
  settings: "M4 6h10m4 0h2M4 12h4m4 0h8M4 18h12m4 0h0M16 4v4M10 10v4M18 16v4",
  caret: "m7 10 5 5 5-5",
  finish: "m3 12 4 4 8-8m-2 8 1 1 8-8",
};

function icon(name) {
  return (
    `<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">` +
    `<path d="${ICONS[name]}"/></svg>`
  );
}

function button(action, label, iconName, extra = "") {
  return (
    `<button type="button" class="tool" data-action="${action}" ${extra}>` +
    `${icon(iconName)}<span class="label">${label}</span></button>`
  );
}

const TOOLBAR = `
<nav class="toolbar" aria-label="Game">
  <div class="tools">
    <div class="split">
      ${button("new", "New deal", "deal")}
      <button type="button" class="tool caret" data-action="deal-menu" aria-haspopup="menu"
        aria-expanded="false" aria-label="More ways to deal">${icon("caret")}</button>
      <div class="menu" role="menu" hidden>
        <button type="button" role="menuitemcheckbox" aria-checked="false"
          data-action="winnable-mode" data-role="winnable-mode">Winnable deals only
          <small>New deal deals a proved deal</small></button>
        <button type="button" role="menuitem" data-action="winnable">Winnable deal</button>
        <button type="button" role="menuitem" data-action="daily">Daily deal</button>
        <button type="button" role="menuitem" data-action="number">Deal number…</button>
      </div>
    </div>
    ${button("restart", "Restart", "restart")}
    ${button("undo", "Undo", "undo", 'aria-keyshortcuts="Control+Z"')}
    ${button("redo", "Redo", "redo", 'aria-keyshortcuts="Control+Y"')}
    ${button("hint", "Hint", "hint", 'aria-keyshortcuts="H"')}
    ${button("finish", "Finish", "finish", 'hidden title="Play every card home"')}
    ${button("settings", "Settings", "settings")}
  </div>
  <div class="scores">
    <button type="button" class="game-name" data-action="how" data-role="game-name"
      aria-haspopup="dialog" title="How to play"></button>
    <span class="deal-no" data-role="deal"></span>
    <span class="daily-mark" data-role="daily" hidden></span>
    <span class="proved-mark" data-role="proved" hidden
      title="Our solver has proved that this deal can be won">Proved winnable</span>
    <span class="timer" data-role="time" aria-label="Time">0:00</span>
    <span class="count" data-role="moves">0 moves</span>
    <p class="toast" data-role="toast" hidden></p>
  </div>
</nav>`;

const PANELS = `
<div class="board" id="board" role="group" aria-label="Card table"></div>
<div class="sr-only" data-role="live" aria-live="polite" aria-atomic="true"></div>
<section class="banner stuck" data-role="stuck" role="alert" hidden>
  <p data-role="stuck-text"></p>
  <div class="actions">
    <button type="button" data-action="undo-back" data-role="undo-back">Undo</button>
    <button type="button" data-action="restart" data-role="banner-restart">Restart</button>
    <a class="button" data-role="banner-review" href="#">Review the game</a>
    <button type="button" data-action="dismiss" data-role="banner-dismiss">Play it anyway</button>
    <button type="button" data-action="winnable" data-role="banner-winnable">Winnable deal</button>
    <button type="button" data-action="new" class="primary">New deal</button>
    <button type="button" role="switch" class="switch" aria-checked="false"
      data-action="winnable-mode" data-role="banner-switch">Winnable deals only</button>
  </div>
</section>
<dialog class="panel win" data-role="win" aria-labelledby="win-title">
  <h2 id="win-title">You won!</h2>
  <p data-role="win-text"></p>
  <p data-role="win-daily" hidden><span data-role="win-daily-text"></span>
    <a data-role="win-daily-link" href="#">See the leaderboard</a></p>
  <div class="actions">
    <a class="button" data-role="win-review" href="#">Review the game</a>
    <button type="button" data-action="close">Look at the table</button>
    <button type="button" data-action="new" class="primary" autofocus>New deal</button>
  </div>
</dialog>
<dialog class="panel" data-role="settings" aria-labelledby="settings-title">
  <form method="dialog">
    <h2 id="settings-title">Settings</h2>
    <label class="check"><input type="checkbox" name="autoplay">
      <span>Autoplay<small>a click or tap sends a card where it goes</small></span></label>
    <label class="check"><input type="checkbox" name="autocomplete">
      <span>Auto complete<small>play every card home once nothing is left to decide</small></span></label>
    <label class="check"><input type="checkbox" name="four_colour">
      <span>Four-colour deck<small>clubs green and diamonds blue</small></span></label>
    <label class="check"><input type="checkbox" name="hide_timer">
      <span>Hide the timer</span></label>
    <label class="check"><input type="checkbox" name="winnable">
      <span>Winnable deals only<small>New deal deals one of the deals our solver proved</small></span></label>
    <label class="select"><span>Animation</span>
      <select name="animation">
        <option value="slow">Slow</option>
        <option value="normal">Normal</option>
        <option value="fast">Fast</option>
        <option value="off">Off</option>
      </select></label>
    <p class="keys">Keys: arrows walk the piles, Enter picks cards up and puts them down,
      Esc puts them back; H hint, U or Ctrl+Z undo, Ctrl+Y redo, D deals from the stock.</p>
    <div class="actions"><button value="done" class="primary">Done</button></div>
  </form>
</dialog>
<dialog class="panel" data-role="number" aria-labelledby="number-title">
  <form method="dialog">
    <h2 id="number-title">Deal number</h2>
    <label class="select"><span>Deal</span>
      <input type="number" name="deal" min="1" required inputmode="numeric"></label>
    <div class="actions">
      <button value="cancel" formnovalidate>Cancel</button>
      <button value="deal" class="primary">Deal</button>
    </div>
  </form>
</dialog>
<dialog class="panel" data-role="login" aria-labelledby="login-title">
  <h2 id="login-title">Log in for the Daily deal</h2>
  <p>The Daily deal is the same proved deal for every player today, and it counts in your
    statistics. Log in or sign up to play it.</p>
  <div class="actions">
    <button type="button" data-action="close">Not now</button>
    <a class="button" data-role="signup" href="/accounts/signup/">Sign up</a>
    <a class="button primary" data-role="login-link" href="/accounts/login/">Log in</a>
  </div>
</dialog>`;

/** Build the controls inside the table element (unless the page already has them). */
export function buildControls(root) {
  if (!root.querySelector(".toolbar")) root.insertAdjacentHTML("afterbegin", TOOLBAR);
  if (!root.querySelector("#board")) root.insertAdjacentHTML("beforeend", PANELS);
  const part = (role) => root.querySelector(`[data-role="${role}"]`);
  root.querySelector('[data-role="number"] input').max = root.dataset.maxDeal;
  const name = part("game-name");
  if (name && !name.textContent) {
    const text = document.createElement("span");
    text.textContent = root.dataset.gameName ?? "";
    name.append(text);
  }
  return {
    board: root.querySelector("#board"),
    toast: part("toast"),
    live: part("live"),
    stuck: part("stuck"),
    stuckText: part("stuck-text"),
    undoBack: part("undo-back"),
    win: part("win"),
    winText: part("win-text"),
    winReview: part("win-review"),
    winDaily: part("win-daily"),
    winDailyText: part("win-daily-text"),
    winDailyLink: part("win-daily-link"),
    how: part("how"),
    gameName: part("game-name"),
    daily: part("daily"),
    settings: part("settings"),
    number: part("number"),
    login: part("login"),
    time: part("time"),
    moves: part("moves"),
    deal: part("deal"),
    proved: part("proved"),
    winnableMode: part("winnable-mode"),
    menu: root.querySelector(".toolbar .menu"),
    caret: root.querySelector('[data-action="deal-menu"]'),
    newDeal: root.querySelector('.toolbar [data-action="new"]'),
    finish: root.querySelector('.toolbar [data-action="finish"]'),
    restart: root.querySelector('.toolbar [data-action="restart"]'),
    undo: root.querySelector('.toolbar [data-action="undo"]'),
    redo: root.querySelector('.toolbar [data-action="redo"]'),
    hint: root.querySelector('.toolbar [data-action="hint"]'),
  };
}

/** Wire every [data-action] button to ``actions[name]``, and the New deal menu. */
export function wireControls(root, ui, actions) {
  const closeMenu = () => {
    ui.menu.hidden = true;
    ui.caret.setAttribute("aria-expanded", "false");
  };
  root.addEventListener("click", (event) => {
    const target = event.target.closest("[data-action]");
    if (!target || !root.contains(target)) return;
    const action = target.dataset.action;
    if (action === "deal-menu") {
      const open = ui.menu.hidden;
      ui.menu.hidden = !open;
      ui.caret.setAttribute("aria-expanded", String(open));
      if (open) ui.menu.querySelector("button").focus();
      return;
    }
    closeMenu();
    const dialog = target.closest("dialog");
    if (dialog && action !== "number") dialog.close();
    actions[action]?.();
  });
  document.addEventListener("click", (event) => {
    if (!ui.menu.hidden && !event.target.closest(".split")) closeMenu();
  });
  ui.menu.addEventListener("keydown", (event) => {
    const items = [...ui.menu.querySelectorAll("button")];
    const at = items.indexOf(document.activeElement);
    if (event.key === "Escape") {
      closeMenu();
      ui.caret.focus();
    } else if (event.key === "ArrowDown") items[(at + 1) % items.length].focus();
    else if (event.key === "ArrowUp") items[(at - 1 + items.length) % items.length].focus();
    else return;
    event.preventDefault();
  });
}

/** Fill the settings form, and call ``save`` with the new values on every change. */
export function wireSettings(ui, settings, save) {
  const form = ui.settings.querySelector("form");
  for (const input of form.elements) {
    if (!input.name) continue;
    if (input.type === "checkbox") input.checked = Boolean(settings[input.name]);
    else input.value = settings[input.name];
  }
  form.addEventListener("change", (event) => {
    const input = event.target;
    save({ [input.name]: input.type === "checkbox" ? input.checked : input.value });
  });
}

/** Ask for a deal number; resolves to the number, or null when cancelled. */
export function askNumber(ui, current) {
  return new Promise((resolve) => {
    const form = ui.number.querySelector("form");
    form.elements.deal.value = current ?? "";
    ui.number.addEventListener(
      "close",
      () => {
        const value = Number(form.elements.deal.value);
        resolve(ui.number.returnValue === "deal" && value >= 1 ? Math.floor(value) : null);
      },
      { once: true },
    );
    ui.number.returnValue = "";
    ui.number.showModal();
    form.elements.deal.select();
  });
}
