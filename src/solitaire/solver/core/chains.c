/* The dead test for dealt piles: true when some card of the waste can never leave it, since
 * however much of each pile's dealt part stays, the chains on top cannot hold the cards that
 * wait. Python twin: chains.py, whose docstring gives the idea (docs/solver.md, rule 9, the
 * proof); the same branches in the same order, counted alike, so both give the same answer.
 */
#include "core.h"

#define NODES 4000 /* chains.py's NODES */
#define MAXCLS 52
#define FREE (-1)  /* chains.py's FREE */

/* chains.py's _Search and _State together. */
typedef struct {
    const Core *k;
    const uint8_t *parts[MAXP];
    int plen[MAXP];
    uint8_t home[52];
    int most_buried[52];
    long nodes;
    int last[MAXP], path[MAXP]; /* each pile's choice in the last choice that fitted, and now */
    int wait[52], loose[52], buried[52];
    int anchors[MAXCLS][15];
} Search;

/* chains.py's dealt_part: how many of the pile's cards, from the bottom, no card can join. */
static int dealt_len(const Core *k, const uint8_t *c, int n) {
    int at = n - 1;
    while (at > 0 && k->fits_on[c[at - 1] * 52 + c[at]]) at--;
    return at + 1;
}

/* _State.keep: bury the first n cards of part (step 1), or take them back (-1). */
static void keep(Search *s, const uint8_t *part, int n, int step) {
    for (int i = 0; i < n; i++) {
        s->buried[part[i]] += step;
        s->loose[part[i]] -= step;
    }
}

/* _State.fits: whether the chains of every class can hold what waits, with free chains. */
static int state_fits(const Search *s, int free) {
    const Core *k = s->k;
    int n = k->nclasses;
    int need[MAXCLS][15], have[MAXCLS][15];
    memset(need, 0, (size_t)n * sizeof need[0]);
    memset(have, 0, (size_t)n * sizeof have[0]);
    for (int card = 0; card < 52; card++) {
        int cls = k->chain_class[card], rank = card / 4 + 1;
        int shortfall = s->wait[card] - s->buried[card];
        if (shortfall > 0) need[cls][rank] += shortfall;
        have[cls][rank] += s->loose[card];
    }
    for (int cls = 0; cls < n; cls++) {
        int going = 0;
        const int *anchors = s->anchors[cls];
        for (int r = 13; r > 0; r--) {
            int low = need[cls][r] > anchors[r] ? need[cls][r] : anchors[r];
            int high = going + anchors[r];
            if (low > high) {
                free -= low - high;
                if (free < 0) return 0;
                high = low;
            }
            if (low > have[cls][r]) return 0;
            going = high < have[cls][r] ? high : have[cls][r];
        }
    }
    return 1;
}

static int branch(Search *s, int at, int free);

/* _Search._choose: branch on from pile at + 1, pile at keeping its dealt part up to the
   anchor at top (FREE: none of it). */
static int choose(Search *s, int at, int free, int top) {
    if (top == FREE) return branch(s, at + 1, free + 1);
    const uint8_t *part = s->parts[at];
    int anchor = part[top], cls = s->k->chain_class[anchor], rank = anchor / 4 + 1;
    keep(s, part, top, 1);
    s->anchors[cls][rank]++;
    int found = branch(s, at + 1, free);
    s->anchors[cls][rank]--;
    keep(s, part, top, -1);
    return found;
}

/* _Search._branch: piles at on are not chosen yet; free chosen piles have no dealt cards. */
static int branch(Search *s, int at, int free) {
    const Core *k = s->k;
    if (--s->nodes < 0) return 1;
    if (!state_fits(s, free + k->P - at)) return 0;
    if (at == k->P) {
        memcpy(s->last, s->path, sizeof s->last);
        return 1;
    }
    const uint8_t *part = s->parts[at];
    int len = s->plen[at], found = 0, first = s->last[at];
    for (int i = 0; i < len - 1; i++) s->buried[part[i]]--;
    s->path[at] = first;
    found = choose(s, at, free, first);
    for (int top = len - 1; !found && top >= FREE; top--) {
        if (top == first) continue;
        s->path[at] = top;
        found = choose(s, at, free, top);
    }
    for (int i = 0; i < len - 1; i++) s->buried[part[i]]++;
    return found;
}

/* _Search.fits: whether some choice of prefixes lets the chains fit, with the copies out
   and the pivot (1 too once the nodes have run out). */
static int choice_fits(Search *s, const int *out, int pivot) {
    const Core *k = s->k;
    for (int suit = 0; suit < 4; suit++) {
        const uint8_t *order = k->sequence + 13 * suit;
        int room = k->decks;
        for (int place = 0; place < 13; place++) {
            int c = order[place], on = out[c], count = on + (c == pivot);
            s->wait[c] = count > room ? count - room : 0;
            if (on < room) room = on;
        }
    }
    for (int c = 0; c < 52; c++) s->loose[c] = out[c] - s->home[c];
    s->loose[pivot]++;
    memcpy(s->buried, s->most_buried, sizeof s->buried);
    memset(s->anchors, 0, (size_t)k->nclasses * sizeof s->anchors[0]);
    return branch(s, 0, 0);
}

