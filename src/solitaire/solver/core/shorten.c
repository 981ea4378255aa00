/* A winning line made shorter. Python twin: shorten.py.
 */
#include "core.h"

/* A position of the line, packed, in a table of the line's positions by exact bytes. */
typedef struct {
    uint64_t hash, head; /* of the bytes, and of their first k->H (no card of a pile) */
    int len;
    int index; /* the last index of the line at which this position stands */
    uint8_t bytes[HEADMAX + 2 * MAXCARDS];
} Stop;


static int stop_find(const Stop *stops, const int *table, size_t mask, const uint8_t *b, int n,
                     uint64_t h) {
    for (size_t i = h & mask; table[i] >= 0; i = (i + 1) & mask) {
        const Stop *s = &stops[table[i]];
        if (s->hash == h && s->len == n && memcmp(s->bytes, b, n) == 0) return table[i];
    }
    return -1;
}

/* The line's positions, stops[i] the one after i moves, in tables by exact bytes (table,
 * whose slot finds each position's last stop) and by the first k->H bytes (heads). */
typedef struct {
    Stop *stops;
    Raw *raws; /* the line's moves */
    int *table;
    uint64_t *heads; /* the heads of the stops, 0: free */
    size_t size;     /* of table and heads, a power of 2 */
} Line;

/* The slot of head in heads: where it is, or the free slot where it would go. */
static size_t head_slot(const Line *l, uint64_t head) {
    size_t h = head & (l->size - 1);
    while (l->heads[h] && l->heads[h] != head) h = (h + 1) & (l->size - 1);
    return h;
}

/* Play the n moves of line from p, and keep each position as a stop. */
static int walk(const Core *k, Line *l, Pos *p, PyObject *line, Py_ssize_t n) {
    for (Py_ssize_t i = 0; i <= n; i++) {
        if (i > 0) {
            if (raw_arg(PyList_GET_ITEM(line, i - 1), &l->raws[i - 1]) < 0) return -1;
            play(k, p, l->raws[i - 1]);
        }
        Stop *s = &l->stops[i];
        s->len = pack_buf(k, p, s->bytes);
        s->hash = hash_bytes(s->bytes, s->len);
        s->head = hash_bytes(s->bytes, k->H);
        s->index = (int)i;
        l->heads[head_slot(l, s->head)] = s->head;
        int at = stop_find(l->stops, l->table, l->size - 1, s->bytes, s->len, s->hash);
        if (at >= 0) {
            l->stops[at].index = (int)i;
            continue;
        }
        size_t j = s->hash & (l->size - 1);
        while (l->table[j] >= 0) j = (j + 1) & (l->size - 1);
        l->table[j] = (int)i;
    }
    return 0;
}

/* From the stop at index, the move that lands furthest along the line (the line's own next
 * move at worst): *best_raw, and the index of the stop it lands on. */
static int furthest(Core *k, const Line *l, int index, Raw *best_raw) {
    Pos here;
    unpack_buf(k, l->stops[index].bytes, &here);
    int best = index + 1;
    *best_raw = l->raws[index];
    Raw moves[MAXMOVES];
    uint8_t b[HEADMAX + 2 * MAXCARDS];
    int nmoves = generate(k, &here, found_info(k, here.found), moves);
    for (int m = 0; m < nmoves; m++) {
        Pos child = here;
        play(k, &child, moves[m]);
        /* most children differ from every stop in a pile's length or the foundations */
        pack_head(k, &child, b);
        if (!l->heads[head_slot(l, hash_bytes(b, k->H))]) continue;
        int len = pack_buf(k, &child, b);
        int at = stop_find(l->stops, l->table, l->size - 1, b, len, hash_bytes(b, len));
        if (at >= 0 && l->stops[at].index > best) {
            best = l->stops[at].index;
            *best_raw = moves[m];
        }
    }
    return best;
}

/* shorten(pos, line): shorten.py's raw_shorten on the core, the same raw moves. */
PyObject *core_shorten(Core *k, PyObject *args) {
    PyObject *obj, *line, *out = NULL;
    if (!PyArg_ParseTuple(args, "OO!", &obj, &PyList_Type, &line)) return NULL;
    Pos p;
    if (unpack(k, obj, &p) < 0) return NULL;
    Py_ssize_t n = PyList_GET_SIZE(line);
    Line l = {.size = 16};
    while (l.size < 2 * (size_t)(n + 1)) l.size *= 2;
    l.stops = malloc((size_t)(n + 1) * sizeof(Stop));
    l.raws = malloc((size_t)(n + 1) * sizeof(Raw));
    l.table = malloc(l.size * sizeof(int));
    l.heads = calloc(l.size, sizeof(uint64_t));
    if (!l.stops || !l.raws || !l.table || !l.heads) {
        PyErr_NoMemory();
        goto done;
    }
    memset(l.table, -1, l.size * sizeof(int));
    if (walk(k, &l, &p, line, n) < 0 || !(out = PyList_New(0))) goto done;
    for (int index = 0; index < n;) {
        Raw best_raw;
        index = furthest(k, &l, index, &best_raw);
        PyObject *raw = raw_tuple(best_raw);
        if (!raw || PyList_Append(out, raw) < 0) {
            Py_XDECREF(raw);
            Py_CLEAR(out);
            goto done;
        }
        Py_DECREF(raw);
    }
done:
    free(l.stops);
    free(l.raws);
    free(l.table);
    free(l.heads);
    return out;
}
