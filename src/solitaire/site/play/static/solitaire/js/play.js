// The card table: shows the game the page was served with, and turns clicks, drags and keys
// into moves. A move shows at once; the server's answer then settles the table.
//
// Every action waits its turn behind the ones before it (queue) and is judged, when its turn
// comes, against the position the server answered for them: a quick player's moves act
// exactly as a slow player's do, and none is lost.

import * as api from "./api.js";
import { afterPaint, celebrate } from "./anim.js";
import { cardSign } from "./cards.js";
import * as commands from "./commands.js";
import { enableDrag } from "./drag.js";
import { Ending } from "./ending.js";
import { Hinter } from "./hint.js";
import { enableKeyboard } from "./keyboard.js";
import { buildControls, wireControls, wireSettings } from "./menus.js";
import { clickTarget, formatMove, movesFrom, predict } from "./moves.js";
import { installQuestion } from "./question.js";
import { Board, cardsOf } from "./render.js";
import { Settings, readJson } from "./settings.js";
import { Timer } from "./timer.js";
import { provedText, showGame } from "./view.js";
import { movedText } from "./words.js";

/**
 * The moves a won game took, in words. A Daily game's leaderboard counts every move made,
 * those taken back included: its win says that one count, and how many of them were undone.
 */
function movesCounted(game) {
  const made = game.moves_made ?? game.moves.length;
  if (game.kind !== "daily" || made === game.moves.length) return `${game.moves.length} moves`;
  const undone = made - game.moves.length;
  return `${made} moves (the leaderboard's count: ${undone} taken back with Undo included)`;
}

export class Table {
  constructor(root) {
    this.root = root;
    this.ui = buildControls(root);
    this.board = new Board(this.ui.board);
    this.game = null; // the server's last word
    this.view = null; // what the table shows: the server's game, or a predicted one
    this.sent = null; // the move on its way to the server
    this.ahead = []; // drops made meanwhile, shown at once, judged in their turn
    this.chain = Promise.resolve();
    this.pending = 0;
    this.timer = new Timer(this.ui.time);
    this.options = new Settings(root, this.ui, (text, how) => this.say(text, how));
    this.ending = new Ending(this.ui, (text, how) => this.say(text, how), () => this.game);
    this.hinter = new Hinter(this);
    this.confirm = async () => true; // asked before New deal or Restart throws a game away
  }

  get settings() {
    return this.options.values;
  }

  async start() {
    this.options.load();
    enableDrag(this);
    this.keys = enableKeyboard(this);
    wireControls(this.root, this.ui, this.actions());
    this.question = installQuestion(this.root, this.ui, () => this.game, (deal, answer) =>
      this.learnDeal(deal, answer),
    );
    wireSettings(this.ui, this.settings, (change) => this.changeSettings(change));
    document.addEventListener("keydown", (event) => this.shortcut(event));
    const board = this.ui.board;
    new ResizeObserver(() => this.board.measureBoard({ width: board.clientWidth, height: board.clientHeight }))
      .observe(board);
    let game = readJson("game-data");
    const id = this.root.dataset.gameId;
    if (!game && id) game = await api.getGame(id);
    if (game) this.show(game, { animate: false, loaded: true });
    if (game?.proved && !game.moves.length) this.say(provedText(game));
    this.root.classList.add("ready");
  }

  actions() {
    const table = this;
    return {
      new: () => commands.deal(table, table.settings.winnable ? { winnable: true } : {}),
      "winnable-mode": () => table.changeSettings({ winnable: !table.settings.winnable }),
      winnable: () => commands.deal(table, { winnable: true }),
      daily: () => commands.deal(table, { daily: true }),
      number: () => commands.dealNumber(table),
      restart: () => commands.restart(table),
      undo: () => commands.undo(table),
      "undo-back": () => commands.undoBack(table),
      redo: () => commands.redo(table),
      hint: () => commands.hint(table),
      finish: () => commands.finish(table),
      settings: () => table.ui.settings.showModal(),
      how: () => table.ui.how.showModal(),
      close: () => {},
    };
  }

  shortcut(event) {
    if (event.target.closest?.("input, select, textarea, dialog")) return;
    const key = event.key.toLowerCase();
    const mod = event.ctrlKey || event.metaKey;
    const plain = !mod && !event.altKey;
    if (mod && key === "z" && !event.shiftKey) commands.undo(this);
    else if (mod && (key === "y" || (key === "z" && event.shiftKey))) commands.redo(this);
    else if (plain && key === "h") commands.hint(this);
    else if (plain && key === "u") commands.undo(this);
    else if (plain && key === "d") this.click("s", -1);
    else return;
    event.preventDefault();
  }

  changeSettings(change) {
    if (change.autocomplete && this.game?.finishable) commands.finish(this);
    return this.options.change(change);
  }

  // ---- showing the game -------------------------------------------------------------

