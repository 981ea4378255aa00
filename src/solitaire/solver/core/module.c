/* The Core type: a game's tables and stock, and the methods the Python searches call; and
 * the module. Python twin: native.py's NativeKernel, which subclasses Core and hands it the
 * tables of tables.py.
 */
#include "core.h"

static int table_arg(PyObject *obj, uint8_t *out, Py_ssize_t n, const char *name) {
    if (!PyBytes_Check(obj) || PyBytes_GET_SIZE(obj) != n) {
        PyErr_Format(PyExc_ValueError, "%s: %zd bytes expected", name, n);
        return -1;
    }
    memcpy(out, PyBytes_AS_STRING(obj), n);
    return 0;
}

static int core_init(Core *k, PyObject *args, PyObject *kwds) {
    PyObject *fits_on, *homepos, *next_home, *below, *base_cards, *need_suits, *need_pos;
    PyObject *fitters_fixed, *stopper, *takes_nothing, *stock, *sequence;
    static char *names[] = {"piles", "foundations", "cells", "decks", "one_card", "limited",
                            "refills", "ordered_while_stock", "deal_to_piles", "bare_key",
                            "returns", "suited", "fits_on", "homepos", "next_home", "below",
                            "base_cards", "need_suits", "need_pos", "fitters_fixed",
                            "stopper", "takes_nothing", "stock", "runs_only", "sequence",
                            "immovable_test", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiiipppppppp" "OOOOOOOOOOO" "pOp", names, &k->P,
                                     &k->F, &k->C, &k->decks, &k->one_card, &k->limited,
                                     &k->refills, &k->ordered_while_stock, &k->deal_to_piles,
                                     &k->bare_key, &k->returns, &k->suited, &fits_on, &homepos,
                                     &next_home, &below, &base_cards, &need_suits, &need_pos,
                                     &fitters_fixed, &stopper, &takes_nothing, &stock,
                                     &k->runs_only, &sequence, &k->immovable_test))
        return -1;
    if (k->P < 1 || k->P > MAXP || k->F < 1 || k->F > MAXF || k->C < 0 || k->C > MAXC) {
        PyErr_SetString(PyExc_ValueError, "the core holds at most 16 piles, 8 foundations, 4 cells");
        return -1;
    }
    uint8_t next[53], low[52], pos[52];
    if (table_arg(fits_on, k->fits_on, 53 * 52, "fits_on") < 0 ||
        table_arg(homepos, k->homepos, 52, "homepos") < 0 ||
        table_arg(next_home, next, 53, "next_home") < 0 ||
        table_arg(below, low, 52, "below") < 0 ||
        table_arg(base_cards, k->base_cards, 4, "base_cards") < 0 ||
        table_arg(need_suits, k->need_suits, 52, "need_suits") < 0 ||
        table_arg(need_pos, pos, 52, "need_pos") < 0 ||
        table_arg(fitters_fixed, k->fitters_fixed, 52, "fitters_fixed") < 0 ||
        table_arg(stopper, k->stopper, 52, "stopper") < 0 ||
        table_arg(takes_nothing, k->takes_nothing, 52, "takes_nothing") < 0 ||
        table_arg(sequence, k->sequence, 52, "sequence") < 0)
        return -1;
    for (int i = 0; i < 53; i++) k->next_home[i] = next[i] == EMPTY ? -1 : next[i];
    for (int card = 0; card < 52; card++) {
        k->nonto[card] = 0;
        for (int top = 0; top < 52; top++) {
            if (!k->fits_on[top * 52 + card]) continue;
            /* A card left out of onto would make rule 9 call a movable card stuck. */
            if (k->nonto[card] == ONTO_MAX) {
                if (!k->immovable_test) break;
                PyErr_SetString(PyExc_ValueError, "rule 9 takes at most 8 cards a card builds on");
                return -1;
            }
            k->onto[card][k->nonto[card]++] = (uint8_t)top;
        }
    }
    for (int i = 0; i < 52; i++) {
        k->below[i] = low[i] == EMPTY ? -1 : low[i];
        k->need_pos[i] = pos[i] == EMPTY ? -1 : pos[i];
    }
    if (!PyBytes_Check(stock) || PyBytes_GET_SIZE(stock) > MAXSTOCK) {
        PyErr_SetString(PyExc_ValueError, "stock: at most 128 cards, as bytes");
        return -1;
    }
    k->nstock = (int)PyBytes_GET_SIZE(stock);
    memcpy(k->stock_cards, PyBytes_AS_STRING(stock), k->nstock);
    k->H = 3 + k->P + k->F + k->C;
    k->immovable_on = 0;
    strand_free(k); /* new tables: rule 10's answers go too */
    k->strand_limit = 0;
    memset(k->infos, 0, INFO_SLOTS * sizeof(Info)); /* new tables: forget the old answers */
    return dead_init(k);
}

