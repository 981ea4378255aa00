/* Cards stranded for want of an empty pile (rule 10). Python twin: stranded.py, whose
 * docstring gives the argument. It visits the relaxed game's states in the twin's order, so
 * both give up at the same state. Only for a core with immovable_test (one deck, every card
 * not on the piles home).
 *
 * A state is how many cards of each pile have moved and how many of each suit are home,
 * packed in two words: six bits a pile (ten piles in the first word, the rest in the second)
 * and four bits a suit; the second word's top bit marks a used slot of the seen set.
 */
#include "core.h"

typedef struct {
    uint64_t a, b;
} StateKey;

typedef struct {
    const Core *k;
    int P, empty;
    int8_t where[52];
    uint8_t depth[52], sizes[MAXP], suit[52], rank[52];
    uint8_t held[MAXP][52]; /* each pile's cards, bottom first */
    StateKey *slots;
    size_t mask, count, limit;
} Relaxed;

#define USED (1ull << 63)

static StateKey pack_state(const Relaxed *r, const uint8_t *moved, const uint8_t *home) {
    StateKey key = {0, USED};
    for (int i = 0; i < r->P; i++) {
        if (i < 10)
            key.a |= (uint64_t)moved[i] << (6 * i);
        else
            key.b |= (uint64_t)moved[i] << (6 * (i - 10));
    }
    for (int s = 0; s < 4; s++) key.b |= (uint64_t)home[s] << (40 + 4 * s);
    return key;
}

static size_t slot_of(StateKey key, size_t mask) {
    uint64_t h = key.a * 0x9E3779B97F4A7C15ull ^ (key.b + 0x632BE59BD9B4E019ull);
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    return (size_t)h & mask;
}

/* 1: added, 0: seen before, -1: out of memory. */
static int add_state(Relaxed *r, StateKey key) {
    size_t at = slot_of(key, r->mask);
    while (r->slots[at].b) {
        if (r->slots[at].a == key.a && r->slots[at].b == key.b) return 0;
        at = (at + 1) & r->mask;
    }
    if (2 * (r->count + 1) > r->mask + 1) {
        size_t size = 2 * (r->mask + 1);
        StateKey *grown = calloc(size, sizeof *grown);
        if (!grown) return -1;
        for (size_t i = 0; i <= r->mask; i++) {
            if (!r->slots[i].b) continue;
            size_t to = slot_of(r->slots[i], size - 1);
            while (grown[to].b) to = (to + 1) & (size - 1);
            grown[to] = r->slots[i];
        }
        free(r->slots);
        r->slots = grown;
        r->mask = size - 1;
        at = slot_of(key, r->mask);
        while (r->slots[at].b) at = (at + 1) & r->mask;
    }
    r->slots[at] = key;
    r->count++;
    return 1;
}

static int seen_state(const Relaxed *r, StateKey key) {
    size_t at = slot_of(key, r->mask);
    while (r->slots[at].b) {
        if (r->slots[at].a == key.a && r->slots[at].b == key.b) return 1;
        at = (at + 1) & r->mask;
    }
    return 0;
}

/* Whether card may take a card onto it: not home, not other, and on top of what is left of
 * its pile or moved. */
static int is_free(const Relaxed *r, int card, const uint8_t *moved, const uint8_t *home,
                   int other) {
    int pile = r->where[card];
    return pile >= 0 && card != other && r->rank[card] >= home[r->suit[card]] &&
           r->depth[card] + 1 >= r->sizes[pile] - moved[pile];
}

static int is_based(const Relaxed *r, int card, const uint8_t *moved, const uint8_t *home) {
    for (int i = 0; i < r->k->nonto[card]; i++)
        if (is_free(r, r->k->onto[card][i], moved, home, -1)) return 1;
    return 0;
}

