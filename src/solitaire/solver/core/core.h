/* The solver's core in C, the extension solitaire.solver._core: positions, the canonical
 * key, move generation, play, the safe foundation moves, scores, a set of keys, the
 * dead-position test and the searches, on fixed-size arrays of card bytes.
 *
 * It is a line-by-line translation of the Python kernel and searches: the same moves in the
 * same order, the same play, the same safe moves, the same scores, and a key that tells
 * apart exactly the positions the Python key tells apart. So a search on it expands the same
 * positions in the same order and finds the same lines (tests/test_compiled.py,
 * tests/test_solver_core.py). It reads only tables that native.py derives from the game's
 * Rules, and never asks which game it is.
 *
 * One file a concept, each naming its Python twin (in solitaire/solver/):
 *
 *   memory.c     blocks kept between searches, growable arrays, the searches' records
 *   keyset.c     the set of keys (the Python kernel's set), KeySet
 *   position.c   a position and a raw move as they cross into Python (kernel.py's tuple)
 *   lookup.c     what the foundations give, a pile's run and blocked cards (lookup.py)
 *   moves.c      move generation (moves.py); play, the safe moves (kernel.py)
 *   key.c        the canonical key (kernel.py's Kernel.key)
 *   scoring.c    scores, Scorer (scoring.py)
 *   immovable.c  a card that can never move (immovable.py)
 *   stranded.c   cards stranded for want of an empty pile (stranded.py)
 *   placement.c  the cards out home and on the piles as a card leaves the waste (placement.py)
 *   dead.c       the dead-position test (dead.py)
 *   wastegame.c  the waste game, a proof from the stock and the waste alone (wastegame.py)
 *   children.c   a position's children (kernel.py's Kernel.children)
 *   dfs.c        depth-first search and the probes (depthfirst.py)
 *   bestfirst.c  best-first search (bestfirst.py)
 *   beam.c       the beam's levels (stockbeam.py)
 *   shorten.c    a winning line made shorter (shorten.py)
 *   module.c     the Core type, its methods and the module (native.py's NativeKernel)
 *
 * A position crosses into Python as a bytes object: left, stock, waste length, each pile's
 * length, each foundation's top card (255: empty), each free cell (255: free), then the
 * piles' cards bottom to top, pile after pile, then the waste's. Raw moves are the Python
 * kernel's (src, dst, count) tuples.
 */
#ifndef SOLITAIRE_CORE_H
#define SOLITAIRE_CORE_H

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
#define ONTO_MAX 8  /* cards one card builds on, in a game rule 9 holds for (one deck) */
#define MAXMOVES 1024
#define MAXSTEPS 128 /* moves in one child: the move and the safe moves after it */
#define EMPTY 255
#define CELL0 32
#define WASTE_SRC 48
#define FOUND0 64
#define NO_TOP (52 * 52)
#define KEYMAX (MAXP + MAXCARDS + 1 + MAXC + 8 + 8) /* + 8: make_key copies 8 bytes at a time */
#define HEADMAX (3 + MAXP + MAXF + MAXC)
#define INFO_SLOTS 1024

/* ------------------------------------------------------------------ types */

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
    int immovable_test;    /* the test of cards that never move holds (immovable.py) */
    int immovable_on;      /* and the searches cut what it proves lost (prune_immovable) */
    long strand_limit;     /* and rule 10's, within this many new states (prune_stranded) */
    struct Strand *strand; /* rule 10's answers by relaxed state (stranded.c) */
    size_t stack_bytes;    /* the last depth-first search's stack at its largest (dfs.c) */
    long stack_depth;      /* and its frames then */
    uint8_t onto[52][ONTO_MAX]; /* the cards each card builds on (immovable.c) */
    uint8_t nonto[52];
    uint8_t sequence[52];  /* suit s's cards in foundation order at [13 * s] */
    uint8_t stock_cards[MAXSTOCK];
    struct Info *infos; /* foundations asked about and what they give, INFO_SLOTS;
                           made by core_new */
    struct Kid *kids; /* the searches' buffer of children, made on first use */
    struct Memo *memo; /* is_dead's answers (dead.c); made by dead_init while runs_only */
    struct Place *places; /* can_stand's answers (placement.c); made with memo */
    KeySet *wlost;   /* the waste game's keys known lost (wastegame.c); made with memo */
    KeySet *wprobed; /* the keys waste_lost has searched from */
} Core;

typedef struct {
    PyObject_HEAD
    Core *core;
    long home, blocked, empty, cells, waste, waste_blocked, stock, depth, buried, loose, dead;
} Scorer;

/* Some foundations' top cards and what they give (found_info). */
typedef struct Info {
    int found[MAXF];
    int valid;
    FoundInfo info;
} Info;

/* A child as the searches make it: its score, its moves, its key and the position. */
typedef struct Kid {
    long score;
    int nsteps, keylen, at;
    double noisy;
    uint64_t hash;
    Raw steps[MAXSTEPS];
    uint8_t key[KEYMAX];
    Pos pos;
} Kid;

/* A growable stack of bytes. */
typedef struct {
    uint8_t *data;
    size_t used, cap;
} Bytes;

/* A growable array of 64-bit integers. */
typedef struct {
    int64_t *data;
    size_t len, cap;
} Ints;

/* A kept child, as put_record lays it out in a Bytes (see memory.c). */
typedef struct {
    int64_t parent;
    uint64_t hash;
    int nsteps, keylen;
    const uint8_t *steps, *key, *pos;
} Record;

extern PyTypeObject KeySetType, CoreType, ScorerType;