/* The foundations' table is made with the object, so that a Core that was never
   initialised (Core.__new__(Core)) answers from zeroed tables rather than crashing. */
static PyObject *core_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    Core *k = (Core *)PyType_GenericNew(type, args, kwds);
    if (!k) return NULL;
    if (!(k->infos = PyMem_Calloc(INFO_SLOTS, sizeof(Info)))) {
        Py_DECREF(k);
        return PyErr_NoMemory();
    }
    return (PyObject *)k;
}

static void core_dealloc(Core *k) {
    if (k->kids) spare_give(k->kids, MAXMOVES * sizeof(Kid));
    k->kids = NULL;
    dead_free(k);
    strand_free(k);
    PyMem_Free(k->infos);
    k->infos = NULL;
    Py_TYPE(k)->tp_free((PyObject *)k);
}

static PyObject *core_pack(Core *k, PyObject *args) {
    /* pack((tableau, foundations, cells, stock, waste, left)): the kernel.py tuple as bytes */
    PyObject *tab, *found, *cells, *waste;
    int stock, left;
    if (!PyArg_ParseTuple(args, "(OOSiSi)", &tab, &found, &cells, &stock, &waste, &left))
        return NULL;
    Pos p;
    memset(&p, 0, sizeof p);
    if (!PyTuple_Check(tab) || PyTuple_GET_SIZE(tab) != k->P || !PyTuple_Check(found) ||
        PyTuple_GET_SIZE(found) != k->F || PyBytes_GET_SIZE(cells) != k->C) {
        PyErr_SetString(PyExc_ValueError, "not a position of this game");
        return NULL;
    }
    int at = 0;
    for (int i = 0; i < k->P; i++) {
        PyObject *cards = PyTuple_GET_ITEM(tab, i);
        if (!PyBytes_Check(cards) || at + PyBytes_GET_SIZE(cards) > MAXCARDS) {
            PyErr_SetString(PyExc_ValueError, "piles are bytes, 104 cards at most");
            return NULL;
        }
        p.len[i] = (uint8_t)PyBytes_GET_SIZE(cards);
        memcpy(p.cards + at, PyBytes_AS_STRING(cards), p.len[i]);
        at += p.len[i];
    }
    set_offsets(k, &p);
    for (int i = 0; i < k->F; i++) {
        p.found[i] = (int)PyLong_AsLong(PyTuple_GET_ITEM(found, i));
        if (p.found[i] == -1 && PyErr_Occurred()) return NULL;
    }
    memcpy(p.cells, PyBytes_AS_STRING(cells), k->C);
    if (PyBytes_GET_SIZE(waste) > MAXCARDS || stock < 0 || stock > k->nstock) {
        PyErr_SetString(PyExc_ValueError, "not a position of this game");
        return NULL;
    }
    p.wlen = (int)PyBytes_GET_SIZE(waste);
    memcpy(p.waste, PyBytes_AS_STRING(waste), p.wlen);
    p.stock = stock;
    p.left = left;
    return pack(k, &p);
}

/* Each foundation's top card, -1 while it is empty: the Python kernel's pos[1]. */
static PyObject *found_tuple(const Core *k, const Pos *p) {
    PyObject *found = PyTuple_New(k->F);
    for (int i = 0; found && i < k->F; i++) {
        PyObject *top = PyLong_FromLong(p->found[i]);
        if (!top) {
            Py_CLEAR(found);
            break;
        }
        PyTuple_SET_ITEM(found, i, top);
    }
    return found;
}

