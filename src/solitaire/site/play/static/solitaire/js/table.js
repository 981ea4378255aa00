// The card table: reads the game the page was served with, shows it, and turns clicks, drags
// and keys into moves. A move shows at once; the server's answer then settles the table.

import * as api from "./api.js";
import { celebrate, setSpeed } from "./anim.js";
import { cardName, installSuitSprites } from "./cards.js";
import { enableDrag } from "./drag.js";
import { enableKeyboard } from "./keyboard.js";
import { askNumber, buildControls, wireControls, wireSettings } from "./menus.js";
import { clickMove, parseMove, predict } from "./moves.js";
import { installQuestion } from "./question.js";
import { Board, cardsOf, pileName } from "./render.js";
import { Timer } from "./timer.js";

const DEFAULTS = {
  autoplay: true,
  autocomplete: true,
  animation: "normal",
  four_colour: false,
  hide_timer: false,
  winnable: false,
};
const LOCAL_SETTINGS = "solitaire:settings";

function readJson(id) {
  const el = document.getElementById(id);
  if (!el) return null;
  try {
    return JSON.parse(el.textContent);
  } catch {
    return null;
  }
}

function describeMove(layout, text) {
  const move = parseMove(text);
  if (!move) return text;
  if (move.deal) return layout.game === "blockade" ? "Dealt a row." : "Turned a card.";
  const cards = cardsOf(layout, move.src);
  const first = cards[cards.length - move.count];
  const what = first ? `the ${cardName(first)}` : "a card";
  const run = move.count > 1 ? ` with ${move.count - 1} more` : "";
  return `Moved ${what}${run} to ${pileName(move.dst)}.`;
}

class Table {
  constructor(root) {
    this.root = root;
    this.ui = buildControls(root);
    this.board = new Board(this.ui.board);
    this.game = null; // the server's last word
    this.view = null; // what the table shows: the server's game, or a predicted one
    this.chain = Promise.resolve();
    this.pending = 0;
    this.settings = { ...DEFAULTS };
    this.timer = new Timer(this.ui.time);
  }

  async start() {
    installSuitSprites();
    this.loadSettings();
    enableDrag(this);
    this.keys = enableKeyboard(this);
    wireControls(this.root, this.ui, this.actions());
    installQuestion(this.root, this.ui, () => this.game);
    wireSettings(this.ui, this.settings, (change) => this.changeSettings(change));
    document.addEventListener("keydown", (event) => this.shortcut(event));
    new ResizeObserver(() => this.board.measureBoard()).observe(this.ui.board);
    let game = readJson("game-data");
    const id = this.root.dataset.gameId;
    if (!game && id) game = await api.getGame(id);
    if (game) this.show(game, { animate: false });
    this.root.classList.add("ready");
  }

  actions() {
    return {
      new: () => this.deal(this.settings.winnable ? { winnable: true } : {}),
      "winnable-mode": () => this.changeSettings({ winnable: !this.settings.winnable }),
      winnable: () => this.deal({ winnable: true }),
      daily: () => this.deal({ daily: true }),
      number: async () => {
        const number = await askNumber(this.ui, this.game?.deal);
        if (number) this.deal({ deal: number });
      },
      restart: () => this.restart(),
      undo: () => this.undo(),
      redo: () => this.redo(),
      hint: () => this.hint(),
      settings: () => this.ui.settings.showModal(),
      close: () => {},
    };
  }

  shortcut(event) {
    if (event.target.closest?.("input, select, textarea, dialog")) return;
    const key = event.key.toLowerCase();
    const mod = event.ctrlKey || event.metaKey;
    if (mod && key === "z" && !event.shiftKey) this.undo();
    else if (mod && (key === "y" || (key === "z" && event.shiftKey))) this.redo();
    else if (!mod && !event.altKey && key === "h") this.hint();
    else if (!mod && !event.altKey && key === "u") this.undo();
    else if (!mod && !event.altKey && key === "d") this.click("s", -1);
    else return;
    event.preventDefault();
  }

  // ---- settings ---------------------------------------------------------------------

  loadSettings() {
    let local = {};
    try {
      local = JSON.parse(localStorage.getItem(LOCAL_SETTINGS) || "{}");
    } catch {
      local = {};
    }
    const served = readJson("settings-data") || {};
    this.settings = { ...DEFAULTS, ...local, ...served };
    this.applySettings();
  }

