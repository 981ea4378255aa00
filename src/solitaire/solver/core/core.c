/* The solver's core in C: positions, the canonical key, move generation, play, the safe
 * foundation moves, scores, and a set of keys, on fixed-size arrays of card bytes.
 *
 * It is a line-by-line translation of the Python kernel (kernel.py, lookup.py, moves.py,
 * scoring.py): the same moves in the same order, the same play, the same safe moves, the
 * same scores, and a key that tells apart exactly the positions the Python key tells
 * apart. So a search on it expands the same positions in the same order and finds the same
 * lines (tests/test_compiled.py, tests/test_solver_core.py). It reads only tables that
 * native.py derives from the game's Rules, and never asks which game it is.
 *
 * A position crosses into Python as a bytes object: left, stock, waste length, each pile's
 * length, each foundation's top card (255: empty), each free cell (255: free), then the
 * piles' cards bottom to top, pile after pile, then the waste's. Raw moves are the Python
 * kernel's (src, dst, count) tuples.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#define MAXP 16     /* tableau piles */
#define MAXF 8      /* foundations */
#define MAXC 4      /* free cells */
#define MAXCARDS 104
#define MAXSTOCK 128
#define MAXMOVES 1024
#define MAXSTEPS 128 /* moves in one child: the move and the safe moves after it */
#define EMPTY 255
#define CELL0 32
#define WASTE_SRC 48
#define FOUND0 64
#define NO_TOP (52 * 52)
#define KEYMAX (MAXP + MAXCARDS + 1 + MAXC + 8 + 8) /* + 8: make_key copies 8 bytes at a time */
#define HEADMAX (3 + MAXP + MAXF + MAXC)

typedef struct {
    int8_t src, dst;
    uint8_t count;
} Raw;

typedef struct {
    int left, stock, wlen, ncards;
    uint8_t len[MAXP];
    uint8_t off[MAXP + 1]; /* where each pile starts in cards; off[P] == ncards */
    int found[MAXF];       /* top card, -1 while empty */
    uint8_t cells[MAXC];
    /* what make_key and score work out, kept while the piles they depend on stay: the
     * piles in key order while sorted (one deck only), each pile's blocked count while its
     * bit of blk_known is set; take and lay forget them, and zero is "not known" */
    uint8_t sorted;
    uint8_t order[MAXP];
    uint32_t blk_known;
    uint8_t blk[MAXP];
    uint8_t cards[MAXCARDS];
    uint8_t waste[MAXCARDS];
} Pos;

typedef struct {
    int8_t want[52];  /* first foundation that takes the card, -1: none */
    uint8_t safe[52]; /* 1: the card may go home with no loss */
    int any_safe;
} FoundInfo;

/* ------------------------------------------------------------------ spare blocks */

/* The blocks the searches and sets of keys free, kept for the next ones: a small solve then
 * works in memory already mapped instead of faulting in fresh pages, which cost it about a
 * tenth of its time. At most SPARES blocks of SPARE_BYTES in all are kept; a bigger block
 * (a large search's) goes back to the system. The GIL guards them. */
#define SPARES 16
#define SPARE_BYTES (16u << 20)

static struct {
    void *data;
    size_t size;
} spares[SPARES];
static size_t spare_bytes;

/* A block of at least want bytes, *got of them: the smallest kept one that is big enough,
 * else a new one. NULL, with MemoryError set, when there is no memory. */
static void *spare_take(size_t want, size_t *got) {
    int best = -1;
    for (int i = 0; i < SPARES; i++)
        if (spares[i].data && spares[i].size >= want &&
            (best < 0 || spares[i].size < spares[best].size))
            best = i;
    if (best >= 0) {
        void *data = spares[best].data;
        *got = spares[best].size;
        spare_bytes -= *got;
        spares[best].data = NULL;
        return data;
    }
    void *data = malloc(want ? want : 1);
    if (!data) {
        PyErr_NoMemory();
        return NULL;
    }
    *got = want;
    return data;
}

/* Give back a block of size bytes (data may be NULL): kept if there is room, else freed. */
static void spare_give(void *data, size_t size) {
    if (!data) return;
    if (spare_bytes + size <= SPARE_BYTES) {
        for (int i = 0; i < SPARES; i++) {
            if (spares[i].data) continue;
            spares[i].data = data;
            spares[i].size = size;
            spare_bytes += size;
            return;
        }
    }
    free(data);
}

/* As realloc: a block of at least want bytes holding the first used bytes of data. */
static void *spare_grow(void *data, size_t used, size_t size, size_t want, size_t *got) {
    void *out = spare_take(want, got);
    if (!out) return NULL;
    if (used) memcpy(out, data, used);
    spare_give(data, size);
    return out;
}

/* ------------------------------------------------------------------ the set of keys */

typedef struct {
    uint64_t hash; /* 0: a free slot */
    uint64_t off;  /* where the key is in the arena */
} Slot;

typedef struct {
    PyObject_HEAD
    Slot *slots;
    size_t mask, count;
    uint8_t *arena;
    size_t used, cap;
} KeySet;

static PyTypeObject KeySetType;

static inline uint64_t rotl(uint64_t x, int r) { return x << r | x >> (64 - r); }

/* Two multiply chains over 16 bytes a round, which the processor runs side by side, then a
 * final mix (MurmurHash3's) so that the low bits, which pick the slot, depend on every byte. */
static uint64_t hash_bytes(const uint8_t *s, size_t n) {
    uint64_t a = 0x9E3779B97F4A7C15ull ^ n, b = 0xC2B2AE3D27D4EB4Full;
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        uint64_t w0, w1;
        memcpy(&w0, s + i, 8);
        memcpy(&w1, s + i + 8, 8);
        a = (rotl(a, 23) ^ w0) * 0xFF51AFD7ED558CCDull;
        b = (rotl(b, 29) ^ w1) * 0xC4CEB9FE1A85EC53ull;
    }
    uint64_t w0 = 0, w1 = 0;
    size_t rest = n - i;
    if (rest > 8) {
        memcpy(&w0, s + i, 8);
        memcpy(&w1, s + i + 8, rest - 8);
    } else {
        memcpy(&w0, s + i, rest);
    }
    a = (rotl(a, 23) ^ w0) * 0xFF51AFD7ED558CCDull;
    b = (rotl(b, 29) ^ w1) * 0xC4CEB9FE1A85EC53ull;
    uint64_t h = a ^ rotl(b, 31);
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ull;
    h ^= h >> 33;
    return h ? h : 1;
}

static int keyset_find(KeySet *set, const uint8_t *key, size_t n, uint64_t h) {
    if (!set->slots) return 0;
    size_t i = h & set->mask;
    while (set->slots[i].hash) {
        if (set->slots[i].hash == h) {
            const uint8_t *at = set->arena + set->slots[i].off;
            if (at[0] == n && memcmp(at + 1, key, n) == 0) return 1;
        }
        i = (i + 1) & set->mask;
    }
    return 0;
}

static int keyset_grow(KeySet *set) {
    size_t size = set->slots ? (set->mask + 1) * 2 : 1024, got;
    Slot *slots = spare_take(size * sizeof(Slot), &got);
    if (!slots) return -1;
    memset(slots, 0, size * sizeof(Slot));
    if (set->slots) {
        for (size_t i = 0; i <= set->mask; i++) {
            if (!set->slots[i].hash) continue;
            size_t j = set->slots[i].hash & (size - 1);
            while (slots[j].hash) j = (j + 1) & (size - 1);
            slots[j] = set->slots[i];
        }
        spare_give(set->slots, (set->mask + 1) * sizeof(Slot));
    }
    set->slots = slots;
    set->mask = size - 1;
    return 0;
}

/* 1: added, 0: there already, -1: error */
static int keyset_add(KeySet *set, const uint8_t *key, size_t n, uint64_t h) {
    if (n > 255) {
        PyErr_SetString(PyExc_ValueError, "a key is at most 255 bytes");
        return -1;
    }
    if (!set->slots || (set->count + 1) * 2 > set->mask + 1) {
        if (keyset_grow(set) < 0) return -1;
    }
    size_t i = h & set->mask;
    while (set->slots[i].hash) {
        if (set->slots[i].hash == h) {
            const uint8_t *at = set->arena + set->slots[i].off;
            if (at[0] == n && memcmp(at + 1, key, n) == 0) return 0;
        }
        i = (i + 1) & set->mask;
    }
    if (set->used + n + 1 > set->cap) {
        size_t cap = set->cap ? set->cap * 2 : 65536;
        while (cap < set->used + n + 1) cap *= 2;
        uint8_t *arena = spare_grow(set->arena, set->used, set->cap, cap, &cap);
        if (!arena) return -1;
        set->arena = arena;
        set->cap = cap;
    }
    set->arena[set->used] = (uint8_t)n;
    memcpy(set->arena + set->used + 1, key, n);
    set->slots[i].hash = h;
    set->slots[i].off = set->used;
    set->used += n + 1;
    set->count++;
    return 1;
}

static void keyset_dealloc(KeySet *set) {
    if (set->slots) spare_give(set->slots, (set->mask + 1) * sizeof(Slot));
    spare_give(set->arena, set->cap);
    Py_TYPE(set)->tp_free((PyObject *)set);
}

static int bytes_arg(PyObject *obj, const uint8_t **data, Py_ssize_t *n) {
    if (!PyBytes_Check(obj)) {
        PyErr_SetString(PyExc_TypeError, "keys are bytes");
        return -1;
    }
    *data = (const uint8_t *)PyBytes_AS_STRING(obj);
    *n = PyBytes_GET_SIZE(obj);
    return 0;
}

static PyObject *keyset_add_method(KeySet *set, PyObject *key) {
    const uint8_t *data;
    Py_ssize_t n;
    if (bytes_arg(key, &data, &n) < 0) return NULL;
    if (keyset_add(set, data, (size_t)n, hash_bytes(data, (size_t)n)) < 0) return NULL;
    Py_RETURN_NONE;
}

static int keyset_contains(KeySet *set, PyObject *key) {
    if (!PyBytes_Check(key)) return 0;
    const uint8_t *data = (const uint8_t *)PyBytes_AS_STRING(key);
    size_t n = (size_t)PyBytes_GET_SIZE(key);
    return keyset_find(set, data, n, hash_bytes(data, n));
}

static Py_ssize_t keyset_len(KeySet *set) { return (Py_ssize_t)set->count; }

