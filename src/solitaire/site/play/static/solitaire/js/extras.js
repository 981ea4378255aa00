// What the table page adds around the card table (play.js), kept apart from it:
// - the address bar keeps the link that deals this deal for anyone (?deal=N, or
//   ?daily=1&date=...) after a new deal, and "Copy link" copies it;
// - the tab title and the page heading name the deal on the table;
// - New deal and Restart ask first when they would throw away a game with moves in it;
// - R on a pile reads every card of it out through the live region;
// - the skip link lands on the first pile;
// - Settings offers the look (theme.js keeps it): light, dark or the system's, the felt, the
//   card backs, and a left-handed table (stock, waste, cells and foundations mirrored to the
//   other side; the piles keep their order; render.js places them).
// table.js calls installExtras with the table; this talks to it through its game, say(),
// confirm and board.

import { cardName } from "./cards.js";
import { cardsOf, pileName } from "./render.js";

/** The query of the link that deals ``game`` for whoever opens it. */
export function shareQuery(game) {
  const day = game.daily ?? game.practice_of;
  if (day) return `?daily=1&date=${day}`;
  return `?deal=${game.deal}`;
}

/** The whole address of that link. */
export function shareUrl(game) {
  return `${window.location.origin}${window.location.pathname}${shareQuery(game)}`;
}

/** What R says about a pile: every card, bottom to top (the stock is face down). */
export function readPile(layout, name) {
  const cards = cardsOf(layout, name);
  const what = pileName(name);
  if (!cards.length) return `${what}: empty.`;
  const count = `${cards.length} card${cards.length === 1 ? "" : "s"}`;
  if (name === "s") return `${what}: ${count}, face down.`;
  if (cards.length === 1) return `${what}: ${cardName(cards[0])}.`;
  const names = cards.map(cardName);
  return `${what}, ${count} from the bottom: ${names.slice(0, -1).join(", ")}; on top the ${names.at(-1)}.`;
}

const CONFIRM = `
<dialog class="panel confirm" data-role="confirm" aria-labelledby="confirm-title" aria-describedby="confirm-text">
  <form method="dialog">
    <h2 id="confirm-title"></h2>
    <p id="confirm-text"></p>
    <div class="actions">
      <button value="keep" autofocus>Keep playing</button>
      <button value="yes" class="primary" data-role="confirm-yes"></button>
    </div>
  </form>
</dialog>`;

const COPY = `
<dialog class="panel" data-role="copy" aria-labelledby="copy-title">
  <form method="dialog">
    <h2 id="copy-title">Link to this deal</h2>
    <p>Anyone who opens it gets this deal, dealt fresh.</p>
    <label class="select"><span class="visually-hidden">Link</span>
      <input type="text" name="link" readonly></label>
    <div class="actions"><button value="done" class="primary">Done</button></div>
  </form>
</dialog>`;

function ask(dialog, { title, text, yes }) {
  dialog.querySelector("#confirm-title").textContent = title;
  dialog.querySelector("#confirm-text").textContent = text;
  dialog.querySelector('[data-role="confirm-yes"]').textContent = yes;
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
    dialog.returnValue = "";
    dialog.showModal();
  });
}

// A game the player would lose by leaving it: dealt, played, not over.
function atStake(game) {
  return Boolean(game && game.status === "playing" && (game.started || game.moves.length));
}

// Ask before New deal or Restart throws away a game with moves in it.
function guardChanges(table, dialog) {
  table.confirm = async (kind, options = {}) => {
    const game = table.game;
    const moves = game?.moves.length ?? 0;
    let question = null;
    // The Daily game waits for its player: dealing it or from it throws nothing away.
    if (kind === "deal" && !options.daily && game?.kind !== "daily" && atStake(game)) {
      question = {
        title: "Deal a new game?",
        text:
          `This game ends here${moves ? ` after ${moves} move${moves === 1 ? "" : "s"}` : ""} ` +
          "and counts as lost in your statistics.",
        yes: "Deal a new game",
      };
    } else if (kind === "restart" && game?.status === "playing" && moves) {
      question = {
        title: "Restart this deal?",
        text: `All ${moves} move${moves === 1 ? "" : "s"} go back and the cards are dealt as at the start.`,
        yes: "Restart",
      };
    }
    if (!question) return true;
    const ok = await ask(dialog, question);
    if (!ok) table.say("Kept this game.", { quiet: true });
    return ok;
  };
}

async function copyLink(table, copyDialog) {
  const game = table.game;
  if (!game) return;
  const url = shareUrl(game);
  try {
    await navigator.clipboard.writeText(url);
    table.say(`Link copied: ${url}`);
  } catch {
    // No clipboard here (an insecure page, or permission refused): show the link to copy.
    const input = copyDialog.querySelector("input");
    input.value = url;
    copyDialog.showModal();
    input.select();
    table.say("Copy the link from the box.", { quiet: true });
  }
}