  show(shown, { animate = true, stagger = 0, steps = 12, deal = false, loaded = false } = {}) {
    const fresh = !this.game || this.game.id !== shown.id;
    const before = this.game;
    // What is known of the deal comes with a game dealt or read; a move's answer keeps it.
    const game = fresh || "deal_verdict" in shown
      ? shown
      : { ...shown, deal_verdict: before.deal_verdict, proved: shown.proved || before.proved };
    this.game = game;
    this.view = this.ahead.length ? this.predicted(game, this.ahead) : game;
    if (fresh) this.timer.reset(game);
    this.chosen = null; // a choice is made on the table as it was shown
    this.board.facts = game.table ?? null;
    this.board.legal = game.legal ?? null;
    if (fresh) this.board.replan();
    this.board.clearMarks();
    const done = this.board.render(this.view.layout, {
      animate: animate && !fresh,
      stagger,
      steps,
      deal: deal && fresh,
    });
    showGame(this, game, { fresh, before });
    // A win while this page plays is celebrated once the last cards have glided home.
    if (this.ending.update(game, { loaded })) {
      const time = this.timer.text();
      const count = game.moves.length;
      const text = `You played every card home in ${movesCounted(game)}` +
        (this.settings.hide_timer ? "." : ` and ${time}.`);
      done.then(() => {
        celebrate(this.board.el);
        this.ending.celebrate(game, text);
      });
      this.say(`You won in ${count} moves and ${time}.`, { quiet: true });
    }
    return done;
  }

  /** What "Is this deal winnable?" found of ``deal``: the table marks it if it is on it. */
  learnDeal(deal, answer) {
    const game = this.game;
    if (!game || game.deal !== deal || answer.status !== "done") return;
    if (answer.result !== "won" && answer.result !== "lost") return;
    const verdict = { result: answer.result, how: "question" };
    this.game = { ...game, proved: game.proved || answer.result === "won", deal_verdict: verdict };
    if (answer.result === "lost") {
      // A deal lost from the start: the banner says so now, whatever has been played.
      this.ending.told = game.id;
      this.ending.dismissed = null;
    }
    this.view = this.view === game ? this.game : this.view;
    showGame(this, this.game, { fresh: false, before: game });
    this.ending.update(this.game);
  }

  /** Hide the message line: a new move makes the last message stale. */
  hush() {
    clearTimeout(this.toastTimer);
    // Written only when shown: every move hushes the line, and most find it hidden.
    if (!this.ui.toast.hidden) this.ui.toast.hidden = true;
    if ("hint" in this.ui.toast.dataset) delete this.ui.toast.dataset.hint;
  }

  /**
   * Write ``text`` to the live region and, unless ``quiet``, to the visible message line for
   * four seconds (``keep``: until the next move; ``mark``: a hint's "proved" or "unproved").
   */
  say(text, { quiet = false, keep = false, mark = null } = {}) {
    this.ui.live.textContent = text;
    if (quiet || !text) return;
    const toast = this.ui.toast;
    toast.textContent = text;
    toast.hidden = false;
    if (mark) toast.dataset.hint = mark;
    else delete toast.dataset.hint;
    clearTimeout(this.toastTimer);
    if (keep) return;
    this.toastTimer = setTimeout(() => {
      toast.hidden = true;
    }, 4000);
  }

  busy() {
    return this.pending > 0;
  }