static PyObject *keyset_keys(KeySet *set, PyObject *Py_UNUSED(ignored)) {
    PyObject *out = PyList_New(0);
    if (!out || !set->slots) return out;
    for (size_t i = 0; i <= set->mask; i++) {
        if (!set->slots[i].hash) continue;
        const uint8_t *at = set->arena + set->slots[i].off;
        PyObject *key = PyBytes_FromStringAndSize((const char *)at + 1, at[0]);
        if (!key || PyList_Append(out, key) < 0) {
            Py_XDECREF(key);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(key);
    }
    return out;
}

static PyObject *keyset_nbytes(KeySet *set, PyObject *Py_UNUSED(ignored)) {
    size_t slots = set->slots ? set->mask + 1 : 0;
    return PyLong_FromSize_t(slots * sizeof(Slot) + set->cap);
}

static PyObject *keyset_iter(KeySet *set) {
    PyObject *keys = keyset_keys(set, NULL);
    if (!keys) return NULL;
    PyObject *it = PyObject_GetIter(keys);
    Py_DECREF(keys);
    return it;
}

static PyMethodDef keyset_methods[] = {
    {"add", (PyCFunction)keyset_add_method, METH_O, "Add a key (bytes)."},
    {"keys", (PyCFunction)keyset_keys, METH_NOARGS, "Every key, as a list of bytes."},
    {"nbytes", (PyCFunction)keyset_nbytes, METH_NOARGS, "Bytes of memory the set holds."},
    {NULL, NULL, 0, NULL},
};

static PySequenceMethods keyset_as_sequence = {
    .sq_length = (lenfunc)keyset_len,
    .sq_contains = (objobjproc)keyset_contains,
};

static PyTypeObject KeySetType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "solitaire.solver._core.KeySet",
    .tp_doc = "A set of keys (bytes) in an open-addressing table over one arena: "
              "add, in, len, iteration.",
    .tp_basicsize = sizeof(KeySet),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_dealloc = (destructor)keyset_dealloc,
    .tp_methods = keyset_methods,
    .tp_as_sequence = &keyset_as_sequence,
    .tp_iter = (getiterfunc)keyset_iter,
};

/* ------------------------------------------------------------------ the core */

typedef struct {
    PyObject_HEAD
    int P, F, C, H;
    int decks;
    int one_card, limited, refills, ordered_while_stock, deal_to_piles, bare_key, returns,
        suited;
    int nstock;
    uint8_t fits_on[53 * 52];
    uint8_t homepos[52];
    int next_home[53]; /* by top card + 1; -1: the foundation is complete */
    int below[52];
    uint8_t base_cards[4];
    uint8_t need_suits[52]; /* bit s: a card of suit s builds on the card */
    int need_pos[52];
    uint8_t fitters_fixed[52], stopper[52], takes_nothing[52];
    int runs_only;         /* the dead-position test holds (dead.py) */
    uint8_t sequence[52];  /* suit s's cards in foundation order at [13 * s] */
    uint8_t stock_cards[MAXSTOCK];
    struct Info *infos; /* foundations asked about and what they give, INFO_SLOTS;
                           made by core_new */
    struct Kid *kids; /* the searches' buffer of children, made on first use */
    struct Memo *memo; /* is_dead's answers, MEMO_SLOTS; made only while runs_only */
} Core;

typedef struct {
    PyObject_HEAD
    Core *core;
    long home, blocked, empty, cells, waste, waste_blocked, stock, depth, buried, loose, dead;
} Scorer;

static PyTypeObject CoreType, ScorerType;

/* One of is_dead's answers and what it was asked about. */
#define MEMO_SLOTS 4096
#define INFO_SLOTS 1024
#define MEMO_KEY (53 + MAXCARDS)
typedef struct Memo {
    uint64_t hash; /* 0: empty */
    uint8_t n, dead;
    uint8_t key[MEMO_KEY];
} Memo;

/* Some foundations' top cards and what they give (found_info). */
typedef struct Info {
    int found[MAXF];
    int valid;
    FoundInfo info;
} Info;

/* The raw move tuples and their one-move tuples, made once and shared. */
#define RAW_SLOTS (73 * 73 * 16)
static PyObject *raw_cache[RAW_SLOTS];
static PyObject *one_cache[RAW_SLOTS];
static PyObject *deal_raw, *deal_one;

static PyObject *raw_tuple(Raw r) {
    if (r.src < 0) {
        Py_INCREF(deal_raw);
        return deal_raw;
    }
    if (r.count < 16) {
        int slot = (r.src * 73 + r.dst) * 16 + r.count;
        if (!raw_cache[slot]) {
            raw_cache[slot] = Py_BuildValue("(iii)", r.src, r.dst, r.count);
            if (!raw_cache[slot]) return NULL;
        }
        Py_INCREF(raw_cache[slot]);
        return raw_cache[slot];
    }
    return Py_BuildValue("(iii)", r.src, r.dst, r.count);
}

static PyObject *steps_tuple(const Raw *steps, int n) {
    if (n == 1 && steps[0].src < 0) {
        Py_INCREF(deal_one);
        return deal_one;
    }
    if (n == 1 && steps[0].count < 16) {
        int slot = (steps[0].src * 73 + steps[0].dst) * 16 + steps[0].count;
        if (!one_cache[slot]) {
            PyObject *raw = raw_tuple(steps[0]);
            if (!raw) return NULL;
            one_cache[slot] = PyTuple_Pack(1, raw);
            Py_DECREF(raw);
            if (!one_cache[slot]) return NULL;
        }
        Py_INCREF(one_cache[slot]);
        return one_cache[slot];
    }
    PyObject *out = PyTuple_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *raw = raw_tuple(steps[i]);
        if (!raw) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, raw);
    }
    return out;
}

/* ------------------------------------------------------------------ positions */

static void set_offsets(const Core *k, Pos *p) {
    int at = 0;
    p->sorted = 0;
    p->blk_known = 0;
    for (int i = 0; i < k->P; i++) {
        p->off[i] = (uint8_t)at;
        at += p->len[i];
    }
    p->off[k->P] = (uint8_t)at;
    p->ncards = at;
}

static int unpack(const Core *k, PyObject *obj, Pos *p) {
    if (!PyBytes_Check(obj)) {
        PyErr_SetString(PyExc_TypeError, "a position is bytes");
        return -1;
    }
    const uint8_t *b = (const uint8_t *)PyBytes_AS_STRING(obj);
    Py_ssize_t n = PyBytes_GET_SIZE(obj);
    if (n < k->H || n < 3) goto bad; /* 3: a Core never initialised has k->H == 0 */
    p->left = b[0];
    p->stock = b[1];
    p->wlen = b[2];
    const uint8_t *h = b + 3;
    for (int i = 0; i < k->P; i++) p->len[i] = h[i];
    h += k->P;
    for (int i = 0; i < k->F; i++) p->found[i] = h[i] == EMPTY ? -1 : h[i];
    h += k->F;
    for (int i = 0; i < k->C; i++) p->cells[i] = h[i];
    set_offsets(k, p);
    if (p->ncards + p->wlen != n - k->H || p->ncards > MAXCARDS || p->wlen > MAXCARDS) goto bad;
    memcpy(p->cards, b + k->H, p->ncards);
    memcpy(p->waste, b + k->H + p->ncards, p->wlen);
    return 0;
bad:
    PyErr_SetString(PyExc_ValueError, "not a position of this game");
    return -1;
}

static PyObject *pack(const Core *k, const Pos *p) {
    PyObject *obj = PyBytes_FromStringAndSize(NULL, k->H + p->ncards + p->wlen);
    if (!obj) return NULL;
    uint8_t *b = (uint8_t *)PyBytes_AS_STRING(obj);
    b[0] = (uint8_t)p->left;
    b[1] = (uint8_t)p->stock;
    b[2] = (uint8_t)p->wlen;
    uint8_t *h = b + 3;
    for (int i = 0; i < k->P; i++) h[i] = p->len[i];
    h += k->P;
    for (int i = 0; i < k->F; i++) h[i] = p->found[i] < 0 ? EMPTY : (uint8_t)p->found[i];
    h += k->F;
    for (int i = 0; i < k->C; i++) h[i] = p->cells[i];
    memcpy(b + k->H, p->cards, p->ncards);
    memcpy(b + k->H + p->ncards, p->waste, p->wlen);
    return obj;
}

static inline const uint8_t *pile(const Pos *p, int i) { return p->cards + p->off[i]; }

static inline int top_of(const Pos *p, int i) { return p->cards[p->off[i] + p->len[i] - 1]; }

/* Take the top count cards of pile i into moving. */
static void take(const Core *k, Pos *p, int i, int count, uint8_t *moving) {
    int end = p->off[i] + p->len[i];
    memcpy(moving, p->cards + end - count, count);
    memmove(p->cards + end - count, p->cards + end, p->ncards - end);
    p->len[i] -= count;
    if (!p->len[i]) p->sorted = 0; /* its bottom card is gone */
    p->blk_known &= ~(1u << i);
    for (int j = i + 1; j <= k->P; j++) p->off[j] -= count;
    p->ncards -= count;
}

/* Lay count cards on pile j. */
static void lay(const Core *k, Pos *p, int j, int count, const uint8_t *moving) {
    int end = p->off[j] + p->len[j];
    memmove(p->cards + end + count, p->cards + end, p->ncards - end);
    memcpy(p->cards + end, moving, count);
    if (!p->len[j]) p->sorted = 0; /* a new bottom card */
    p->blk_known &= ~(1u << j);
    p->len[j] += count;
    for (int i = j + 1; i <= k->P; i++) p->off[i] += count;
    p->ncards += count;
}

/* ------------------------------------------------------------------ lookup (lookup.py) */

static inline int is_base(const Core *k, int top) {
    return k->suited && k->homepos[top < 0 ? 52 + top : top] == 0;
}

static int copies_home(const Core *k, const int *found, int card) {
    int suit = card & 3, count = 0;
    for (int i = 0; i < k->F; i++) {
        int top = found[i];
        if (top >= 0 && (top & 3) == suit && k->homepos[top] >= k->homepos[card]) count++;
    }
    return count;
}

