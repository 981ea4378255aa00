/* The beam search by stock card, up to its last level. Python twin: stockbeam.py
 * (stockbeam.expand).
 */
#include "core.h"

typedef struct {
    int64_t score, tie;
    size_t off; /* its record in the look-ahead's arena: moves, then the packed position */
} Open;


static int open_less(const Open *a, const Open *b) {
    return a->score < b->score || (a->score == b->score && a->tie < b->tie);
}

typedef struct {
    Open *data;
    size_t len, cap;
} Opens;


static int opens_push(Opens *h, Open v) {
    if (h->len == h->cap) {
        Open *data = grow(h->data, &h->cap, sizeof(Open), 256);
        if (!data) return -1;
        h->data = data;
    }
    size_t i = h->len++;
    while (i) {
        size_t up = (i - 1) / 2;
        if (!open_less(&v, &h->data[up])) break;
        h->data[i] = h->data[up];
        i = up;
    }
    h->data[i] = v;
    return 0;
}

static Open opens_pop(Opens *h) {
    Open top = h->data[0], last = h->data[--h->len];
    size_t n = h->len, i = 0;
    if (n) {
        for (;;) {
            size_t c = 2 * i + 1;
            if (c >= n) break;
            if (c + 1 < n && open_less(&h->data[c + 1], &h->data[c])) c++;
            if (!open_less(&h->data[c], &last)) break;
            h->data[i] = h->data[c];
            i = c;
        }
        h->data[i] = last;
    }
    return top;
}

/* A line of moves kept in an arena: [count as 4 bytes][count raw moves of 3 bytes]. */
static size_t put_line(Bytes *b, const uint8_t *a, int na, const uint8_t *c, int nc,
                       const Raw *d, int nd) {
    size_t at = b->used;
    uint8_t *w = bytes_room(b, 4 + 3 * (size_t)(na + nc + nd));
    if (!w) return (size_t)-1;
    uint32_t n = (uint32_t)(na + nc + nd);
    memcpy(w, &n, 4);
    w += 4;
    memcpy(w, a, 3 * (size_t)na);
    w += 3 * na;
    memcpy(w, c, 3 * (size_t)nc);
    w += 3 * nc;
    for (int i = 0; i < nd; i++) {
        *w++ = (uint8_t)d[i].src;
        *w++ = (uint8_t)d[i].dst;
        *w++ = d[i].count;
    }
    return at;
}

typedef struct {
    Pos pos;
    size_t line; /* in the lines arena */
    long score;
    int at;
} Beamed;


static int by_beam_score(const void *a, const void *b) {
    const Beamed *x = a, *y = b;
    if (x->score != y->score) return x->score < y->score ? 1 : -1;
    return x->at - y->at;
}

static int beamed_push(Beamed **a, size_t *len, size_t *cap, const Beamed *v) {
    if (*len == *cap) {
        size_t size = *cap ? *cap * 2 : 64;
        Beamed *data = realloc(*a, size * sizeof(Beamed));
        if (!data) {
            PyErr_NoMemory();
            return -1;
        }
        *a = data;
        *cap = size;
    }
    (*a)[(*len)++] = *v;
    return 0;
}

static PyObject *line_list(const Bytes *lines, size_t at, const uint8_t *more, int nmore) {
    uint32_t n;
    memcpy(&n, lines->data + at, 4);
    PyObject *line = PyList_New(0);
    if (!line) return NULL;
    if (append_steps(line, lines->data + at + 4, (int)n) < 0 ||
        append_steps(line, more, nmore) < 0) {
        Py_DECREF(line);
        return NULL;
    }
    return line;
}

/* One beam search: its arguments, its levels and the look-ahead's buffers. */
typedef struct {
    Core *k;
    Scorer *s;
    KeySet *shared;
    long long budget;
    double deadline;
    int width, local;
    long expanded;
    Bytes lines;               /* the lines of this level's positions and of those dealt */
    Bytes arena;               /* the look-ahead's records: moves, then the packed position */
    Beamed *level, *dealt;     /* this level's positions, and those dealt from them */
    size_t nlevel, caplevel, ndealt, capdealt;
    Opens heap;                /* the look-ahead's open list */
    Pos *out;                  /* the positions a look-ahead reached, local at most */
    size_t *out_moves;         /* where their records are in the arena */
    int nout;
    KeySet *seen, *dealt_keys; /* this level's positions looked through, and dealt */
} Beam;

#define NONE ((size_t)-1)

/* A look-ahead record in the arena, opened with score and tie: the moves of the record at
 * from (none if from is NONE), then steps, then pos. */
