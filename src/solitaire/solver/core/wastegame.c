/* The waste game: a search over the stock's length and the waste alone, whose end cannot be
 * reached when the real position is lost. Python twin: wastegame.py, whose docstring gives
 * the argument; the same positions in the same order, and the same keys kept lost.
 */
#include "core.h"

#define FRAMES (2 * (MAXSTOCK + MAXCARDS) + 2)
#define PROBE_BUDGET 256      /* wastegame.py's PROBE_BUDGET */
#define MEMO_MAX (1L << 22)   /* wastegame.py's MEMO_MAX */
#define KEYLEN (1 + MAXCARDS + MAXSTOCK)
#define CLOCK_EVERY 1024
#define ROOT (-1)
#define DEALT (-2)

/* The search's state: the copies out, the stock's length, the waste, the path to the
 * position in hand, the positions entered and the keys known lost (the Core's, kept from one
 * search to the next). */
typedef struct {
    uint8_t out[52];
    int stock, wlen, depth;
    uint8_t waste[MAXCARDS + MAXSTOCK];
    int stage[FRAMES], entered[FRAMES];
    long count;
    KeySet *lost;
} Game;

/* A position's key, the stock's length and then the waste, into key: its length. */
static size_t waste_key(int stock, const uint8_t *waste, int wlen, uint8_t *key, uint64_t *h) {
    key[0] = (uint8_t)stock;
    memcpy(key + 1, waste, wlen);
    size_t n = 1 + (size_t)wlen;
    *h = hash_bytes(key, n);
    return n;
}

/* The key of the position in hand. */
static size_t game_key(const Game *g, uint8_t *key, uint64_t *h) {
    return waste_key(g->stock, g->waste, g->wlen, key, h);
}

enum { GO_ON, WON, LOST, OUT_OF_BUDGET, FAILED };

/* Enter the position in hand: GO_ON once it is not known lost and the search may go on, or
 * the end. The graph has no cycle (a deal or a take shortens 2 * stock + waste), so a
 * position is entered again only after it was left, lost. */
static int enter(Game *g, long budget, double deadline, int *fresh) {
    uint8_t key[KEYLEN];
    uint64_t h;
    size_t n = game_key(g, key, &h);
    *fresh = 0;
    if (keyset_find(g->lost, key, n, h)) return GO_ON;
    *fresh = 1;
    long entered = ++g->count;
    if (g->stock == 0 && g->wlen == 0) return WON;
    if (entered >= budget) return OUT_OF_BUDGET;
    if (!(entered % CLOCK_EVERY) && deadline >= 0 && monotonic() > deadline) return OUT_OF_BUDGET;
    return GO_ON;
}

/* Leave the position in hand, lost once entered and every move tried (its key is kept), and
 * undo the move that entered it: 0, or -1 on an error. */
static int leave(Game *g) {
    if (g->stage[g->depth]) {
        uint8_t key[KEYLEN];
        uint64_t h;
        size_t n = game_key(g, key, &h);
        if (keyset_add(g->lost, key, n, h) < 0) return -1;
    }
    int how = g->entered[g->depth--];
    if (how == DEALT) {
        g->wlen--;
        g->stock++;
    } else if (how >= 0) {
        g->out[how]--;
        g->waste[g->wlen++] = (uint8_t)how;
    }
    return 0;
}

/* Try the next move of the position in hand: 1 when it entered a child. */
static int next_move(const Core *k, Game *g) {
    int at = g->depth;
    if (g->stage[at] == 1) {
        g->stage[at] = 2;
        if (g->wlen && can_leave(k, g->out, g->waste[g->wlen - 1])) {
            int card = g->waste[--g->wlen];
            g->out[card]++;
            g->depth++;
            g->stage[g->depth] = 0;
            g->entered[g->depth] = card;
            return 1;
        }
    }
    if (g->stage[at] == 2) {
        g->stage[at] = 3;
        if (g->stock) {
            g->stock--;
            g->waste[g->wlen++] = k->stock_cards[g->stock];
            if (!dead_counts(k, g->out, g->stock, g->waste, g->wlen)) {
                g->depth++;
                g->stage[g->depth] = 0;
                g->entered[g->depth] = DEALT;
                return 1;
            }
            g->wlen--;
            g->stock++;
        }
    }
    return 0;
}