static void compute_found_info(const Core *k, const int *found, FoundInfo *fi) {
    uint8_t takers[52];
    memset(fi->want, -1, sizeof fi->want);
    memset(fi->safe, 0, sizeof fi->safe);
    memset(takers, 0, sizeof takers);
    fi->any_safe = 0;
    for (int index = 0; index < k->F; index++) {
        int top = found[index];
        if (top < 0 && !k->suited) {
            for (int s = 0; s < 4; s++) {
                int card = k->base_cards[s];
                if (fi->want[card] < 0) fi->want[card] = (int8_t)index;
                takers[card]++;
            }
        } else {
            int card = k->next_home[top + 1];
            if (card >= 0) {
                if (fi->want[card] < 0) fi->want[card] = (int8_t)index;
                takers[card]++;
            }
        }
    }
    int lowest[4] = {12, 12, 12, 12}, started[4] = {0, 0, 0, 0};
    if (!k->returns) {
        for (int i = 0; i < k->F; i++) {
            int top = found[i];
            if (top < 0) continue;
            int suit = top & 3;
            started[suit]++;
            if (k->homepos[top] < lowest[suit]) lowest[suit] = k->homepos[top];
        }
        for (int s = 0; s < 4; s++)
            if (started[s] < k->decks) lowest[s] = -1;
    }
    for (int card = 0; card < 52; card++) {
        if (fi->want[card] < 0) continue;
        int candidate;
        if (k->returns) {
            candidate = is_base(k, found[fi->want[card]]) && k->fitters_fixed[card];
        } else {
            candidate = 1;
            for (int s = 0; s < 4; s++)
                if ((k->need_suits[card] >> s & 1) && lowest[s] < k->need_pos[card]) candidate = 0;
        }
        if (candidate && takers[card] >= k->decks - copies_home(k, found, card)) {
            fi->safe[card] = 1;
            fi->any_safe = 1;
        }
    }
}

/* What the foundations give, kept in a slot picked by their top cards: a search goes back
   and forth between a few foundations far more often than it finds new ones. The answer
   holds until the next call. */
static const FoundInfo *found_info(Core *k, const int *found) {
    uint64_t h = 0;
    for (int i = 0; i < k->F; i++) h = (h + (uint64_t)(found[i] + 2)) * 0x9E3779B97F4A7C15ull;
    Info *slot = &k->infos[h >> 54 & (INFO_SLOTS - 1)];
    if (slot->valid && memcmp(slot->found, found, k->F * sizeof(int)) == 0) return &slot->info;
    compute_found_info(k, found, &slot->info);
    memcpy(slot->found, found, k->F * sizeof(int));
    slot->valid = 1;
    return &slot->info;
}

static int run_length(const Core *k, const uint8_t *cards, int n) {
    if (!n) return 0;
    int run = 1;
    for (int i = n - 1; i > 0; i--) {
        if (!k->fits_on[cards[i - 1] * 52 + cards[i]]) break;
        run++;
    }
    return run;
}

static int blocked_count(const Core *k, const uint8_t *cards, int n) {
    int blocked = 0, low = 99;
    for (int i = 0; i < n; i++) {
        int pos = k->homepos[cards[i]];
        if (pos > low)
            blocked++;
        else if (pos < low)
            low = pos;
    }
    return blocked;
}

/* ------------------------------------------------------------------ moves (moves.py) */

/* dead.py's _overfull, kept card by card so that a change of one card counts again only
   the places it changes: for each card the room its place gets from the places before it,
   the copies that cannot be home as the pivot leaves, and the copies out; the stoppers'
   waiting, and the other cards' waiting (need) and out (have) by rank. */
typedef struct {
    int room[52], wait[52], count[52], stoppers, need[14], have[14];
} Waiting;

/* Counts again from card's place on, in the copies of dealt, until a place gets the room
   it had before: from there on nothing has changed. */
static void recount(const Core *k, Waiting *w, const uint8_t *dealt, int pivot, int card) {
    const uint8_t *order = k->sequence + 13 * (card & 3);
    int first = k->homepos[card], room = w->room[card];
    for (int place = first; place < 13; place++) {
        int c = order[place];
        if (place > first && room == w->room[c]) break;
        w->room[c] = room;
        int count = dealt[c] + (c == pivot), waiting = count > room ? count - room : 0;
        if (k->stopper[c]) {
            w->stoppers += waiting - w->wait[c];
        } else {
            w->need[c / 4 + 1] += waiting - w->wait[c];
            w->have[c / 4 + 1] += count - w->count[c];
        }
        w->wait[c] = waiting;
        w->count[c] = count;
        if (dealt[c] < room) room = dealt[c];
    }
}

static void wait_all(const Core *k, Waiting *w, const uint8_t *dealt, int pivot) {
    memset(w, 0, sizeof *w);
    for (int suit = 0; suit < 4; suit++) {
        const uint8_t *order = k->sequence + 13 * suit;
        for (int place = 0; place < 13; place++) w->room[order[place]] = -1; /* all change */
        w->room[order[0]] = k->decks;
        recount(k, w, dealt, pivot, order[0]);
    }
}

/* dead.py's _runs, against a limit: whether the runs that hold need[r] to have[r] cards of
   each rank are more than spare (it stops counting there). */
static int runs_over(const int *need, const int *have, int spare) {
    int n = 0, level = 0;
    if (spare < 0) return 1;
    for (int r = 1; r < 14; r++) {
        int next = need[r] > level ? need[r] : level;
        if (next > have[r]) next = have[r];
        if (next > level && (n += next - level) > spare) return 1;
        level = next;
    }
    return 0;
}

/* The waiting cards need more piles than there are. */
static int overfull(const Core *k, const Waiting *w) {
    return runs_over(w->need, w->have, k->P - w->stoppers);
}

/* overfull() of the copies in dealt, counted from scratch without keeping the counts. */
static int overfull_of(const Core *k, const uint8_t *dealt, int pivot) {
    int stoppers = 0, need[14] = {0}, have[14] = {0};
    for (int suit = 0; suit < 4; suit++) {
        const uint8_t *order = k->sequence + 13 * suit;
        int room = k->decks;
        for (int place = 0; place < 13; place++) {
            int c = order[place];
            int count = dealt[c] + (c == pivot), waiting = count > room ? count - room : 0;
            if (dealt[c] < room) room = dealt[c];
            if (k->stopper[c]) {
                stoppers += waiting;
            } else {
                need[c / 4 + 1] += waiting;
                have[c / 4 + 1] += count;
            }
        }
    }
    return runs_over(need, have, k->P - stoppers);
}

/* dead.py's _stuck: pivot cannot leave the waste with room on the piles, however many of
   the nstock cards left are dealt first; none counts out with none dealt. */
static int stuck(const Core *k, const Waiting *none, const uint8_t *out, int pivot,
                 int nstock) {
    if (!overfull(k, none)) return 0;
    if (nstock == 0) return 1;
    uint8_t dealt[52];
    memcpy(dealt, out, 52); /* most pivots that fail with none dealt pass with all */
    for (int at = 0; at < nstock; at++) dealt[k->stock_cards[at]]++;
    if (!overfull_of(k, dealt, pivot)) return 0;
    memcpy(dealt, out, 52);
    Waiting w = *none;
    for (int at = nstock - 1; at > 0; at--) { /* 1 to nstock - 1 dealt, from the end */
        int card = k->stock_cards[at];
        dealt[card]++;
        recount(k, &w, dealt, pivot, card);
        if (!overfull(k, &w)) return 0;
    }
    return 1;
}

/* dead.py's dead(), translated: true when some card of the waste proves p lost, out holding
   the copies home or on the piles (it counts the waste's into it). */
static int dead_count(const Core *k, const Pos *p, uint8_t *out) {
    Waiting none;
    for (int at = p->wlen - 1, last = -1; at >= 0; at--) {
        int card = p->waste[at];
        if (last < 0) {
            wait_all(k, &none, out, card);
        } else { /* last is out now and card the pivot */
            recount(k, &none, out, card, last);
            recount(k, &none, out, card, card);
        }
        if (stuck(k, &none, out, card, p->stock)) return 1;
        out[card]++;
        last = card;
    }
    return 0;
}

/* The answer depends only on the copies home or on the piles, the stock's length and the
   waste, which many positions of a search share (they differ in how the piles are laid
   out): so each answer is kept in a slot of k->memo picked by a hash of those, and asked
   for again only when the slot holds other ones. */
static int is_dead(const Core *k, const Pos *p) {
    if (!k->runs_only || p->wlen == 0) return 0;
    for (int i = 0; i < k->P; i++) { /* only built runs, as play makes them */
        const uint8_t *c = pile(p, i);
        for (int j = 1; j < p->len[i]; j++)
            if (!k->fits_on[c[j - 1] * 52 + c[j]]) return 0;
    }
    uint8_t key[MEMO_KEY] = {0}; /* the copies out, the stock's length, the waste */
    for (int f = 0; f < k->F; f++) { /* dead.py's _home */
        int top = p->found[f];
        if (top < 0) continue;
        const uint8_t *order = k->sequence + 13 * (top & 3);
        for (int place = 0; place <= k->homepos[top]; place++) key[order[place]]++;
    }
    for (int i = 0; i < p->ncards; i++) key[p->cards[i]]++;
    key[52] = (uint8_t)p->stock;
    memcpy(key + 53, p->waste, p->wlen);
    int n = 53 + p->wlen;
    uint64_t h = hash_bytes(key, n);
    Memo *slot = &k->memo[h & (MEMO_SLOTS - 1)]; /* core_init made it, as runs_only */
    if (slot->hash == h && slot->n == n && memcmp(slot->key, key, n) == 0) return slot->dead;
    uint8_t out[52];
    memcpy(out, key, 52);
    slot->dead = (uint8_t)dead_count(k, p, out);
    slot->hash = h;
    slot->n = (uint8_t)n;
    memcpy(slot->key, key, n);
    return slot->dead;
}

/* Only a deal can make a position dead (dead.py). */
static inline int dead_child(const Core *k, Raw r, const Pos *child) {
    return k->runs_only && r.src < 0 && is_dead(k, child);
}

#define OUT(s, d, c)                                                                        \
    do {                                                                                    \
        if (n < MAXMOVES) {                                                                 \
            out[n].src = (int8_t)(s);                                                       \
            out[n].dst = (int8_t)(d);                                                       \
            out[n].count = (uint8_t)(c);                                                    \
            n++;                                                                            \
        }                                                                                   \
    } while (0)