/* An augmenting path from card (Kuhn's algorithm); seat: base -> the card on it, -1. */
static int seat_card(const Relaxed *r, int card, int8_t *seat, uint64_t *tried,
                     const uint8_t *moved, const uint8_t *home, int other) {
    for (int i = 0; i < r->k->nonto[card]; i++) {
        int base = r->k->onto[card][i];
        if ((*tried >> base) & 1 || !is_free(r, base, moved, home, other)) continue;
        *tried |= 1ull << base;
        if (seat[base] < 0 || seat_card(r, seat[base], seat, tried, moved, home, other)) {
            seat[base] = (int8_t)card;
            return 1;
        }
    }
    return 0;
}

/* Whether the counting allows an empty pile as card (on top, not moved) moves. */
static int room(const Relaxed *r, const uint8_t *moved, const uint8_t *home, int card) {
    int piles = r->empty, out = 0;
    uint8_t cards[52];
    for (int i = 0; i < r->P; i++) {
        if (r->sizes[i] && moved[i] == r->sizes[i]) piles++;
        for (int at = r->sizes[i] - moved[i]; at < r->sizes[i]; at++) {
            int one = r->held[i][at];
            if (r->rank[one] >= home[r->suit[one]]) cards[out++] = (uint8_t)one;
        }
    }
    int need = out + 1 - piles;
    if (need <= 0) return 1;
    int8_t seat[52];
    memset(seat, -1, sizeof seat);
    int seated = 0;
    for (int i = 0; i < out; i++) {
        uint64_t tried = 0;
        if (seat_card(r, cards[i], seat, &tried, moved, home, card) && ++seated >= need)
            return 1;
    }
    return 0;
}

/* The next state one step from (moved, home) into (after, up), from *step on (0 to start),
 * in the order both walks try them: the next card of each suit home, where it is on top of
 * what is left of its pile or moved, then each pile's next card moved, where it has a base or
 * room. 0 when there is none left. Python twin: stranded.py's _steps. */
static int next_step(const Relaxed *r, const uint8_t *moved, const uint8_t *home, int *step,
                     uint8_t *after, uint8_t *up) {
    const Core *k = r->k;
    for (; *step < 4; (*step)++) {
        int s = *step;
        if (home[s] == 13) continue;
        int card = k->sequence[13 * s + home[s]], pile = r->where[card];
        int top = r->sizes[pile] - moved[pile];
        if (r->depth[card] < top - 1) continue;
        memcpy(after, moved, (size_t)r->P);
        if (r->depth[card] == top - 1) after[pile]++;
        memcpy(up, home, 4);
        up[s]++;
        (*step)++;
        return 1;
    }
    for (; *step < 4 + r->P; (*step)++) {
        int i = *step - 4;
        if (moved[i] == r->sizes[i]) continue;
        int card = r->held[i][r->sizes[i] - 1 - moved[i]];
        if (is_based(r, card, moved, home) || room(r, moved, home, card)) {
            memcpy(after, moved, (size_t)r->P);
            after[i]++;
            memcpy(up, home, 4);
            (*step)++;
            return 1;
        }
    }
    return 0;
}

/* 1: some sequence of steps from this state sends every card home; 0: none; -1: gave up
 * (the limit, or out of memory). */
static int wins(Relaxed *r, const uint8_t *moved, const uint8_t *home) {
    int done = 1;
    for (int s = 0; s < 4; s++)
        if (home[s] < 13) done = 0;
    if (done) return 1;
    StateKey key = pack_state(r, moved, home);
    if (seen_state(r, key)) return 0;
    if (r->count >= r->limit) return -1;
    if (add_state(r, key) < 0) return -1;
    uint8_t after[MAXP], up[4];
    for (int step = 0; next_step(r, moved, home, &step, after, up);) {
        int got = wins(r, after, up);
        if (got) return got;
    }
    return 0;
}