static int search(const Core *k, Game *g, long budget, double deadline) {
    g->depth = 0;
    g->stage[0] = 0;
    g->entered[0] = ROOT;
    while (g->depth >= 0) {
        int at = g->depth;
        if (g->stage[at] == 0) {
            int fresh, r = enter(g, budget, deadline, &fresh);
            if (r != GO_ON) return r;
            if (!fresh) {
                if (leave(g) < 0) return FAILED;
                continue;
            }
            g->stage[at] = 1;
        }
        if (!next_move(k, g) && leave(g) < 0) return FAILED;
    }
    return LOST;
}

/* Search from p's stock and waste, keeping the keys found lost in k->wlost: LOST, WON,
 * OUT_OF_BUDGET or FAILED, and the positions entered in *entered (1 when the dead test
 * answers at once). p's piles are built runs. */
static int play_from(const Core *k, Game *g, const Pos *p, long budget, double deadline,
                     long *entered) {
    cards_out(k, p, g->out);
    g->stock = p->stock;
    g->wlen = p->wlen;
    memcpy(g->waste, p->waste, p->wlen);
    g->lost = k->wlost;
    g->count = 0;
    *entered = 1;
    if (dead_counts(k, g->out, g->stock, g->waste, g->wlen)) {
        uint8_t key[KEYLEN];
        uint64_t h;
        size_t n = game_key(g, key, &h);
        return keyset_add(g->lost, key, n, h) < 0 ? FAILED : LOST;
    }
    int result = search(k, g, budget, deadline);
    *entered = g->count;
    return result;
}

/* Whether the waste game proves p lost, from the keys already known lost or else by a
 * search of PROBE_BUDGET positions (once for each key); no more searches once MEMO_MAX
 * keys are kept. Python twin: wastegame.py's KeptLost.lost. A search that fails for want
 * of memory proves nothing, and the error is cleared. */
int waste_lost(const Core *k, const Pos *p) {
    if (!k->runs_only || !k->wlost || !built_runs(k, p)) return 0;
    uint8_t key[KEYLEN];
    uint64_t h;
    size_t n = waste_key(p->stock, p->waste, p->wlen, key, &h);
    if (keyset_find(k->wlost, key, n, h)) return 1;
    if ((long)k->wlost->count >= MEMO_MAX) return 0;
    int added = keyset_add(k->wprobed, key, n, h);
    if (added <= 0) {
        if (added < 0) PyErr_Clear();
        return 0;
    }
    Game g;
    long entered;
    int result = play_from(k, &g, p, PROBE_BUDGET, -1.0, &entered);
    if (result == FAILED) PyErr_Clear();
    return result == LOST;
}

/* waste_game(pos, budget, deadline): wastegame.py's waste_game on the core ("unknown" after
 * no position where a pile is not a built run), keeping the keys it finds lost. */
PyObject *core_waste_game(Core *k, PyObject *args) {
    PyObject *pos_obj, *deadline_obj;
    long budget;
    double deadline;
    Pos p;
    if (!PyArg_ParseTuple(args, "OlO", &pos_obj, &budget, &deadline_obj)) return NULL;
    if (deadline_arg(deadline_obj, &deadline) < 0 || unpack(k, pos_obj, &p) < 0) return NULL;
    if (!k->runs_only) {
        PyErr_SetString(PyExc_ValueError, "the waste game holds only where piles are runs");
        return NULL;
    }
    if (!built_runs(k, &p)) return Py_BuildValue("(sl)", "unknown", 0L);
    Game *g = PyMem_Malloc(sizeof *g);
    if (!g) return PyErr_NoMemory();
    long entered;
    int result = play_from(k, g, &p, budget, deadline, &entered);
    PyMem_Free(g);
    if (result == FAILED) return NULL;
    const char *name = result == WON ? "won" : result == LOST ? "lost" : "unknown";
    return Py_BuildValue("(sl)", name, entered);
}
