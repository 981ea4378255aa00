// The JSON API client: every request the table makes to the server goes through here.

/** An answer from the server with a 4xx or 5xx status. */
export class ApiError extends Error {
  constructor(status, message, body) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

// The CSRF cookie, read once: reading document.cookie asks the browser's other processes,
// which a slow phone feels on every move. A refusal (403) reads it again.
let token = null;

function csrfToken(fresh = false) {
  if (token === null || fresh) {
    const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    token = match ? decodeURIComponent(match[1]) : "";
  }
  return token;
}

function send(method, path, body) {
  const headers = { Accept: "application/json" };
  if (method !== "GET") {
    headers["Content-Type"] = "application/json";
    headers["X-CSRFToken"] = csrfToken();
  }
  return fetch(path, {
    method,
    headers,
    credentials: "same-origin",
    body: method === "GET" ? undefined : JSON.stringify(body ?? {}),
  });
}

async function request(method, path, body) {
  const kept = token;
  let response = await send(method, path, body);
  // The cookie changed since it was read (a log-in in another tab): once more with the new one.
  if (response.status === 403 && method !== "GET" && kept !== null && csrfToken(true) !== kept) {
    response = await send(method, path, body);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message = (data && data.error) || `the server answered ${response.status}`;
    throw new ApiError(response.status, message, data);
  }
  return data;
}

const games = "/api/games";

/** Start a game: options are {deal}, {winnable: true} or {daily: true}. */
export const newGame = (game, options = {}) => request("POST", games, { game, ...options });
export const getGame = (id) => request("GET", `${games}/${id}`);
export const playMove = (id, move, version) =>
  request("POST", `${games}/${id}/moves`, { move, version });
export const click = (id, pile, index, version) =>
  request("POST", `${games}/${id}/click`, { pile, index, version });
export const finish = (id, version) => request("POST", `${games}/${id}/finish`, { version });
export const undo = (id, version) => request("POST", `${games}/${id}/undo`, { version });
export const redo = (id, version) => request("POST", `${games}/${id}/redo`, { version });
export const restart = (id, version) => request("POST", `${games}/${id}/restart`, { version });
export const hint = (id) => request("POST", `${games}/${id}/hint`, {});
/** The latest Hint answer at the game's position, without asking for more (404: none yet). */
export const getHint = (id) => request("GET", `${games}/${id}/hint`);
/** While the solver thinks on past Hint's time, how often its latest answer is read (getHint),
 * and how many times: a minute and more, past the server's 30 s cap for a solve. */
export const HINT_POLL_MS = 1000;
export const HINT_POLLS = 40;
export const dailyBoard = (game, date) =>
  request("GET", `/api/daily/${game}${date ? `?date=${date}` : ""}`);
export const getSettings = () => request("GET", "/api/settings");
export const saveSettings = (settings) => request("POST", "/api/settings", settings);
export const askVerdict = (game, deal) => request("POST", "/api/verdicts", { game, deal });
export const getVerdict = (id) => request("GET", `/api/verdicts/${id}`);
export const cancelVerdict = (id) => request("DELETE", `/api/verdicts/${id}`);
