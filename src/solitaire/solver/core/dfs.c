/* Depth-first search and the randomised probes. Python twin: depthfirst.py (expand).
 */
#include "core.h"

static int by_score(const void *a, const void *b) {
    const Kid *x = a, *y = b;
    if (x->score != y->score) return x->score < y->score ? 1 : -1;
    return x->at - y->at; /* stable: as list.sort(reverse=True) */
}

static int by_noise(const void *a, const void *b) {
    const Kid *x = a, *y = b;
    if (x->noisy != y->noisy) return x->noisy < y->noisy ? 1 : -1;
    return y->at - x->at; /* (noisy, at) tuples sorted in reverse */
}

/* Rank k->kids[0..n): by score, or by score plus draw() * noise (a probe). */
static int rank_kids(Core *k, int n, PyObject *draw, double noise) {
    if (draw == Py_None) {
        qsort(k->kids, n, sizeof(Kid), by_score);
        return 0;
    }
    for (int i = 0; i < n; i++) {
        PyObject *r = PyObject_CallNoArgs(draw);
        if (!r) return -1;
        double x = PyFloat_AsDouble(r);
        Py_DECREF(r);
        if (x == -1.0 && PyErr_Occurred()) return -1;
        k->kids[i].noisy = (double)k->kids[i].score + x * noise;
    }
    qsort(k->kids, n, sizeof(Kid), by_noise);
    return 0;
}

/* One depth-first search: its arguments, its counts and its stack. */
typedef struct {
    Core *k;
    Scorer *s;
    KeySet *shared, *visited;
    PyObject *draw;
    double noise, deadline;
    long long budget, limit;
    long expanded;
    Bytes recs;   /* the records of the children on the stack */
    Ints offs;    /* every record on the stack, by frame */
    Ints frames;  /* each frame: index of its first record in offs */
    Ints cursor;  /* each frame: index of its next record */
    Ints path;    /* the record each frame after the first was expanded from */
} Dfs;

/* The root's key goes in visited, and in shared (a unit of budget) if it is new there. */
static int visit_root(Dfs *d, Pos *root) {
    uint8_t key[KEYMAX];
    int keylen = make_key(d->k, root, key);
    uint64_t h = hash_bytes(key, keylen);
    if (keyset_add(d->visited, key, keylen, h) < 0) return -1;
    if (keyset_find(d->shared, key, keylen, h)) return 0;
    if (keyset_add(d->shared, key, keylen, h) < 0) return -1;
    d->expanded = 1;
    return 0;
}

/* Expand pos and push its children, ranked, as a new frame. */
static int push_frame(Dfs *d, Pos *pos) {
    int n = expand(d->k, d->s, pos, d->visited);
    if (n < 0 || rank_kids(d->k, n, d->draw, d->noise) < 0) return -1;
    if (ints_push(&d->frames, (int64_t)d->offs.len) < 0 ||
        ints_push(&d->cursor, (int64_t)d->offs.len) < 0)
        return -1;
    for (int i = 0; i < n; i++) {
        int64_t at = put_record(d->k, &d->recs, &d->k->kids[i], -1);
        if (at < 0 || ints_push(&d->offs, at) < 0) return -1;
    }
    return 0;
}

/* Drop the top frame, its records with it. */
static void pop_frame(Dfs *d) {
    size_t first = (size_t)d->frames.data[d->frames.len - 1];
    d->recs.used = first < d->offs.len ? (size_t)d->offs.data[first] : d->recs.used;
    d->offs.len = first;
    d->frames.len--;
    d->cursor.len--;
    if (d->path.len) d->path.len--;
}

/* Whether the search goes on to expand r: 1, with r's key added to visited (and to shared,
 * for a unit of budget, where it is new); 0 when the clock, the limit or the budget stops
 * the search first; -1 on an error. */
static int admit(Dfs *d, const Record *r) {
    if (!(d->visited->count % 1024) && d->deadline >= 0 && monotonic() > d->deadline) return 0;
    if ((long long)d->visited->count >= d->limit) return 0;
    if (!keyset_find(d->shared, r->key, r->keylen, r->hash)) {
        if (d->expanded >= d->budget) return 0;
        if (keyset_add(d->shared, r->key, r->keylen, r->hash) < 0) return -1;
        d->expanded++;
    }
    return keyset_add(d->visited, r->key, r->keylen, r->hash) < 0 ? -1 : 1;
}

/* The winning line: the moves to each record on the path, then r's. */
static PyObject *won_line(const Dfs *d, const Record *r) {
    PyObject *line = PyList_New(0);
    if (!line) return NULL;
    for (size_t i = 0; i < d->path.len; i++) {
        Record step_rec;
        get_record(&d->recs, d->path.data[i], &step_rec);
        if (append_steps(line, step_rec.steps, step_rec.nsteps) < 0) goto fail;
    }
    if (append_steps(line, r->steps, r->nsteps) == 0) return line;
fail:
    Py_DECREF(line);
    return NULL;
}

/* The search from root: "won" (with *line), "lost" or "unknown"; NULL on an error. */
static const char *search(Dfs *d, Pos *root, PyObject **line) {
    if (visit_root(d, root) < 0 || push_frame(d, root) < 0) return NULL;
    while (d->frames.len) {
        size_t f = d->frames.len - 1;
        size_t end = f + 1 < d->frames.len ? (size_t)d->frames.data[f + 1] : d->offs.len;
        if ((size_t)d->cursor.data[f] >= end) {
            pop_frame(d);
            continue;
        }
        int64_t at = d->offs.data[d->cursor.data[f]++];
        Record r;
        get_record(&d->recs, at, &r);
        if (keyset_find(d->visited, r.key, r.keylen, r.hash)) continue;
        if (r.pos[0] == 0) return (*line = won_line(d, &r)) ? "won" : NULL;
        int go = admit(d, &r);
        if (go <= 0) return go < 0 ? NULL : "unknown";
        Pos pos;
        unpack_buf(d->k, r.pos, &pos);
        if (ints_push(&d->path, at) < 0 || push_frame(d, &pos) < 0) return NULL;
    }
    return "lost";
}

/* dfs(root, scorer, budget, deadline, shared, draw, noise, limit): depthfirst.py's expand,
 * (result, new positions, line, visited). */
PyObject *core_dfs(Core *k, PyObject *args) {
    Dfs d = {.k = k};
    PyObject *root_obj, *deadline_obj, *line = NULL, *out = NULL;
    if (!PyArg_ParseTuple(args, "OO!LOO!OdL", &root_obj, &ScorerType, &d.s, &d.budget,
                          &deadline_obj, &KeySetType, &d.shared, &d.draw, &d.noise, &d.limit))
        return NULL;
    Pos root;
    if (deadline_arg(deadline_obj, &d.deadline) < 0 || unpack(k, root_obj, &root) < 0) return NULL;
    if (!(d.visited = keyset_new())) return NULL;
    const char *what = search(&d, &root, &line);
    if (what) {
        if (!line) line = PyList_New(0);
        if (line) out = Py_BuildValue("(slNO)", what, d.expanded, line, (PyObject *)d.visited);
    }
    bytes_free(&d.recs);
    ints_free(&d.offs);
    ints_free(&d.frames);
    ints_free(&d.cursor);
    ints_free(&d.path);
    Py_DECREF(d.visited);
    return out;
}
