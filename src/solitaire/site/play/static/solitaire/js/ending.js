// How a game ends, and what is known of it before: the banner below the board (a stuck or
// lost position with the way back; a deal known to be lost as it appears; a game won before
// this page was opened) and the win dialog, with the review and the Daily leaderboard in reach.
// The banner lies over the felt below the lowest card where there is room for it, so that
// the board keeps its size and the cards theirs; where there is not, it sits below the
// board, in the table's own flow, and the board gives up the room. It never covers a card.

import { laidOut } from "./anim.js";
import * as api from "./api.js";
import { setClass, setFlag } from "./dom.js";
import { ordinal } from "./words.js";

const SOURCES = {
  survey: "in its survey of this game's deals",
  question: "when a player asked about this deal",
  list: "and it is one of the game's proved deals",
};

/** What the banner says of a stuck or lost position; ``undos`` is Hint's count or null. */
export function verdictText({ stuck, undos }) {
  const lead = stuck
    ? "No card can reach a foundation any more, so this position can't be won."
    : "This position can't be won: our solver has proved it lost.";
  if (!undos) return lead;
  return `${lead} Undo ${undos} move${undos === 1 ? "" : "s"} to get back to a winnable position.`;
}

/** What the banner says of a deal known to be lost before a move is made. */
export function dealLostText(game) {
  if (game.status === "stuck") {
    return "No card can reach a foundation in this deal as it is dealt: it can't be won.";
  }
  const how = SOURCES[game.deal_verdict?.how] ?? "";
  return `This deal can't be won: our solver proved it lost${how ? ` ${how}` : ""}.`;
}

const reviewUrl = (game) => `/games/${game.id}/review`;

export class Ending {
  /** ``ui``: the table's controls; ``say``: its message line; ``current``: its game now. */
  constructor(ui, say, current) {
    this.ui = ui;
    this.say = say;
    this.current = current;
    this.wayBack = null; // {id, version, lost, undos}: Hint's word on a position
    this.asked = null;
    this.dismissed = null; // the game whose known-lost deal the player chose to play anyway
    this.told = null; // the game whose deal a question just proved lost: said even mid-game
    this.wonShown = null;
    this.placed = null; // the banner placed over the felt: "game id:kind", while it shows
    ui.stuck.addEventListener("click", (event) => {
      if (!event.target.closest('[data-action="dismiss"]')) return;
      this.dismissed = this.current()?.id ?? null;
      this.update(this.current());
    });
  }

  /** Show what ``game`` calls for; ``loaded``: the game was just opened, not played here. */
  update(game, { loaded = false } = {}) {
    const known = this.wayBack?.id === game.id && this.wayBack.version === game.version;
    const hint = known ? this.wayBack : null;
    const won = game.status === "won";
    const lost = game.status === "stuck" || Boolean(game.lost) || Boolean(hint?.lost);
    const fresh = !game.moves.length && !game.started;
    if (won && loaded) this.wonShown = game.id;
    if (won) this.banner(game, "won");
    else if (lost && !game.moves.length) this.banner(game, "deal-lost");
    else if (lost) this.banner(game, "lost", hint?.undos);
    else if ((fresh || this.told === game.id) && game.deal_verdict?.result === "lost" &&
      this.dismissed !== game.id) {
      this.banner(game, "deal-lost");
    } else this.banner(game, null);
    if (lost && game.moves.length && !hint && this.asked !== `${game.id}:${game.version}`) {
      this.asked = `${game.id}:${game.version}`;
      this.say(this.ui.stuckText.textContent, { quiet: true });
      this.askWayBack(game);
    }
    if (won && this.wonShown !== game.id) {
      this.wonShown = game.id;
      return true;
    }
    if (!won && this.ui.win.open) this.ui.win.close();
    return false;
  }

