/* What the foundations give (which foundation takes each card, which cards are safe to send
 * home), and a pile's run and blocked cards. Python twin: lookup.py.
 */
#include "core.h"

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
const FoundInfo *found_info(Core *k, const int *found) {
    uint64_t h = 0;
    for (int i = 0; i < k->F; i++) h = (h + (uint64_t)(found[i] + 2)) * 0x9E3779B97F4A7C15ull;
    Info *slot = &k->infos[h >> 54 & (INFO_SLOTS - 1)];
    if (slot->valid && memcmp(slot->found, found, k->F * sizeof(int)) == 0) return &slot->info;
    compute_found_info(k, found, &slot->info);
    memcpy(slot->found, found, k->F * sizeof(int));
    slot->valid = 1;
    return &slot->info;
}

int run_length(const Core *k, const uint8_t *cards, int n) {
    if (!n) return 0;
    int run = 1;
    for (int i = n - 1; i > 0; i--) {
        if (!k->fits_on[cards[i - 1] * 52 + cards[i]]) break;
        run++;
    }
    return run;
}

int blocked_count(const Core *k, const uint8_t *cards, int n) {
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
