/* The canonical key: positions with equal keys play the same. Python twin: kernel.py's
 * Kernel.key, whose equivalence it keeps (the bytes differ).
 */
#include "core.h"

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
void sort_piles(const Core *k, const Pos *p, uint8_t *order) {
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
int make_key(const Core *k, Pos *p, uint8_t *key) {
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
