// Hint: the solver's move for the position on the table, shown at once and lit on the board.
// Its words stay with its light until the next move. A move the solver could not prove in its
// first seconds is marked unproved; while the server says the solver thinks on, the table
// reads its latest answer (GET /api/games/ID/hint) and marks the hint proved, or shows the
// lost banner, when the answer comes, as long as the position is the same.

import * as api from "./api.js";
import { parseMove } from "./moves.js";
import { cardsOf } from "./render.js";
import { adviceText } from "./words.js";

const PROVED = "This position can still be won, and this move is on a winning line.";
const THINKING =
  "Not proved yet: this is the solver's best guess, and it is still thinking about this position.";
const GUESS =
  "Not proved either way: the solver could not work out in time whether this position can still " +
  "be won, so this is its best guess.";

/** The words of a Hint answer for ``layout``: the advice, then how sure it is. */
export function hintText(layout, answer, facts) {
  const advice = answer.move ? `Try this: ${adviceText(layout, answer.move, facts)} ` : "";
  if (answer.result === "won") return advice + PROVED;
  if (!answer.move) return "The solver has no move to suggest here.";
  return advice + (answer.thinking ? THINKING : GUESS);
}

export class Hinter {
  /** ``table``: the table whose game, board and message line the hint uses. */
  constructor(table) {
    this.table = table;
    this.polling = null;
  }

  async ask() {
    const table = this.table;
    const game = table.game;
    table.say("Thinking…", { quiet: true });
    const answer = await api.hint(game.id);
    this.show(game, answer);
  }

  // Light the move and say it, unless the answer proves the position lost (the banner says so).
  show(game, answer) {
    const table = this.table;
    if (!this.same(game)) return;
    table.board.clearMarks();
    if (table.ending.learn(game, answer)) {
      table.hush();
      return;
    }
    const move = answer.move ? parseMove(answer.move) : null;
    if (move?.deal) table.board.mark(table.board.pile("s"), "hint-target");
    else if (move) {
      const cards = cardsOf(game.layout, move.src);
      for (const el of table.board.cardsFrom(move.src, cards.length - move.count)) {
        table.board.mark(el, "hinted");
      }
      table.board.mark(table.board.pile(move.dst), "hint-target");
    }
    const proved = answer.result === "won";
    table.say(hintText(game.layout, answer, game.table), { keep: true, mark: proved ? "proved" : "unproved" });
    if (answer.thinking && !proved) this.poll(game, api.HINT_POLLS);
  }

  same(game) {
    const now = this.table.game;
    return now && now.id === game.id && now.version === game.version;
  }

  // Read the solver's latest answer while it thinks on and the position stays the same.
  poll(game, left) {
    clearTimeout(this.polling);
    if (left <= 0) return;
    this.polling = setTimeout(async () => {
      if (!this.same(game)) return;
      let answer;
      try {
        answer = await api.getHint(game.id);
      } catch {
        return; // nothing kept for this position (a restarted server): the guess stands
      }
      if (!this.same(game)) return;
      if (answer.thinking && answer.result !== "won" && answer.result !== "lost") this.poll(game, left - 1);
      else this.show(game, answer);
    }, api.HINT_POLL_MS);
  }
}
