// Drag and drop with pointer events (mouse, pen and touch alike). A press that does not
// travel is a click. While a card or run is lifted, only the piles a legal move reaches
// light up; a drop anywhere else sends the cards back where they came from.

import { snapBack } from "./anim.js";
import { canLift, movesFrom } from "./moves.js";

const THRESHOLD = 6; // pixels a press travels before it counts as a drag

function overlap(a, b) {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

// A generous drop zone: a pile's box grown by half a card width around it; for a tableau
// pile, the whole column down to the bottom of the board.
function dropZone(pile, cardWidth) {
  const r = pile.getBoundingClientRect();
  const grow = cardWidth * 0.35;
  const last = pile.lastElementChild?.getBoundingClientRect();
  const bottom = Math.max(r.bottom, last ? last.bottom : r.bottom);
  return { left: r.left - grow, right: r.right + grow, top: r.top - grow, bottom: bottom + grow };
}

export function enableDrag(table) {
  const board = table.board;
  let press = null;

  board.el.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || press) return;
    const pileEl = event.target.closest("[data-pile]");
    if (!pileEl || !board.el.contains(pileEl)) return;
    const name = pileEl.dataset.pile;
    const cardEl = event.target.closest(".card");
    const index = cardEl ? [...pileEl.children].indexOf(cardEl) : -1;
    press = {
      name, index, x: event.clientX, y: event.clientY, id: event.pointerId, moved: false, drag: null,
    };
    board.el.setPointerCapture(event.pointerId);
    event.preventDefault();
  });

  board.el.addEventListener("pointermove", (event) => {
    if (!press || event.pointerId !== press.id) return;
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    if (!press.moved) {
      if (Math.hypot(dx, dy) < THRESHOLD) return;
      press.moved = true;
      press.drag = lift(press);
    }
    if (!press.drag) return;
    const { elements } = press.drag;
    press.drag.dx = dx;
    press.drag.dy = dy;
    for (const el of elements) el.style.transform = `translate(${dx}px, ${dy}px)`;
  });

  const finish = (event, cancelled) => {
    if (!press || event.pointerId !== press.id) return;
    const current = press;
    press = null;
    if (board.el.hasPointerCapture(event.pointerId)) board.el.releasePointerCapture(event.pointerId);
    if (current.drag) drop(current.drag, cancelled);
    else if (!current.moved && !cancelled && (current.index >= 0 || current.name === "s")) {
      table.click(current.name, current.index);
    }
  };
  board.el.addEventListener("pointerup", (event) => finish(event, false));
  board.el.addEventListener("pointercancel", (event) => finish(event, true));
  // A drag never selects text or scrolls the page.
  board.el.addEventListener("dragstart", (event) => event.preventDefault());

  function lift({ name, index }) {
    if (index < 0 || name === "s" || table.busy()) return null;
    const cards = board.pile(name).children;
    const count = cards.length - index;
    const legal = table.view.legal;
    const elements = board.cardsFrom(name, index);
    const moves = canLift(legal, name, count) ? movesFrom(legal, name, count) : [];
    const targets = new Set(moves.map((m) => m.dst));
    board.clearMarks();
    board.markTargets(targets);
    board.pile(name).classList.add("source");
    for (const el of elements) el.classList.add("lifted");
    return { name, count, elements, moves, dx: 0, dy: 0 };
  }

  function drop(drag, cancelled) {
    const { name, elements, moves, dx, dy } = drag;
    board.markTargets(new Set());
    board.pile(name).classList.remove("source");
    // The pile the cards cover most takes them, if a legal move goes there.
    let best = null;
    if (!cancelled && moves.length) {
      const moving = elements[0].getBoundingClientRect();
      const cardWidth = board.geometry.cardWidth;
      let bestArea = 0;
      let bestName = null;
      for (const [other, pileEl] of board.piles) {
        if (other === name) continue;
        const area = overlap(moving, dropZone(pileEl, cardWidth));
        if (area > bestArea) {
          bestArea = area;
          bestName = other;
        }
      }
      best = moves.find((move) => move.dst === bestName) ?? null;
    }
    if (best) {
      table.play(best.text, { dragged: true });
      return;
    }
    for (const el of elements) el.classList.remove("lifted");
    if (!cancelled) table.say("That card cannot go there.", { quiet: true });
    snapBack(elements, dx, dy);
  }
}