static PyObject *core_unpack(Core *k, PyObject *obj) {
    Pos p;
    if (unpack(k, obj, &p) < 0) return NULL;
    PyObject *tab = PyTuple_New(k->P), *found = found_tuple(k, &p);
    if (!tab || !found) goto fail;
    for (int i = 0; i < k->P; i++) {
        PyObject *cards = PyBytes_FromStringAndSize((const char *)pile(&p, i), p.len[i]);
        if (!cards) goto fail;
        PyTuple_SET_ITEM(tab, i, cards);
    }
    return Py_BuildValue("(NNy#iy#i)", tab, found, (const char *)p.cells, (Py_ssize_t)k->C,
                         p.stock, (const char *)p.waste, (Py_ssize_t)p.wlen, p.left);
fail:
    Py_XDECREF(tab);
    Py_XDECREF(found);
    return NULL;
}

static PyObject *core_left(Core *k, PyObject *obj) {
    if (!PyBytes_Check(obj) || PyBytes_GET_SIZE(obj) < 3) {
        PyErr_SetString(PyExc_TypeError, "a position is bytes");
        return NULL;
    }
    return PyLong_FromLong(((const uint8_t *)PyBytes_AS_STRING(obj))[0]);
}

static PyObject *core_stock(Core *k, PyObject *obj) {
    if (!PyBytes_Check(obj) || PyBytes_GET_SIZE(obj) < 3) {
        PyErr_SetString(PyExc_TypeError, "a position is bytes");
        return NULL;
    }
    return PyLong_FromLong(((const uint8_t *)PyBytes_AS_STRING(obj))[1]);
}

/* The cards in the stock and the waste: stuck.py's pool. */
static PyObject *core_waiting(Core *k, PyObject *obj) {
    Pos p;
    if (unpack(k, obj, &p) < 0) return NULL;
    return PyLong_FromLong(p.stock + p.wlen);
}

/* tops(pos): found_tuple's answer, for stuck.py. */
static PyObject *core_tops(Core *k, PyObject *obj) {
    Pos p;
    if (unpack(k, obj, &p) < 0) return NULL;
    return found_tuple(k, &p);
}

static PyObject *core_dead(Core *k, PyObject *obj) {
    Pos p;
    if (unpack(k, obj, &p) < 0) return NULL;
    return PyBool_FromLong(is_dead(k, &p));
}

static PyObject *core_immovable(Core *k, PyObject *obj) {
    Pos p;
    if (unpack(k, obj, &p) < 0) return NULL;
    return PyBool_FromLong(k->immovable_test && immovable(k, &p));
}

static PyObject *core_stranded(Core *k, PyObject *args) {
    PyObject *obj;
    long limit;
    Pos p;
    if (!PyArg_ParseTuple(args, "Ol", &obj, &limit)) return NULL;
    if (unpack(k, obj, &p) < 0) return NULL;
    return PyBool_FromLong(k->immovable_test && stranded(k, &p, limit));
}

static PyObject *core_stranded_kept(Core *k, PyObject *obj) {
    Pos p;
    if (unpack(k, obj, &p) < 0) return NULL;
    return PyBool_FromLong(stranded_kept(k, &p));
}

static PyObject *core_prune_immovable(Core *k, PyObject *obj) {
    int on = PyObject_IsTrue(obj);
    if (on < 0) return NULL;
    k->immovable_on = on;
    Py_RETURN_NONE;
}

