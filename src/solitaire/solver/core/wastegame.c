/* The waste game: a search over the stock's length and the waste alone, whose end cannot be
 * reached when the real position is lost. Python twin: wastegame.py, whose docstring gives
 * the argument; the same positions in the same order.
 */
#include "core.h"

#define FRAMES (2 * (MAXSTOCK + MAXCARDS) + 2)
#define CLOCK_EVERY 1024
#define ROOT (-1)
#define DEALT (-2)

/* The search's state: the copies out, the stock's length, the waste, the positions entered
 * and the path to the position in hand. */
typedef struct {
    uint8_t out[52];
    int stock, wlen, depth;
    uint8_t waste[MAXCARDS + MAXSTOCK];
    int stage[FRAMES], entered[FRAMES];
    KeySet *seen;
} Game;

enum { GO_ON, WON, LOST, OUT_OF_BUDGET, FAILED };

/* Enter the position in hand: GO_ON once it is new and the search may go on, or the end. */
static int enter(Game *g, long budget, double deadline, int *fresh) {
    uint8_t key[1 + MAXCARDS + MAXSTOCK];
    key[0] = (uint8_t)g->stock;
    memcpy(key + 1, g->waste, g->wlen);
    size_t n = 1 + (size_t)g->wlen;
    uint64_t h = hash_bytes(key, n);
    *fresh = 0;
    if (keyset_find(g->seen, key, n, h)) return GO_ON;
    if (keyset_add(g->seen, key, n, h) < 0) return FAILED;
    *fresh = 1;
    size_t entered = g->seen->count;
    if (g->stock == 0 && g->wlen == 0) return WON;
    if ((long)entered >= budget) return OUT_OF_BUDGET;
    if (!(entered % CLOCK_EVERY) && deadline >= 0 && monotonic() > deadline) return OUT_OF_BUDGET;
    return GO_ON;
}

/* Leave the position in hand: undo the move that entered it. */
static void leave(Game *g) {
    int how = g->entered[g->depth--];
    if (how == DEALT) {
        g->wlen--;
        g->stock++;
    } else if (how >= 0) {
        g->out[how]--;
        g->waste[g->wlen++] = (uint8_t)how;
    }
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
                leave(g);
                continue;
            }
            g->stage[at] = 1;
        }
        if (!next_move(k, g)) leave(g);
    }
    return LOST;
}

/* waste_game(pos, budget, deadline): wastegame.py's waste_game on the core ("unknown" after
 * no position where a pile is not a built run). */
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
    home_counts(k, p.found, g->out);
    for (int i = 0; i < p.ncards; i++) g->out[p.cards[i]]++;
    g->stock = p.stock;
    g->wlen = p.wlen;
    memcpy(g->waste, p.waste, p.wlen);
    int result;
    long entered = 1;
    if (dead_counts(k, g->out, g->stock, g->waste, g->wlen)) {
        result = LOST;
    } else if (!(g->seen = keyset_new())) {
        PyMem_Free(g);
        return NULL;
    } else {
        result = search(k, g, budget, deadline);
        entered = (long)g->seen->count;
        Py_DECREF(g->seen);
    }
    PyMem_Free(g);
    if (result == FAILED) return NULL;
    const char *name = result == WON ? "won" : result == LOST ? "lost" : "unknown";
    return Py_BuildValue("(sl)", name, entered);
}