// Keep the address bar, the tab title and the heading on the game the table shows.
function followGame(table, root) {
  const name = root.dataset.gameName || "";
  const heading = root.querySelector("h1");
  let shown = null;
  const update = () => {
    const game = table.game;
    if (!game) return;
    if (shown === game.id) return;
    const first = shown === null;
    shown = game.id;
    document.title = `${name}: deal ${game.deal} · Solitaire`;
    if (heading) heading.textContent = `${name}, deal ${game.deal}`;
    // A game opened by its own link keeps it; a game dealt here gets its shareable one.
    if (!first) window.history.replaceState(null, "", shareQuery(game));
  };
  new MutationObserver(update).observe(root, { attributes: true, attributeFilter: ["data-game-id"] });
  update();
}

function readOnKey(table, board) {
  board.addEventListener("keydown", (event) => {
    if (event.key.toLowerCase() !== "r" || event.ctrlKey || event.metaKey || event.altKey) return;
    const pile = event.target.closest?.("[data-pile]");
    const layout = table.view?.layout ?? table.game?.layout;
    if (!pile || !layout) return;
    event.preventDefault();
    const text = readPile(layout, pile.dataset.pile);
    // The same words twice would not be announced again: vary the region's text.
    table.ui.live.textContent = "";
    requestAnimationFrame(() => table.say(text, { quiet: true }));
  });
  for (const pile of board.querySelectorAll("[data-pile]")) pile.setAttribute("aria-keyshortcuts", "R");
}

const LOOK = `
<fieldset class="appearance" data-role="appearance">
  <legend>Look</legend>
  <label class="select"><span>Theme</span>
    <select data-look="theme">
      <option value="system">Follow the system</option>
      <option value="light">Light</option>
      <option value="dark">Dark</option>
    </select></label>
  <label class="select"><span>Felt</span>
    <select data-look="felt">
      <option value="green">Green</option>
      <option value="blue">Blue</option>
      <option value="red">Red</option>
      <option value="grey">Grey</option>
    </select></label>
  <label class="select"><span>Card backs</span>
    <select data-look="back">
      <option value="blue">Blue</option>
      <option value="red">Red</option>
      <option value="green">Green</option>
      <option value="black">Black</option>
    </select></label>
  <label class="check"><input type="checkbox" data-look="left">
    <span>Left-handed<small>stock, waste and foundations on the other side</small></span></label>
</fieldset>`;

function offerLook(table, root) {
  const appearance = window.solitaireAppearance;
  const keys = root.querySelector("[data-role=settings] .keys");
  if (!appearance || !keys) return;
  keys.insertAdjacentHTML("beforebegin", LOOK);
  const fieldset = root.querySelector('[data-role="appearance"]');
  const fill = (look) => {
    for (const input of fieldset.querySelectorAll("[data-look]")) {
      const key = input.dataset.look;
      if (input.type === "checkbox") input.checked = Boolean(look[key]);
      else input.value = look[key];
    }
  };
  fill(appearance.read());
  fieldset.addEventListener("change", (event) => {
    // Kept in this browser, not among the server's settings: the form's own saver must not see it.
    event.stopPropagation();
    const input = event.target;
    const key = input.dataset.look;
    if (!key) return;
    appearance.save({ [key]: input.type === "checkbox" ? input.checked : input.value });
  });
  document.addEventListener("solitaire:appearance", (event) => {
    fill(event.detail);
    table.board.measureBoard();
  });
  table.board.measureBoard();
}

/** Add the page's extras around ``table`` (a play.js Table, before it starts). */
export function installExtras(table) {
  const root = table.root;
  root.insertAdjacentHTML("beforeend", CONFIRM + COPY);
  const dialog = root.querySelector('[data-role="confirm"]');
  const copyDialog = root.querySelector('[data-role="copy"]');
  guardChanges(table, dialog);

  const scores = root.querySelector(".scores");
  if (scores && !root.querySelector('[data-action="copy-link"]')) {
    scores.insertAdjacentHTML(
      "beforeend",
      `<button type="button" class="share-link" data-action="copy-link"
         aria-label="Copy link to this deal"><svg class="icon" viewBox="0 0 24 24" aria-hidden="true"
         focusable="false"><path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"/></svg><span
         class="label">Copy link</span></button>`,
    );
  }
  root.addEventListener("click", (event) => {
    if (event.target.closest('[data-action="copy-link"]')) copyLink(table, copyDialog);
  });

  const keys = root.querySelector(".keys");
  if (keys && !keys.textContent.includes("R reads")) {
    keys.append(" R reads out every card of the focused pile.");
  }
  offerLook(table, root);
  followGame(table, root);
  readOnKey(table, table.ui.board);
  new MutationObserver(() => {
    for (const pile of table.ui.board.querySelectorAll("[data-pile]:not([aria-keyshortcuts])")) {
      pile.setAttribute("aria-keyshortcuts", "R");
    }
  }).observe(table.ui.board, { childList: true });

  const skip = document.querySelector('.skip-link[href="#board"]');
  skip?.addEventListener("click", (event) => {
    const pile = table.ui.board.querySelector('[data-pile][tabindex="0"]') ??
      table.ui.board.querySelector("[data-pile]");
    if (!pile) return;
    event.preventDefault();
    pile.focus();
  });
}
