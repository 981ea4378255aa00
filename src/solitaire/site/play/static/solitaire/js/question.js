// "Is this deal winnable?": ask the solver about any deal number of this game, from the New
// deal menu (this deal) or from the deal-number dialog (the number typed). The question is
// POST /api/verdicts; its answer is polled from GET /api/verdicts/ID until it is done, and
// DELETE cancels it. The answer is the solver's: proved winnable, proved lost, or undecided
// within its budget, with the positions it searched.

import { askVerdict, cancelVerdict, getVerdict } from "./api.js";

const POLL_MS = 400;

const DIALOG = `
<dialog class="panel question" data-role="question" aria-labelledby="question-title">
  <form method="dialog" data-role="question-form">
    <h2 id="question-title">Is this deal winnable?</h2>
    <label class="select"><span>Deal</span>
      <input type="number" name="deal" min="1" required inputmode="numeric"></label>
    <div class="question-progress" data-role="question-progress" hidden>
      <progress aria-label="The solver is thinking"></progress>
    </div>
    <p class="question-answer" data-role="question-answer" role="status" aria-live="polite"></p>
    <div class="actions">
      <button type="button" data-role="question-cancel" hidden>Cancel</button>
      <button value="close" formnovalidate data-role="question-close">Close</button>
      <button type="button" class="primary" data-role="question-ask">Ask</button>
    </div>
  </form>
</dialog>`;

const count = (n) => Number(n || 0).toLocaleString("en");

/** What the player reads for an answer of GET /api/verdicts/ID. */
export function describeVerdict(deal, answer) {
  const searched = `${count(answer.positions)} positions searched`;
  if (answer.status === "cancelled") return `Stopped: deal ${deal} was not decided.`;
  if (answer.result === "won") return `Deal ${deal} is proved winnable (${searched}).`;
  if (answer.result === "lost") return `Deal ${deal} is proved lost: no line wins it (${searched}).`;
  return `Deal ${deal} is undecided: the solver found no proof either way (${searched}).`;
}

class Question {
  constructor(root, gameOf, answered) {
    this.gameOf = gameOf; // () => the table's game object, or null
    this.answered = answered; // (deal, answer) => void, once an answer comes
    this.maxDeal = Number(root.dataset.maxDeal); // the largest deal number, as the server says
    root.insertAdjacentHTML("beforeend", DIALOG);
    this.dialog = root.querySelector('[data-role="question"]');
    const part = (role) => this.dialog.querySelector(`[data-role="question-${role}"]`);
    this.form = part("form");
    this.form.elements.deal.max = String(this.maxDeal);
    this.progress = part("progress");
    this.answer = part("answer");
    this.askButton = part("ask");
    this.cancelButton = part("cancel");
    this.asking = null; // {id, deal} while a question runs
    this.askButton.addEventListener("click", () => this.ask());
    this.cancelButton.addEventListener("click", () => this.cancel());
    this.form.addEventListener("submit", (event) => {
      if (event.submitter !== part("close")) {
        event.preventDefault();
        this.ask();
      }
    });
    this.dialog.addEventListener("close", () => this.cancel());
  }

  /** Open the dialog for ``deal`` (the deal on the table when none is given). */
  open(deal) {
    this.form.elements.deal.value = deal ?? this.gameOf()?.deal ?? "";
    this.answer.textContent = "";
    this.dialog.showModal();
    this.askButton.focus();
  }

  async ask() {
    const game = this.gameOf();
    const deal = Number(this.form.elements.deal.value);
    if (!game) return;
    if (!Number.isInteger(deal) || deal < 1 || deal > this.maxDeal) {
      this.answer.textContent = `Deal numbers run from 1 to ${count(this.maxDeal)}.`;
      return;
    }
    await this.cancel();
    const mine = { id: null, deal };
    this.asking = mine;
    this.running(true);
    this.answer.textContent = `Thinking about deal ${deal}…`;
    try {
      mine.id = (await askVerdict(game.game, deal)).id;
      if (this.asking !== mine) {
        await cancelVerdict(mine.id); // cancelled while the question was on its way
        return;
      }
      let answer = await getVerdict(mine.id);
      while (answer.status === "running") {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        if (this.asking !== mine) return;
        answer = await getVerdict(mine.id);
      }
      if (this.asking !== mine) return;
      this.answer.textContent = describeVerdict(deal, answer);
      this.dialog.dataset.result = answer.status === "done" ? answer.result : answer.status;
      this.answered(deal, answer);
    } catch (error) {
      if (this.asking === mine) {
        this.answer.textContent = `The question could not be asked: ${error.message}.`;
      }
    } finally {
      if (this.asking === mine) {
        this.asking = null;
        this.running(false);
      }
    }
  }

  async cancel() {
    const asking = this.asking;
    if (!asking) return;
    this.asking = null;
    this.running(false);
    this.answer.textContent = `Stopped: deal ${asking.deal} was not decided.`;
    this.dialog.dataset.result = "cancelled";
    if (asking.id === null) return; // ask() cancels it when the server answers
    try {
      await cancelVerdict(asking.id);
    } catch {
      // The answer may have come in the meantime; it is kept for everyone all the same.
    }
  }

  running(on) {
    this.progress.hidden = !on;
    this.cancelButton.hidden = !on;
    this.askButton.disabled = on;
    if (on) delete this.dialog.dataset.result;
  }
}

/**
 * Add "Is this deal winnable?" to the New deal menu and to the deal-number dialog.
 * ``gameOf`` returns the table's current game object; ``answered`` hears every answer.
 */
export function installQuestion(root, ui, gameOf, answered = () => {}) {
  const question = new Question(root, gameOf, answered);
  const item = document.createElement("button");
  item.type = "button";
  item.setAttribute("role", "menuitem");
  item.dataset.action = "ask-winnable";
  item.textContent = "Is this deal winnable?";
  ui.menu.append(item);
  item.addEventListener("click", () => question.open());
  const actions = ui.number.querySelector(".actions");
  const fromNumber = document.createElement("button");
  fromNumber.type = "button";
  fromNumber.dataset.role = "number-ask";
  fromNumber.textContent = "Is it winnable?";
  actions.prepend(fromNumber);
  fromNumber.addEventListener("click", () => {
    const typed = ui.number.querySelector('input[name="deal"]').value;
    ui.number.close();
    question.open(typed || undefined);
  });
  return question;
}