  // Run server work one step at a time, in the order the player asked for it. The table
  // says ``data-busy`` while any waits.
  queue(work) {
    this.pending++;
    this.root.dataset.busy = "true";
    const run = this.chain.then(work).catch((error) => this.fail(error));
    this.chain = run.finally(() => {
      this.pending--;
      if (!this.pending) delete this.root.dataset.busy;
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

  /** Cards were lifted from ``name``: light the piles a legal move reaches, when known. */
  lifted(name, count) {
    this.choose(null);
    const moves = this.busy() ? [] : movesFrom(this.view.legal, name, count);
    this.board.markTargets(new Set(moves.map((m) => m.dst)));
    this.board.pile(name).classList.add("source");
  }

  /**
   * Cards dropped: the first of ``targets`` (piles, most covered first) that a legal move
   * from one of ``sources`` (the cards the drag may have picked up, most likely first)
   * reaches, judged when the moves before it are settled, against the position the server
   * holds then. The dropped ``elements`` wait where they are; where no legal move goes,
   * they go back.
   */
  drop({ sources, targets, elements = [], quiet = false }) {
    // While moves wait for their answers, the drop shows at once as the likeliest move (so
    // the table stands as it will), and is judged in its turn.
    const guess = this.busy() ? this.guess(sources, targets) : null;
    this.board.release(elements);
    if (guess) {
      this.ahead.push(guess);
      this.view = this.predicted(this.game, [...(this.sent ? [this.sent] : []), ...this.ahead]);
      this.board.render(this.view.layout);
    }
    return this.queue(async () => {
      if (guess) this.ahead.splice(this.ahead.indexOf(guess), 1);
      const move = this.judge(sources, targets);
      if (!move) {
        if (!quiet && targets.length) this.say("That card cannot go there.", { quiet: true });
        this.show(this.game);
        return;
      }
      await this.send(move.text);
    });
  }

  // The move a drop most likely makes: its first cards onto its first pile.
  guess(sources, targets) {
    const src = sources[0];
    const dst = targets.find((name) => name !== src?.name);
    return src && dst ? formatMove(src.name, dst, src.count) : null;
  }

  judge(sources, targets) {
    if (!this.game || this.game.status === "won") return null;
    for (const dst of targets) {
      for (const src of sources) {
        if (src.name === dst) continue;
        const move = movesFrom(this.game.legal, src.name, src.count).find((m) => m.dst === dst);
        if (move) return move;
      }
    }
    return null;
  }

  /** ``game`` as it will stand after ``moves``, as far as its facts tell (no legal moves). */
  predicted(game, moves) {
    let layout = game.layout;
    for (const text of moves) layout = predict(layout, text, game.table);
    return { ...game, layout, legal: [] };
  }

  // Show the move at once, then ask the server and show what it answers: the same table,
  // or more (a refill, Auto complete), or less (a refusal puts the cards back).
  async send(text, { click = null } = {}) {
    const before = this.game;
    this.hush();
    this.keys.clear();
    this.sent = text;
    this.view = this.predicted(before, [text, ...this.ahead]);
    this.board.render(this.view.layout);
    try {
      // The move is on the screen at the next frame. The toolbar, the words for screen readers
      // and the request wait until it is, so that the move's frame waits for none of them;
      // the toolbar shows the move as predicted, and the server's answer, when it agrees,
      // then writes nothing and asks for no frame of its own.
      await afterPaint();
      showGame(this, this.counted(before, text), { fresh: false, before });
      this.say(movedText(before.layout, text, before.table), { quiet: true });
      const next = click
        ? await api.click(before.id, click.pile, click.index, before.version)
        : await api.playMove(before.id, text, before.version);
      this.sent = null;
      await this.settle(next);
    } finally {
      this.sent = null;
    }
  }

  /**
   * ``game`` as the toolbar shows it once ``text`` is played: one move more, none to redo, the
   * clock running on from where it stands (the server's count comes with its answer).
   */
  counted(game, text) {
    return { ...game, elapsed: undefined, moves: [...game.moves, text], can_redo: false, started: true };
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

  // A press that did not travel, judged in its turn on the position the server holds. With
  // a card or run chosen, it puts it on the pile pressed (as a drop there would); otherwise
  // the stock deals, a card with somewhere to go goes there (Autoplay), and any other card
  // that can move is chosen, for a second press where it goes: tap a card, then its place.
  tap(name, index) {
    if (!this.game) return;
    const chosen = this.chosen;
    if (chosen && name !== "s") {
      this.choose(null);
      if (name !== chosen.src) this.drop({ sources: [{ name: chosen.src, count: chosen.count }], targets: [name] });
      return;
    }
    if (index < 0 && name !== "s") return;
    if (name === "s") {
      this.choose(null);
      this.click(name, index);
      return;
    }
    const count = cardsOf(this.view.layout, name).length - index;
    this.queue(async () => {
      if (this.settings.autoplay && clickTarget(this.game, name, index)) {
        this.click(name, index);
        return;
      }
      const moves = movesFrom(this.game.legal, name, count);
      if (!moves.length || this.game.status === "won") {
        this.say("That card cannot move now.", { quiet: true });
        return;
      }
      this.choose({ src: name, count, index });
    });
  }

  /**
   * The second press of a double-click or double-tap on card ``index`` of ``name``: one
   * intention with the first. When the first sent the card where a click does (Autoplay), it
   * does nothing more, never playing the card beneath; when the first chose the card, the
   * card goes home where it can, else where a click sends it.
   */
  again(name, index) {
    this.queue(async () => {
      const chosen = this.chosen;
      if (!chosen || chosen.src !== name || chosen.index !== index) return;
      this.choose(null);
      const home = movesFrom(this.game.legal, name, chosen.count).find((m) => m.dst[0] === "f");
      const move = home?.text ?? clickTarget(this.game, name, index);
      if (move) await this.send(move);
    });
  }

  /** Choose cards for a second press to put down (null: none); they and their targets light up. */
  choose(chosen) {
    this.chosen = chosen;
    // A hint's words go with its light: the player acting on the board puts out both.
    if (this.ui.toast.dataset.hint) this.hush();
    this.board.clearMarks();
    if (!chosen) return;
    const moves = movesFrom(this.game.legal, chosen.src, chosen.count);
    for (const el of this.board.cardsFrom(chosen.src, chosen.index)) this.board.mark(el, "selected");
    this.board.markTargets(new Set(moves.map((m) => m.dst)));
    const first = cardsOf(this.game.layout, chosen.src)[chosen.index];
    this.say(`Chose the ${cardSign(first)}${chosen.count > 1 ? ` and ${chosen.count - 1} more` : ""}: ` +
      "now press where it goes.", { quiet: true });
  }
}
