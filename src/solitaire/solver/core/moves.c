/* Move generation, play and the safe foundation moves. Python twins: moves.py (generate);
 * kernel.py (Kernel.play, Kernel.close, Kernel.step).
 */
#include "core.h"

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

#define OUT(s, d, c)                                                                        \
    do {                                                                                    \
        if (n < MAXMOVES) {                                                                 \
            out[n].src = (int8_t)(s);                                                       \
            out[n].dst = (int8_t)(d);                                                       \
            out[n].count = (uint8_t)(c);                                                    \
            n++;                                                                            \
        }                                                                                   \
    } while (0)

/* Where cards may go from a position, worked out once for all of its moves. */
typedef struct {
    int sortable;              /* piles are interchangeable: one empty pile stands for all */
    int empties[MAXP], nfirst; /* the empty piles, and how many of them a card may go to */
    int free;                  /* the first free cell, -1: none */
    int onto_card, onto_empty; /* the longest run that may move onto a card, an empty pile */
    int rows[MAXP];            /* each pile's row of fits_on: its top card's, or NO_TOP */
} Targets;

/* moves.py's _targets. */
static void targets(const Core *k, const Pos *p, Targets *to) {
    int nempty = 0, free_cells = 0;
    to->sortable = !(p->stock && k->ordered_while_stock);
    for (int i = 0; i < k->P; i++) {
        if (!p->len[i]) to->empties[nempty++] = i;
        to->rows[i] = p->len[i] ? top_of(p, i) * 52 : NO_TOP;
    }
    to->free = -1;
    for (int j = 0; j < k->C; j++) {
        if (p->cells[j] != EMPTY) continue;
        free_cells++;
        if (to->free < 0) to->free = j;
    }
    if (k->one_card) {
        to->onto_card = to->onto_empty = 1;
    } else if (k->limited) {
        to->onto_card = (1 + free_cells) << nempty;
        to->onto_empty = (1 + free_cells) << (nempty > 1 ? nempty - 1 : 0);
    } else {
        to->onto_card = to->onto_empty = 999;
    }
    to->nfirst = to->sortable ? (nempty ? 1 : 0) : nempty;
}

/* The moves from pile i (not empty), after the n in out: its top card home, runs onto other
 * piles and onto an empty pile, its top card to the free cell. moves.py's _pile_moves. */
static int pile_moves(const Core *k, const Pos *p, const FoundInfo *fi, const Targets *to,
                      int i, Raw *out, int n) {
    int len = p->len[i];
    const uint8_t *cards = pile(p, i);
    int top = cards[len - 1];
    if (fi->want[top] >= 0) OUT(i, FOUND0 + fi->want[top], 1);
    int run = k->one_card ? 1 : run_length(k, cards, len);
    int most = run < to->onto_card ? run : to->onto_card;
    for (int count = 1; count <= most; count++) {
        int card = cards[len - count];
        for (int j = 0; j < k->P; j++)
            if (k->fits_on[to->rows[j] + card] && j != i) OUT(i, j, count);
    }
    for (int e = 0; e < to->nfirst; e++) {
        int longest = run < to->onto_empty ? run : to->onto_empty;
        if (to->sortable && longest >= len) longest = len - 1;
        for (int count = 1; count <= longest; count++) OUT(i, to->empties[e], count);
    }
    if (to->free >= 0) OUT(i, CELL0 + to->free, 1);
    return n;
}

/* The moves of single cards, after the n in out: the free cells' (a second card of the same
 * code left out) and the waste's top card, home; the waste's to the free cell; then each of
 * them, and each foundation's top card that may come back, onto the piles and an empty pile.
 * moves.py's _single_moves. */
static int single_moves(const Core *k, const Pos *p, const FoundInfo *fi, const Targets *to,
                        Raw *out, int n) {
    int src[MAXC + 1 + MAXF], card[MAXC + 1 + MAXF], count = 0;
    uint8_t seen[52] = {0};
    for (int j = 0; j < k->C; j++) {
        int c = p->cells[j];
        if (c == EMPTY || seen[c]) continue;
        seen[c] = 1;
        if (fi->want[c] >= 0) OUT(CELL0 + j, FOUND0 + fi->want[c], 1);
        src[count] = CELL0 + j;
        card[count++] = c;
    }
    if (p->wlen) {
        int c = p->waste[p->wlen - 1];
        if (fi->want[c] >= 0) OUT(WASTE_SRC, FOUND0 + fi->want[c], 1);
        src[count] = WASTE_SRC;
        card[count++] = c;
        if (to->free >= 0) OUT(WASTE_SRC, CELL0 + to->free, 1);
    }
    if (k->returns && p->left) { /* once won, every card stays home */
        memset(seen, 0, sizeof seen);
        for (int index = 0; index < k->F; index++) {
            int top = p->found[index];
            if (top < 0 || is_base(k, top) || seen[top]) continue;
            seen[top] = 1;
            src[count] = FOUND0 + index;
            card[count++] = top;
        }
    }
    for (int s = 0; s < count; s++) {
        for (int j = 0; j < k->P; j++)
            if (k->fits_on[to->rows[j] + card[s]]) OUT(src[s], j, 1);
        for (int e = 0; e < to->nfirst; e++) OUT(src[s], to->empties[e], 1);
    }
    return n;
}

/* Every move worth trying from p, into out (MAXMOVES at most): their count. */
int generate(const Core *k, const Pos *p, const FoundInfo *fi, Raw *out) {
    Targets to;
    targets(k, p, &to);
    int n = 0;
    for (int i = 0; i < k->P; i++)
        if (p->len[i]) n = pile_moves(k, p, fi, &to, i, out, n);
    n = single_moves(k, p, fi, &to, out, n);
    if (p->stock) OUT(-1, -1, 0);
    return n;
}

void play(const Core *k, Pos *p, Raw r) {
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
void close_pos(Core *k, Pos *p, Raw *steps, int *nsteps) {
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
void step(Core *k, Pos *p, Raw r, const uint8_t *parent_safe, Raw *steps, int *nsteps) {
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