static PyObject *core_prune_stranded(Core *k, PyObject *obj) {
    long limit = PyLong_AsLong(obj);
    if (limit == -1 && PyErr_Occurred()) return NULL;
    if (limit < 0) return PyErr_Format(PyExc_ValueError, "a limit of states, not %ld", limit);
    if (strand_limit(k, k->immovable_test ? limit : 0) < 0) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

static PyObject *core_stack_peak(Core *k, PyObject *Py_UNUSED(ignored)) {
    return Py_BuildValue("(nl)", (Py_ssize_t)k->stack_bytes, k->stack_depth);
}

static PyObject *core_waste_lost(Core *k, PyObject *obj) {
    Pos p;
    if (unpack(k, obj, &p) < 0) return NULL;
    return PyBool_FromLong(waste_lost(k, &p));
}

static PyObject *safe_set(const FoundInfo *fi) {
    PyObject *cards = PyList_New(0);
    if (!cards) return NULL;
    for (int c = 0; c < 52; c++) {
        if (!fi->safe[c]) continue;
        PyObject *card = PyLong_FromLong(c);
        if (!card || PyList_Append(cards, card) < 0) {
            Py_XDECREF(card);
            Py_DECREF(cards);
            return NULL;
        }
        Py_DECREF(card);
    }
    PyObject *out = PyFrozenSet_New(cards);
    Py_DECREF(cards);
    return out;
}

static PyObject *core_safe(Core *k, PyObject *obj) {
    Pos p;
    if (unpack(k, obj, &p) < 0) return NULL;
    return safe_set(found_info(k, p.found));
}

static PyObject *core_key(Core *k, PyObject *obj) {
    Pos p;
    uint8_t key[KEYMAX];
    if (unpack(k, obj, &p) < 0) return NULL;
    int n = make_key(k, &p, key);
    return PyBytes_FromStringAndSize((const char *)key, n);
}

static PyObject *core_moves(Core *k, PyObject *obj) {
    Pos p;
    Raw moves[MAXMOVES];
    if (unpack(k, obj, &p) < 0) return NULL;
    int n = generate(k, &p, found_info(k, p.found), moves);
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *raw = raw_tuple(moves[i]);
        if (!raw) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, raw);
    }
    return out;
}

static PyObject *core_play(Core *k, PyObject *args) {
    PyObject *obj, *raw;
    Pos p;
    Raw r;
    if (!PyArg_ParseTuple(args, "OO", &obj, &raw)) return NULL;
    if (unpack(k, obj, &p) < 0 || raw_arg(raw, &r) < 0) return NULL;
    play(k, &p, r);
    return pack(k, &p);
}

static PyObject *steps_concat(PyObject *before, const Raw *steps, int n) {
    Py_ssize_t m = PyTuple_GET_SIZE(before);
    PyObject *out = PyTuple_New(m + n);
    if (!out) return NULL;
    for (Py_ssize_t i = 0; i < m; i++) {
        PyObject *item = PyTuple_GET_ITEM(before, i);
        Py_INCREF(item);
        PyTuple_SET_ITEM(out, i, item);
    }
    for (int i = 0; i < n; i++) {
        PyObject *raw = raw_tuple(steps[i]);
        if (!raw) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, m + i, raw);
    }
    return out;
}

static PyObject *core_close(Core *k, PyObject *args) {
    PyObject *obj, *before;
    Pos p;
    Raw steps[MAXSTEPS];
    int n = 0;
    if (!PyArg_ParseTuple(args, "OO!", &obj, &PyTuple_Type, &before)) return NULL;
    if (unpack(k, obj, &p) < 0) return NULL;
    close_pos(k, &p, steps, &n);
    PyObject *moves = steps_concat(before, steps, n);
    if (!moves) return NULL;
    return Py_BuildValue("(NN)", pack(k, &p), moves);
}

static PyObject *core_step(Core *k, PyObject *args) {
    PyObject *obj, *raw, *safe;
    Pos p;
    Raw r, steps[MAXSTEPS];
    int n = 0;
    if (!PyArg_ParseTuple(args, "OOO", &obj, &raw, &safe)) return NULL;
    if (unpack(k, obj, &p) < 0 || raw_arg(raw, &r) < 0) return NULL;
    FoundInfo fi = *found_info(k, p.found); /* safe is the parent's: worked out again here */
    step(k, &p, r, fi.safe, steps, &n);
    return Py_BuildValue("(NN)", pack(k, &p), steps_tuple(steps, n));
}

