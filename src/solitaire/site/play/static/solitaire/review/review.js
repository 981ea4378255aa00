// The review page: step through a finished game's positions on the card table, see what the
// solver found of each one, in the players' words, and step through the solver's winning
// line from the position before the losing move. The positions come with the page; the
// verdicts and the solver's line come from GET /api/games/ID/review, polled until the review
// is done.

import { parseMove, predict } from "../js/moves.js";
import { Board, cardsOf } from "../js/render.js";
import { movedText, movingText } from "../js/words.js";

const WORDS = { won: "still winnable", lost: "lost", unknown: "not decided" };

const read = (id) => JSON.parse(document.getElementById(id).textContent);
const section = document.querySelector(".review");
const positions = read("review-positions");
const moves = read("review-moves");
const facts = read("review-facts");
const slider = section.querySelector("input[type=range]");
const stripEl = section.querySelector(".review-strip");
const statusEl = section.querySelector(".review-status");
const whereEl = section.querySelector(".review-where");
const losingEl = section.querySelector(".review-losing");
const losingButton = section.querySelector("[data-step=losing]");
const lineButton = section.querySelector("[data-step=line]");
const gameButton = section.querySelector("[data-step=game]");
const won = section.dataset.result === "won";

/** What the solver found of position ``k`` of the game, in words: a won game's end is won. */
function verdictWords(k) {
  if (won && k === positions.length - 1) return "won, every card home";
  return WORDS[review.verdicts[k] || "unknown"];
}

const board = new Board(section.querySelector("[data-role=review-board]"));
board.facts = facts;
new ResizeObserver(() => board.measureBoard()).observe(board.el);

let review = { verdicts: [], losing_move: null, better: null, line: [], status: "running" };
// What is shown: the game's positions, or the solver's line from before the losing move.
let mode = "game";
let line = []; // the positions of the solver's line, the first one the game's before the loss
let at = positions.length - 1;

const lower = (text) => text.charAt(0).toLowerCase() + text.slice(1);
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The positions shown now, and the moves between them. */
function shown() {
  return mode === "line" ? { layouts: line, played: review.line } : { layouts: positions, played: moves };
}

// Light the move ``text`` on the board, played from ``layout``: its cards and where they go.
function light(layout, text) {
  const move = parseMove(text);
  if (!move) return;
  if (move.deal) {
    if (board.pile("s")) board.mark(board.pile("s"), "hint-target");
    return;
  }
  const count = cardsOf(layout, move.src).length;
  for (const el of board.cardsFrom(move.src, count - move.count)) board.mark(el, "hinted");
  if (board.pile(move.dst)) board.mark(board.pile(move.dst), "hint-target");
}

function draw({ animate = true } = {}) {
  const { layouts, played } = shown();
  const layout = layouts[at];
  board.render(layout, { animate });
  board.clearMarks();
  slider.max = String(layouts.length - 1);
  slider.value = String(at);
  if (mode === "line") {
    const next = at < played.length ? ` Next: ${movingText(layout, played[at], facts)}.` : "";
    const from = review.losing_move;
    whereEl.textContent =
      `The solver's line from the position before move ${from + 1}: ` +
      `${at} of its ${played.length} moves played.${next}` +
      (at === played.length ? " Every card can go home from here." : "");
    if (at < played.length) light(layout, played[at]);
  } else {
    const next = at < played.length
      ? `Next, move ${at + 1}: ${lower(movedText(layout, played[at], facts))}`
      : "The end of the game.";
    whereEl.textContent = `After ${plural(at, "move")}: ${verdictWords(at)}. ${next}`;
    if (review.losing_move === at && review.better) {
      whereEl.textContent += ` The solver would have won by ${movingText(layout, review.better, facts)} instead.`;
      light(layout, review.better);
    }
  }
  for (const [k, mark] of [...stripEl.children].entries()) {
    mark.classList.toggle("here", mode === "game" && k === at);
  }
  section.dataset.mode = mode;
  section.dataset.at = String(at);
}

function drawStrip() {
  stripEl.replaceChildren(...review.verdicts.map((verdict, k) => {
    const mark = document.createElement("button");
    mark.type = "button";
    mark.className = `mark verdict-${verdict}${review.losing_move === k ? " losing" : ""}`;
    mark.title = `After ${plural(k, "move")}: ${verdictWords(k)}`;
    mark.setAttribute("aria-label", mark.title);
    mark.addEventListener("click", () => go(k, "game"));
    return mark;
  }));
  const done = review.status === "done";
  statusEl.textContent = done
    ? "Review done."
    : `Reviewing… ${review.probed} of ${review.positions} positions solved so far.`;
  const losing = review.losing_move;
  if (losing !== null) {
    const what = movingText(positions[losing], moves[losing], facts);
    const instead = review.better
      ? ` Instead, the solver wins by ${movingText(positions[losing], review.better, facts)}.`
      : "";
    losingEl.hidden = false;
    losingEl.textContent = `The losing move was move ${losing + 1}: ${what} lost the game.${instead}`;
    losingButton.hidden = false;
    line = [positions[losing]];
    for (const text of review.line ?? []) line.push(predict(line.at(-1), text, facts));
    lineButton.hidden = !review.line?.length;
  } else if (done) {
    const winnable = review.verdicts.every((v) => v === "won");
    losingEl.hidden = false;
    losingEl.textContent = won
      ? "You won: no move lost the game."
      : winnable
      ? "Every position was winnable."
      : "No losing move was pinned down within the solver's budget.";
  }
  draw({ animate: false });
}

function go(k, to = mode) {
  const changed = to !== mode;
  mode = to;
  gameButton.hidden = mode !== "line";
  at = Math.max(0, Math.min(shown().layouts.length - 1, k));
  draw({ animate: !changed });
}

async function poll() {
  const response = await fetch(section.dataset.review, { headers: { Accept: "application/json" } });
  const data = await response.json();
  if (!response.ok) {
    statusEl.textContent = data.error || "The review is not available.";
    return;
  }
  review = data;
  drawStrip();
  if (review.status !== "done") setTimeout(poll, 1000);
}

section.addEventListener("click", (event) => {
  const step = event.target.closest("[data-step]")?.dataset.step;
  const last = shown().layouts.length - 1;
  if (step === "first") go(0);
  else if (step === "back") go(at - 1);
  else if (step === "forward") go(at + 1);
  else if (step === "last") go(last);
  else if (step === "losing") go(review.losing_move, "game");
  else if (step === "line") go(0, "line");
  else if (step === "game") go(review.losing_move ?? 0, "game");
});
slider.addEventListener("input", () => go(Number(slider.value)));
document.addEventListener("keydown", (event) => {
  if (event.target.closest("input")) return; // the slider steps by itself; a box is a box
  if (event.key === "ArrowLeft") go(at - 1);
  else if (event.key === "ArrowRight") go(at + 1);
  else if (event.key === "Home") go(0);
  else if (event.key === "End") go(shown().layouts.length - 1);
  else return;
  event.preventDefault();
});
section.querySelector(".review-shared")?.addEventListener("change", async (event) => {
  const token = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/)?.[1] ?? "";
  await fetch(section.dataset.share, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRFToken": decodeURIComponent(token) },
    body: JSON.stringify({ shared: event.target.checked }),
  });
});

draw({ animate: false });
poll();
