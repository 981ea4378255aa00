/* A card that can never move (rule 9). Python twin: immovable.py, whose docstring gives the
 * argument. Only for a core with immovable_test: every card not on the piles is home.
 */
#include "core.h"

/* Whether card, on pile index with every card above it able to move, meets a condition for
 * a first move: home, an empty pile, or a card it builds on on top. */
static int can_move(const Core *k, int card, int index, const int8_t *where,
                    const uint8_t *depth, const uint8_t *moved, const uint8_t *sizes,
                    int empty) {
    int low = k->below[card];
    while (low >= 0) {
        int pile = where[low];
        if (pile >= 0 && depth[low] < sizes[pile] - moved[pile]) break;
        low = k->below[low];
    }
    if (low < 0) return 1;
    if (empty) return 1;
    for (int other = 0; other < k->P; other++)
        if (other != index && sizes[other] && moved[other] == sizes[other]) return 1;
    for (int i = 0; i < k->nonto[card]; i++) {
        int base = k->onto[card][i], pile = where[base];
        if (pile >= 0 && depth[base] + 1 >= sizes[pile] - moved[pile]) return 1;
    }
    return 0;
}

int immovable(const Core *k, const Pos *p) {
    int8_t where[52];
    uint8_t depth[52], moved[MAXP], sizes[MAXP];
    int empty = 0;
    memset(where, -1, sizeof where);
    for (int i = 0; i < k->P; i++) {
        const uint8_t *cards = pile(p, i);
        sizes[i] = p->len[i];
        moved[i] = 0;
        if (!p->len[i]) empty = 1;
        for (int at = 0; at < p->len[i]; at++) {
            where[cards[at]] = (int8_t)i;
            depth[cards[at]] = (uint8_t)at;
        }
    }
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int i = 0; i < k->P; i++) {
            if (moved[i] == sizes[i]) continue;
            int card = pile(p, i)[sizes[i] - 1 - moved[i]];
            if (can_move(k, card, i, where, depth, moved, sizes, empty)) {
                moved[i]++;
                changed = 1;
            }
        }
    }
    for (int i = 0; i < k->P; i++)
        if (moved[i] != sizes[i]) return 1;
    return 0;
}
