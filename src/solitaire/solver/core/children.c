/* A position's children: each move played with its safe moves, keyed, tested and scored.
 * Python twin: kernel.py's Kernel.children; expand() is what the searches in C call.
 */
#include "core.h"

/* Work out what make_key and score keep in p (see Pos), for every pile. */
static void know(const Core *k, Pos *p) {
    if (k->decks == 1 && !p->sorted) {
        sort_piles(k, p, p->order);
        p->sorted = 1;
    }
    for (int i = 0; i < k->P; i++) {
        if (p->blk_known >> i & 1) continue;
        p->blk[i] = (uint8_t)blocked_count(k, pile(p, i), p->len[i]);
        p->blk_known |= 1u << i;
    }
}

/* Whether child, reached from its parent by r, is proved lost: only a deal can make a
 * position dead (dead.py), so only a deal's child is tested; the child of a deal or of a card
 * taken from the waste is then asked of the waste game (waste_lost). Where immovable_test
 * holds, and while prune_immovable has switched it on, every child is asked whether a card
 * of it can never move (immovable.c), then, while prune_stranded has set a limit, whether
 * rule 10 proves it lost (stranded.c). Python twin: kernel.py's Kernel._lost_child. */
int dead_child(Core *k, Raw r, const Pos *child) {
    if (k->immovable_test)
        return k->immovable_on && (immovable(k, child) || stranded_kept(k, child));
    if (!k->runs_only) return 0;
    if (r.src < 0 && is_dead(k, child)) return 1;
    return (r.src < 0 || r.src == WASTE_SRC) && waste_lost(k, child);
}

/* Make k->kids, the searches' buffer of children, if it is not there yet. */
int kids_ready(Core *k) {
    size_t got;
    if (!k->kids) k->kids = spare_take(MAXMOVES * sizeof(Kid), &got);
    return k->kids ? 0 : -1;
}

/* The children of parent not in visited, in move order, into k->kids: their count, or -1
 * on an error. What core_children gives Python, kept in C for the searches. */
int expand(Core *k, const Scorer *s, Pos *parent, KeySet *visited) {
    if (kids_ready(k) < 0) return -1;
    know(k, parent); /* each child works out again only what its move changed */
    FoundInfo fi = *found_info(k, parent->found);
    Raw moves[MAXMOVES];
    int nmoves = generate(k, parent, &fi, moves);
    int n = 0;
    for (int m = 0; m < nmoves; m++) {
        Kid *kid = &k->kids[n];
        copy_pos(&kid->pos, parent);
        step(k, &kid->pos, moves[m], fi.safe, kid->steps, &kid->nsteps);
        kid->keylen = make_key(k, &kid->pos, kid->key);
        kid->hash = hash_bytes(kid->key, kid->keylen);
        if (keyset_find(visited, kid->key, kid->keylen, kid->hash)) continue;
        if (dead_child(k, moves[m], &kid->pos)) continue;
        kid->score = score(s, &kid->pos);
        kid->at = n;
        n++;
    }
    return n;
}

/* A child as core_children hands it to Python. */
typedef struct {
    long score;
    PyObject *key, *pos, *moves;
} Child;

/* Whether the key is in visited (a KeySet, or any container of bytes): 1 or 0, -1 on an
 * error. Where visited is not a KeySet and the key is not there, *key_obj is the key. */
static int visited_has(PyObject *visited, const uint8_t *key, int n, PyObject **key_obj) {
    if (Py_IS_TYPE(visited, &KeySetType))
        return keyset_find((KeySet *)visited, key, n, hash_bytes(key, n));
    *key_obj = PyBytes_FromStringAndSize((const char *)key, n);
    if (!*key_obj) return -1;
    int there = PySequence_Contains(visited, *key_obj);
    if (there) Py_CLEAR(*key_obj);
    return there;
}

/* The children of parent not in visited and not dead, in move order, into kids (without the
 * stock's move unless deals): their count, or -1 on an error. */
static int make_children(Core *k, const Pos *parent, PyObject *visited, const Scorer *scorer,
                         int deals, Child *kids) {
    FoundInfo fi = *found_info(k, parent->found);
    Raw moves[MAXMOVES], steps[MAXSTEPS];
    int nmoves = generate(k, parent, &fi, moves), nkids = 0;
    uint8_t key[KEYMAX];
    for (int m = 0; m < nmoves; m++) {
        if (!deals && moves[m].src < 0) continue;
        Pos child = *parent;
        int nsteps = 0;
        step(k, &child, moves[m], fi.safe, steps, &nsteps);
        int n = make_key(k, &child, key);
        PyObject *key_obj = NULL;
        int there = visited_has(visited, key, n, &key_obj);
        if (there < 0) goto fail;
        if (there) continue;
        if (dead_child(k, moves[m], &child)) {
            Py_XDECREF(key_obj);
            continue;
        }
        Child *kid = &kids[nkids++];
        kid->key = key_obj ? key_obj : PyBytes_FromStringAndSize((const char *)key, n);
        kid->pos = pack(k, &child);
        kid->moves = steps_tuple(steps, nsteps);
        kid->score = score(scorer, &child);
        if (!kid->key || !kid->pos || !kid->moves) goto fail;
    }
    return nkids;
fail:
    for (int i = 0; i < nkids; i++) {
        Py_XDECREF(kids[i].key);
        Py_XDECREF(kids[i].pos);
        Py_XDECREF(kids[i].moves);
    }
    return -1;
}

/* Best first, stable: as list.sort(key=score, reverse=True). */
static void sort_children(Child *kids, int n) {
    for (int i = 1; i < n; i++) {
        Child v = kids[i];
        int j = i - 1;
        while (j >= 0 && kids[j].score < v.score) {
            kids[j + 1] = kids[j];
            j--;
        }
        kids[j + 1] = v;
    }
}

/* The children as a list of (score, key, position, moves) tuples, which take over their
 * references (released on an error). */
static PyObject *children_list(Child *kids, int n) {
    PyObject *out = PyList_New(n);
    for (int i = 0; i < n; i++) {
        PyObject *item = out ? PyTuple_New(4) : NULL;
        PyObject *value = item ? PyLong_FromLong(kids[i].score) : NULL;
        if (!value) {
            Py_XDECREF(item);
            for (int j = i; j < n; j++) {
                Py_DECREF(kids[j].key);
                Py_DECREF(kids[j].pos);
                Py_DECREF(kids[j].moves);
            }
            Py_XDECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(item, 0, value);
        PyTuple_SET_ITEM(item, 1, kids[i].key);
        PyTuple_SET_ITEM(item, 2, kids[i].pos);
        PyTuple_SET_ITEM(item, 3, kids[i].moves);
        PyList_SET_ITEM(out, i, item);
    }
    return out;
}

/* children(pos, visited, scorer, ordered=True, deals=True): kernel.py's Kernel.children. */
PyObject *core_children(Core *k, PyObject *args, PyObject *kwds) {
    static char *names[] = {"pos", "visited", "scorer", "ordered", "deals", NULL};
    PyObject *obj, *visited;
    Scorer *scorer;
    int ordered = 1, deals = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOO!|pp", names, &obj, &visited, &ScorerType,
                                     &scorer, &ordered, &deals))
        return NULL;
    Pos parent;
    if (unpack(k, obj, &parent) < 0) return NULL;
    Child kids[MAXMOVES];
    int n = make_children(k, &parent, visited, scorer, deals, kids);
    if (n < 0) return NULL;
    if (ordered) sort_children(kids, n);
    return children_list(kids, n);
}
