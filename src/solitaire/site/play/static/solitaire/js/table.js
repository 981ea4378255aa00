// The card table: reads the game the page was served with, shows it, and turns clicks, drags
// and keys into moves. A move shows at once; the server's answer then settles the table.

import * as api from "./api.js";
import { celebrate, setSpeed } from "./anim.js";
import { cardName, installSuitSprites } from "./cards.js";
import { enableDrag } from "./drag.js";
import { enableKeyboard } from "./keyboard.js";
import { askNumber, buildControls, wireControls, wireSettings } from "./menus.js";
import { clickTarget, movesFrom, parseMove, predict } from "./moves.js";
import { installQuestion } from "./question.js";
import { Board, cardsOf, pileName } from "./render.js";
import { Timer } from "./timer.js";
import { showVerdict } from "./verdict.js";

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

function describeMove(layout, text, facts = {}) {
  const move = parseMove(text);
  if (!move) return text;
  if (move.deal) return facts.stock_deals_to === "piles" ? "Dealt a row." : "Turned a card.";
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
      "undo-back": () => this.undoBack(),
      redo: () => this.redo(),
      hint: () => this.hint(),
      finish: () => this.finish(),
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
    if (change.autocomplete && this.game?.finishable) this.finish();
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
    this.chosen = null; // a choice is made on the table as it was shown
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
    const won = status === "won";
    this.root.dataset.status = status;
    // A won game takes no more changes: only New deal is left, and it is offered.
    this.ui.undo.disabled = won || !game.moves.length;
    this.ui.redo.disabled = won || !game.can_redo;
    this.ui.restart.disabled = won || !game.moves.length;
    this.ui.hint.disabled = won;
    this.ui.finish.hidden = won || !game.finishable;
    this.ui.newDeal.classList.toggle("offered", won);
    const count = game.moves.length;
    this.ui.moves.textContent = `${count} move${count === 1 ? "" : "s"}`;
    this.ui.deal.textContent = game.deal ? `Deal ${game.deal}` : "";
    this.showVerdict();
    this.timer.update(game);
    if (won && this.wonShown !== game.id) {
      this.wonShown = game.id;
      const time = this.timer.text();
      this.ui.winText.textContent =
        `You played every card home in ${count} moves` +
        (this.settings.hide_timer ? "." : ` and ${time}.`);
      this.ui.win.showModal();
      this.say(`You won in ${count} moves and ${time}.`, { quiet: true });
      return true;
    }
    if (!won && this.ui.win.open) this.ui.win.close();
    return false;
  }

  // The banner for a stuck game, or a position Hint proved lost. A stuck game asks Hint
  // (once per position) how many moves to take back; the banner shows the count once known.
  showVerdict() {
    const game = this.game;
    const stuck = game.status === "stuck";
    const known = this.verdict?.id === game.id && this.verdict.version === game.version;
    const verdict = known ? this.verdict : null;
    showVerdict(this.ui, { stuck, lost: stuck || Boolean(verdict?.lost), undos: verdict?.undos });
    if (stuck && !verdict && this.asked !== `${game.id}:${game.version}`) {
      this.asked = `${game.id}:${game.version}`;
      this.say(this.ui.stuckText.textContent, { quiet: true });
      this.askWayBack(game, 3);
    }
  }

  // Ask Hint how far back the game still wins; a busy solver that could not prove it in
  // time is asked again, up to ``tries`` times in all, while the position stays the same.
  askWayBack(game, tries) {
    api
      .hint(game.id)
      .then((answer) => {
        const same = this.game.id === game.id && this.game.version === game.version;
        if (answer.result !== "lost" && tries > 1 && same) this.askWayBack(game, tries - 1);
        else this.learn(game, answer);
      })
      .catch(() => {});
  }

  /** Keep Hint's answer for the position of ``game``; true when it proves it lost. */
  learn(game, answer) {
    const lost = answer.result === "lost";
    if (this.game.id !== game.id || this.game.version !== (answer.version ?? game.version)) {
      return lost;
    }
    this.verdict = { id: game.id, version: game.version, lost, undos: answer.undos ?? null };
    this.showVerdict();
    if (lost) this.say(this.ui.stuckText.textContent, { quiet: true });
    return lost;
  }

  /** Hide the message line: a new move makes the last message stale. */
  hush() {
    clearTimeout(this.toastTimer);
    this.ui.toast.hidden = true;
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

  // A click waits its turn behind the moves before it, then does what the server's click
  // map says for the position the server holds then. A click on the stock only ever deals.
  click(name, index) {
    this.queue(async () => {
      if (!this.game || this.game.status === "won") return;
      if (name !== "s" && !this.settings.autoplay) return;
      const move = clickTarget(this.game, name, index);
      if (!move) return;
      const top = name === "s" || index === cardsOf(this.game.layout, name).length - 1;
      await this.send(move, { click: { pile: name, index: top ? null : index } });
    });
  }

  play(text) {
    return this.queue(async () => {
      if (!this.game.legal.includes(text)) {
        this.show(this.game);
        return;
      }
      await this.send(text);
    });
  }

  /**
   * Cards dropped on pile ``dst``: the top ``count`` of ``src``. Judged when the moves
   * before it are settled, against the position the server holds then; where no legal move
   * goes, the cards go back.
   */
  drop(src, count, dst) {
    return this.queue(async () => {
      const move = movesFrom(this.game.legal, src, count).find((m) => m.dst === dst);
      if (!move) {
        this.say("That card cannot go there.", { quiet: true });
        this.show(this.game);
        return;
      }
      await this.send(move.text);
    });
  }

  // Show the move at once, then ask the server and show what it answers: the same table,
  // or more (a refill, Auto complete), or less (a refusal puts the cards back).
  async send(text, { click = null } = {}) {
    const before = this.game;
    this.hush();
    this.keys.clear();
    this.view = { ...before, layout: predict(before.layout, text, before.table), legal: [] };
    this.board.render(this.view.layout);
    this.say(describeMove(before.layout, text, before.table), { quiet: true });
    const next = click
      ? await api.click(before.id, click.pile, click.index, before.version)
      : await api.playMove(before.id, text, before.version);
    await this.settle(next);
  }

  async settle(game) {
    const extra = (game.autocompleted ?? []).length;
    if (extra) this.say(`Auto complete played ${extra} card${extra > 1 ? "s" : ""} home.`);
    // The next move need not wait for the cards to land: it starts from where they are.
    this.show(game, { stagger: extra > 1 ? 35 : 0, steps: 104 });
  }

  /** Whether the game is won; then say that only New deal is left, in the table's words. */
  over() {
    if (this.game?.status !== "won") return false;
    this.say("This game is won. Choose New deal to play another.");
    return true;
  }

  // Take back the moves since the last winnable position, as the banner offers.
  undoBack() {
    const count = Number(this.ui.undoBack.dataset.undos) || 1;
    this.queue(async () => {
      if (this.over()) return;
      this.hush();
      let game = this.game;
      for (let i = 0; i < count && game.moves.length; i++) {
        game = await api.undo(game.id, game.version);
      }
      this.say(`Took back ${count} move${count === 1 ? "" : "s"}.`, { quiet: true });
      await this.show(game);
    });
  }

  undo() {
    this.queue(async () => {
      if (this.over()) return;
      this.hush();
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
      if (this.over()) return;
      this.hush();
      if (!this.game.can_redo) {
        this.say("There is no move to redo.");
        return;
      }
      const game = await api.redo(this.game.id, this.game.version);
      this.say("Played the move again.", { quiet: true });
      await this.settle(game);
    });
  }

  // Play every card home when nothing is left to decide: Auto complete asked for by hand,
  // or switched on while the game was already ready for it.
  finish() {
    this.queue(async () => {
      if (this.over() || !this.game.finishable) return;
      this.hush();
      await this.settle(await api.finish(this.game.id, this.game.version));
    });
  }

  // A press that did not travel. With a card or run chosen, it puts it on the pile pressed
  // (as a drop there would); otherwise the stock deals, a card with somewhere to go goes
  // there (Autoplay), and any other card that can move is chosen, for a second press on the
  // pile where it goes: tap a card, then tap its destination.
  tap(name, index) {
    if (!this.game) return;
    const chosen = this.chosen;
    if (chosen && name !== "s") {
      this.choose(null);
      if (name !== chosen.src) this.drop(chosen.src, chosen.count, name);
      return;
    }
    if (index < 0 && name !== "s") return;
    if (name === "s" || (this.settings.autoplay && clickTarget(this.game, name, index))) {
      this.choose(null);
      this.click(name, index);
      return;
    }
    const count = cardsOf(this.game.layout, name).length - index;
    const moves = movesFrom(this.game.legal, name, count);
    if (!moves.length || this.game.status === "won") {
      this.choose(null);
      this.say("That card cannot move now.", { quiet: true });
      return;
    }
    this.choose({ src: name, count, index });
  }

  /** Choose cards for a second press to put down (null: none); they and their targets light up. */
  choose(chosen) {
    this.chosen = chosen;
    this.board.clearMarks();
    if (!chosen) return;
    const moves = movesFrom(this.game.legal, chosen.src, chosen.count);
    for (const el of this.board.cardsFrom(chosen.src, chosen.index)) el.classList.add("selected");
    this.board.markTargets(new Set(moves.map((m) => m.dst)));
    const what = cardName(cardsOf(this.game.layout, chosen.src)[chosen.index]);
    this.say(`Chose ${what}${chosen.count > 1 ? ` and ${chosen.count - 1} more` : ""}: ` +
      "now press where it goes.", { quiet: true });
  }

  restart() {
    this.queue(async () => {
      if (this.over() || !this.game.moves.length) return;
      this.hush();
      const game = await api.restart(this.game.id, this.game.version);
      this.say("Back to the start of the deal.");
      await this.show(game, { stagger: 6 });
    });
  }

  deal(options) {
    this.queue(async () => {
      this.hush();
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
      if (!this.game || this.over()) return;
      this.say("Thinking…", { quiet: true });
      const game = this.game;
      const answer = await api.hint(game.id);
      this.board.clearMarks();
      // A lost position gets the banner with its way back, not a passing message.
      if (this.learn(game, answer)) return;
      const move = answer.move ? parseMove(answer.move) : null;
      let advice = "";
      if (move) {
        if (move.deal) this.board.pile("s").classList.add("hint-target");
        else {
          const cards = cardsOf(game.layout, move.src);
          for (const el of this.board.cardsFrom(move.src, cards.length - move.count)) {
            el.classList.add("hinted");
          }
          this.board.pile(move.dst).classList.add("hint-target");
        }
        const words = describeMove(game.layout, answer.move, game.table);
        advice = ` Try this: ${words.replace(/^Moved/, "move")}`;
      }
      const verdict =
        answer.result === "won" ? "This position is proved winnable." : "Not proved either way.";
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
