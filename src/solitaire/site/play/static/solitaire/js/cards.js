// Card faces drawn as SVG: crisp at any size, with a large index that stays readable when
// only the top strip of a card shows in a fanned pile.

const RANKS = { A: "A", T: "10", J: "J", Q: "Q", K: "K" };
const RANK_WORDS = {
  A: "ace", T: "ten", J: "jack", Q: "queen", K: "king",
  2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
};
const SUIT_WORDS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };

/** The suits' signs, for text: "7♦". */
export const SUIT_SIGNS = { C: "♣", D: "♦", H: "♥", S: "♠" };

// Suit shapes on a 100 x 100 grid, drawn for this project.
const SUIT_PATHS = {
  D: "M50 2 L88 50 L50 98 L12 50 Z",
  H:
    "M50 94 C22 70 3 52 3 30 C3 14 15 4 29 4 C39 4 46 10 50 19 " +
    "C54 10 61 4 71 4 C85 4 97 14 97 30 C97 52 78 70 50 94 Z",
  S:
    "M50 3 C78 27 97 43 97 61 C97 75 87 83 75 83 C66 83 59 79 55 72 " +
    "C56 84 61 92 69 98 L31 98 C39 92 44 84 45 72 C41 79 34 83 25 83 " +
    "C13 83 3 75 3 61 C3 43 22 27 50 3 Z",
  C:
    "M50 6 A21 21 0 0 1 69 36 A21 21 0 1 1 57 72 C58 84 62 92 69 98 L31 98 " +
    "C38 92 42 84 43 72 A21 21 0 1 1 31 36 A21 21 0 0 1 50 6 Z",
};

export const rankOf = (code) => code[0];
export const suitOf = (code) => code[1];
export const isRed = (code) => code[1] === "D" || code[1] === "H";

/** The rank as a card prints it: "10" for "TH", "Q" for "QS". */
export function rankLabel(code) {
  return RANKS[rankOf(code)] ?? rankOf(code);
}

/** "7♥" for "7H", "10♠" for "TS": a card in a sentence. */
export function cardSign(code) {
  return rankLabel(code) + SUIT_SIGNS[suitOf(code)];
}

/** "seven of hearts" for "7H". */
export function cardName(code) {
  return `${RANK_WORDS[rankOf(code)]} of ${SUIT_WORDS[suitOf(code)]}`;
}

/** The number a rank counts as: A 1 ... K 13. */
export function rankValue(code) {
  return "A23456789TJQK".indexOf(rankOf(code)) + 1;
}

// A suit sign drawn at (x, y), ``size`` across, as a path of its own: a <use> of the page's
// symbol would bring a shadow tree of two more elements per sign, which the browser styles
// again with its card (three or four signs on every card).
function use(suit, x, y, size, className = "") {
  const cls = className ? ` class="${className}"` : "";
  const scale = size / 100;
  return `<path${cls} d="${SUIT_PATHS[suit]}" transform="translate(${x} ${y}) scale(${scale})"/>`;
}

function centre(rank, suit) {
  if (rank === "J" || rank === "Q" || rank === "K") {
    return (
      `<rect class="court" x="12" y="46" width="76" height="84" rx="6"/>` +
      `<text class="court-letter" x="50" y="108" text-anchor="middle">${rank}</text>` +
      use(suit, 16, 50, 22) + use(suit, 62, 104, 22)
    );
  }
  if (rank === "A") return use(suit, 18, 50, 64);
  return use(suit, 26, 58, 48);
}

/**
 * The face of a card as SVG markup: the index across the top (the rank, the suit beside it),
 * a large suit below. A card covered in a row fanned sideways shows only its left edge: there
 * the suit shows below the rank instead (``side``, drawn by table.css for such cards only),
 * and the centre is hidden. geometry.js plans the fans from the index's size.
 */
export function faceMarkup(code) {
  const rank = rankOf(code);
  const suit = suitOf(code);
  const label = RANKS[rank] ?? rank;
  // "10" in the same letters as every rank, a little smaller and closer set, not squeezed:
  // it fits the strip a covered card shows in a row fanned sideways (geometry.js).
  const index = label.length > 1
    ? `<text class="index ten" x="3" y="35">${label}</text>`
    : `<text class="index" x="6" y="37">${label}</text>`;
  return (
    `<svg class="face" viewBox="0 0 100 140" aria-hidden="true" focusable="false">` +
    `<rect class="paper" width="100" height="140" rx="8"/>` +
    index +
    use(suit, 60, 7, 34, "corner") +
    use(suit, 7, 45, 28, "side") +
    `<g class="centre">${centre(rank, suit)}</g>` +
    `</svg>`
  );
}

/** A new card element for ``code``: its face is drawn once and kept. */
/** Turn card element ``el`` face down or up: a face-down card's name does not tell it. */
export function turnCard(el, down) {
  if (el.classList.contains("down") === down) return;
  el.classList.toggle("down", down);
  el.setAttribute("aria-label", down ? "a card face down" : cardName(el.dataset.card));
}

export function makeCard(code) {
  const el = document.createElement("div");
  el.className = `card suit-${suitOf(code)} ${isRed(code) ? "red" : "black"}`;
  el.dataset.card = code;
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", cardName(code));
  el.innerHTML = faceMarkup(code);
  return el;
}
