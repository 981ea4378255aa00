/* Scores: how promising a position looks, by weights; the Scorer type. Python twin:
 * scoring.py (Scorer, Weights).
 */
#include "core.h"

static long depth_of(Core *k, const Pos *p) {
    const FoundInfo *fi = found_info(k, p->found);
    int nearest[52];
    for (int c = 0; c < 52; c++) nearest[c] = -1;
    for (int i = 0; i < k->P; i++) {
        const uint8_t *cards = pile(p, i);
        int top = p->len[i] - 1;
        for (int at = top; at >= 0; at--) {
            int card = cards[at];
            if (fi->want[card] >= 0 && (nearest[card] < 0 || top - at < nearest[card]))
                nearest[card] = top - at;
        }
    }
    long total = 0;
    for (int c = 0; c < 52; c++)
        if (nearest[c] > 0) total += nearest[c];
    return total;
}

long waste_cost(const Scorer *s, const Pos *p) {
    const Core *k = s->core;
    long buried = 0, loose = 0;
    int under = 0;
    for (int i = p->wlen - 1; i >= 0; i--) {
        int card = p->waste[i];
        if (k->stopper[card])
            under = 1;
        else if (under)
            buried++;
        else
            loose++;
    }
    return s->buried * buried + s->loose * loose;
}

long score(const Scorer *s, Pos *p) {
    Core *k = s->core;
    long blocked = 0, empty = 0, used = 0;
    for (int i = 0; i < k->P; i++) {
        if (!(p->blk_known >> i & 1)) {
            p->blk[i] = (uint8_t)blocked_count(k, pile(p, i), p->len[i]);
            p->blk_known |= 1u << i;
        }
        blocked += p->blk[i];
        if (!p->len[i]) empty++;
    }
    for (int j = 0; j < k->C; j++)
        if (p->cells[j] != EMPTY) used++;
    long total = -s->home * p->left - s->blocked * blocked + s->empty * empty - s->cells * used -
                 s->waste * p->wlen - s->stock * p->stock;
    if (s->waste_blocked && p->wlen) total -= s->waste_blocked * blocked_count(k, p->waste, p->wlen);
    if (s->depth) total -= s->depth * depth_of(k, p);
    if (s->buried || s->loose) total -= waste_cost(s, p);
    if (s->dead) {
        long dead = 0;
        for (int i = 0; i < k->P; i++)
            if (p->len[i] && k->takes_nothing[top_of(p, i)]) dead++;
        total -= s->dead * dead;
    }
    return total;
}

PyObject *core_make_scorer(Core *k, PyObject *args) {
    Scorer *s = PyObject_New(Scorer, &ScorerType);
    if (!s) return NULL;
    s->core = k;
    Py_INCREF(k);
    if (!PyArg_ParseTuple(args, "lllllllllll", &s->home, &s->blocked, &s->empty, &s->cells,
                          &s->waste, &s->waste_blocked, &s->stock, &s->depth, &s->buried,
                          &s->loose, &s->dead)) {
        Py_DECREF(s);
        return NULL;
    }
    return (PyObject *)s;
}

static void scorer_dealloc(Scorer *s) {
    Py_XDECREF(s->core);
    PyObject_Free(s);
}

static PyObject *scorer_score(Scorer *s, PyObject *obj) {
    Pos p;
    if (unpack(s->core, obj, &p) < 0) return NULL;
    return PyLong_FromLong(score(s, &p));
}

static PyObject *scorer_waste_cost(Scorer *s, PyObject *obj) {
    Pos p;
    memset(&p, 0, sizeof p);
    if (!PyBytes_Check(obj) || PyBytes_GET_SIZE(obj) > MAXCARDS) {
        PyErr_SetString(PyExc_TypeError, "a waste is bytes");
        return NULL;
    }
    p.wlen = (int)PyBytes_GET_SIZE(obj);
    memcpy(p.waste, PyBytes_AS_STRING(obj), p.wlen);
    return PyLong_FromLong(waste_cost(s, &p));
}

static PyMethodDef scorer_methods[] = {
    {"score", (PyCFunction)scorer_score, METH_O, "How promising a position looks."},
    {"waste_cost", (PyCFunction)scorer_waste_cost, METH_O, "Points off for the waste's cards."},
    {NULL, NULL, 0, NULL},
};

PyTypeObject ScorerType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "solitaire.solver._core.Scorer",
    .tp_doc = "Scores positions of a core by weights (scoring.Weights).",
    .tp_basicsize = sizeof(Scorer),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = (destructor)scorer_dealloc,
    .tp_methods = scorer_methods,
};