/* Lay out the relaxed game of p in r (its slots left to the caller). */
static void relaxed_init(Relaxed *r, const Core *k, const Pos *p, uint8_t *home) {
    r->k = k;
    r->P = k->P;
    memset(r->where, -1, sizeof r->where);
    for (int i = 0; i < k->P; i++) {
        const uint8_t *cards = pile(p, i);
        r->sizes[i] = p->len[i];
        if (!p->len[i]) r->empty++;
        for (int at = 0; at < p->len[i]; at++) {
            r->where[cards[at]] = (int8_t)i;
            r->depth[cards[at]] = (uint8_t)at;
            r->held[i][at] = cards[at];
        }
    }
    for (int s = 0; s < 4; s++) {
        int count = 0;
        while (count < 13 && r->where[k->sequence[13 * s + count]] < 0) count++;
        home[s] = (uint8_t)count;
        for (int at = 0; at < 13; at++) {
            r->suit[k->sequence[13 * s + at]] = (uint8_t)s;
            r->rank[k->sequence[13 * s + at]] = (uint8_t)at;
        }
    }
}

int stranded(const Core *k, const Pos *p, long limit) {
    Relaxed *r = calloc(1, sizeof *r);
    if (!r) return 0;
    uint8_t moved[MAXP] = {0}, home[4];
    relaxed_init(r, k, p, home);
    r->limit = limit > 0 ? (size_t)limit : 0;
    r->mask = 1023;
    r->slots = calloc(r->mask + 1, sizeof *r->slots);
    int got = r->slots ? wins(r, moved, home) : -1;
    free(r->slots);
    free(r);
    return got == 0;
}

/* ------------------------------------------------------------------ in the search
 *
 * The depth-first search asks rule 10 of every child (prune_stranded), with what the relaxed
 * games of earlier children settled. A relaxed state is fully told by the part of each pile
 * that has not moved and the cards home by suit: the moved cards not home are the rest, and
 * the piles that can be empty are those whose unmoved part is empty. So it is keyed by each
 * card's place in an unmoved part (0: none, 1: a pile's bottom, 2 + c: on card c) and the
 * home counts, whatever position it came from, and each key's answer (some sequence sends
 * every card home from it, or none does) holds for every position that reaches it. Python
 * twin: stranded.py's Memo. */

typedef struct {
    uint64_t w[6]; /* cards 10 a word, six bits each; w[5] bits 12-27: home counts */
} MemoKey;

#define MEMO_USED (1ull << 63)
#define MEMO_WON (1ull << 62)
#define MEMO_CAP 200000 /* the most answers kept: more, and they are dropped (stranded.py) */

/* The answers: their keys in the order they came (keys), and an open-addressing table of
 * 4-byte places in keys (index, 0: a free slot, i + 1: keys[i]) kept at most half full. A
 * key takes its 48 bytes once and two to four bytes of table, where a table of keys kept
 * half full took 96 to 192. */
struct Strand {
    uint32_t *index;
    size_t mask;
    MemoKey *keys;
    size_t count, cap;
    size_t most; /* the most keys it can hold: MEMO_CAP, and one question's limit of states */
};

static MemoKey memo_key(const Relaxed *r, const uint8_t *moved, const uint8_t *home) {
    MemoKey key = {{0, 0, 0, 0, 0, MEMO_USED}};
    for (int i = 0; i < r->P; i++) {
        int prev = -1;
        for (int at = 0; at < r->sizes[i] - moved[i]; at++) {
            int card = r->held[i][at];
            uint64_t code = prev < 0 ? 1 : 2 + (uint64_t)prev;
            key.w[card / 10] |= code << (6 * (card % 10));
            prev = card;
        }
    }
    for (int s = 0; s < 4; s++) key.w[5] |= (uint64_t)home[s] << (12 + 4 * s);
    return key;
}

static size_t memo_slot(const MemoKey *key, size_t mask) {
    uint64_t h = 0x632BE59BD9B4E019ull;
    for (int i = 0; i < 6; i++) {
        h = (h ^ (key->w[i] & ~MEMO_WON)) * 0x9E3779B97F4A7C15ull;
        h ^= h >> 31;
    }
    return (size_t)h & mask;
}

static int memo_same(const MemoKey *a, const MemoKey *b) {
    for (int i = 0; i < 5; i++)
        if (a->w[i] != b->w[i]) return 0;
    return (a->w[5] & ~MEMO_WON) == (b->w[5] & ~MEMO_WON);
}