/* _Search.stuck: no choice fits for any number of the stock's cards dealt (from the end). */
static int stuck(Search *s, const int *out, int pivot, int nstock) {
    const Core *k = s->k;
    int dealt[52];
    memcpy(dealt, out, sizeof dealt);
    if (choice_fits(s, dealt, pivot)) return 0;
    if (nstock == 0) return 1;
    int every[52];
    memcpy(every, out, sizeof every);
    for (int at = 0; at < nstock; at++) every[k->stock_cards[at]]++;
    if (choice_fits(s, every, pivot)) return 0;
    for (int at = nstock - 1; at > 0; at--) {
        dealt[k->stock_cards[at]]++;
        if (choice_fits(s, dealt, pivot)) return 0;
    }
    return 1;
}

/* chains.py's _longest_first: the longer part first, then the first byte that differs. */
static int before(const uint8_t *a, int alen, const uint8_t *b, int blen) {
    if (alen != blen) return alen > blen;
    return memcmp(a, b, (size_t)alen) < 0;
}

/* The test itself, on the dealt parts in chains.py's order. */
static int test(const Core *k, const Pos *p, Search *s) {
    int out[52];
    for (int c = 0; c < 52; c++) out[c] = s->home[c];
    for (int i = 0; i < p->ncards; i++) out[p->cards[i]]++;
    memset(s->most_buried, 0, sizeof s->most_buried);
    for (int i = 0; i < k->P; i++) {
        for (int j = 0; j < s->plen[i] - 1; j++) s->most_buried[s->parts[i][j]]++;
        s->last[i] = s->path[i] = s->plen[i] - 1;
    }
    for (int at = p->wlen - 1; at >= 0; at--) {
        int pivot = p->waste[at];
        if (stuck(s, out, pivot, p->stock)) return 1;
        if (s->nodes <= 0) return 0;
        out[pivot]++;
    }
    return 0;
}

/* chains.py's chains_dead: true when some card of p's waste proves it lost. The answer
   depends only on the cards home, the multiset of the dealt parts, the cards out of the
   stock and the waste, the stock's length and the waste, which many positions of a search
   share (they differ in how the chains lie): so it is kept in a slot of k->chains picked
   by a hash of those, checked in full, as dead.c keeps its own. */
int chains_dead(const Core *k, const Pos *p) {
    if (p->wlen == 0) return 0;
    Search s;
    s.k = k;
    s.nodes = NODES;
    home_counts(k, p->found, s.home);
    for (int i = 0; i < k->P; i++) { /* sorted, by insertion */
        const uint8_t *part = pile(p, i);
        int len = p->len[i] ? dealt_len(k, part, p->len[i]) : 0, at = i;
        while (at > 0 && before(part, len, s.parts[at - 1], s.plen[at - 1])) {
            s.parts[at] = s.parts[at - 1];
            s.plen[at] = s.plen[at - 1];
            at--;
        }
        s.parts[at] = part;
        s.plen[at] = len;
    }
    uint8_t key[CHAINS_KEY];
    int n = 0;
    memcpy(key, s.home, 52);
    n = 52;
    uint8_t loose[52] = {0};
    for (int i = 0; i < p->ncards; i++) loose[p->cards[i]]++;
    memcpy(key + n, loose, 52);
    n += 52;
    key[n++] = (uint8_t)p->stock;
    key[n++] = (uint8_t)p->wlen;
    memcpy(key + n, p->waste, p->wlen);
    n += p->wlen;
    for (int i = 0; i < k->P; i++) {
        key[n++] = (uint8_t)s.plen[i];
        memcpy(key + n, s.parts[i], s.plen[i]);
        n += s.plen[i];
    }
    uint64_t h = hash_bytes(key, n);
    ChainsMemo *slot = NULL;
    if (k->chains) {
        slot = &k->chains[h & (CHAINS_SLOTS - 1)];
        if (slot->hash == h && slot->n == n && memcmp(slot->key, key, n) == 0) return slot->dead;
    }
    int dead = test(k, p, &s);
    if (slot) {
        slot->hash = h;
        slot->n = (uint16_t)n;
        slot->dead = (uint8_t)dead;
        memcpy(slot->key, key, n);
    }
    return dead;
}

/* Make the table of chains_dead's answers where the test holds: 0, or -1 with MemoryError. */
int chains_init(Core *k) {
    chains_free(k);
    if (k->chains_test && !(k->chains = PyMem_Calloc(CHAINS_SLOTS, sizeof(ChainsMemo)))) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* Free the table of answers. */
void chains_free(Core *k) {
    PyMem_Free(k->chains);
    k->chains = NULL;
}
