// The review page: step through a finished game's positions, and see what the solver found.
// The positions come with the page; the verdicts come from GET /api/games/ID/review, polled
// until the review is done.

const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const WORDS = { won: "still winnable", lost: "lost", unknown: "not decided" };

const section = document.querySelector(".review");
const positions = JSON.parse(document.getElementById("review-positions").textContent);
const moves = JSON.parse(document.getElementById("review-moves").textContent);
const slider = section.querySelector("input[type=range]");
const tableEl = section.querySelector(".review-table");
const stripEl = section.querySelector(".review-strip");
const statusEl = section.querySelector(".review-status");
const whereEl = section.querySelector(".review-where");
const losingEl = section.querySelector(".review-losing");
const losingButton = section.querySelector("[data-step=losing]");
let review = { verdicts: [], losing_move: null, better: null, status: "running" };
let at = positions.length - 1;

function card(name) {
  const el = document.createElement("span");
  el.className = `rcard ${"DH".includes(name[1]) ? "red" : "black"}`;
  el.textContent = `${name[0] === "T" ? "10" : name[0]}${SUITS[name[1]]}`;
  el.dataset.card = name;
  return el;
}

function pile(name, cards, label) {
  const el = document.createElement("div");
  el.className = "rpile";
  el.dataset.pile = name;
  el.setAttribute("aria-label", `${label}: ${cards.length ? cards.join(" ") : "empty"}`);
  const tag = document.createElement("span");
  tag.className = "rpile-name";
  tag.textContent = name;
  el.append(tag, ...cards.filter((c) => c).map(card));
  return el;
}

function stock(count) {
  const el = pile("s", [], "stock");
  el.setAttribute("aria-label", `stock: ${count} cards`);
  const left = document.createElement("span");
  left.className = "rcount";
  left.textContent = `${count} left`;
  el.append(left);
  return el;
}

function drawTable() {
  const layout = positions[at];
  const rows = [
    ["rrow-top", layout.foundations.map((cards, i) => pile(`f${i}`, cards.slice(-1), `foundation ${i}`))],
    ["rrow-top", layout.cells.map((c, i) => pile(`c${i}`, c ? [c] : [], "free cell"))],
    ["rrow-top", layout.stock.length || layout.waste.length
      ? [stock(layout.stock.length), pile("w", layout.waste.slice(-1), "waste")] : []],
    ["rrow-tableau", layout.tableau.map((cards, i) => pile(`t${i}`, cards, `pile ${i}`))],
  ];
  tableEl.replaceChildren(...rows.filter(([, piles]) => piles.length).map(([cls, piles]) => {
    const row = document.createElement("div");
    row.className = `rrow ${cls}`;
    row.append(...piles);
    return row;
  }));
  const verdict = review.verdicts[at] || "unknown";
  const next = at < moves.length ? `Next move played: ${moves[at]}.` : "The end of the game.";
  whereEl.textContent = `After ${at} move${at === 1 ? "" : "s"}: ${WORDS[verdict]}. ${next}`;
  if (review.losing_move === at && review.better) {
    whereEl.textContent += ` The solver would have played ${review.better} instead.`;
    const [src, dst] = review.better.split(":")[0].split(">");
    tableEl.querySelector(`[data-pile="${src}"]`)?.classList.add("better-from");
    tableEl.querySelector(`[data-pile="${dst}"]`)?.classList.add("better-to");
  }
  slider.value = String(at);
  for (const [k, mark] of [...stripEl.children].entries()) mark.classList.toggle("here", k === at);
}

function drawStrip() {
  stripEl.replaceChildren(...review.verdicts.map((verdict, k) => {
    const mark = document.createElement("button");
    mark.type = "button";
    mark.className = `mark verdict-${verdict}${review.losing_move === k ? " losing" : ""}`;
    mark.title = `After ${k} moves: ${WORDS[verdict]}`;
    mark.setAttribute("aria-label", mark.title);
    mark.addEventListener("click", () => go(k));
    return mark;
  }));
  const done = review.status === "done";
  statusEl.textContent = done
    ? "Review done."
    : `Reviewing… ${review.probed} of ${review.positions} positions solved so far.`;
  if (review.losing_move !== null) {
    losingEl.hidden = false;
    losingEl.textContent = `The losing move was move ${review.losing_move + 1}, ${moves[review.losing_move]}` +
      (review.better ? `: the solver would have played ${review.better}.` : ".");
    losingButton.hidden = false;
  } else if (done) {
    const won = review.verdicts.every((v) => v === "won");
    losingEl.hidden = false;
    losingEl.textContent = won ? "Every position was winnable." : "No losing move was pinned down within the solver's budget.";
  }
  drawTable();
}

function go(k) {
  at = Math.max(0, Math.min(positions.length - 1, k));
  drawTable();
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
  if (step === "first") go(0);
  else if (step === "back") go(at - 1);
  else if (step === "forward") go(at + 1);
  else if (step === "last") go(positions.length - 1);
  else if (step === "losing") go(review.losing_move);
});
slider.addEventListener("input", () => go(Number(slider.value)));
document.addEventListener("keydown", (event) => {
  if (event.target.closest("input[type=checkbox]")) return;
  if (event.key === "ArrowLeft") go(at - 1);
  else if (event.key === "ArrowRight") go(at + 1);
  else if (event.key === "Home") go(0);
  else if (event.key === "End") go(positions.length - 1);
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

drawTable();
poll();
