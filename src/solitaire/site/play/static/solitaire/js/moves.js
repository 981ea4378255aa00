// Moves in SPEC notation, read from the server's legal list. The server decides what is
// legal; the table only chooses among the moves it was given, and predicts their effect so
// that a card moves at once, before the server's answer arrives.

import { cardsOf } from "./render.js";

/** {src, dst, count} for "t3>t5:2"; {deal: true} for "s". */
export function parseMove(text) {
  if (text === "s") return { deal: true, src: "s", dst: "s", count: 0, text };
  const match = /^([a-z]\d*)>([a-z]\d*)(?::(\d+))?$/.exec(text);
  if (!match) return null;
  return { src: match[1], dst: match[2], count: match[3] ? Number(match[3]) : 1, text };
}

export function formatMove(src, dst, count) {
  return count > 1 ? `${src}>${dst}:${count}` : `${src}>${dst}`;
}

/** The legal moves that take the top ``count`` cards of pile ``src``. */
export function movesFrom(legal, src, count) {
  return legal.map(parseMove).filter((m) => m && !m.deal && m.src === src && m.count === count);
}

/** Whether any legal move starts with ``count`` cards from ``src``. */
export function canLift(legal, src, count) {
  return movesFrom(legal, src, count).length > 0;
}

// Games whose clicked runs never go to an empty pile (SPEC: stronghold, streets-and-alleys).
const RUNS_STAY_ON_CARDS = new Set(["stronghold", "streets-and-alleys"]);

/**
 * The move a click on card ``index`` of pile ``name`` makes, in SPEC's order: a foundation,
 * the first pile from t0 it builds on, a free cell, then an empty pile. Null when the card
 * cannot go anywhere.
 */
export function clickMove(game, name, index) {
  const { layout, legal } = game;
  if (name === "s") return legal.includes("s") ? "s" : null;
  const cards = cardsOf(layout, name);
  if (!cards.length) return null;
  const count = cards.length - index;
  if (count < 1) return null;
  const options = movesFrom(legal, name, count);
  if (!options.length) return null;
  const isEmpty = (dst) => dst[0] === "t" && cardsOf(layout, dst).length === 0;
  const byPile = (a, b) => Number(a.dst.slice(1)) - Number(b.dst.slice(1));
  const onto = options.filter((m) => m.dst[0] === "t" && !isEmpty(m.dst)).sort(byPile);
  const lone = name[0] === "t" && cards.length === count;
  const empties = lone ? [] : options.filter((m) => isEmpty(m.dst)).sort(byPile);
  let order;
  if (name[0] === "f") order = onto;
  else if (count > 1) order = RUNS_STAY_ON_CARDS.has(layout.game) ? onto : [...onto, ...empties];
  else {
    const home = options.filter((m) => m.dst[0] === "f").sort(byPile);
    const cells = options.filter((m) => m.dst[0] === "c").sort(byPile);
    order = [...home, ...onto, ...cells, ...empties];
  }
  return order.length ? order[0].text : null;
}

/** The layout after ``move``, as far as the table can tell without asking the server. */
export function predict(layout, text) {
  const next = structuredClone(layout);
  const move = parseMove(text);
  if (!move) return next;
  if (move.deal) {
    if (!next.stock.length) return next;
    if (next.game === "blockade") {
      for (let i = 0; i < next.tableau.length && next.stock.length; i++) {
        next.tableau[i].push(next.stock.pop());
      }
    } else next.waste.push(next.stock.pop());
    return next;
  }
  const from = cardsOf(next, move.src);
  const moving = from.slice(from.length - move.count);
  if (move.src[0] === "c") next.cells[Number(move.src.slice(1))] = null;
  else from.splice(from.length - move.count, move.count);
  if (move.dst[0] === "c") next.cells[Number(move.dst.slice(1))] = moving[0];
  else cardsOf(next, move.dst).push(...moving);
  if (next.game === "blockade") {
    next.tableau.forEach((pile) => {
      if (!pile.length && next.stock.length) pile.push(next.stock.pop());
    });
  }
  return next;
}
