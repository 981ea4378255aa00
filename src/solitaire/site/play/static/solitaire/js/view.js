// The toolbar and the scores as the game stands: which tools are on, the move count, the
// deal's number and what is known of it, the Daily mark, and the board's DOM hooks.

import { setClass, setData, setFlag, setText } from "./dom.js";

const DAY = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

function dayText(iso) {
  return DAY.format(new Date(`${iso}T00:00:00Z`));
}

/** The Daily mark's words: "Daily deal · 29 Nov", "Practice · Daily of 28 Nov", or "". */
export function dailyText(game) {
  if (game.daily) return `Daily deal · ${dayText(game.daily)}`;
  if (game.practice_of) return `Practice · Daily of ${dayText(game.practice_of)}`;
  return "";
}

/** Show ``game`` in the toolbar and on the board's hooks; ``fresh``: a game new to this page. */
export function showGame(table, game, { fresh, before }) {
  const { ui, root } = table;
  const won = game.status === "won";
  setData(root, "status", game.status);
  setData(root, "version", String(game.version));
  setData(root, "lost", String(Boolean(game.lost || game.status === "stuck")));
  if (fresh) {
    root.dataset.gameId = game.id;
    root.dataset.game = game.game;
  }
  // A won game takes no more changes: only New deal is left, and it is offered.
  setFlag(ui.undo, "disabled", won || !game.moves.length);
  setFlag(ui.redo, "disabled", won || !game.can_redo);
  setFlag(ui.restart, "disabled", won || !game.moves.length);
  setFlag(ui.hint, "disabled", won);
  setFlag(ui.finish, "hidden", won || !game.finishable);
  setClass(ui.newDeal, "offered", won);
  const count = game.moves.length;
  setText(ui.moves, `${count} move${count === 1 ? "" : "s"}`);
  setText(ui.deal, game.deal ? `Deal ${game.deal}` : "");
  setFlag(ui.proved, "hidden", !game.proved);
  const daily = dailyText(game);
  setText(ui.daily, daily);
  setFlag(ui.daily, "hidden", !daily);
  table.timer.update(game);
  if (!fresh && game.proved && !before?.proved) table.say(provedText(game));
}

/** What the table says of a deal proved winnable. */
export function provedText(game) {
  return `Deal ${game.deal} is proved winnable: our solver has found a way to win it.`;
}