/* 1: won, 0: lost, -1: not known. */
static int memo_find(const struct Strand *m, const MemoKey *key) {
    size_t at = memo_slot(key, m->mask);
    while (m->index[at]) {
        const MemoKey *there = &m->keys[m->index[at] - 1];
        if (memo_same(there, key)) return (there->w[5] & MEMO_WON) != 0;
        at = (at + 1) & m->mask;
    }
    return -1;
}

/* Keep key's answer (a key not there yet): 0, or -1 out of memory. */
static int memo_put(struct Strand *m, MemoKey key, int won) {
    if (won) key.w[5] |= MEMO_WON;
    if (m->count == m->cap) {
        size_t cap = 2 * m->cap;
        if (m->cap < m->most && cap > m->most) cap = m->most; /* no room it cannot fill */
        MemoKey *keys = realloc(m->keys, cap * sizeof *keys);
        if (!keys) return -1;
        m->keys = keys;
        m->cap = cap;
    }
    if (2 * (m->count + 1) > m->mask + 1) {
        size_t size = 2 * (m->mask + 1);
        uint32_t *grown = calloc(size, sizeof *grown);
        if (!grown) return -1;
        for (size_t i = 0; i < m->count; i++) {
            size_t to = memo_slot(&m->keys[i], size - 1);
            while (grown[to]) to = (to + 1) & (size - 1);
            grown[to] = (uint32_t)(i + 1);
        }
        free(m->index);
        m->index = grown;
        m->mask = size - 1;
    }
    size_t at = memo_slot(&key, m->mask);
    while (m->index[at]) at = (at + 1) & m->mask;
    m->keys[m->count] = key;
    m->index[at] = (uint32_t)(++m->count);
    return 0;
}

/* As wins, with the answers kept in memo: r->count is the states this question added, at
 * most r->limit. */
static int wins_kept(Relaxed *r, struct Strand *memo, const uint8_t *moved,
                     const uint8_t *home) {
    int done = 1;
    for (int s = 0; s < 4; s++)
        if (home[s] < 13) done = 0;
    if (done) return 1;
    MemoKey key = memo_key(r, moved, home);
    int known = memo_find(memo, &key);
    if (known >= 0) return known;
    if (r->count >= r->limit) return -1;
    r->count++;
    uint8_t after[MAXP], up[4];
    int got = 0;
    for (int step = 0; !got && next_step(r, moved, home, &step, after, up);)
        got = wins_kept(r, memo, after, up);
    if (got < 0) return got;
    return memo_put(memo, key, got) < 0 ? -1 : got;
}

int strand_limit(Core *k, long limit) {
    if (limit > 0 && !k->strand) {
        struct Strand *m = calloc(1, sizeof *m);
        if (!m || !(m->index = calloc(2048, sizeof *m->index)) ||
            !(m->keys = malloc(1024 * sizeof *m->keys))) {
            if (m) free(m->index);
            free(m);
            return -1;
        }
        m->mask = 2047;
        m->cap = 1024;
        k->strand = m;
    }
    k->strand_limit = limit > 0 ? limit : 0;
    if (k->strand) k->strand->most = MEMO_CAP + (size_t)k->strand_limit;
    return 0;
}

void strand_free(Core *k) {
    if (k->strand) {
        free(k->strand->index);
        free(k->strand->keys);
    }
    free(k->strand);
    k->strand = NULL;
}

int stranded_kept(Core *k, const Pos *p) {
    struct Strand *m = k->strand;
    if (!m || k->strand_limit <= 0) return 0;
    if (m->count >= MEMO_CAP) {
        memset(m->index, 0, (m->mask + 1) * sizeof *m->index);
        m->count = 0;
    }
    Relaxed r;
    memset(&r, 0, sizeof r);
    uint8_t moved[MAXP] = {0}, home[4];
    relaxed_init(&r, k, p, home);
    r.limit = (size_t)k->strand_limit;
    return wins_kept(&r, m, moved, home) == 0;
}
