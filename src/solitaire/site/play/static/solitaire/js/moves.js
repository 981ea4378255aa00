// Moves in SPEC notation, read from the server's game object. The server decides what is
// legal and where a click sends a card (its ``clicks`` map); the table only chooses among
// the moves it was given, and predicts their effect from the game's facts (``table``) so
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

/**
 * The move the server makes for a click on card ``index`` of pile ``name`` (any index of
 * the stock), read from the game's ``clicks`` map; null when the click does nothing.
 */
export function clickTarget(game, name, index) {
  const clicks = game.clicks ?? {};
  if (name === "s") return clicks.s === "s" ? "s" : null;
  return clicks[name]?.[String(index)] ?? null;
}

/** The layout after ``move``, as far as the game's facts tell without asking the server. */
export function predict(layout, text, facts = {}) {
  const next = structuredClone(layout);
  const move = parseMove(text);
  if (!move) return next;
  if (move.deal) {
    if (!next.stock.length) return next;
    if (facts.stock_deals_to === "piles") {
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
  if (facts.refills) {
    next.tableau.forEach((pile) => {
      if (!pile.length && next.stock.length) pile.push(next.stock.pop());
    });
  }
  return next;
}