static int generate(const Core *k, const Pos *p, const FoundInfo *fi, Raw *out) {
    int n = 0;
    int sortable = !(p->stock && k->ordered_while_stock);
    int empties[MAXP], nempty = 0;
    for (int i = 0; i < k->P; i++)
        if (!p->len[i]) empties[nempty++] = i;
    int free = -1, free_cells = 0;
    for (int j = 0; j < k->C; j++) {
        if (p->cells[j] == EMPTY) {
            free_cells++;
            if (free < 0) free = j;
        }
    }
    int onto_card, onto_empty;
    if (k->one_card) {
        onto_card = onto_empty = 1;
    } else if (k->limited) {
        onto_card = (1 + free_cells) << nempty;
        onto_empty = (1 + free_cells) << (nempty > 1 ? nempty - 1 : 0);
    } else {
        onto_card = onto_empty = 999;
    }
    int nfirst = sortable ? (nempty ? 1 : 0) : nempty;
    int rows[MAXP];
    for (int j = 0; j < k->P; j++) rows[j] = p->len[j] ? top_of(p, j) * 52 : NO_TOP;
    for (int i = 0; i < k->P; i++) {
        int len = p->len[i];
        if (!len) continue;
        const uint8_t *cards = pile(p, i);
        int top = cards[len - 1];
        if (fi->want[top] >= 0) OUT(i, FOUND0 + fi->want[top], 1);
        int run = k->one_card ? 1 : run_length(k, cards, len);
        int most = run < onto_card ? run : onto_card;
        for (int count = 1; count <= most; count++) {
            int card = cards[len - count];
            for (int j = 0; j < k->P; j++)
                if (k->fits_on[rows[j] + card] && j != i) OUT(i, j, count);
        }
        for (int e = 0; e < nfirst; e++) {
            int longest = run < onto_empty ? run : onto_empty;
            if (sortable && longest >= len) longest = len - 1;
            for (int count = 1; count <= longest; count++) OUT(i, empties[e], count);
        }
        if (free >= 0) OUT(i, CELL0 + free, 1);
    }
    int single_src[MAXC + 1 + MAXF], single_card[MAXC + 1 + MAXF], nsingle = 0;
    uint8_t seen[52];
    memset(seen, 0, sizeof seen);
    for (int j = 0; j < k->C; j++) {
        int card = p->cells[j];
        if (card != EMPTY && !seen[card]) {
            seen[card] = 1;
            if (fi->want[card] >= 0) OUT(CELL0 + j, FOUND0 + fi->want[card], 1);
            single_src[nsingle] = CELL0 + j;
            single_card[nsingle++] = card;
        }
    }
    if (p->wlen) {
        int card = p->waste[p->wlen - 1];
        if (fi->want[card] >= 0) OUT(WASTE_SRC, FOUND0 + fi->want[card], 1);
        single_src[nsingle] = WASTE_SRC;
        single_card[nsingle++] = card;
        if (free >= 0) OUT(WASTE_SRC, CELL0 + free, 1);
    }
    if (k->returns && p->left) {
        memset(seen, 0, sizeof seen);
        for (int index = 0; index < k->F; index++) {
            int top = p->found[index];
            if (top >= 0 && !is_base(k, top) && !seen[top]) {
                seen[top] = 1;
                single_src[nsingle] = FOUND0 + index;
                single_card[nsingle++] = top;
            }
        }
    }
    for (int s = 0; s < nsingle; s++) {
        int src = single_src[s], card = single_card[s];
        for (int j = 0; j < k->P; j++)
            if (k->fits_on[rows[j] + card]) OUT(src, j, 1);
        for (int e = 0; e < nfirst; e++) OUT(src, empties[e], 1);
    }
    if (p->stock) OUT(-1, -1, 0);
    return n;
}

/* ------------------------------------------------------------------ play (kernel.py) */

static void play(const Core *k, Pos *p, Raw r) {
    uint8_t moving[MAXCARDS];
    int count = r.count;
    if (r.src < 0) {
        if (k->deal_to_piles) {
            int dealt = p->stock < k->P ? p->stock : k->P;
            for (int i = 0; i < dealt; i++) lay(k, p, i, 1, &k->stock_cards[p->stock - 1 - i]);
            p->stock -= dealt;
        } else {
            p->waste[p->wlen++] = k->stock_cards[p->stock - 1];
            p->stock--;
        }
        return;
    }
    if (r.src < CELL0) {
        take(k, p, r.src, count, moving);
    } else if (r.src == WASTE_SRC) {
        moving[0] = p->waste[--p->wlen];
    } else if (r.src < FOUND0) {
        moving[0] = p->cells[r.src - CELL0];
        p->cells[r.src - CELL0] = EMPTY;
    } else {
        int index = r.src - FOUND0;
        int top = p->found[index];
        moving[0] = (uint8_t)top;
        p->found[index] = k->below[top];
        p->left++;
    }
    if (r.dst < CELL0) {
        lay(k, p, r.dst, count, moving);
    } else if (r.dst < FOUND0) {
        p->cells[r.dst - CELL0] = moving[0];
    } else {
        p->found[r.dst - FOUND0] = moving[0];
        p->left--;
    }
    if (p->stock && k->refills) {
        for (int i = 0; i < k->P; i++) {
            if (!p->len[i] && p->stock) {
                lay(k, p, i, 1, &k->stock_cards[p->stock - 1]);
                p->stock--;
            }
        }
    }
}

/* Play every safe foundation move; append them to steps. */
static void close_pos(Core *k, Pos *p, Raw *steps, int *nsteps) {
    for (;;) {
        const FoundInfo *fi = found_info(k, p->found);
        if (!fi->any_safe) return;
        Raw r = {0, 0, 0};
        int found_one = 0;
        for (int i = 0; i < k->P && !found_one; i++) {
            int len = p->len[i];
            if (!len) continue;
            int top = top_of(p, i);
            if (!fi->safe[top]) continue;
            if (k->refills && p->stock && len == 1) continue;
            r.src = (int8_t)i;
            r.dst = (int8_t)(FOUND0 + fi->want[top]);
            r.count = 1;
            found_one = 1;
        }
        for (int j = 0; j < k->C && !found_one; j++) {
            int card = p->cells[j];
            if (card != EMPTY && fi->safe[card]) {
                r.src = (int8_t)(CELL0 + j);
                r.dst = (int8_t)(FOUND0 + fi->want[card]);
                r.count = 1;
                found_one = 1;
            }
        }
        if (!found_one && p->wlen && fi->safe[p->waste[p->wlen - 1]]) {
            r.src = WASTE_SRC;
            r.dst = (int8_t)(FOUND0 + fi->want[p->waste[p->wlen - 1]]);
            r.count = 1;
            found_one = 1;
        }
        if (!found_one) return;
        play(k, p, r);
        if (*nsteps < MAXSTEPS) steps[(*nsteps)++] = r;
    }
}

/* Play r on the closed position p (whose safe cards are parent_safe), then its safe moves. */
static void step(Core *k, Pos *p, Raw r, const uint8_t *parent_safe, Raw *steps, int *nsteps) {
    int uncovered = -1;
    int stock = p->stock;
    if (r.src >= 0 && r.src < CELL0) {
        int len = p->len[r.src];
        uncovered = len > r.count ? pile(p, r.src)[len - r.count - 1] : -1;
    } else if (r.src == WASTE_SRC) {
        uncovered = p->wlen > 1 ? p->waste[p->wlen - 2] : -1;
    }
    play(k, p, r);
    steps[0] = r;
    *nsteps = 1;
    if (r.src < 0 || r.src >= FOUND0 || r.dst >= FOUND0 || (stock && k->refills)) {
        close_pos(k, p, steps, nsteps);
        return;
    }
    if (uncovered >= 0 && parent_safe[uncovered]) close_pos(k, p, steps, nsteps);
}

/* ------------------------------------------------------------------ the key */

/* A total order on piles (any one makes the key canonical): by bottom card first, which
 * settles nearly every pair without a call to memcmp. */
static inline int compare_piles(const Pos *p, int a, int b) {
    int la = p->len[a], lb = p->len[b];
    if (!la || !lb) return la - lb;
    const uint8_t *x = pile(p, a), *y = pile(p, b);
    if (x[0] != y[0]) return (int)x[0] - (int)y[0];
    int m = la < lb ? la : lb;
    for (int i = 1; i < m; i++)
        if (x[i] != y[i]) return (int)x[i] - (int)y[i];
    return la - lb;
}

/* The piles in compare_piles's order, as a stable insertion sort by it would give, into
 * order: sorted by the bottom card (empty piles first), each pile's number below it to keep
 * the sort stable; then piles on the same bottom card (two decks) by compare_piles. */
static void sort_piles(const Core *k, const Pos *p, uint8_t *order) {
    int v[MAXP], P = k->P;
    for (int i = 0; i < P; i++) v[i] = (p->len[i] ? (256 + p->cards[p->off[i]]) << 4 : 0) | i;
    for (int i = 1; i < P; i++) {
        int x = v[i], j = i - 1;
        while (j >= 0 && v[j] > x) {
            v[j + 1] = v[j];
            j--;
        }
        v[j + 1] = x;
    }
    for (int i = 0; i < P; i++) order[i] = (uint8_t)(v[i] & 15);
    for (int i = 1; i < P && k->decks > 1; i++) {
        if (!(v[i] >> 4) || v[i] >> 4 != v[i - 1] >> 4) continue;
        int x = order[i], j = i - 1;
        while (j >= 0 && v[j] >> 4 == v[i] >> 4 && compare_piles(p, order[j], x) > 0) {
            order[j + 1] = order[j];
            j--;
        }
        order[j + 1] = (uint8_t)x;
    }
}

/* The canonical key: the same equivalence as kernel.py's Kernel.key. With one deck the
 * order of the piles depends on their bottom cards alone, and p keeps it (see Pos). */
static int make_key(const Core *k, Pos *p, uint8_t *key) {
    uint8_t own[MAXP];
    const uint8_t *order = own;
    int P = k->P;
    if (p->stock && k->ordered_while_stock) {
        for (int i = 0; i < P; i++) own[i] = (uint8_t)i;
    } else if (k->decks == 1) {
        if (!p->sorted) sort_piles(k, p, p->order);
        p->sorted = 1;
        order = p->order;
    } else {
        sort_piles(k, p, own);
    }
    int n = 0;
    for (int i = 0; i < P; i++) {
        int at = order[i], len = p->len[at];
        const uint8_t *cards = pile(p, at);
        key[n++] = (uint8_t)len;
        /* eight bytes at a time: KEYMAX leaves room, and the waste follows the cards */
        for (int c = 0; c < len; c += 8) memcpy(key + n + c, cards + c, 8);
        n += len;
    }
    if (!k->bare_key) {
        key[n++] = (uint8_t)p->stock;
        uint8_t cells[MAXC];
        for (int i = 0; i < k->C; i++) cells[i] = p->cells[i];
        for (int i = 1; i < k->C; i++) {
            uint8_t v = cells[i];
            int j = i - 1;
            while (j >= 0 && cells[j] > v) {
                cells[j + 1] = cells[j];
                j--;
            }
            cells[j + 1] = v;
        }
        for (int i = 0; i < k->C; i++) key[n + i] = cells[i];
        n += k->C;
        if (p->wlen) memcpy(key + n, p->waste, p->wlen);
        n += p->wlen;
    }
    return n;
}