  applySettings() {
    const s = this.settings;
    setSpeed(s.animation);
    this.root.classList.toggle("four-colour", Boolean(s.four_colour));
    this.root.classList.toggle("hide-timer", Boolean(s.hide_timer));
    this.ui.winnableMode.setAttribute("aria-checked", String(Boolean(s.winnable)));
    const box = this.ui.settings.querySelector('input[name="winnable"]');
    if (box) box.checked = Boolean(s.winnable);
  }

  // Saves go to the server one after another: the server reads, changes and writes the
  // whole set, so two saves at once could each undo the other's change.
  changeSettings(change) {
    Object.assign(this.settings, change);
    this.applySettings();
    localStorage.setItem(LOCAL_SETTINGS, JSON.stringify(this.settings));
    this.saving = (this.saving ?? Promise.resolve()).then(() => this.saveSettings(change));
    return this.saving;
  }

  async saveSettings(change) {
    try {
      const saved = await api.saveSettings(change);
      const stored = saved?.settings ?? saved;
      // Only the keys of this change: a later change may still be on its way.
      for (const key of Object.keys(change)) {
        if (stored && key in stored) this.settings[key] = stored[key];
      }
    } catch (error) {
      this.say(`Your settings could not be saved (${error.message}): they hold until you reload.`, {
        quiet: true,
      });
    }
  }

  // ---- showing the game -------------------------------------------------------------

  show(game, { animate = true, stagger = 0, steps = 12, deal = false } = {}) {
    const fresh = !this.game || this.game.id !== game.id;
    this.game = game;
    this.view = game;
    if (fresh) {
      this.timer.reset(game);
      this.root.dataset.gameId = game.id;
      this.root.dataset.game = game.game;
    }
    this.ui.proved.hidden = !game.proved;
    this.board.facts = game.table ?? null;
    this.board.clearMarks();
    const done = this.board.render(game.layout, {
      animate: animate && !fresh,
      stagger,
      steps,
      deal: deal && fresh,
    });
    // The win is celebrated once the last cards have glided home.
    if (this.showStatus()) done.then(() => celebrate(this.board.el));
    return done;
  }

  /** Show the game's status; true when this opens the win dialog. */
  showStatus() {
    const game = this.game;
    const status = game.status;
    this.root.dataset.status = status;
    this.ui.undo.disabled = !game.moves.length;
    this.ui.redo.disabled = !game.can_redo;
    const count = game.moves.length;
    this.ui.moves.textContent = `${count} move${count === 1 ? "" : "s"}`;
    this.ui.deal.textContent = game.deal ? `Deal ${game.deal}` : "";
    this.ui.stuck.hidden = status !== "stuck";
    this.timer.update(game);
    if (status === "won" && !this.ui.win.open) {
      const time = this.timer.text();
      this.ui.winText.textContent =
        `You played every card home in ${count} moves` +
        (this.settings.hide_timer ? "." : ` and ${time}.`);
      this.ui.win.showModal();
      this.say(`You won in ${count} moves and ${time}.`, { quiet: true });
      return true;
    }
    if (status !== "won" && this.ui.win.open) this.ui.win.close();
    if (status === "stuck") {
      this.say("No more moves. Undo, restart or deal again.", { quiet: true });
    }
    return false;
  }

