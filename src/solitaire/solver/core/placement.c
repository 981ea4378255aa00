/* Whether the cards out of the stock and the waste can stand home and on the piles just
 * after a pivot has left the waste, with the pivot on top: the exact count of the fewest
 * piles, by dynamic programming over the places of the foundations' order. Python twin:
 * placement.py (fewest_piles, _can_leave), whose docstring gives the argument.
 */
#include "core.h"

#define PLACE_SLOTS 16384
#define STATES 81 /* how many foundations of each of the four suits stand that high: 0-2 */
#define TOO_MANY (1 << 20)

enum { HOME, ON_A_PILE, NO_PIVOT };

/* One answer of can_stand and what it was asked about. */
typedef struct Place {
    uint64_t hash; /* 0: empty */
    int16_t pivot;
    uint8_t fits;
    uint8_t out[52];
} Place;

/* Make the table of can_stand's answers where the test holds: 0, or -1 with MemoryError. */
int placement_init(Core *k) {
    placement_free(k);
    if (k->runs_only && !(k->places = PyMem_Calloc(PLACE_SLOTS, sizeof(Place)))) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

void placement_free(Core *k) {
    PyMem_Free(k->places);
    k->places = NULL;
}

/* For each suit and place, the copies out (the pivot among them) and the most foundations
 * of the suit that can stand there or higher (placement.py's _bounds). */
static void bounds(const Core *k, const uint8_t *out, int pivot, int avail[4][13],
                   int most[4][13]) {
    for (int s = 0; s < 4; s++) {
        int room = k->decks;
        for (int q = 0; q < 13; q++) {
            int c = k->sequence[13 * s + q], count = out[c] + (c == pivot);
            avail[s][q] = count;
            most[s][q] = room < count ? room : count;
            if (out[c] < room) room = out[c];
        }
    }
}

/* One place of the count: from the states of the place above (cost, up) to this one's. */
typedef struct {
    int total, stop, joins, mode_here, mode, limit;
    int low_bump[4], high[4];
} Step;

static void advance(const Step *st, const int *cost, const int *up, int *ncost, int *nup) {
    for (int j = 0; j < STATES; j++) ncost[j] = TOO_MANY;
    for (int i = 0; i < STATES; i++) {
        if (cost[i] >= st->limit) continue;
        int lo[4] = {i % 3, i / 3 % 3, i / 9 % 3, i / 27};
        for (int s = 0; s < 4; s++) lo[s] += st->low_bump[s];
        for (int a = lo[0]; a <= st->high[0]; a++)
            for (int b = lo[1]; b <= st->high[1]; b++)
                for (int c = lo[2]; c <= st->high[2]; c++)
                    for (int d = lo[3]; d <= st->high[3]; d++) {
                        int piles = st->total - a - b - c - d, spent, next_up;
                        if (st->stop) {
                            spent = cost[i] + piles;
                            next_up = 0;
                        } else {
                            int over = piles - (st->joins ? up[i] : 0);
                            spent = cost[i] + (over > 0 ? over : 0);
                            next_up = st->mode_here && st->mode == ON_A_PILE ? piles - 1 : piles;
                        }
                        if (spent >= st->limit) continue;
                        int j = a + 3 * b + 9 * c + 27 * d;
                        if (spent < ncost[j] || (spent == ncost[j] && next_up < nup[j])) {
                            ncost[j] = spent;
                            nup[j] = next_up;
                        }
                    }
    }
}

/* placement.py's _fewest: the fewest piles with the pivot home, on a pile, or with none. */
static int fewest(const Core *k, const uint8_t *out, int pivot, int mode) {
    int avail[4][13], most[4][13];
    bounds(k, out, pivot, avail, most);
    int suit = pivot >= 0 ? pivot & 3 : 3, place = pivot >= 0 ? k->homepos[pivot] : -1;
    if (mode == ON_A_PILE && avail[suit][place] - 1 < most[suit][place])
        most[suit][place] = avail[suit][place] - 1;
    int cost[STATES], up[STATES], ncost[STATES], nup[STATES];
    for (int i = 0; i < STATES; i++) cost[i] = TOO_MANY, up[i] = 0;
    cost[0] = 0;
    int last_rank = -1;
    for (int q = 12; q >= 0; q--) {
        int c0 = k->sequence[q], rank = c0 / 4 + 1;
        Step st = {0, k->stopper[c0], 0, q == place, mode, k->P + 1, {0, 0, 0, 0}, {0, 0, 0, 0}};
        st.joins = !st.stop && last_rank == rank + 1;
        for (int s = 0; s < 4; s++) {
            st.total += avail[s][q];
            st.high[s] = most[s][q];
        }
        if (mode == HOME && q == place) st.low_bump[suit] = 1;
        advance(&st, cost, up, ncost, nup);
        memcpy(cost, ncost, sizeof cost);
        memcpy(up, nup, sizeof up);
        last_rank = st.stop ? -1 : rank;
    }
    int best = k->P + 1;
    for (int i = 0; i < STATES; i++)
        if (cost[i] < best) best = cost[i];
    return best;
}

/* placement.py's fewest_piles. */
static int fewest_piles(const Core *k, const uint8_t *out, int pivot) {
    if (pivot < 0) return fewest(k, out, pivot, NO_PIVOT);
    int home = fewest(k, out, pivot, HOME);
    if (home <= k->P) return home;
    int piled = fewest(k, out, pivot, ON_A_PILE);
    return piled < home ? piled : home;
}

/* The exact part of placement.py's _can_leave: the exact count allows the cards out and the
 * pivot, kept in a slot of k->places picked by a hash of them and checked in full. */
int can_stand(const Core *k, const uint8_t *out, int pivot) {
    uint64_t h = hash_bytes(out, 52) ^ ((uint64_t)(pivot + 2) * 0x9E3779B97F4A7C15ull);
    if (!h) h = 1;
    Place *slot = &k->places[h & (PLACE_SLOTS - 1)];
    if (slot->hash == h && slot->pivot == pivot && memcmp(slot->out, out, 52) == 0)
        return slot->fits;
    slot->fits = (uint8_t)(fewest_piles(k, out, pivot) <= k->P);
    slot->hash = h;
    slot->pivot = (int16_t)pivot;
    memcpy(slot->out, out, 52);
    return slot->fits;
}
