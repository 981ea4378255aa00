// Moves in the players' words: card and pile names rather than engine notation. The table's
// messages, Hint's advice and the review all speak through here.

import { cardSign } from "./cards.js";
import { parseMove } from "./moves.js";
import { cardsOf } from "./render.js";

const ORDINAL = ["th", "st", "nd", "rd"];

/** "1st", "2nd", "3rd", "4th", ... "11th", "12th". */
export function ordinal(n) {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ORDINAL[n % 10] ?? "th";
  return `${n}${suffix}`;
}

/** "the 4th pile" for t3, "a foundation" for f1, "the free cell" for c0, "the waste" for w. */
export function pilePhrase(name) {
  const number = Number(name.slice(1)) + 1;
  if (name[0] === "t") return `the ${ordinal(number)} pile`;
  if (name[0] === "f") return "a foundation";
  if (name[0] === "c") return "the free cell";
  if (name[0] === "s") return "the stock";
  return "the waste";
}

// The parts of a move as a sentence names them: what moves and where it goes.
function parts(layout, move) {
  const from = cardsOf(layout, move.src);
  const first = from[from.length - move.count];
  const more = move.count - 1;
  const what = (first ? `the ${cardSign(first)}` : "a card") +
    (more ? ` and the ${more} card${more > 1 ? "s" : ""} on it` : "");
  const onto = cardsOf(layout, move.dst).at(-1);
  let where;
  if (move.dst[0] === "f") where = "home to a foundation";
  else if (move.dst[0] === "c") where = "to the free cell";
  else if (onto) where = `onto the ${cardSign(onto)} (${pilePhrase(move.dst).slice(4)})`;
  else where = `to the empty ${pilePhrase(move.dst).slice(4)}`;
  return { what, where };
}

const dealsRow = (facts) => facts?.stock_deals_to === "piles";

/** What the table says once ``text`` is played from ``layout``: "Moved the 7♦ onto the 8♠ (4th pile)." */
export function movedText(layout, text, facts) {
  const move = parseMove(text);
  if (!move) return text;
  if (move.deal) return dealsRow(facts) ? "Dealt a card onto every pile." : "Turned the next card.";
  const { what, where } = parts(layout, move);
  return `Moved ${what} ${where}.`;
}

/** Advice to play ``text`` from ``layout``: "Turn the next card.", "Move the 7♦ home to a foundation." */
export function adviceText(layout, text, facts) {
  const move = parseMove(text);
  if (!move) return text;
  if (move.deal) {
    return dealsRow(facts) ? "Deal a card onto every pile from the stock." : "Turn the next card from the stock.";
  }
  const { what, where } = parts(layout, move);
  return `Move ${what} ${where}.`;
}

/** ``text`` as a gerund for the review: "moving the 7♦ onto the 8♠ (4th pile)". */
export function movingText(layout, text, facts) {
  const move = parseMove(text);
  if (!move) return text;
  if (move.deal) return dealsRow(facts) ? "dealing a row from the stock" : "turning the next card";
  const { what, where } = parts(layout, move);
  return `moving ${what} ${where}`;
}