static int push_ahead(Beam *b, size_t from, const Raw *steps, int nsteps, const Pos *pos,
                      int64_t score, int64_t tie) {
    uint32_t before = 0;
    if (from != NONE) memcpy(&before, b->arena.data + from, 4);
    uint32_t total = before + (uint32_t)nsteps;
    size_t off = b->arena.used;
    uint8_t *w = bytes_room(&b->arena, 4 + 3 * (size_t)total + HEADMAX + 2 * MAXCARDS);
    if (!w) return -1;
    memcpy(w, &total, 4);
    if (before) memcpy(w + 4, b->arena.data + from + 4, 3 * (size_t)before);
    uint8_t *m = w + 4 + 3 * (size_t)before;
    for (int j = 0; j < nsteps; j++) {
        *m++ = (uint8_t)steps[j].src;
        *m++ = (uint8_t)steps[j].dst;
        *m++ = steps[j].count;
    }
    b->arena.used = (size_t)(m - b->arena.data) + (size_t)pack_buf(b->k, pos, m);
    Open o = {score, tie, off};
    return opens_push(&b->heap, o);
}

/* Whether pos is new to this level's look-aheads: then its key goes in seen and in shared,
 * and it counts as expanded. -1 on an error. */
static int see(Beam *b, Pos *pos) {
    uint8_t key[KEYMAX];
    int keylen = make_key(b->k, pos, key);
    uint64_t h = hash_bytes(key, keylen);
    if (keyset_find(b->seen, key, keylen, h)) return 0;
    if (keyset_add(b->seen, key, keylen, h) < 0 || keyset_add(b->shared, key, keylen, h) < 0)
        return -1;
    b->expanded++;
    return 1;
}

/* The look-ahead from start: best first through at most b->local positions, by the moves
 * that do not deal. The positions reached go to b->out, their records' offsets to
 * b->out_moves. */
static int look_ahead(Beam *b, const Pos *start) {
    int64_t tie = 0;
    b->nout = 0;
    b->heap.len = 0;
    b->arena.used = 0;
    if (push_ahead(b, NONE, NULL, 0, start, 0, 0) < 0) return -1;
    while (b->heap.len && b->nout < b->local && b->expanded < b->budget) {
        Open o = opens_pop(&b->heap);
        uint32_t nm;
        memcpy(&nm, b->arena.data + o.off, 4);
        Pos pos;
        unpack_buf(b->k, b->arena.data + o.off + 4 + 3 * (size_t)nm, &pos);
        int fresh = see(b, &pos);
        if (fresh < 0) return -1;
        if (!fresh) continue;
        b->out[b->nout] = pos;
        b->out_moves[b->nout++] = o.off;
        if (pos.left == 0) break;
        int n = expand(b->k, b->s, &pos, b->seen);
        if (n < 0) return -1;
        for (int i = 0; i < n; i++) {
            const Kid *kid = &b->k->kids[i];
            if (kid->steps[0].src < 0) continue; /* no deals here */
            if (push_ahead(b, o.off, kid->steps, kid->nsteps, &kid->pos, -kid->score, ++tie) < 0)
                return -1;
        }
    }
    return 0;
}

/* Deal one card from reached (reached from level entry e by nm moves) and play the safe
 * moves: the position joins b->dealt unless it is dead or this level dealt it already. */
static int deal_from(Beam *b, size_t e, const Pos *reached, const uint8_t *moves, int nm) {
    Beamed child;
    child.pos = *reached;
    Raw deal[MAXSTEPS];
    Raw dealmove = {-1, -1, 0};
    play(b->k, &child.pos, dealmove);
    deal[0] = dealmove;
    int ndeal = 1;
    close_pos(b->k, &child.pos, deal, &ndeal);
    if (dead_child(b->k, dealmove, &child.pos)) return 0;
    uint8_t key[KEYMAX];
    int keylen = make_key(b->k, &child.pos, key);
    int added = keyset_add(b->dealt_keys, key, keylen, hash_bytes(key, keylen));
    if (added <= 0) return added;
    uint32_t nbase;
    memcpy(&nbase, b->lines.data + b->level[e].line, 4);
    /* the arena may move while the line is copied: copy the base line first */
    uint8_t *base = malloc(3 * (size_t)nbase + 1);
    if (!base) {
        PyErr_NoMemory();
        return -1;
    }
    memcpy(base, b->lines.data + b->level[e].line + 4, 3 * (size_t)nbase);
    child.line = put_line(&b->lines, base, (int)nbase, moves, nm, deal, ndeal);
    free(base);
    if (child.line == NONE) return -1;
    child.score = score(b->s, &child.pos);
    child.at = (int)b->ndealt;
    return beamed_push(&b->dealt, &b->ndealt, &b->capdealt, &child);
}

/* Deal from every position the look-ahead from level entry e reached: 1 and *line when one
 * of them is won, 0 when none, -1 on an error. */
static int deal_out(Beam *b, size_t e, PyObject **line) {
    for (int r = 0; r < b->nout; r++) {
        uint32_t nm;
        memcpy(&nm, b->arena.data + b->out_moves[r], 4);
        const uint8_t *moves = b->arena.data + b->out_moves[r] + 4;
        if (b->out[r].left == 0) {
            *line = line_list(&b->lines, b->level[e].line, moves, (int)nm);
            return *line ? 1 : -1;
        }
        if (deal_from(b, e, &b->out[r], moves, (int)nm) < 0) return -1;
    }
    return 0;
}

