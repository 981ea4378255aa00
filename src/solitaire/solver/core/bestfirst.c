/* Greedy best-first search. Python twin: bestfirst.py (expand).
 */
#include "core.h"

/* best_first's open list: a stack of slots for each score. The highest score is taken first
 * and, within a score, the latest slot pushed: the order by score, then by slot, both highest
 * first. A stack holds its slots in the order pushed, so they rise from bottom to top. Its
 * Ints grows by realloc from 64 slots, not by ints_push, whose first 1,024 and spare blocks
 * suit the few big arrays of a search rather than a stack for every score. */
typedef struct {
    Ints *stacks; /* stacks[i]: the open slots of score lo + i */
    long lo;
    size_t n;      /* how many stacks */
    size_t top;    /* no stack above this one holds a slot */
    size_t count;  /* slots held in all */
} Buckets;


/* Make room for score in b: its stacks cover lo..lo+n-1, and grow, with room to spare, by
 * whole stacks on the side the score is on. */
static int buckets_cover(Buckets *b, long score) {
    if (b->n && score >= b->lo && score < b->lo + (long)b->n) return 0;
    long lo = b->n ? b->lo : score, hi = b->n ? b->lo + (long)b->n : score + 1;
    if (score < lo) lo = score - 64;
    if (score >= hi) hi = score + 65;
    Ints *stacks = calloc((size_t)(hi - lo), sizeof(Ints));
    if (!stacks) {
        PyErr_NoMemory();
        return -1;
    }
    if (b->n) {
        memcpy(stacks + (b->lo - lo), b->stacks, b->n * sizeof(Ints));
        b->top += (size_t)(b->lo - lo);
    }
    free(b->stacks);
    b->stacks = stacks;
    b->lo = lo;
    b->n = (size_t)(hi - lo);
    return 0;
}

static int buckets_push(Buckets *b, long score, int64_t slot) {
    if (buckets_cover(b, score) < 0) return -1;
    size_t i = (size_t)(score - b->lo);
    Ints *s = &b->stacks[i];
    if (s->len == s->cap) {
        int64_t *data = grow(s->data, &s->cap, sizeof(int64_t), 64);
        if (!data) return -1;
        s->data = data;
    }
    s->data[s->len++] = slot;
    if (!b->count || i > b->top) b->top = i;
    b->count++;
    return 0;
}

/* The first slot in the order, taken off; b holds one at least. */
static int64_t buckets_pop(Buckets *b) {
    while (!b->stacks[b->top].len) b->top--;
    b->count--;
    Ints *s = &b->stacks[b->top];
    return s->data[--s->len];
}

/* Keep the first keep slots in the order, and mark the others DEAD in slots. */
static void buckets_cut(Buckets *b, size_t keep, int64_t *slots, int64_t dead) {
    size_t kept = 0;
    for (size_t i = b->count ? b->top + 1 : 0; i-- > 0;) {
        Ints *s = &b->stacks[i];
        size_t stay = keep - kept < s->len ? keep - kept : s->len;
        size_t drop = s->len - stay;
        for (size_t j = 0; j < drop; j++) slots[s->data[j]] = dead;
        memmove(s->data, s->data + drop, stay * sizeof(int64_t));
        s->len = stay;
        kept += stay;
    }
    b->count = kept;
}

static void buckets_free(Buckets *b) {
    for (size_t i = 0; i < b->n; i++) free(b->stacks[i].data);
    free(b->stacks);
}

#define DEAD (-1)

/* One best-first search: its arguments, its counts, its open list and its records. */
typedef struct {
    Core *k;
    Scorer *s;
    KeySet *shared, *visited;
    int alone, complete;
    long long cap, budget;
    double deadline;
    long expanded;
    Bytes recs;      /* the records of the open entries */
    Bytes moves_to;  /* each expanded position: its count of moves, then the moves */
    Ints slots;      /* each entry ever pushed: its record's offset, or DEAD */
    Buckets open;
    Ints parent;     /* each expanded position: its parent's index */
    Ints moves_at;   /* each expanded position: where its moves are in moves_to */
} BestFirst;

/* The root as the first open entry, and as expanded position 0, reached by no move. */
static int push_root(BestFirst *b, Pos *root) {
    if (kids_ready(b->k) < 0) return -1;
    Kid *kid = &b->k->kids[0];
    kid->pos = *root;
    kid->nsteps = 0;
    kid->keylen = make_key(b->k, root, kid->key);
    kid->hash = hash_bytes(kid->key, kid->keylen);
    int64_t at = put_record(b->k, &b->recs, kid, -1);
    if (at < 0 || ints_push(&b->slots, at) < 0 || buckets_push(&b->open, 0, 0) < 0) return -1;
    if (ints_push(&b->parent, -1) < 0 || ints_push(&b->moves_at, 0) < 0) return -1;
    uint8_t *none = bytes_room(&b->moves_to, 1);
    if (!none) return -1;
    none[0] = 0;
    return 0;
}

/* Count r expanded and keep its parent link and moves: its index, or -1 on an error. */
static int64_t keep(BestFirst *b, const Record *r) {
    b->expanded++;
    if (!b->alone && keyset_add(b->shared, r->key, r->keylen, r->hash) < 0) return -1;
    size_t at = b->moves_to.used;
    uint8_t *w = bytes_room(&b->moves_to, 1 + 3 * (size_t)r->nsteps);
    if (!w) return -1;
    w[0] = (uint8_t)r->nsteps;
    memcpy(w + 1, r->steps, 3 * (size_t)r->nsteps);
    if (ints_push(&b->parent, r->parent) < 0 || ints_push(&b->moves_at, (int64_t)at) < 0)
        return -1;
    return (int64_t)b->parent.len - 1;
}

