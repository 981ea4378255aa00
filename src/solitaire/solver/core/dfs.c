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

/* One depth-first search: its arguments, its counts and its stack.
 *
 * The stack keeps, for each child not tried yet, only the moves that reach it from its
 * frame's position (in recs), and the position of every CHECKPOINT-th frame (packed, in
 * parents). A frame's position is its checkpoint's, with the moves of the record that each
 * frame from there on is exploring played on it; a child's position and key are made again
 * from its frame's position when its turn comes, and are the ones expand made. A deep search
 * (rule 10's cuts send it 100,000 frames down) so keeps about 6 bytes a child and 20 a
 * frame, where a child's key and position took about 150 bytes. */
typedef struct {
    Core *k;
    Scorer *s;
    KeySet *shared, *visited;
    PyObject *draw;
    double noise, deadline;
    long long budget, limit;
    long expanded;
    Bytes recs;    /* each child on the stack: its count of moves, then the moves */
    Bytes parents; /* the position of every CHECKPOINT-th frame, packed */
    Ints frames;   /* each frame: where its first record starts in recs */
    Ints cursor;   /* each frame: where the record it explores (or tries next) starts */
    Ints at;       /* each checkpoint: where its position starts in parents */
    Pos top;       /* the top frame's position, unpacked */
} Dfs;

#define CHECKPOINT 16

/* The bytes the stack holds: its records, its positions and its integers. */
static size_t stack_bytes(const Dfs *d) {
    return d->recs.used + d->parents.used +
           sizeof(int64_t) * (d->frames.len + d->cursor.len + d->at.len);
}

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

/* A child's moves as a record in recs: where it starts, or -1 out of memory. */
static int64_t put_moves(Bytes *recs, const Kid *kid) {
    size_t at = recs->used;
    uint8_t *w = bytes_room(recs, 1 + 3 * (size_t)kid->nsteps);
    if (!w) return -1;
    *w++ = (uint8_t)kid->nsteps;
    for (int i = 0; i < kid->nsteps; i++) {
        *w++ = (uint8_t)kid->steps[i].src;
        *w++ = (uint8_t)kid->steps[i].dst;
        *w++ = kid->steps[i].count;
    }
    return (int64_t)at;
}

/* Play the moves of the record at recs[at] on p. */
static void play_record(const Dfs *d, Pos *p, int64_t at) {
    const uint8_t *m = d->recs.data + at;
    for (int i = 0; i < m[0]; i++) {
        Raw r = {(int8_t)m[1 + 3 * i], (int8_t)m[2 + 3 * i], m[3 + 3 * i]};
        play(d->k, p, r);
    }
}

/* Expand pos (packed in packed, len bytes) and push its children, ranked, as a new frame;
 * d->top becomes pos. */
static int push_frame(Dfs *d, Pos *pos, const uint8_t *packed, int len) {
    int n = expand(d->k, d->s, pos, d->visited);
    if (n < 0 || rank_kids(d->k, n, d->draw, d->noise) < 0) return -1;
    if (d->frames.len % CHECKPOINT == 0) {
        if (ints_push(&d->at, (int64_t)d->parents.used) < 0) return -1;
        uint8_t *w = bytes_room(&d->parents, (size_t)len);
        if (!w) return -1;
        memcpy(w, packed, (size_t)len);
    }
    if (ints_push(&d->frames, (int64_t)d->recs.used) < 0 ||
        ints_push(&d->cursor, (int64_t)d->recs.used) < 0)
        return -1;
    for (int i = 0; i < n; i++)
        if (put_moves(&d->recs, &d->k->kids[i]) < 0) return -1;
    copy_pos(&d->top, pos);
    size_t bytes = stack_bytes(d);
    if (bytes > d->k->stack_bytes) {
        d->k->stack_bytes = bytes;
        d->k->stack_depth = (long)d->frames.len;
    }
    return 0;
}

/* Drop the top frame, its records with it; the frame below goes on to its next record, and
 * d->top becomes its position: its checkpoint's, with the records the frames between
 * explore played on it. */
