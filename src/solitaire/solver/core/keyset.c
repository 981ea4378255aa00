/* The set of keys: an open-addressing table of (hash, offset) slots over one arena of keys.
 * Python twin: the Python kernel's set of bytes (kernel.py's Kernel.keyset).
 */
#include "core.h"

static inline uint64_t rotl(uint64_t x, int r) { return x << r | x >> (64 - r); }

/* Two multiply chains over 16 bytes a round, which the processor runs side by side, then a
 * final mix (MurmurHash3's) so that the low bits, which pick the slot, depend on every byte. */
uint64_t hash_bytes(const uint8_t *s, size_t n) {
    uint64_t a = 0x9E3779B97F4A7C15ull ^ n, b = 0xC2B2AE3D27D4EB4Full;
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        uint64_t w0, w1;
        memcpy(&w0, s + i, 8);
        memcpy(&w1, s + i + 8, 8);
        a = (rotl(a, 23) ^ w0) * 0xFF51AFD7ED558CCDull;
        b = (rotl(b, 29) ^ w1) * 0xC4CEB9FE1A85EC53ull;
    }
    uint64_t w0 = 0, w1 = 0;
    size_t rest = n - i;
    if (rest > 8) {
        memcpy(&w0, s + i, 8);
        memcpy(&w1, s + i + 8, rest - 8);
    } else {
        memcpy(&w0, s + i, rest);
    }
    a = (rotl(a, 23) ^ w0) * 0xFF51AFD7ED558CCDull;
    b = (rotl(b, 29) ^ w1) * 0xC4CEB9FE1A85EC53ull;
    uint64_t h = a ^ rotl(b, 31);
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53ull;
    h ^= h >> 33;
    return h ? h : 1;
}

int keyset_find(KeySet *set, const uint8_t *key, size_t n, uint64_t h) {
    if (!set->slots) return 0;
    size_t i = h & set->mask;
    while (set->slots[i].hash) {
        if (set->slots[i].hash == h) {
            const uint8_t *at = set->arena + set->slots[i].off;
            if (at[0] == n && memcmp(at + 1, key, n) == 0) return 1;
        }
        i = (i + 1) & set->mask;
    }
    return 0;
}

static int keyset_grow(KeySet *set) {
    size_t size = set->slots ? (set->mask + 1) * 2 : 1024, got;
    Slot *slots = spare_take(size * sizeof(Slot), &got);
    if (!slots) return -1;
    memset(slots, 0, size * sizeof(Slot));
    if (set->slots) {
        for (size_t i = 0; i <= set->mask; i++) {
            if (!set->slots[i].hash) continue;
            size_t j = set->slots[i].hash & (size - 1);
            while (slots[j].hash) j = (j + 1) & (size - 1);
            slots[j] = set->slots[i];
        }
        spare_give(set->slots, (set->mask + 1) * sizeof(Slot));
    }
    set->slots = slots;
    set->mask = size - 1;
    return 0;
}

/* 1: added, 0: there already, -1: error */
int keyset_add(KeySet *set, const uint8_t *key, size_t n, uint64_t h) {
    if (n > 255) {
        PyErr_SetString(PyExc_ValueError, "a key is at most 255 bytes");
        return -1;
    }
    if (!set->slots || (set->count + 1) * 2 > set->mask + 1) {
        if (keyset_grow(set) < 0) return -1;
    }
    size_t i = h & set->mask;
    while (set->slots[i].hash) {
        if (set->slots[i].hash == h) {
            const uint8_t *at = set->arena + set->slots[i].off;
            if (at[0] == n && memcmp(at + 1, key, n) == 0) return 0;
        }
        i = (i + 1) & set->mask;
    }
    if (set->used + n + 1 > set->cap) {
        size_t cap = set->cap ? set->cap * 2 : 65536;
        while (cap < set->used + n + 1) cap *= 2;
        uint8_t *arena = spare_grow(set->arena, set->used, set->cap, cap, &cap);
        if (!arena) return -1;
        set->arena = arena;
        set->cap = cap;
    }
    set->arena[set->used] = (uint8_t)n;
    memcpy(set->arena + set->used + 1, key, n);
    set->slots[i].hash = h;
    set->slots[i].off = set->used;
    set->used += n + 1;
    set->count++;
    return 1;
}