  /** Write ``text`` to the live region (and, unless quiet, to the visible message line). */
  say(text, { quiet = false } = {}) {
    this.ui.live.textContent = text;
    if (quiet || !text) return;
    const toast = this.ui.toast;
    toast.textContent = text;
    toast.hidden = false;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => {
      toast.hidden = true;
    }, 4000);
  }

  busy() {
    return this.pending > 0;
  }

  // Run server work one step at a time, in the order the player asked for it.
  queue(work) {
    this.pending++;
    const run = this.chain.then(work).catch((error) => this.fail(error));
    this.chain = run.finally(() => {
      this.pending--;
    });
    return run;
  }

  async fail(error) {
    if (error instanceof api.ApiError && error.status === 409) {
      this.say("The game changed in another window; showing it as it stands.");
      this.show(await api.getGame(this.game.id));
      return;
    }
    this.say(error.message || "Something went wrong.");
    if (this.game) this.show(this.game);
  }

  // ---- moves --------------------------------------------------------------------------

  click(name, index) {
    this.queue(async () => {
      if (!this.game || this.game.status === "won") return;
      if (name !== "s" && !this.settings.autoplay) return;
      const move = clickMove(this.view, name, index);
      if (!move) return;
      const top = name === "s" || index === cardsOf(this.view.layout, name).length - 1;
      await this.send(move, { click: { pile: name, index: top ? null : index } });
    });
  }

  play(text) {
    return this.queue(async () => {
      if (!this.view.legal.includes(text)) {
        this.show(this.game);
        return;
      }
      await this.send(text);
    });
  }

  // Show the move at once, then ask the server and show what it answers: the same table,
  // or more (a refill, Auto complete), or less (a refusal puts the cards back).
  async send(text, { click = null } = {}) {
    const before = this.game;
    this.keys.clear();
    this.view = { ...before, layout: predict(before.layout, text), legal: [] };
    this.board.render(this.view.layout);
    this.say(describeMove(before.layout, text), { quiet: true });
    const next = click
      ? await api.click(before.id, click.pile, click.index, before.version)
      : await api.playMove(before.id, text, before.version);
    await this.settle(next);
  }

  async settle(game) {
    const extra = (game.autocompleted ?? []).length;
    if (extra) this.say(`Auto complete played ${extra} card${extra > 1 ? "s" : ""} home.`);
    await this.show(game, { stagger: extra > 1 ? 35 : 0, steps: 104 });
  }

  undo() {
    this.queue(async () => {
      if (!this.game.moves.length) {
        this.say("There is no move to undo.");
        return;
      }
      const game = await api.undo(this.game.id, this.game.version);
      this.say("Took back a move.", { quiet: true });
      await this.show(game);
    });
  }

  redo() {
    this.queue(async () => {
      if (!this.game.can_redo) {
        this.say("There is no move to redo.");
        return;
      }
      const game = await api.redo(this.game.id, this.game.version);
      this.say("Played the move again.", { quiet: true });
      await this.settle(game);
    });
  }

  restart() {
    this.queue(async () => {
      if (!this.game.moves.length) return;
      const game = await api.restart(this.game.id, this.game.version);
      this.say("Back to the start of the deal.");
      await this.show(game, { stagger: 6 });
    });
  }

  deal(options) {
    this.queue(async () => {
      if (options.daily && this.root.dataset.authenticated === "false") {
        this.askLogin();
        return;
      }
      let game;
      try {
        game = await api.newGame(this.game?.game ?? this.root.dataset.game, options);
      } catch (error) {
        if (options.daily && error instanceof api.ApiError && (error.status === 401 || error.status === 403)) {
          this.askLogin();
          return;
        }
        throw error;
      }
      this.ui.win.open && this.ui.win.close();
      this.show(game, { deal: true });
      const url = new URL(window.location.href);
      url.search = `?id=${game.id}`;
      window.history.replaceState(null, "", url);
      this.say(game.deal ? `Dealt deal ${game.deal}.` : "Dealt a new game.");
    });
  }

  askLogin() {
    const next = `${window.location.pathname}?daily=1`;
    const query = `?next=${encodeURIComponent(next)}`;
    this.ui.login.querySelector('[data-role="login-link"]').href = `/accounts/login/${query}`;
    this.ui.login.querySelector('[data-role="signup"]').href = `/accounts/signup/${query}`;
    this.ui.login.showModal();
    this.say("Log in to play the Daily deal.", { quiet: true });
  }

  hint() {
    this.queue(async () => {
      if (!this.game || this.game.status !== "playing") return;
      this.say("Thinking…", { quiet: true });
      const answer = await api.hint(this.game.id);
      this.board.clearMarks();
      const move = answer.move ? parseMove(answer.move) : null;
      let advice = "";
      if (move) {
        if (move.deal) this.board.pile("s").classList.add("hint-target");
        else {
          const cards = cardsOf(this.game.layout, move.src);
          for (const el of this.board.cardsFrom(move.src, cards.length - move.count)) {
            el.classList.add("hinted");
          }
          this.board.pile(move.dst).classList.add("hint-target");
        }
        advice = ` Try this: ${describeMove(this.game.layout, answer.move).replace(/^Moved/, "move")}`;
      }
      let verdict;
      if (answer.result === "won") verdict = "This position is proved winnable.";
      else if (answer.result === "lost") {
        const undos = answer.undos ?? answer.back ?? null;
        verdict = "This position is proved lost.";
        if (undos) verdict += ` Undo ${undos} move${undos === 1 ? "" : "s"} to get back to a winnable position.`;
      } else verdict = "Not proved either way.";
      this.say(verdict + advice);
    });
  }
}

const root = document.getElementById("table");
if (root) {
  const table = new Table(root);
  window.solitaireTable = table;
  table.start();
}
