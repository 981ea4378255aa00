/* The dead-position test: true when some card of the waste can never leave it, however many
 * of the stock's cards are dealt first. Python twin: dead.py, whose docstring gives the proof;
 * each card's leaving is checked by the cheap count here, then the exact one (placement.c).
 */
#include "core.h"

#define MEMO_SLOTS 4096
#define MEMO_KEY (53 + MAXCARDS)

/* One of is_dead's answers and what it was asked about. */
typedef struct Memo {
    uint64_t hash; /* 0: empty */
    uint8_t n, dead;
    uint8_t key[MEMO_KEY];
} Memo;

/* Make the table of is_dead's answers where the test holds (k->runs_only), forgetting any
 * answers of earlier tables: 0, or -1 with MemoryError set. */
int dead_init(Core *k) {
    dead_free(k);
    if (k->runs_only && !(k->memo = PyMem_Calloc(MEMO_SLOTS, sizeof(Memo)))) {
        PyErr_NoMemory();
        return -1;
    }
    if (k->runs_only && (!(k->wlost = keyset_new()) || !(k->wprobed = keyset_new()))) return -1;
    if (chains_init(k) < 0) return -1;
    return placement_init(k);
}

/* Free the table of answers (a Core that goes, or new tables). */
void dead_free(Core *k) {
    PyMem_Free(k->memo);
    k->memo = NULL;
    Py_CLEAR(k->wlost);
    Py_CLEAR(k->wprobed);
    chains_free(k);
    placement_free(k);
}

/* placement.py's overfull, kept card by card so that a change of one card counts again only
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

/* placement.py's _runs, against a limit: whether the runs that hold need[r] to have[r] cards of
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
    if (!overfull(k, none) && can_stand(k, out, pivot)) return 0;
    if (nstock == 0) return 1;
    uint8_t dealt[52];
    memcpy(dealt, out, 52); /* most pivots that fail with none dealt pass with all */
    for (int at = 0; at < nstock; at++) dealt[k->stock_cards[at]]++;
    if (!overfull_of(k, dealt, pivot) && can_stand(k, dealt, pivot)) return 0;
    memcpy(dealt, out, 52);
    Waiting w = *none;
    for (int at = nstock - 1; at > 0; at--) { /* 1 to nstock - 1 dealt, from the end */
        int card = k->stock_cards[at];
        dealt[card]++;
        recount(k, &w, dealt, pivot, card);
        if (!overfull(k, &w) && can_stand(k, dealt, pivot)) return 0;
    }
    return 1;
}

/* dead.py's dead_counts, translated: true when some card of the waste proves the position
   lost, out holding the copies home or on the piles (it counts the waste's into it). */
static int dead_count(const Core *k, uint8_t *out, int nstock, const uint8_t *waste, int wlen) {
    Waiting none;
    for (int at = wlen - 1, last = -1; at >= 0; at--) {
        int card = waste[at];
        if (last < 0) {
            wait_all(k, &none, out, card);
        } else { /* last is out now and card the pivot */
            recount(k, &none, out, card, last);
            recount(k, &none, out, card, card);
        }
        if (stuck(k, &none, out, card, nstock)) return 1;
        out[card]++;
        last = card;
    }
    return 0;
}

/* dead.py's home_counts: how many copies of each card are home, into out (zeroed first). */
void home_counts(const Core *k, const int *found, uint8_t *out) {
    memset(out, 0, 52);
    for (int f = 0; f < k->F; f++) {
        int top = found[f];
        if (top < 0) continue;
        const uint8_t *order = k->sequence + 13 * (top & 3);
        for (int place = 0; place <= k->homepos[top]; place++) out[order[place]]++;
    }
}

/* The answer depends only on the copies home or on the piles, the stock's length and the
   waste, which many positions of a search share (they differ in how the piles are laid
   out): so each answer is kept in a slot of k->memo picked by a hash of those, and asked
   for again only when the slot holds other ones. out: the copies home or on the piles. */
int dead_counts(const Core *k, const uint8_t *out, int stock, const uint8_t *waste, int wlen) {
    uint8_t key[MEMO_KEY];
    memcpy(key, out, 52);
    key[52] = (uint8_t)stock;
    memcpy(key + 53, waste, wlen);
    int n = 53 + wlen;
    uint64_t h = hash_bytes(key, n);
    Memo *slot = &k->memo[h & (MEMO_SLOTS - 1)]; /* dead_init made it, as runs_only */
    if (slot->hash == h && slot->n == n && memcmp(slot->key, key, n) == 0) return slot->dead;
    uint8_t counts[52];
    memcpy(counts, out, 52);
    slot->dead = (uint8_t)dead_count(k, counts, stock, waste, wlen);
    slot->hash = h;
    slot->n = (uint8_t)n;
    memcpy(slot->key, key, n);
    return slot->dead;
}

/* dead.py's built: every pile of p is a built run, as play makes them (a table laid out by
 * hand need not be). */
int built_runs(const Core *k, const Pos *p) {
    for (int i = 0; i < k->P; i++) {
        const uint8_t *c = pile(p, i);
        for (int j = 1; j < p->len[i]; j++)
            if (!k->fits_on[c[j - 1] * 52 + c[j]]) return 0;
    }
    return 1;
}

/* dead.py's cards_out: how many copies of each card are home or on p's piles, into out. */
void cards_out(const Core *k, const Pos *p, uint8_t *out) {
    home_counts(k, p->found, out);
    for (int i = 0; i < p->ncards; i++) out[p->cards[i]]++;
}

/* dead.py's dead: true when some card of p's waste proves it lost (piles built runs only);
   with chains_test, chains.py's chains_dead. */
int is_dead(const Core *k, const Pos *p) {
    if (k->chains_test) return chains_dead(k, p);
    if (!k->runs_only || p->wlen == 0 || !built_runs(k, p)) return 0;
    uint8_t out[52];
    cards_out(k, p, out);
    return dead_counts(k, out, p->stock, p->waste, p->wlen);
}

/* placement.py's can_leave: both counts allow the cards out and the pivot. */
int can_leave(const Core *k, const uint8_t *out, int pivot) {
    return !overfull_of(k, out, pivot) && can_stand(k, out, pivot);
}