/* A new, empty set (NULL, with an error set, when there is no memory). */
KeySet *keyset_new(void) { return (KeySet *)PyType_GenericNew(&KeySetType, NULL, NULL); }

static void keyset_dealloc(KeySet *set) {
    if (set->slots) spare_give(set->slots, (set->mask + 1) * sizeof(Slot));
    spare_give(set->arena, set->cap);
    Py_TYPE(set)->tp_free((PyObject *)set);
}

static int bytes_arg(PyObject *obj, const uint8_t **data, Py_ssize_t *n) {
    if (!PyBytes_Check(obj)) {
        PyErr_SetString(PyExc_TypeError, "keys are bytes");
        return -1;
    }
    *data = (const uint8_t *)PyBytes_AS_STRING(obj);
    *n = PyBytes_GET_SIZE(obj);
    return 0;
}

static PyObject *keyset_add_method(KeySet *set, PyObject *key) {
    const uint8_t *data;
    Py_ssize_t n;
    if (bytes_arg(key, &data, &n) < 0) return NULL;
    if (keyset_add(set, data, (size_t)n, hash_bytes(data, (size_t)n)) < 0) return NULL;
    Py_RETURN_NONE;
}

static int keyset_contains(KeySet *set, PyObject *key) {
    if (!PyBytes_Check(key)) return 0;
    const uint8_t *data = (const uint8_t *)PyBytes_AS_STRING(key);
    size_t n = (size_t)PyBytes_GET_SIZE(key);
    return keyset_find(set, data, n, hash_bytes(data, n));
}

static Py_ssize_t keyset_len(KeySet *set) { return (Py_ssize_t)set->count; }

static PyObject *keyset_keys(KeySet *set, PyObject *Py_UNUSED(ignored)) {
    PyObject *out = PyList_New(0);
    if (!out || !set->slots) return out;
    for (size_t i = 0; i <= set->mask; i++) {
        if (!set->slots[i].hash) continue;
        const uint8_t *at = set->arena + set->slots[i].off;
        PyObject *key = PyBytes_FromStringAndSize((const char *)at + 1, at[0]);
        if (!key || PyList_Append(out, key) < 0) {
            Py_XDECREF(key);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(key);
    }
    return out;
}

static PyObject *keyset_nbytes(KeySet *set, PyObject *Py_UNUSED(ignored)) {
    size_t slots = set->slots ? set->mask + 1 : 0;
    return PyLong_FromSize_t(slots * sizeof(Slot) + set->cap);
}

static PyObject *keyset_iter(KeySet *set) {
    PyObject *keys = keyset_keys(set, NULL);
    if (!keys) return NULL;
    PyObject *it = PyObject_GetIter(keys);
    Py_DECREF(keys);
    return it;
}

static PyMethodDef keyset_methods[] = {
    {"add", (PyCFunction)keyset_add_method, METH_O, "Add a key (bytes)."},
    {"keys", (PyCFunction)keyset_keys, METH_NOARGS, "Every key, as a list of bytes."},
    {"nbytes", (PyCFunction)keyset_nbytes, METH_NOARGS, "Bytes of memory the set holds."},
    {NULL, NULL, 0, NULL},
};

static PySequenceMethods keyset_as_sequence = {
    .sq_length = (lenfunc)keyset_len,
    .sq_contains = (objobjproc)keyset_contains,
};

PyTypeObject KeySetType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "solitaire.solver._core.KeySet",
    .tp_doc = "A set of keys (bytes) in an open-addressing table over one arena: "
              "add, in, len, iteration.",
    .tp_basicsize = sizeof(KeySet),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_dealloc = (destructor)keyset_dealloc,
    .tp_methods = keyset_methods,
    .tp_as_sequence = &keyset_as_sequence,
    .tp_iter = (getiterfunc)keyset_iter,
};
