/* Memory for the core: blocks kept between searches, growable arrays, and the records the
 * searches keep of their children. No Python twin: the Python searches keep tuples in lists.
 */
#include "core.h"

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
void *spare_take(size_t want, size_t *got) {
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
void spare_give(void *data, size_t size) {
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
void *spare_grow(void *data, size_t used, size_t size, size_t want, size_t *got) {
    void *out = spare_take(want, got);
    if (!out) return NULL;
    if (used) memcpy(out, data, used);
    spare_give(data, size);
    return out;
}

uint8_t *bytes_room(Bytes *b, size_t n) {
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

/* Give a stack's block back for the next search (see spare_give). */
void bytes_free(Bytes *b) {
    spare_give(b->data, b->cap);
    b->data = NULL;
    b->used = b->cap = 0;
}

int ints_push(Ints *a, int64_t v) {
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

void ints_free(Ints *a) {
    spare_give(a->data, a->cap * sizeof(int64_t));
    a->data = NULL;
    a->len = a->cap = 0;
}

/* Room for one more item in an array that realloc grows, doubling from first items: the new
 * block, with *cap updated, or NULL with MemoryError set. */
void *grow(void *data, size_t *cap, size_t item, size_t first) {
    size_t want = *cap ? *cap * 2 : first;
    void *out = realloc(data, want * item);
    if (!out) {
        PyErr_NoMemory();
        return NULL;
    }
    *cap = want;
    return out;
}

/* A record: its parent, its key's hash, its moves, its key and its packed position. */
int64_t put_record(const Core *k, Bytes *b, const Kid *kid, int64_t parent) {
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

void get_record(const Bytes *b, int64_t at, Record *r) {
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