/* The line to expanded position here: each position's moves, from the root's child on. */
static PyObject *won_line(const BestFirst *b, int64_t here) {
    Ints chain = {0};
    PyObject *line = NULL;
    for (int64_t i = here; i > 0; i = b->parent.data[i])
        if (ints_push(&chain, i) < 0) goto done;
    if (!(line = PyList_New(0))) goto done;
    for (size_t c = chain.len; c-- > 0;) {
        const uint8_t *m = b->moves_to.data + b->moves_at.data[chain.data[c]];
        if (append_steps(line, m + 1, m[0]) < 0) {
            Py_CLEAR(line);
            goto done;
        }
    }
done:
    ints_free(&chain);
    return line;
}

/* Push the children of pos (expanded position here) on the open list. */
static int push_children(BestFirst *b, Pos *pos, int64_t here) {
    int n = expand(b->k, b->s, pos, b->visited);
    if (n < 0) return -1;
    for (int i = 0; i < n; i++) {
        int64_t rec = put_record(b->k, &b->recs, &b->k->kids[i], here);
        if (rec < 0) return -1;
        if (buckets_push(&b->open, b->k->kids[i].score, (int64_t)b->slots.len) < 0) return -1;
        if (ints_push(&b->slots, rec) < 0) return -1;
    }
    return 0;
}

/* Cut the open list back to its best half, then copy the records still open down, in slot
 * order, into a new block. From here on the search proves nothing. */
static int cut(BestFirst *b) {
    b->complete = 0;
    buckets_cut(&b->open, (size_t)(b->cap / 2), b->slots.data, DEAD);
    Bytes kept = {0};
    for (size_t i = 0; i < b->slots.len; i++) {
        if (b->slots.data[i] == DEAD) continue;
        Record old;
        get_record(&b->recs, b->slots.data[i], &old);
        size_t size = sizeof(int64_t) + sizeof(uint64_t) + 1 + 3 * (size_t)old.nsteps + 1 +
                      old.keylen + b->k->H;
        Pos tmp;
        unpack_buf(b->k, old.pos, &tmp);
        size += (size_t)tmp.ncards + (size_t)tmp.wlen;
        size_t to = kept.used;
        uint8_t *dst = bytes_room(&kept, size);
        if (!dst) {
            bytes_free(&kept);
            return -1;
        }
        memcpy(dst, b->recs.data + b->slots.data[i], size);
        b->slots.data[i] = (int64_t)to;
    }
    bytes_free(&b->recs);
    b->recs = kept;
    return 0;
}

/* The search from root: "won" (with *line), "lost" or "unknown"; NULL on an error. */
static const char *search(BestFirst *b, Pos *root, PyObject **line) {
    if (push_root(b, root) < 0) return NULL;
    while (b->open.count) {
        if (b->expanded >= b->budget) return "unknown";
        if (b->deadline >= 0 && !(b->expanded % 1024) && monotonic() > b->deadline)
            return "unknown";
        int64_t slot = buckets_pop(&b->open);
        Record r;
        get_record(&b->recs, b->slots.data[slot], &r);
        b->slots.data[slot] = DEAD;
        int added = keyset_add(b->visited, r.key, r.keylen, r.hash);
        if (added < 0) return NULL;
        if (!added) continue; /* expanded already */
        int64_t here = keep(b, &r);
        if (here < 0) return NULL;
        if (r.pos[0] == 0) return (*line = won_line(b, here)) ? "won" : NULL;
        Pos pos;
        unpack_buf(b->k, r.pos, &pos);
        if (push_children(b, &pos, here) < 0) return NULL;
        if ((long long)b->open.count > b->cap && cut(b) < 0) return NULL;
    }
    return b->complete ? "lost" : "unknown";
}

/* best_first(root, scorer, cap, shared, budget, deadline): bestfirst.py's expand,
 * from a fresh search; (result, line, expanded, visited, complete). visited is shared itself
 * when shared was empty. */
PyObject *core_best_first(Core *k, PyObject *args) {
    BestFirst b = {.k = k, .complete = 1};
    PyObject *root_obj, *deadline_obj, *line = NULL, *out = NULL;
    if (!PyArg_ParseTuple(args, "OO!LO!LO", &root_obj, &ScorerType, &b.s, &b.cap, &KeySetType,
                          &b.shared, &b.budget, &deadline_obj))
        return NULL;
    Pos root;
    if (deadline_arg(deadline_obj, &b.deadline) < 0 || unpack(k, root_obj, &root) < 0) return NULL;
    /* The first search of a root (shared still empty) keeps one set: what it expands is then
     * all that shared holds, and it gives shared back as its visited set. */
    b.alone = b.shared->count == 0;
    b.visited = b.alone ? b.shared : keyset_new();
    if (!b.visited) return NULL;
    if (b.alone) Py_INCREF(b.visited);
    const char *what = search(&b, &root, &line);
    if (what) {
        if (!line) line = PyList_New(0);
        if (line)
            out = Py_BuildValue("(sNlOO)", what, line, b.expanded, (PyObject *)b.visited,
                                b.complete ? Py_True : Py_False);
    }
    bytes_free(&b.recs);
    bytes_free(&b.moves_to);
    ints_free(&b.slots);
    buckets_free(&b.open);
    ints_free(&b.parent);
    ints_free(&b.moves_at);
    Py_DECREF(b.visited);
    return out;
}
