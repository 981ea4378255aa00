// Keyboard play: arrow keys walk the piles, Enter or Space picks up cards from the focused
// pile (again to take a longer run), and Enter or Space on another pile puts them there.
// Escape puts them back. Every step is announced through the live region.

import { land } from "./anim.js";
import { cardName } from "./cards.js";
import { movesFrom } from "./moves.js";
import { cardsOf, pileName, pileNames } from "./render.js";

export function enableKeyboard(table) {
  const board = table.board;
  let chosen = null; // {name, count}

  function order() {
    return pileNames(board.shape);
  }

  function focusPile(name) {
    for (const [other, el] of board.piles) el.tabIndex = other === name ? 0 : -1;
    board.pile(name)?.focus();
  }

  function clear() {
    chosen = null;
    board.clearMarks();
  }

  // The run lengths that may leave ``name`` now, shortest first.
  function liftable(name) {
    const cards = cardsOf(table.view.layout, name);
    const counts = [];
    for (let count = 1; count <= cards.length; count++) {
      if (movesFrom(table.view.legal, name, count).length) counts.push(count);
    }
    return counts;
  }

  function choose(name) {
    const counts = liftable(name);
    if (!counts.length) {
      if (name === "s") {
        table.click("s", -1);
        return;
      }
      table.say(`Nothing on ${pileName(name)} can move now.`);
      return;
    }
    const previous = chosen && chosen.name === name ? chosen.count : 0;
    const count = counts.find((c) => c > previous) ?? counts[0];
    board.clearMarks();
    chosen = { name, count };
    const cards = cardsOf(table.view.layout, name);
    const elements = board.cardsFrom(name, cards.length - count);
    for (const el of elements) board.mark(el, "selected");
    const targets = new Set(movesFrom(table.view.legal, name, count).map((m) => m.dst));
    board.markTargets(targets);
    board.mark(board.pile(name), "chosen");
    const what = cardName(cards[cards.length - count]);
    const run = count > 1 ? ` and the ${count - 1} card${count > 2 ? "s" : ""} on it` : "";
    const where = [...targets].map(pileName).join(", ");
    table.say(`Picked up the ${what}${run}. It can go to ${where}.`);
  }

  function put(name) {
    const move = movesFrom(table.view.legal, chosen.name, chosen.count).find((m) => m.dst === name);
    if (!move) {
      table.say(`That cannot go to ${pileName(name)}.`);
      return;
    }
    clear();
    table.play(move.text);
  }

  board.el.addEventListener("keydown", (event) => {
    const pileEl = event.target.closest?.("[data-pile]");
    if (!pileEl || event.altKey || event.ctrlKey || event.metaKey) return;
    const name = pileEl.dataset.pile;
    const names = order();
    const at = names.indexOf(name);
    switch (event.key) {
      case "ArrowRight":
      case "ArrowDown":
        focusPile(names[(at + 1) % names.length]);
        break;
      case "ArrowLeft":
      case "ArrowUp":
        focusPile(names[(at - 1 + names.length) % names.length]);
        break;
      case "Home":
        focusPile(names[0]);
        break;
      case "End":
        focusPile(names.at(-1));
        break;
      case "Enter":
      case " ": {
        const act = () => (chosen && chosen.name !== name ? put(name) : choose(name));
        // The cards in flight land at once; while moves wait for the server, the keys wait
        // too, and then act on its position.
        land(board.el);
        if (table.busy()) table.queue(async () => act());
        else act();
        break;
      }
      case "Escape":
        if (!chosen) return;
        clear();
        table.say("Put back.");
        break;
      default:
        return;
    }
    event.preventDefault();
  });

  // Pressing a number key 1-9 or 0 focuses that tableau pile, a quick way to aim.
  board.el.addEventListener("keydown", (event) => {
    if (!/^[0-9]$/.test(event.key) || event.ctrlKey || event.metaKey || event.altKey) return;
    const index = event.key === "0" ? 9 : Number(event.key) - 1;
    if (board.pile(`t${index}`)) {
      focusPile(`t${index}`);
      event.preventDefault();
    }
  });

  return { clear, focusPile };
}