static void pop_frame(Dfs *d) {
    size_t f = d->frames.len - 1;
    d->recs.used = (size_t)d->frames.data[f];
    if (f % CHECKPOINT == 0) {
        d->at.len--;
        d->parents.used = (size_t)d->at.data[d->at.len];
    }
    d->frames.len--;
    d->cursor.len--;
    if (!f) return;
    int64_t *cursor = &d->cursor.data[f - 1];
    *cursor += 1 + 3 * d->recs.data[*cursor];
    size_t from = (f - 1) / CHECKPOINT * CHECKPOINT;
    unpack_buf(d->k, d->parents.data + d->at.data[d->at.len - 1], &d->top);
    for (size_t i = from; i < f - 1; i++) play_record(d, &d->top, d->cursor.data[i]);
}

/* The child of the top frame that the moves at recs[at] reach, packed into packed (its
 * length is returned), then unpacked into child, with its key and hash: as expand made it,
 * played from the same position and laid out afresh as a popped record was. */
static int make_child(Dfs *d, int64_t at, Pos *child, uint8_t *packed, uint8_t *key,
                      int *keylen, uint64_t *hash) {
    Pos played;
    copy_pos(&played, &d->top);
    play_record(d, &played, at);
    int len = pack_buf(d->k, &played, packed);
    unpack_buf(d->k, packed, child);
    *keylen = make_key(d->k, child, key);
    *hash = hash_bytes(key, (size_t)*keylen);
    return len;
}

/* Whether the search goes on to expand the child with this key: 1, with the key added to
 * visited (and to shared, for a unit of budget, where it is new); 0 when the clock, the
 * limit or the budget stops the search first; -1 on an error. */
static int admit(Dfs *d, const uint8_t *key, int keylen, uint64_t hash) {
    if (!(d->visited->count % 1024) && d->deadline >= 0 && monotonic() > d->deadline) return 0;
    if ((long long)d->visited->count >= d->limit) return 0;
    if (!keyset_find(d->shared, key, keylen, hash)) {
        if (d->expanded >= d->budget) return 0;
        if (keyset_add(d->shared, key, keylen, hash) < 0) return -1;
        d->expanded++;
    }
    return keyset_add(d->visited, key, keylen, hash) < 0 ? -1 : 1;
}

/* The moves of the record at recs[at], appended to line: 0, or -1 on an error. */
static int append_record(const Dfs *d, PyObject *line, int64_t at) {
    const uint8_t *m = d->recs.data + at;
    return append_steps(line, m + 1, m[0]);
}

/* The winning line: the moves of the record each frame explores, the top frame's last. */
static PyObject *won_line(const Dfs *d) {
    PyObject *line = PyList_New(0);
    if (!line) return NULL;
    for (size_t i = 0; i < d->cursor.len; i++)
        if (append_record(d, line, d->cursor.data[i]) < 0) {
            Py_DECREF(line);
            return NULL;
        }
    return line;
}

/* The search from root: "won" (with *line), "lost" or "unknown"; NULL on an error. */
static const char *search(Dfs *d, Pos *root, PyObject **line) {
    uint8_t packed[HEADMAX + 2 * MAXCARDS], key[KEYMAX];
    int len = pack_buf(d->k, root, packed), keylen;
    uint64_t hash;
    if (visit_root(d, root) < 0 || push_frame(d, root, packed, len) < 0) return NULL;
    while (d->frames.len) {
        int64_t *cursor = &d->cursor.data[d->frames.len - 1];
        if ((size_t)*cursor >= d->recs.used) { /* the top frame's records end the stack */
            pop_frame(d);
            continue;
        }
        Pos pos;
        len = make_child(d, *cursor, &pos, packed, key, &keylen, &hash);
        if (keyset_find(d->visited, key, keylen, hash)) {
            *cursor += 1 + 3 * d->recs.data[*cursor];
            continue;
        }
        if (pos.left == 0) return (*line = won_line(d)) ? "won" : NULL;
        int go = admit(d, key, keylen, hash);
        if (go <= 0) return go < 0 ? NULL : "unknown";
        if (push_frame(d, &pos, packed, len) < 0) return NULL; /* the cursor stays */
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
    k->stack_bytes = 0;
    k->stack_depth = 0;
    const char *what = search(&d, &root, &line);
    if (what) {
        if (!line) line = PyList_New(0);
        if (line) out = Py_BuildValue("(slNO)", what, d.expanded, line, (PyObject *)d.visited);
    }
    bytes_free(&d.recs);
    bytes_free(&d.parents);
    ints_free(&d.at);
    ints_free(&d.frames);
    ints_free(&d.cursor);
    Py_DECREF(d.visited);
    return out;
}