/* ------------------------------------------------------------------ scores (scoring.py) */

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

static long waste_cost(const Scorer *s, const Pos *p) {
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

static long score(const Scorer *s, Pos *p) {
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

/* ------------------------------------------------------------------ Python methods */

static int raw_arg(PyObject *obj, Raw *r) {
    int src, dst, count;
    if (!PyArg_ParseTuple(obj, "iii", &src, &dst, &count)) return -1;
    r->src = (int8_t)src;
    r->dst = (int8_t)dst;
    r->count = (uint8_t)count;
    return 0;
}

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
                            NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiiipppppppp" "OOOOOOOOOOO" "pO", names, &k->P,
                                     &k->F, &k->C, &k->decks, &k->one_card, &k->limited,
                                     &k->refills, &k->ordered_while_stock, &k->deal_to_piles,
                                     &k->bare_key, &k->returns, &k->suited, &fits_on, &homepos,
                                     &next_home, &below, &base_cards, &need_suits, &need_pos,
                                     &fitters_fixed, &stopper, &takes_nothing, &stock,
                                     &k->runs_only, &sequence))
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
    memset(k->infos, 0, INFO_SLOTS * sizeof(Info)); /* new tables: forget the old answers */
    PyMem_Free(k->memo);
    k->memo = NULL;
    if (k->runs_only && !(k->memo = PyMem_Calloc(MEMO_SLOTS, sizeof(Memo)))) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
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

