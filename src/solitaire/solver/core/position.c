/* A position and a raw move as they cross into Python: bytes (see core.h) and (src, dst,
 * count) tuples. Python twin: the Python kernel's position tuple (tables.py) and raw moves.
 */
#include "core.h"

/* Where each pile starts in p->cards, from the piles' lengths; nothing of p is known yet. */
void set_offsets(const Core *k, Pos *p) {
    int at = 0;
    p->sorted = 0;
    p->blk_known = 0;
    for (int i = 0; i < k->P; i++) {
        p->off[i] = (uint8_t)at;
        at += p->len[i];
    }
    p->off[k->P] = (uint8_t)at;
    p->ncards = at;
}

/* The first k->H bytes of a packed position: everything but the cards of the piles and the
 * waste. */
void pack_head(const Core *k, const Pos *p, uint8_t *b) {
    b[0] = (uint8_t)p->left;
    b[1] = (uint8_t)p->stock;
    b[2] = (uint8_t)p->wlen;
    uint8_t *h = b + 3;
    for (int i = 0; i < k->P; i++) h[i] = p->len[i];
    h += k->P;
    for (int i = 0; i < k->F; i++) h[i] = p->found[i] < 0 ? EMPTY : (uint8_t)p->found[i];
    h += k->F;
    for (int i = 0; i < k->C; i++) h[i] = p->cells[i];
}

/* p packed into b (room for HEADMAX + 2 * MAXCARDS bytes): its length. */
int pack_buf(const Core *k, const Pos *p, uint8_t *b) {
    pack_head(k, p, b);
    memcpy(b + k->H, p->cards, p->ncards);
    memcpy(b + k->H + p->ncards, p->waste, p->wlen);
    return k->H + p->ncards + p->wlen;
}

/* p as a bytes object. */
PyObject *pack(const Core *k, const Pos *p) {
    PyObject *obj = PyBytes_FromStringAndSize(NULL, k->H + p->ncards + p->wlen);
    if (obj) pack_buf(k, p, (uint8_t *)PyBytes_AS_STRING(obj));
    return obj;
}

/* The first k->H bytes of a packed position into p, and where its piles start. */
static void unpack_head(const Core *k, const uint8_t *b, Pos *p) {
    p->left = b[0];
    p->stock = b[1];
    p->wlen = b[2];
    const uint8_t *h = b + 3;
    for (int i = 0; i < k->P; i++) p->len[i] = h[i];
    h += k->P;
    for (int i = 0; i < k->F; i++) p->found[i] = h[i] == EMPTY ? -1 : h[i];
    h += k->F;
    for (int i = 0; i < k->C; i++) p->cells[i] = h[i];
    set_offsets(k, p);
}

/* The position b that pack_buf packed, into p. */
void unpack_buf(const Core *k, const uint8_t *b, Pos *p) {
    unpack_head(k, b, p);
    memcpy(p->cards, b + k->H, p->ncards);
    memcpy(p->waste, b + k->H + p->ncards, p->wlen);
}

/* The position obj (bytes from Python), checked, into p: 0, or -1 with an error set. */
int unpack(const Core *k, PyObject *obj, Pos *p) {
    if (!PyBytes_Check(obj)) {
        PyErr_SetString(PyExc_TypeError, "a position is bytes");
        return -1;
    }
    const uint8_t *b = (const uint8_t *)PyBytes_AS_STRING(obj);
    Py_ssize_t n = PyBytes_GET_SIZE(obj);
    if (n < k->H || n < 3) goto bad; /* 3: a Core never initialised has k->H == 0 */
    unpack_head(k, b, p);
    if (p->ncards + p->wlen != n - k->H || p->ncards > MAXCARDS || p->wlen > MAXCARDS) goto bad;
    memcpy(p->cards, b + k->H, p->ncards);
    memcpy(p->waste, b + k->H + p->ncards, p->wlen);
    return 0;
bad:
    PyErr_SetString(PyExc_ValueError, "not a position of this game");
    return -1;
}

/* The raw move tuples and their one-move tuples, made once and shared. */
#define RAW_SLOTS (73 * 73 * 16)
static PyObject *raw_cache[RAW_SLOTS];
static PyObject *one_cache[RAW_SLOTS];
static PyObject *deal_raw, *deal_one;


/* Make the stock's move and its one-move tuple, once, when the module loads. */
int init_raw_tuples(void) {
    deal_raw = Py_BuildValue("(iii)", -1, -1, 0);
    if (!deal_raw) return -1;
    deal_one = PyTuple_Pack(1, deal_raw);
    return deal_one ? 0 : -1;
}

PyObject *raw_tuple(Raw r) {
    if (r.src < 0) {
        Py_INCREF(deal_raw);
        return deal_raw;
    }
    if (r.count < 16) {
        int slot = (r.src * 73 + r.dst) * 16 + r.count;
        if (!raw_cache[slot]) {
            raw_cache[slot] = Py_BuildValue("(iii)", r.src, r.dst, r.count);
            if (!raw_cache[slot]) return NULL;
        }
        Py_INCREF(raw_cache[slot]);
        return raw_cache[slot];
    }
    return Py_BuildValue("(iii)", r.src, r.dst, r.count);
}

PyObject *steps_tuple(const Raw *steps, int n) {
    if (n == 1 && steps[0].src < 0) {
        Py_INCREF(deal_one);
        return deal_one;
    }
    if (n == 1 && steps[0].count < 16) {
        int slot = (steps[0].src * 73 + steps[0].dst) * 16 + steps[0].count;
        if (!one_cache[slot]) {
            PyObject *raw = raw_tuple(steps[0]);
            if (!raw) return NULL;
            one_cache[slot] = PyTuple_Pack(1, raw);
            Py_DECREF(raw);
            if (!one_cache[slot]) return NULL;
        }
        Py_INCREF(one_cache[slot]);
        return one_cache[slot];
    }
    PyObject *out = PyTuple_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *raw = raw_tuple(steps[i]);
        if (!raw) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, raw);
    }
    return out;
}

int raw_arg(PyObject *obj, Raw *r) {
    int src, dst, count;
    if (!PyArg_ParseTuple(obj, "iii", &src, &dst, &count)) return -1;
    r->src = (int8_t)src;
    r->dst = (int8_t)dst;
    r->count = (uint8_t)count;
    return 0;
}

int append_steps(PyObject *line, const uint8_t *steps, int n) {
    for (int i = 0; i < n; i++) {
        Raw r = {(int8_t)steps[3 * i], (int8_t)steps[3 * i + 1], steps[3 * i + 2]};
        PyObject *raw = raw_tuple(r);
        if (!raw || PyList_Append(line, raw) < 0) {
            Py_XDECREF(raw);
            return -1;
        }
        Py_DECREF(raw);
    }
    return 0;
}
