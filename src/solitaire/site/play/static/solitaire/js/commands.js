// The table's commands beside the moves: undo, redo, restart, finish, hint and the deals.
// Each waits its turn behind the moves before it (Table.queue), acts on the game as the
// server holds it then, and says only what it did.

import * as api from "./api.js";
import { askNumber } from "./menus.js";
import { provedText } from "./view.js";

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

export function undo(table) {
  table.queue(async () => {
    if (table.over()) return;
    table.hush();
    if (!table.game.moves.length) {
      table.say("There is no move to undo.");
      return;
    }
    const game = await api.undo(table.game.id, table.game.version);
    table.say("Took back a move.", { quiet: true });
    await table.show(game);
  });
}

// Take back the moves since the last winnable position, as the banner offers: as many as
// it says, never more than were played, and say how many were taken back.
export function undoBack(table) {
  const wanted = Number(table.ui.undoBack.dataset.undos) || 1;
  table.queue(async () => {
    if (table.over()) return;
    table.hush();
    let game = table.game;
    let taken = 0;
    while (taken < wanted && game.moves.length) {
      game = await api.undo(game.id, game.version);
      taken++;
    }
    table.say(taken ? `Took back ${plural(taken, "move")}.` : "There is no move to undo.", {
      quiet: Boolean(taken),
    });
    await table.show(game);
  });
}

export function redo(table) {
  table.queue(async () => {
    if (table.over()) return;
    table.hush();
    if (!table.game.can_redo) {
      table.say("There is no move to redo.");
      return;
    }
    const game = await api.redo(table.game.id, table.game.version);
    table.say("Played the move again.", { quiet: true });
    await table.settle(game);
  });
}

// Play every card home when nothing is left to decide: Auto complete asked for by hand,
// or switched on while the game was already ready for it.
export function finish(table) {
  table.queue(async () => {
    if (table.over() || !table.game.finishable) return;
    table.hush();
    await table.settle(await api.finish(table.game.id, table.game.version));
  });
}

export async function restart(table) {
  if (!table.game?.moves.length) {
    table.say("The deal is as it was dealt: there is nothing to restart.");
    return;
  }
  if (!(await table.confirm("restart"))) return;
  table.queue(async () => {
    if (table.over() || !table.game.moves.length) return;
    table.hush();
    const game = await api.restart(table.game.id, table.game.version);
    table.say("Back to the start of the deal.");
    await table.show(game, { stagger: 6 });
  });
}

export async function dealNumber(table) {
  const number = await askNumber(table.ui, table.game?.deal);
  if (number) await deal(table, { deal: number });
}

export async function deal(table, options) {
  if (!(await table.confirm("deal", options))) return;
  table.queue(async () => {
    table.hush();
    if (options.daily && table.root.dataset.authenticated === "false") {
      askLogin(table);
      return;
    }
    let game;
    try {
      game = await api.newGame(table.game?.game ?? table.root.dataset.game, options);
    } catch (error) {
      const refused = error instanceof api.ApiError && (error.status === 401 || error.status === 403);
      if (options.daily && refused) {
        askLogin(table);
        return;
      }
      throw error;
    }
    if (table.ui.win.open) table.ui.win.close();
    table.show(game, { deal: true });
    table.say(game.proved ? provedText(game) : `Dealt deal ${game.deal}.`);
  });
}

function askLogin(table) {
  const next = `${window.location.pathname}?daily=1`;
  const query = `?next=${encodeURIComponent(next)}`;
  const login = table.ui.login;
  login.querySelector('[data-role="login-link"]').href = `/accounts/login/${query}`;
  login.querySelector('[data-role="signup"]').href = `/accounts/signup/${query}`;
  login.showModal();
  table.say("Log in to play the Daily deal.", { quiet: true });
}

export function hint(table) {
  table.queue(async () => {
    if (!table.game || table.over()) return;
    await table.hinter.ask();
  });
}