static PyMethodDef core_methods[] = {
    {"pack", (PyCFunction)core_pack, METH_VARARGS, "The position for kernel.py's tuple."},
    {"unpack", (PyCFunction)core_unpack, METH_O, "kernel.py's tuple for a position."},
    {"left", (PyCFunction)core_left, METH_O, "Cards not home (0: won)."},
    {"stock", (PyCFunction)core_stock, METH_O, "Cards left in the stock."},
    {"dead", (PyCFunction)core_dead, METH_O, "True when the dead-position test proves it lost."},
    {"waste_lost", (PyCFunction)core_waste_lost, METH_O,
     "True when the waste game proves it lost, from the keys known lost or a short search."},
    {"waste_game", (PyCFunction)core_waste_game, METH_VARARGS,
     "waste_game(pos, budget, deadline): the waste game's answer and positions entered."},
    {"waiting", (PyCFunction)core_waiting, METH_O, "Cards in the stock and the waste."},
    {"tops", (PyCFunction)core_tops, METH_O, "Each foundation's top card (-1: empty)."},
    {"prune_immovable", (PyCFunction)core_prune_immovable, METH_O,
     "Whether the searches cut the children a card of which can never move."},
    {"stack_peak", (PyCFunction)core_stack_peak, METH_NOARGS,
     "(bytes, frames): the last depth-first search's stack at its largest."},
    {"stranded_kept", (PyCFunction)core_stranded_kept, METH_O,
     "Whether rule 10 proves it lost as the search asks it (prune_stranded's limit)."},
    {"prune_stranded", (PyCFunction)core_prune_stranded, METH_O,
     "prune_stranded(limit): while rule 9 cuts, rule 10 cuts too, within limit new states "
     "(0: not)."},
    {"immovable", (PyCFunction)core_immovable, METH_O, "Whether a card can never move."},
    {"stranded", (PyCFunction)core_stranded, METH_VARARGS,
     "stranded(pos, limit): whether the relaxed game of rule 10 proves it lost."},
    {"safe", (PyCFunction)core_safe, METH_O, "The cards that may go home with no loss."},
    {"key", (PyCFunction)core_key, METH_O, "The canonical key."},
    {"moves", (PyCFunction)core_moves, METH_O, "Every move worth trying."},
    {"play", (PyCFunction)core_play, METH_VARARGS, "Play a raw move known to be legal."},
    {"close", (PyCFunction)core_close, METH_VARARGS, "Play every safe foundation move."},
    {"step", (PyCFunction)core_step, METH_VARARGS, "Play a move, then the safe moves."},
    {"children", (PyCFunction)(void (*)(void))core_children, METH_VARARGS | METH_KEYWORDS,
     "The successors not in visited: (score, key, position, moves), best first if ordered."},
    {"dfs", (PyCFunction)core_dfs, METH_VARARGS,
     "dfs(root, scorer, budget, deadline, shared, draw, noise, limit): depthfirst.py's expand."},
    {"best_first", (PyCFunction)core_best_first, METH_VARARGS,
     "best_first(root, scorer, cap, shared, budget, deadline): bestfirst.py's expand."},
    {"beam", (PyCFunction)core_beam, METH_VARARGS,
     "beam(root, scorer, shared, budget, deadline, width, local): StockBeam.run's levels."},
    {"shorten", (PyCFunction)core_shorten, METH_VARARGS,
     "shorten(pos, line): shorten.py's raw_shorten, the raw moves of the shorter line."},
    {"make_scorer", (PyCFunction)core_make_scorer, METH_VARARGS,
     "A scorer from the eleven weights, in the order of scoring.Weights."},
    {NULL, NULL, 0, NULL},
};

PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "solitaire.solver._core.Core",
    .tp_doc = "The solver's hot path in C, from tables derived from the rules (see native.py).",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_new = core_new,
    .tp_init = (initproc)core_init,
    .tp_dealloc = (destructor)core_dealloc,
    .tp_methods = core_methods,
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "_core", "The solver's core in C (see solver/core/core.h).", -1, NULL,
};

PyMODINIT_FUNC PyInit__core(void) {
    if (PyType_Ready(&KeySetType) < 0 || PyType_Ready(&CoreType) < 0 ||
        PyType_Ready(&ScorerType) < 0)
        return NULL;
    if (init_raw_tuples() < 0) return NULL;
    PyObject *m = PyModule_Create(&core_module);
    if (!m) return NULL;
    Py_INCREF(&KeySetType);
    Py_INCREF(&CoreType);
    Py_INCREF(&ScorerType);
    if (PyModule_AddObject(m, "KeySet", (PyObject *)&KeySetType) < 0 ||
        PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0 ||
        PyModule_AddObject(m, "Scorer", (PyObject *)&ScorerType) < 0)
        return NULL;
    return m;
}