static PyObject *core_unpack(Core *k, PyObject *obj) {
    Pos p;
    if (unpack(k, obj, &p) < 0) return NULL;
    PyObject *tab = PyTuple_New(k->P), *found = PyTuple_New(k->F);
    if (!tab || !found) goto fail;
    for (int i = 0; i < k->P; i++) {
        PyObject *cards = PyBytes_FromStringAndSize((const char *)pile(&p, i), p.len[i]);
        if (!cards) goto fail;
        PyTuple_SET_ITEM(tab, i, cards);
    }
    for (int i = 0; i < k->F; i++) {
        PyObject *top = PyLong_FromLong(p.found[i]);
        if (!top) goto fail;
        PyTuple_SET_ITEM(found, i, top);
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

/* Each foundation's top card, -1 while it is empty: the Python kernel's pos[1]. */
static PyObject *core_tops(Core *k, PyObject *obj) {
    Pos p;
    if (unpack(k, obj, &p) < 0) return NULL;
    PyObject *out = PyTuple_New(k->F);
    if (!out) return NULL;
    for (int i = 0; i < k->F; i++) {
        PyObject *top = PyLong_FromLong(p.found[i]);
        if (!top) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, top);
    }
    return out;
}

static PyObject *core_dead(Core *k, PyObject *obj) {
    Pos p;
    if (unpack(k, obj, &p) < 0) return NULL;
    return PyBool_FromLong(is_dead(k, &p));
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

typedef struct {
    long score;
    PyObject *key, *pos, *moves;
} Child;

static PyObject *core_children(Core *k, PyObject *args, PyObject *kwds) {
    static char *names[] = {"pos", "visited", "scorer", "ordered", "deals", NULL};
    PyObject *obj, *visited;
    Scorer *scorer;
    int ordered = 1, deals = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOO!|pp", names, &obj, &visited, &ScorerType,
                                     &scorer, &ordered, &deals))
        return NULL;
    Pos parent;
    if (unpack(k, obj, &parent) < 0) return NULL;
    FoundInfo fi = *found_info(k, parent.found);
    Raw moves[MAXMOVES], steps[MAXSTEPS];
    int nmoves = generate(k, &parent, &fi, moves);
    int fast = Py_IS_TYPE(visited, &KeySetType);
    Child kids[MAXMOVES];
    int nkids = 0;
    uint8_t key[KEYMAX];
    for (int m = 0; m < nmoves; m++) {
        if (!deals && moves[m].src < 0) continue;
        Pos child = parent;
        int nsteps = 0;
        step(k, &child, moves[m], fi.safe, steps, &nsteps);
        int n = make_key(k, &child, key);
        PyObject *key_obj = NULL;
        if (fast) {
            if (keyset_find((KeySet *)visited, key, n, hash_bytes(key, n))) continue;
        } else {
            key_obj = PyBytes_FromStringAndSize((const char *)key, n);
            if (!key_obj) goto fail;
            int there = PySequence_Contains(visited, key_obj);
            if (there) {
                Py_DECREF(key_obj);
                if (there < 0) goto fail;
                continue;
            }
        }
        if (dead_child(k, moves[m], &child)) {
            Py_XDECREF(key_obj);
            continue;
        }
        if (!key_obj) key_obj = PyBytes_FromStringAndSize((const char *)key, n);
        Child *kid = &kids[nkids];
        kid->key = key_obj;
        kid->pos = pack(k, &child);
        kid->moves = steps_tuple(steps, nsteps);
        kid->score = score(scorer, &child);
        nkids++;
        if (!kid->key || !kid->pos || !kid->moves) goto fail;
    }
    if (ordered) { /* stable, best first: as list.sort(key=score, reverse=True) */
        for (int i = 1; i < nkids; i++) {
            Child v = kids[i];
            int j = i - 1;
            while (j >= 0 && kids[j].score < v.score) {
                kids[j + 1] = kids[j];
                j--;
            }
            kids[j + 1] = v;
        }
    }
    PyObject *out = PyList_New(nkids);
    if (!out) goto fail;
    for (int i = 0; i < nkids; i++) {
        PyObject *item = PyTuple_New(4);
        PyObject *value = PyLong_FromLong(kids[i].score);
        if (!item || !value) {
            Py_XDECREF(item);
            Py_XDECREF(value);
            for (int j = i; j < nkids; j++) {
                Py_DECREF(kids[j].key);
                Py_DECREF(kids[j].pos);
                Py_DECREF(kids[j].moves);
            }
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(item, 0, value);
        PyTuple_SET_ITEM(item, 1, kids[i].key);
        PyTuple_SET_ITEM(item, 2, kids[i].pos);
        PyTuple_SET_ITEM(item, 3, kids[i].moves);
        PyList_SET_ITEM(out, i, item);
    }
    return out;
fail:
    for (int i = 0; i < nkids; i++) {
        Py_XDECREF(kids[i].key);
        Py_XDECREF(kids[i].pos);
        Py_XDECREF(kids[i].moves);
    }
    return NULL;
}


/* ------------------------------------------------------------------ searches in C */
/* search.py's _dfs and bestfirst.py's BestFirst.run, translated: the same positions in the
 * same order, the same answers and lines, without a Python object per child. */

typedef struct Kid {
    long score;
    int nsteps, keylen, at;
    double noisy;
    uint64_t hash;
    Raw steps[MAXSTEPS];
    uint8_t key[KEYMAX];
    Pos pos;
} Kid;

/* The first k->H bytes of pack_buf: everything but the cards of the piles and the waste. */
static void pack_head(const Core *k, const Pos *p, uint8_t *b) {
    b[0] = (uint8_t)p->left;
    b[1] = (uint8_t)p->stock;
    b[2] = (uint8_t)p->wlen;
    uint8_t *h = b + 3;
    for (int i = 0; i < k->P; i++) h[i] = p->len[i];
    h += k->P;
    for (int i = 0; i < k->F; i++) h[i] = p->found[i] < 0 ? EMPTY : (uint8_t)p->found[i];
    h += k->F;
    for (int i = 0; i < k->C; i++) h[i] = p->cells[i];
}

static int pack_buf(const Core *k, const Pos *p, uint8_t *b) {
    pack_head(k, p, b);
    memcpy(b + k->H, p->cards, p->ncards);
    memcpy(b + k->H + p->ncards, p->waste, p->wlen);
    return k->H + p->ncards + p->wlen;
}

static void unpack_buf(const Core *k, const uint8_t *b, Pos *p) {
    p->left = b[0];
    p->stock = b[1];
    p->wlen = b[2];
    const uint8_t *h = b + 3;
    for (int i = 0; i < k->P; i++) p->len[i] = h[i];
    h += k->P;
    for (int i = 0; i < k->F; i++) p->found[i] = h[i] == EMPTY ? -1 : h[i];
    h += k->F;
    for (int i = 0; i < k->C; i++) p->cells[i] = h[i];
    set_offsets(k, p);
    memcpy(p->cards, b + k->H, p->ncards);
    memcpy(p->waste, b + k->H + p->ncards, p->wlen);
}

/* *to = *from, but only the cards and the waste's cards that from holds. */
static inline void copy_pos(Pos *to, const Pos *from) {
    memcpy(to, from, offsetof(Pos, cards) + (size_t)from->ncards);
    if (from->wlen) memcpy(to->waste, from->waste, (size_t)from->wlen);
}

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

/* The children of parent not in visited, in move order, into k->kids: as core_children. */
static int expand(Core *k, const Scorer *s, Pos *parent, KeySet *visited) {
    if (!k->kids) {
        size_t got;
        k->kids = spare_take(MAXMOVES * sizeof(Kid), &got);
        if (!k->kids) return -1;
    }
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

static double monotonic(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/* A growable stack of bytes. */
typedef struct {
    uint8_t *data;
    size_t used, cap;
} Bytes;

static uint8_t *bytes_room(Bytes *b, size_t n) {
    if (b->used + n > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 1 << 16;
        while (cap < b->used + n) cap *= 2;
        uint8_t *data = spare_grow(b->data, b->used, b->cap, cap, &cap);
        if (!data) return NULL;
        b->data = data;
        b->cap = cap;
    }
    uint8_t *at = b->data + b->used;
    b->used += n;
    return at;
}

/* A growable array of 64-bit integers. */
typedef struct {
    int64_t *data;
    size_t len, cap;
} Ints;

static int ints_push(Ints *a, int64_t v) {
    if (a->len == a->cap) {
        size_t cap = a->cap ? a->cap * 2 : 1024;
        size_t got;
        int64_t *data = spare_grow(a->data, a->len * sizeof(int64_t), a->cap * sizeof(int64_t),
                                   cap * sizeof(int64_t), &got);
        if (!data) return -1;
        a->data = data;
        a->cap = got / sizeof(int64_t);
    }
    a->data[a->len++] = v;
    return 0;
}

/* Give a stack's block back for the next search (see spare_give). */
static void bytes_free(Bytes *b) {
    spare_give(b->data, b->cap);
    b->data = NULL;
    b->used = b->cap = 0;
}

static void ints_free(Ints *a) {
    spare_give(a->data, a->cap * sizeof(int64_t));
    a->data = NULL;
    a->len = a->cap = 0;
}

/* A record: its parent, its key's hash, its moves, its key and its packed position. */
static int64_t put_record(const Core *k, Bytes *b, const Kid *kid, int64_t parent) {
    size_t need = sizeof(int64_t) + sizeof(uint64_t) + 1 + 3 * (size_t)kid->nsteps + 2 +
                  kid->keylen + k->H + MAXCARDS + 2;
    size_t at = b->used;
    uint8_t *w = bytes_room(b, need);
    if (!w) return -1;
    memcpy(w, &parent, sizeof parent);
    w += sizeof parent;
    memcpy(w, &kid->hash, sizeof kid->hash);
    w += sizeof kid->hash;
    *w++ = (uint8_t)kid->nsteps;
    for (int i = 0; i < kid->nsteps; i++) {
        *w++ = (uint8_t)kid->steps[i].src;
        *w++ = (uint8_t)kid->steps[i].dst;
        *w++ = kid->steps[i].count;
    }
    *w++ = (uint8_t)kid->keylen;
    memcpy(w, kid->key, kid->keylen);
    w += kid->keylen;
    w += pack_buf(k, &kid->pos, w);
    b->used = (size_t)(w - b->data);
    return (int64_t)at;
}

typedef struct {
    int64_t parent;
    uint64_t hash;
    int nsteps, keylen;
    const uint8_t *steps, *key, *pos;
} Record;

static void get_record(const Bytes *b, int64_t at, Record *r) {
    const uint8_t *w = b->data + at;
    memcpy(&r->parent, w, sizeof r->parent);
    w += sizeof r->parent;
    memcpy(&r->hash, w, sizeof r->hash);
    w += sizeof r->hash;
    r->nsteps = *w++;
    r->steps = w;
    w += 3 * r->nsteps;
    r->keylen = *w++;
    r->key = w;
    w += r->keylen;
    r->pos = w;
}

static int append_steps(PyObject *line, const uint8_t *steps, int n) {
    for (int i = 0; i < n; i++) {
        Raw r = {(int8_t)steps[3 * i], (int8_t)steps[3 * i + 1], steps[3 * i + 2]};
        PyObject *raw = raw_tuple(r);
        if (!raw || PyList_Append(line, raw) < 0) {
            Py_XDECREF(raw);
            return -1;
        }
        Py_DECREF(raw);
    }
    return 0;
}

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

static PyObject *result(const char *what, long expanded, PyObject *line, PyObject *visited) {
    if (!line) line = PyList_New(0);
    if (!line) return NULL;
    return Py_BuildValue("(slNO)", what, expanded, line, visited);
}

/* dfs(root, scorer, budget, deadline, shared, draw, noise, limit): search.py's _dfs. */
static PyObject *core_dfs(Core *k, PyObject *args) {
    PyObject *root_obj, *deadline_obj, *draw;
    Scorer *s;
    KeySet *shared;
    long long budget, limit;
    double noise;
    if (!PyArg_ParseTuple(args, "OO!LOO!OdL", &root_obj, &ScorerType, &s, &budget, &deadline_obj,
                          &KeySetType, &shared, &draw, &noise, &limit))
        return NULL;
    double deadline = deadline_obj == Py_None ? -1.0 : PyFloat_AsDouble(deadline_obj);
    if (deadline == -1.0 && PyErr_Occurred()) return NULL;
    Pos root;
    if (unpack(k, root_obj, &root) < 0) return NULL;
    KeySet *visited = (KeySet *)PyType_GenericNew(&KeySetType, NULL, NULL);
    if (!visited) return NULL;
    Bytes recs = {0};
    Ints offs = {0};   /* every record on the stack, by frame */
    Ints frames = {0}; /* each frame: index of its first record in offs */
    Ints cursor = {0}; /* each frame: index of its next record */
    Ints path = {0};   /* the record each frame after the first was expanded from */
    PyObject *out = NULL;
    long expanded = 0;
    uint8_t key[KEYMAX];
    int keylen = make_key(k, &root, key);
    uint64_t h = hash_bytes(key, keylen);
    if (keyset_add(visited, key, keylen, h) < 0) goto done;
    if (!keyset_find(shared, key, keylen, h)) {
        if (keyset_add(shared, key, keylen, h) < 0) goto done;
        expanded = 1;
    }
    {
        int n = expand(k, s, &root, visited);
        if (n < 0 || rank_kids(k, n, draw, noise) < 0) goto done;
        if (ints_push(&frames, 0) < 0 || ints_push(&cursor, 0) < 0) goto done;
        for (int i = 0; i < n; i++) {
            int64_t at = put_record(k, &recs, &k->kids[i], -1);
            if (at < 0 || ints_push(&offs, at) < 0) goto done;
        }
    }
    while (frames.len) {
        size_t f = frames.len - 1;
        size_t end = f + 1 < frames.len ? (size_t)frames.data[f + 1] : offs.len;
        if ((size_t)cursor.data[f] >= end) {
            size_t first = (size_t)frames.data[f];
            recs.used = first < offs.len ? (size_t)offs.data[first] : recs.used;
            offs.len = first;
            frames.len--;
            cursor.len--;
            if (path.len) path.len--;
            continue;
        }
        int64_t at = offs.data[cursor.data[f]++];
        Record r;
        get_record(&recs, at, &r);
        uint64_t rh = r.hash;
        if (keyset_find(visited, r.key, r.keylen, rh)) continue;
        if (r.pos[0] == 0) { /* won */
            PyObject *line = PyList_New(0);
            if (!line) goto done;
            for (size_t i = 0; i < path.len; i++) {
                Record step_rec;
                get_record(&recs, path.data[i], &step_rec);
                if (append_steps(line, step_rec.steps, step_rec.nsteps) < 0) {
                    Py_DECREF(line);
                    goto done;
                }
            }
            if (append_steps(line, r.steps, r.nsteps) < 0) {
                Py_DECREF(line);
                goto done;
            }
            out = result("won", expanded, line, (PyObject *)visited);
            goto done;
        }
        if (!(visited->count % 1024) && deadline >= 0 && monotonic() > deadline) {
            out = result("unknown", expanded, NULL, (PyObject *)visited);
            goto done;
        }
        if ((long long)visited->count >= limit) {
            out = result("unknown", expanded, NULL, (PyObject *)visited);
            goto done;
        }
        if (!keyset_find(shared, r.key, r.keylen, rh)) {
            if (expanded >= budget) {
                out = result("unknown", expanded, NULL, (PyObject *)visited);
                goto done;
            }
            if (keyset_add(shared, r.key, r.keylen, rh) < 0) goto done;
            expanded++;
        }
        if (keyset_add(visited, r.key, r.keylen, rh) < 0) goto done;
        Pos pos;
        unpack_buf(k, r.pos, &pos);
        int n = expand(k, s, &pos, visited);
        if (n < 0 || rank_kids(k, n, draw, noise) < 0) goto done;
        if (ints_push(&path, at) < 0) goto done;
        if (ints_push(&frames, (int64_t)offs.len) < 0 || ints_push(&cursor, (int64_t)offs.len) < 0)
            goto done;
        for (int i = 0; i < n; i++) {
            int64_t rec = put_record(k, &recs, &k->kids[i], -1);
            if (rec < 0 || ints_push(&offs, rec) < 0) goto done;
        }
    }
    out = result("lost", expanded, NULL, (PyObject *)visited);
done:
    bytes_free(&recs);
    ints_free(&offs);
    ints_free(&frames);
    ints_free(&cursor);
    ints_free(&path);
    Py_DECREF(visited);
    return out;
}

/* Room for one more item in an array that realloc grows, doubling from first items: the new
 * block, with *cap updated, or NULL with MemoryError set. */
static void *grow(void *data, size_t *cap, size_t item, size_t first) {
    size_t want = *cap ? *cap * 2 : first;
    void *out = realloc(data, want * item);
    if (!out) {
        PyErr_NoMemory();
        return NULL;
    }
    *cap = want;
    return out;
}

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

/* best_first(root, scorer, cap, shared, budget, deadline): bestfirst.py's BestFirst.run,
 * from a fresh search; (result, line, expanded, visited, complete). visited is shared itself
 * when shared was empty. */
static PyObject *core_best_first(Core *k, PyObject *args) {
    PyObject *root_obj, *deadline_obj;
    Scorer *s;
    KeySet *shared;
    long long cap, budget;
    if (!PyArg_ParseTuple(args, "OO!LO!LO", &root_obj, &ScorerType, &s, &cap, &KeySetType,
                          &shared, &budget, &deadline_obj))
        return NULL;
    double deadline = deadline_obj == Py_None ? -1.0 : PyFloat_AsDouble(deadline_obj);
    if (deadline == -1.0 && PyErr_Occurred()) return NULL;
    Pos root;
    if (unpack(k, root_obj, &root) < 0) return NULL;
    /* The first search of a root (shared still empty) keeps one set: what it expands is then
     * all that shared holds, and it gives shared back as its visited set. */
    int alone = shared->count == 0;
    KeySet *visited = alone ? shared : (KeySet *)PyType_GenericNew(&KeySetType, NULL, NULL);
    if (!visited) return NULL;
    if (alone) Py_INCREF(visited);
    Bytes recs = {0}, moves_to = {0};
    Ints slots = {0};  /* each entry ever pushed: its record's offset, or DEAD */
    Buckets open = {0};
    Ints parent = {0}; /* each expanded position: its parent's index, and its moves */
    Ints moves_at = {0};
    PyObject *out = NULL;
    int complete = 1;
    long expanded = 0;
    const char *what = NULL;
    PyObject *line = NULL;
    {
        Kid *kid = k->kids;
        if (!kid && expand(k, s, &root, visited) < 0) goto done; /* makes the buffer */
        kid = &k->kids[0];
        kid->pos = root;
        kid->nsteps = 0;
        kid->keylen = make_key(k, &root, kid->key);
        kid->hash = hash_bytes(kid->key, kid->keylen);
        int64_t at = put_record(k, &recs, kid, -1);
        if (at < 0 || ints_push(&slots, at) < 0 || buckets_push(&open, 0, 0) < 0) goto done;
        if (ints_push(&parent, -1) < 0 || ints_push(&moves_at, 0) < 0) goto done;
        uint8_t *none = bytes_room(&moves_to, 1);
        if (!none) goto done;
        none[0] = 0;
    }
    while (open.count) {
        if (expanded >= budget) {
            what = "unknown";
            break;
        }
        if (deadline >= 0 && !(expanded % 1024) && monotonic() > deadline) {
            what = "unknown";
            break;
        }
        int64_t slot = buckets_pop(&open);
        int64_t at = slots.data[slot];
        slots.data[slot] = DEAD;
        Record r;
        get_record(&recs, at, &r);
        uint64_t rh = r.hash;
        int added = keyset_add(visited, r.key, r.keylen, rh);
        if (added < 0) goto done;
        if (!added) continue; /* expanded already */
        expanded++;
        if (!alone && keyset_add(shared, r.key, r.keylen, rh) < 0) goto done;
        size_t mat = moves_to.used;
        uint8_t *w = bytes_room(&moves_to, 1 + 3 * (size_t)r.nsteps);
        if (!w) goto done;
        w[0] = (uint8_t)r.nsteps;
        memcpy(w + 1, r.steps, 3 * (size_t)r.nsteps);
        if (ints_push(&parent, r.parent) < 0 || ints_push(&moves_at, (int64_t)mat) < 0) goto done;
        int64_t here = (int64_t)parent.len - 1;
        if (r.pos[0] == 0) {
            /* the line: each position's moves, from the root's child to here */
            Ints chain = {0};
            for (int64_t i = here; i > 0; i = parent.data[i])
                if (ints_push(&chain, i) < 0) {
                    ints_free(&chain);
                    goto done;
                }
            line = PyList_New(0);
            if (!line) {
                ints_free(&chain);
                goto done;
            }
            for (size_t c = chain.len; c-- > 0;) {
                const uint8_t *m = moves_to.data + moves_at.data[chain.data[c]];
                if (append_steps(line, m + 1, m[0]) < 0) {
                    ints_free(&chain);
                    goto done;
                }
            }
            ints_free(&chain);
            what = "won";
            break;
        }
        Pos pos;
        unpack_buf(k, r.pos, &pos);
        int n = expand(k, s, &pos, visited);
        if (n < 0) goto done;
        for (int i = 0; i < n; i++) {
            int64_t rec = put_record(k, &recs, &k->kids[i], here);
            if (rec < 0) goto done;
            if (buckets_push(&open, k->kids[i].score, (int64_t)slots.len) < 0) goto done;
            if (ints_push(&slots, rec) < 0) goto done;
        }
        if ((long long)open.count > cap) {
            complete = 0;
            buckets_cut(&open, (size_t)(cap / 2), slots.data, DEAD);
            /* keep only the records still open: copy them down, in slot order */
            Bytes kept = {0};
            for (size_t i = 0; i < slots.len; i++) {
                if (slots.data[i] == DEAD) continue;
                Record old;
                get_record(&recs, slots.data[i], &old);
                size_t size = sizeof(int64_t) + sizeof(uint64_t) + 1 + 3 * (size_t)old.nsteps + 1 +
                              old.keylen + k->H;
                Pos tmp;
                unpack_buf(k, old.pos, &tmp);
                size += (size_t)tmp.ncards + (size_t)tmp.wlen;
                size_t to = kept.used;
                uint8_t *dst = bytes_room(&kept, size);
                if (!dst) {
                    bytes_free(&kept);
                    goto done;
                }
                memcpy(dst, recs.data + slots.data[i], size);
                slots.data[i] = (int64_t)to;
            }
            bytes_free(&recs);
            recs = kept;
        }
    }
    if (!what) what = complete ? "lost" : "unknown";
    if (!line) line = PyList_New(0);
    if (!line) goto done;
    out = Py_BuildValue("(sNlOO)", what, line, expanded, (PyObject *)visited,
                        complete ? Py_True : Py_False);
    line = NULL;
done:
    Py_XDECREF(line);
    bytes_free(&recs);
    bytes_free(&moves_to);
    ints_free(&slots);
    buckets_free(&open);
    ints_free(&parent);
    ints_free(&moves_at);
    Py_DECREF(visited);
    return out;
}


/* ------------------------------------------------------------------ the beam (stockbeam.py) */

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

/* beam(root, scorer, shared, budget, deadline, width, local): StockBeam.run up to the last
 * level: ("won", line, expanded, []), ("unknown", [], expanded, []), or ("level", [],
 * expanded, [(position, line), ...]) when the stock is out, for StockBeam._finish. */
static PyObject *core_beam(Core *k, PyObject *args) {
    PyObject *root_obj, *deadline_obj;
    Scorer *s;
    KeySet *shared;
    long long budget;
    int width, local;
    if (!PyArg_ParseTuple(args, "OO!O!LOii", &root_obj, &ScorerType, &s, &KeySetType, &shared,
                          &budget, &deadline_obj, &width, &local))
        return NULL;
    double deadline = deadline_obj == Py_None ? -1.0 : PyFloat_AsDouble(deadline_obj);
    if (deadline == -1.0 && PyErr_Occurred()) return NULL;
    Beamed first;
    if (unpack(k, root_obj, &first.pos) < 0) return NULL;
    if (!k->kids) {
        size_t got;
        k->kids = spare_take(MAXMOVES * sizeof(Kid), &got);
        if (!k->kids) return NULL;
    }
    Bytes lines = {0}, arena = {0};
    Beamed *level = NULL, *dealt = NULL;
    size_t nlevel = 0, caplevel = 0, ndealt = 0, capdealt = 0;
    Opens heap = {0};
    Pos *out = malloc((size_t)local * sizeof(Pos));
    size_t *out_moves = malloc((size_t)local * sizeof(size_t));
    KeySet *seen = (KeySet *)PyType_GenericNew(&KeySetType, NULL, NULL);
    KeySet *dealt_keys = (KeySet *)PyType_GenericNew(&KeySetType, NULL, NULL);
    PyObject *result_obj = NULL;
    long expanded = 0;
    if (!out || !out_moves || !seen || !dealt_keys) {
        PyErr_NoMemory();
        goto done;
    }
    first.line = put_line(&lines, NULL, 0, NULL, 0, NULL, 0);
    first.score = 0;
    first.at = 0;
    if (first.line == (size_t)-1 || beamed_push(&level, &nlevel, &caplevel, &first) < 0) goto done;
    while (level[0].pos.stock) {
        Py_SETREF(seen, (KeySet *)PyType_GenericNew(&KeySetType, NULL, NULL));
        Py_SETREF(dealt_keys, (KeySet *)PyType_GenericNew(&KeySetType, NULL, NULL));
        if (!seen || !dealt_keys) goto done;
        ndealt = 0;
        for (size_t e = 0; e < nlevel; e++) {
            /* the look-ahead: best first through at most `local` positions, no deals */
            int nout = 0;
            int64_t tie = 0;
            heap.len = 0;
            arena.used = 0;
            {
                size_t off = arena.used;
                uint8_t *w = bytes_room(&arena, 4 + HEADMAX + 2 * MAXCARDS);
                if (!w) goto done;
                memset(w, 0, 4);
                arena.used = off + 4 + (size_t)pack_buf(k, &level[e].pos, w + 4);
                Open o = {0, 0, off};
                if (opens_push(&heap, o) < 0) goto done;
            }
            while (heap.len && nout < local && expanded < budget) {
                Open o = opens_pop(&heap);
                uint32_t nm;
                memcpy(&nm, arena.data + o.off, 4);
                Pos pos;
                unpack_buf(k, arena.data + o.off + 4 + 3 * (size_t)nm, &pos);
                uint8_t key[KEYMAX];
                int keylen = make_key(k, &pos, key);
                uint64_t h = hash_bytes(key, keylen);
                if (keyset_find(seen, key, keylen, h)) continue;
                if (keyset_add(seen, key, keylen, h) < 0 || keyset_add(shared, key, keylen, h) < 0)
                    goto done;
                expanded++;
                out[nout] = pos;
                out_moves[nout++] = o.off;
                if (pos.left == 0) break;
                int n = expand(k, s, &pos, seen);
                if (n < 0) goto done;
                for (int i = 0; i < n; i++) {
                    Kid *kid = &k->kids[i];
                    if (kid->steps[0].src < 0) continue; /* no deals here */
                    uint32_t before;
                    memcpy(&before, arena.data + o.off, 4);
                    uint32_t total = before + (uint32_t)kid->nsteps;
                    size_t off = arena.used;
                    uint8_t *w = bytes_room(&arena, 4 + 3 * (size_t)total + HEADMAX + 2 * MAXCARDS);
                    if (!w) goto done;
                    memcpy(w, &total, 4);
                    memcpy(w + 4, arena.data + o.off + 4, 3 * (size_t)before);
                    uint8_t *m = w + 4 + 3 * (size_t)before;
                    for (int j = 0; j < kid->nsteps; j++) {
                        *m++ = (uint8_t)kid->steps[j].src;
                        *m++ = (uint8_t)kid->steps[j].dst;
                        *m++ = kid->steps[j].count;
                    }
                    arena.used = (size_t)(m - arena.data) + (size_t)pack_buf(k, &kid->pos, m);
                    Open child = {-kid->score, ++tie, off};
                    if (opens_push(&heap, child) < 0) goto done;
                }
            }
            for (int r = 0; r < nout; r++) {
                uint32_t nm;
                memcpy(&nm, arena.data + out_moves[r], 4);
                const uint8_t *moves = arena.data + out_moves[r] + 4;
                if (out[r].left == 0) {
                    PyObject *line = line_list(&lines, level[e].line, moves, (int)nm);
                    if (!line) goto done;
                    result_obj = Py_BuildValue("(sNl[])", "won", line, expanded);
                    goto done;
                }
                Beamed child;
                child.pos = out[r];
                Raw deal[MAXSTEPS];
                Raw dealmove = {-1, -1, 0};
                play(k, &child.pos, dealmove);
                deal[0] = dealmove;
                int ndeal = 1;
                close_pos(k, &child.pos, deal, &ndeal);
                if (dead_child(k, dealmove, &child.pos)) continue;
                uint8_t key[KEYMAX];
                int keylen = make_key(k, &child.pos, key);
                int added = keyset_add(dealt_keys, key, keylen, hash_bytes(key, keylen));
                if (added < 0) goto done;
                if (!added) continue;
                uint32_t nbase;
                memcpy(&nbase, lines.data + level[e].line, 4);
                /* the arena may move while the line is copied: copy the base line first */
                uint8_t *base = malloc(3 * (size_t)nbase + 1);
                if (!base) {
                    PyErr_NoMemory();
                    goto done;
                }
                memcpy(base, lines.data + level[e].line + 4, 3 * (size_t)nbase);
                child.line = put_line(&lines, base, (int)nbase, moves, (int)nm, deal, ndeal);
                free(base);
                if (child.line == (size_t)-1) goto done;
                child.score = score(s, &child.pos);
                child.at = (int)ndealt;
                if (beamed_push(&dealt, &ndealt, &capdealt, &child) < 0) goto done;
            }
            if (expanded >= budget || (deadline >= 0 && monotonic() > deadline)) {
                result_obj = Py_BuildValue("(s[]l[])", "unknown", expanded);
                goto done;
            }
        }
        if (!ndealt) {
            result_obj = Py_BuildValue("(s[]l[])", "unknown", expanded);
            goto done;
        }
        qsort(dealt, ndealt, sizeof(Beamed), by_beam_score);
        nlevel = ndealt < (size_t)width ? ndealt : (size_t)width;
        /* the next level, its lines copied out of the arena, which starts again */
        Bytes kept = {0};
        for (size_t i = 0; i < nlevel; i++) {
            uint32_t n;
            memcpy(&n, lines.data + dealt[i].line, 4);
            size_t at = put_line(&kept, lines.data + dealt[i].line + 4, (int)n, NULL, 0, NULL, 0);
            if (at == (size_t)-1) {
                bytes_free(&kept);
                goto done;
            }
            dealt[i].line = at;
        }
        bytes_free(&lines);
        lines = kept;
        Beamed *swap = level;
        size_t swapcap = caplevel;
        level = dealt;
        caplevel = capdealt;
        dealt = swap;
        capdealt = swapcap;
    }
    {
        PyObject *last = PyList_New((Py_ssize_t)nlevel);
        if (!last) goto done;
        for (size_t i = 0; i < nlevel; i++) {
            PyObject *line = line_list(&lines, level[i].line, NULL, 0);
            PyObject *pos = pack(k, &level[i].pos);
            PyObject *item = (line && pos) ? PyTuple_Pack(2, pos, line) : NULL;
            Py_XDECREF(line);
            Py_XDECREF(pos);
            if (!item) {
                Py_DECREF(last);
                goto done;
            }
            PyList_SET_ITEM(last, (Py_ssize_t)i, item);
        }
        result_obj = Py_BuildValue("(s[]lN)", "level", expanded, last);
    }
done:
    bytes_free(&lines);
    bytes_free(&arena);
    free(level);
    free(dealt);
    free(heap.data);
    free(out);
    free(out_moves);
    Py_XDECREF(seen);
    Py_XDECREF(dealt_keys);
    return result_obj;
}

/* ------------------------------------------------------------------ shortening (search.py) */

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

/* shorten(pos, line): search.py's _shorten on the core, the same raw moves. */
static PyObject *core_shorten(Core *k, PyObject *args) {
    PyObject *obj, *line;
    if (!PyArg_ParseTuple(args, "OO!", &obj, &PyList_Type, &line)) return NULL;
    Pos p;
    if (unpack(k, obj, &p) < 0) return NULL;
    Py_ssize_t n = PyList_GET_SIZE(line);
    size_t size = 16;
    while (size < 2 * (size_t)(n + 1)) size *= 2;
    Stop *stops = malloc((size_t)(n + 1) * sizeof(Stop));
    Raw *raws = malloc((size_t)(n + 1) * sizeof(Raw));
    int *table = malloc(size * sizeof(int));
    uint64_t *heads = calloc(size, sizeof(uint64_t)); /* the heads of the stops, 0: free */
    PyObject *out = NULL;
    if (!stops || !raws || !table || !heads) {
        PyErr_NoMemory();
        goto done;
    }
    memset(table, -1, size * sizeof(int));
    /* stops[i]: the position after i moves; the table finds the last stop of each position */
    for (Py_ssize_t i = 0; i <= n; i++) {
        if (i > 0) {
            if (raw_arg(PyList_GET_ITEM(line, i - 1), &raws[i - 1]) < 0) goto done;
            play(k, &p, raws[i - 1]);
        }
        Stop *s = &stops[i];
        s->len = pack_buf(k, &p, s->bytes);
        s->hash = hash_bytes(s->bytes, s->len);
        s->head = hash_bytes(s->bytes, k->H);
        s->index = (int)i;
        size_t h = s->head & (size - 1);
        while (heads[h] && heads[h] != s->head) h = (h + 1) & (size - 1);
        heads[h] = s->head;
        int at = stop_find(stops, table, size - 1, s->bytes, s->len, s->hash);
        if (at >= 0) {
            stops[at].index = (int)i;
            continue;
        }
        size_t j = s->hash & (size - 1);
        while (table[j] >= 0) j = (j + 1) & (size - 1);
        table[j] = (int)i;
    }
    out = PyList_New(0);
    if (!out) goto done;
    Raw moves[MAXMOVES];
    uint8_t b[HEADMAX + 2 * MAXCARDS];
    for (int index = 0; index < n;) {
        Pos here;
        unpack_buf(k, stops[index].bytes, &here);
        int best = index + 1;
        Raw best_raw = raws[index];
        int nmoves = generate(k, &here, found_info(k, here.found), moves);
        for (int m = 0; m < nmoves; m++) {
            Pos child = here;
            play(k, &child, moves[m]);
            /* most children differ from every stop in a pile's length or the foundations */
            pack_head(k, &child, b);
            uint64_t head = hash_bytes(b, k->H);
            size_t h = head & (size - 1);
            while (heads[h] && heads[h] != head) h = (h + 1) & (size - 1);
            if (!heads[h]) continue;
            int len = pack_buf(k, &child, b);
            int at = stop_find(stops, table, size - 1, b, len, hash_bytes(b, len));
            if (at >= 0 && stops[at].index > best) {
                best = stops[at].index;
                best_raw = moves[m];
            }
        }
        PyObject *raw = raw_tuple(best_raw);
        if (!raw || PyList_Append(out, raw) < 0) {
            Py_XDECREF(raw);
            Py_CLEAR(out);
            goto done;
        }
        Py_DECREF(raw);
        index = best;
    }
done:
    free(stops);
    free(raws);
    free(table);
    free(heads);
    return out;
}

static void core_dealloc(Core *k) {
    if (k->kids) spare_give(k->kids, MAXMOVES * sizeof(Kid));
    k->kids = NULL;
    PyMem_Free(k->memo);
    PyMem_Free(k->infos);
    k->memo = NULL;
    k->infos = NULL;
    Py_TYPE(k)->tp_free((PyObject *)k);
}

static PyObject *core_make_scorer(Core *k, PyObject *args) {
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

static PyMethodDef core_methods[] = {
    {"pack", (PyCFunction)core_pack, METH_VARARGS, "The position for kernel.py's tuple."},
    {"unpack", (PyCFunction)core_unpack, METH_O, "kernel.py's tuple for a position."},
    {"left", (PyCFunction)core_left, METH_O, "Cards not home (0: won)."},
    {"stock", (PyCFunction)core_stock, METH_O, "Cards left in the stock."},
    {"dead", (PyCFunction)core_dead, METH_O, "True when the dead-position test proves it lost."},
    {"waiting", (PyCFunction)core_waiting, METH_O, "Cards in the stock and the waste."},
    {"tops", (PyCFunction)core_tops, METH_O, "Each foundation's top card (-1: empty)."},
    {"safe", (PyCFunction)core_safe, METH_O, "The cards that may go home with no loss."},
    {"key", (PyCFunction)core_key, METH_O, "The canonical key."},
    {"moves", (PyCFunction)core_moves, METH_O, "Every move worth trying."},
    {"play", (PyCFunction)core_play, METH_VARARGS, "Play a raw move known to be legal."},
    {"close", (PyCFunction)core_close, METH_VARARGS, "Play every safe foundation move."},
    {"step", (PyCFunction)core_step, METH_VARARGS, "Play a move, then the safe moves."},
    {"children", (PyCFunction)(void (*)(void))core_children, METH_VARARGS | METH_KEYWORDS,
     "The successors not in visited: (score, key, position, moves), best first if ordered."},
    {"dfs", (PyCFunction)core_dfs, METH_VARARGS,
     "dfs(root, scorer, budget, deadline, shared, draw, noise, limit): search.py's _dfs."},
    {"best_first", (PyCFunction)core_best_first, METH_VARARGS,
     "best_first(root, scorer, cap, shared, budget, deadline): bestfirst.py's BestFirst.run."},
    {"beam", (PyCFunction)core_beam, METH_VARARGS,
     "beam(root, scorer, shared, budget, deadline, width, local): StockBeam.run's levels."},
    {"shorten", (PyCFunction)core_shorten, METH_VARARGS,
     "shorten(pos, line): search.py's _shorten, the raw moves of the shorter line."},
    {"make_scorer", (PyCFunction)core_make_scorer, METH_VARARGS,
     "A scorer from the eleven weights, in the order of scoring.Weights."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "solitaire.solver._core.Core",
    .tp_doc = "The solver's hot path in C, from tables derived from the rules (see native.py).",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_new = core_new,
    .tp_init = (initproc)core_init,
    .tp_dealloc = (destructor)core_dealloc,
    .tp_methods = core_methods,
};

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

static PyTypeObject ScorerType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "solitaire.solver._core.Scorer",
    .tp_doc = "Scores positions of a core by weights (scoring.Weights).",
    .tp_basicsize = sizeof(Scorer),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = (destructor)scorer_dealloc,
    .tp_methods = scorer_methods,
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "_core", "The solver's core in C (see solver/core.c).", -1, NULL,
};

PyMODINIT_FUNC PyInit__core(void) {
    if (PyType_Ready(&KeySetType) < 0 || PyType_Ready(&CoreType) < 0 ||
        PyType_Ready(&ScorerType) < 0)
        return NULL;
    deal_raw = Py_BuildValue("(iii)", -1, -1, 0);
    if (!deal_raw) return NULL;
    deal_one = PyTuple_Pack(1, deal_raw);
    if (!deal_one) return NULL;
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