  // The banner of ``kind`` ("won", "lost", "deal-lost"), or none.
  banner(game, kind, undos = null) {
    const ui = this.ui;
    setFlag(ui.stuck, "hidden", !kind);
    if (!kind) {
      this.place(null);
      return;
    }
    ui.stuck.dataset.kind = kind;
    const moves = game.moves.length;
    const show = (role, on) => {
      for (const el of ui.stuck.querySelectorAll(`[data-role="${role}"]`)) el.hidden = !on;
    };
    if (kind === "won") ui.stuckText.textContent = `You won this deal in ${moves} move${moves === 1 ? "" : "s"}.`;
    else if (kind === "deal-lost") ui.stuckText.textContent = dealLostText(game);
    else ui.stuckText.textContent = verdictText({ stuck: game.status === "stuck", undos });
    show("undo-back", kind === "lost");
    show("banner-restart", kind === "lost");
    // The review opens once the game has ended: won, stuck, or proved lost by the server.
    const ended = game.status === "won" || game.status === "stuck" || Boolean(game.lost);
    show("banner-review", moves > 0 && ended);
    show("banner-winnable", kind !== "won");
    show("banner-switch", kind === "deal-lost");
    show("banner-dismiss", kind === "deal-lost" && game.status !== "stuck");
    const back = undos || 1;
    ui.undoBack.dataset.undos = String(Math.min(back, moves));
    ui.undoBack.textContent = undos ? `Undo ${back} move${back === 1 ? "" : "s"}` : "Undo";
    for (const link of ui.stuck.querySelectorAll('[data-role="banner-review"]')) link.href = reviewUrl(game);
    this.place(`${game.id}:${kind}`);
  }

  // Lay the banner over the felt below the lowest card when it fits there (decided as it
  // appears); else, or once a card would reach under it, in the flow below the board.
  place(key) {
    const el = this.ui.stuck;
    const board = this.ui.board;
    if (!key) {
      this.placed = null;
      this.inFlow(el);
      return;
    }
    if (this.placed !== key) {
      this.placed = key;
      el.classList.add("over");
    }
    if (!el.classList.contains("over")) return;
    const table = el.parentElement.getBoundingClientRect();
    el.style.bottom = `${Math.max(0, table.bottom - board.getBoundingClientRect().bottom)}px`;
    const cards = [...board.querySelectorAll("[data-pile] > .card")];
    const lowest = Math.max(0, ...cards.map((card) => laidOut(card).bottom));
    if (lowest + 6 > el.getBoundingClientRect().top) this.inFlow(el);
  }

  // Back in the flow below the board, with no offset left from its place over the felt (a
  // relative banner kept it, and covered the lowest cards by as much).
  inFlow(el) {
    setClass(el, "over", false);
    if (el.style.bottom) el.style.bottom = "";
  }

  // Ask Hint how far back the game still wins. While the solver thinks on past Hint's time
  // (``thinking``), read its latest answer as Hint does, up to ``polls`` times, while the
  // position stays the same: asking again at once would only get the same unproved answer.
  askWayBack(game, polls = api.HINT_POLLS) {
    api
      .hint(game.id)
      .then((answer) => this.awaitWayBack(game, answer, polls))
      .catch(() => {});
  }

  awaitWayBack(game, answer, polls) {
    const now = this.current();
    const same = now.id === game.id && now.version === game.version;
    if (answer.result === "lost" || !answer.thinking || !same || polls <= 0) {
      this.learn(game, answer);
      return;
    }
    setTimeout(() => {
      api
        .getHint(game.id)
        .then((next) => this.awaitWayBack(game, next, polls - 1))
        .catch(() => {});
    }, api.HINT_POLL_MS);
  }

  /** Keep Hint's answer for the position of ``game``; true when it proves it lost. */
  learn(game, answer) {
    const lost = answer.result === "lost";
    const now = this.current();
    if (now.id !== game.id || now.version !== (answer.version ?? game.version)) return lost;
    this.wayBack = { id: game.id, version: game.version, lost, undos: answer.undos ?? null };
    this.update(now);
    if (lost) this.say(this.ui.stuckText.textContent, { quiet: true });
    return lost;
  }

  /** Open the win dialog for ``game`` (once any other dialog is closed), with its review. */
  celebrate(game, text) {
    const ui = this.ui;
    ui.winText.textContent = text;
    ui.winReview.href = reviewUrl(game);
    ui.winDaily.hidden = true;
    const open = () => {
      if (this.current()?.id === game.id && !ui.win.open) ui.win.showModal();
    };
    const other = [...document.querySelectorAll("dialog[open]")].find((d) => d !== ui.win);
    if (other) other.addEventListener("close", open, { once: true });
    else open();
    if (game.kind === "daily") this.showRank(game);
  }

  // Today's Daily deal won: the player's rank on the board, with a link to it.
  async showRank(game) {
    try {
      const board = await api.dailyBoard(game.game, game.daily);
      const rank = board.you?.rank;
      if (!rank) return;
      const ui = this.ui;
      ui.winDailyText.textContent =
        `You are ${ordinal(rank)} of ${board.wins} winner${board.wins === 1 ? "" : "s"} of today's Daily deal.`;
      ui.winDailyLink.href = `/daily/${game.game}/`;
      ui.winDaily.hidden = false;
    } catch {
      // The board is a link away all the same.
    }
  }
}