/* The next level: the b->width best positions dealt, their lines copied out of the lines'
 * arena, which starts again. */
static int next_level(Beam *b) {
    qsort(b->dealt, b->ndealt, sizeof(Beamed), by_beam_score);
    b->nlevel = b->ndealt < (size_t)b->width ? b->ndealt : (size_t)b->width;
    Bytes kept = {0};
    for (size_t i = 0; i < b->nlevel; i++) {
        uint32_t n;
        memcpy(&n, b->lines.data + b->dealt[i].line, 4);
        size_t at = put_line(&kept, b->lines.data + b->dealt[i].line + 4, (int)n, NULL, 0, NULL, 0);
        if (at == NONE) {
            bytes_free(&kept);
            return -1;
        }
        b->dealt[i].line = at;
    }
    bytes_free(&b->lines);
    b->lines = kept;
    Beamed *swap = b->level;
    size_t swapcap = b->caplevel;
    b->level = b->dealt;
    b->caplevel = b->capdealt;
    b->dealt = swap;
    b->capdealt = swapcap;
    return 0;
}

/* ("level", [], expanded, [(position, line), ...]): the last level, the stock out. */
static PyObject *last_level(const Beam *b) {
    PyObject *last = PyList_New((Py_ssize_t)b->nlevel);
    if (!last) return NULL;
    for (size_t i = 0; i < b->nlevel; i++) {
        PyObject *line = line_list(&b->lines, b->level[i].line, NULL, 0);
        PyObject *pos = pack(b->k, &b->level[i].pos);
        PyObject *item = (line && pos) ? PyTuple_Pack(2, pos, line) : NULL;
        Py_XDECREF(line);
        Py_XDECREF(pos);
        if (!item) {
            Py_DECREF(last);
            return NULL;
        }
        PyList_SET_ITEM(last, (Py_ssize_t)i, item);
    }
    return Py_BuildValue("(s[]lN)", "level", b->expanded, last);
}

/* The levels, until a win, "unknown", or the stock's last level: beam()'s answer. */
static PyObject *levels(Beam *b) {
    PyObject *line = NULL;
    while (b->level[0].pos.stock) {
        Py_XSETREF(b->seen, keyset_new());
        Py_XSETREF(b->dealt_keys, keyset_new());
        if (!b->seen || !b->dealt_keys) return NULL;
        b->ndealt = 0;
        for (size_t e = 0; e < b->nlevel; e++) {
            if (look_ahead(b, &b->level[e].pos) < 0) return NULL;
            int won = deal_out(b, e, &line);
            if (won < 0) return NULL;
            if (won) return Py_BuildValue("(sNl[])", "won", line, b->expanded);
            if (b->expanded >= b->budget || (b->deadline >= 0 && monotonic() > b->deadline))
                return Py_BuildValue("(s[]l[])", "unknown", b->expanded);
        }
        if (!b->ndealt) return Py_BuildValue("(s[]l[])", "unknown", b->expanded);
        if (next_level(b) < 0) return NULL;
    }
    return last_level(b);
}

/* beam(root, scorer, shared, budget, deadline, width, local): StockBeam.run up to the last
 * level: ("won", line, expanded, []), ("unknown", [], expanded, []), or ("level", [],
 * expanded, [(position, line), ...]) when the stock is out, for StockBeam._finish. */
PyObject *core_beam(Core *k, PyObject *args) {
    Beam b = {.k = k};
    PyObject *root_obj, *deadline_obj, *out = NULL;
    if (!PyArg_ParseTuple(args, "OO!O!LOii", &root_obj, &ScorerType, &b.s, &KeySetType,
                          &b.shared, &b.budget, &deadline_obj, &b.width, &b.local))
        return NULL;
    Beamed first = {.score = 0, .at = 0};
    if (deadline_arg(deadline_obj, &b.deadline) < 0 || unpack(k, root_obj, &first.pos) < 0)
        return NULL;
    if (kids_ready(k) < 0) return NULL;
    b.out = malloc((size_t)b.local * sizeof(Pos));
    b.out_moves = malloc((size_t)b.local * sizeof(size_t));
    if (!b.out || !b.out_moves)
        PyErr_NoMemory();
    else if ((first.line = put_line(&b.lines, NULL, 0, NULL, 0, NULL, 0)) != NONE &&
             beamed_push(&b.level, &b.nlevel, &b.caplevel, &first) == 0)
        out = levels(&b);
    bytes_free(&b.lines);
    bytes_free(&b.arena);
    free(b.level);
    free(b.dealt);
    free(b.heap.data);
    free(b.out);
    free(b.out_moves);
    Py_XDECREF(b.seen);
    Py_XDECREF(b.dealt_keys);
    return out;
}