/* ------------------------------------------------------------------ small helpers */

static inline const uint8_t *pile(const Pos *p, int i) { return p->cards + p->off[i]; }

static inline int top_of(const Pos *p, int i) { return p->cards[p->off[i] + p->len[i] - 1]; }

static inline int is_base(const Core *k, int top) {
    return k->suited && k->homepos[top < 0 ? 52 + top : top] == 0;
}

/* *to = *from, but only the cards and the waste's cards that from holds. */
static inline void copy_pos(Pos *to, const Pos *from) {
    memcpy(to, from, offsetof(Pos, cards) + (size_t)from->ncards);
    if (from->wlen) memcpy(to->waste, from->waste, (size_t)from->wlen);
}

static inline double monotonic(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/* A deadline passed from Python: a time.perf_counter() reading, or None (-1: none). */
static inline int deadline_arg(PyObject *obj, double *deadline) {
    *deadline = obj == Py_None ? -1.0 : PyFloat_AsDouble(obj);
    return *deadline == -1.0 && PyErr_Occurred() ? -1 : 0;
}

/* ------------------------------------------------------------------ memory.c */

void *spare_take(size_t want, size_t *got);
void spare_give(void *data, size_t size);
void *spare_grow(void *data, size_t used, size_t size, size_t want, size_t *got);
uint8_t *bytes_room(Bytes *b, size_t n);
void bytes_free(Bytes *b);
int ints_push(Ints *a, int64_t v);
void ints_free(Ints *a);
void *grow(void *data, size_t *cap, size_t item, size_t first);
int64_t put_record(const Core *k, Bytes *b, const Kid *kid, int64_t parent);
void get_record(const Bytes *b, int64_t at, Record *r);

/* ------------------------------------------------------------------ keyset.c */

uint64_t hash_bytes(const uint8_t *s, size_t n);
int keyset_find(KeySet *set, const uint8_t *key, size_t n, uint64_t h);
int keyset_add(KeySet *set, const uint8_t *key, size_t n, uint64_t h);
KeySet *keyset_new(void);

/* ------------------------------------------------------------------ position.c */

void set_offsets(const Core *k, Pos *p);
int unpack(const Core *k, PyObject *obj, Pos *p);
PyObject *pack(const Core *k, const Pos *p);
void pack_head(const Core *k, const Pos *p, uint8_t *b);
int pack_buf(const Core *k, const Pos *p, uint8_t *b);
void unpack_buf(const Core *k, const uint8_t *b, Pos *p);
int raw_arg(PyObject *obj, Raw *r);
PyObject *raw_tuple(Raw r);
PyObject *steps_tuple(const Raw *steps, int n);
int append_steps(PyObject *line, const uint8_t *steps, int n);
int init_raw_tuples(void);

/* ------------------------------------------------------------------ lookup.c */

const FoundInfo *found_info(Core *k, const int *found);
int run_length(const Core *k, const uint8_t *cards, int n);
int blocked_count(const Core *k, const uint8_t *cards, int n);

/* ------------------------------------------------------------------ moves.c */

int generate(const Core *k, const Pos *p, const FoundInfo *fi, Raw *out);
void play(const Core *k, Pos *p, Raw r);
void close_pos(Core *k, Pos *p, Raw *steps, int *nsteps);
void step(Core *k, Pos *p, Raw r, const uint8_t *parent_safe, Raw *steps, int *nsteps);

/* ------------------------------------------------------------------ key.c */

void sort_piles(const Core *k, const Pos *p, uint8_t *order);
int make_key(const Core *k, Pos *p, uint8_t *key);

/* ------------------------------------------------------------------ scoring.c */

long waste_cost(const Scorer *s, const Pos *p);
long score(const Scorer *s, Pos *p);
PyObject *core_make_scorer(Core *k, PyObject *args);

/* ------------------------------------------------------------------ dead.c */

int dead_init(Core *k);
void dead_free(Core *k);
int is_dead(const Core *k, const Pos *p);
int dead_counts(const Core *k, const uint8_t *out, int stock, const uint8_t *waste, int wlen);
int can_leave(const Core *k, const uint8_t *out, int pivot);
int built_runs(const Core *k, const Pos *p);
void cards_out(const Core *k, const Pos *p, uint8_t *out);

/* ------------------------------------------------------------------ immovable.c */

int immovable(const Core *k, const Pos *p);

/* ------------------------------------------------------------------ stranded.c */

int stranded(const Core *k, const Pos *p, long limit);
int strand_limit(Core *k, long limit);
void strand_free(Core *k);
int stranded_kept(Core *k, const Pos *p);

/* ------------------------------------------------------------------ placement.c */

int placement_init(Core *k);
void placement_free(Core *k);
int can_stand(const Core *k, const uint8_t *out, int pivot);

/* ------------------------------------------------------------------ wastegame.c */

PyObject *core_waste_game(Core *k, PyObject *args);
int waste_lost(const Core *k, const Pos *p);

/* ------------------------------------------------------------------ children.c */

int expand(Core *k, const Scorer *s, Pos *parent, KeySet *visited);
int kids_ready(Core *k);
int dead_child(Core *k, Raw r, const Pos *child);
PyObject *core_children(Core *k, PyObject *args, PyObject *kwds);

/* ------------------------------------------------------------------ the searches */

PyObject *core_dfs(Core *k, PyObject *args);
PyObject *core_best_first(Core *k, PyObject *args);
PyObject *core_beam(Core *k, PyObject *args);
PyObject *core_shorten(Core *k, PyObject *args);

#endif
