/* The design search's group look-up, compiled: GroupIndex._delta and _difference of
 * design_index.py, the same sums in C.
 *
 * Why it is here: a design step looks along the lines through the cards it changed, before and
 * after the change, for every group those cards make; in Python that is two fifths of design's
 * time. This file is optional: where it is not built, design_index.py does the same in Python,
 * and the tests check that both give the same totals and the same designed deck.
 *
 * delta(changed, lines, footprints, singles, dominoes, table, base, codes, colour_rank,
 *       counts_at_top) -> (kinds, members, pairs)
 *   reads the index exactly as GroupIndex._delta does, and returns its sums as dicts of counts:
 *   kinds {group kind: groups}, members {card: three-card groups it counts as its own} and
 *   pairs {(card, line * codes + code): two-card groups}.
 * difference(after, before) -> (kinds, members, pairs): after less before, zeros dropped.
 * account(change, sign, own_count, own_pairs, pair_kinds, distinct_pairs, role_cache, role_of,
 *         pair_weight, code_shift) -> None
 *   adds (sign 1) or takes away (-1) a change from every running total, as
 *   GroupIndex._account does: the cards' own groups and pairs, and each tier's TierStats.
 * largest(at, values) -> max(values[i] for i in at), for the score's commonest equation and fact.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Keep these as design_index.py has them. */
#define TOP_BITS 3
#define OPS_BITS 4
#define TIER_ROOM (1 << TOP_BITS)

/* A small open-addressing table of int64 key -> count, for summing before making dicts. */
typedef struct {
    int64_t *keys;
    long *counts;
    Py_ssize_t size, used;
} Tally;

static int tally_init(Tally *tally, Py_ssize_t size) {
    tally->size = size;
    tally->used = 0;
    tally->keys = malloc(size * sizeof(int64_t));
    tally->counts = calloc(size, sizeof(long));
    if (tally->keys == NULL || tally->counts == NULL) return -1;
    for (Py_ssize_t i = 0; i < size; i++) tally->keys[i] = -1;
    return 0;
}

static void tally_free(Tally *tally) {
    free(tally->keys);
    free(tally->counts);
}

static int tally_add(Tally *tally, int64_t key, long count);

static int tally_grow(Tally *tally) {
    Tally bigger;
    if (tally_init(&bigger, tally->size * 2) < 0) {
        tally_free(&bigger);
        return -1;
    }
    for (Py_ssize_t i = 0; i < tally->size; i++)
        if (tally->keys[i] >= 0) tally_add(&bigger, tally->keys[i], tally->counts[i]);
    tally_free(tally);
    *tally = bigger;
    return 0;
}

static int tally_add(Tally *tally, int64_t key, long count) {
    if (2 * (tally->used + 1) > tally->size && tally_grow(tally) < 0) return -1;
    Py_ssize_t at = (Py_ssize_t)(((uint64_t)key * 0x9E3779B97F4A7C15ULL) >> 7) & (tally->size - 1);
    while (tally->keys[at] >= 0 && tally->keys[at] != key) at = (at + 1) & (tally->size - 1);
    if (tally->keys[at] < 0) {
        tally->keys[at] = key;
        tally->used++;
    }
    tally->counts[at] += count;
    return 0;
}

/* Walking a set of cards without changing it: its items stay alive in it, so a borrowed
 * pointer is enough. Python 3.13 took _PySet_NextEntry out of the C API: an iterator there. */
typedef struct {
    PyObject *set;
    Py_ssize_t position;
    PyObject *iterator;
} SetWalk;

static int walk_start(SetWalk *walk, PyObject *set) {
    walk->set = set;
    walk->position = 0;
#if PY_VERSION_HEX >= 0x030D0000
    walk->iterator = PyObject_GetIter(set);
    return walk->iterator == NULL ? -1 : 0;
#else
    walk->iterator = NULL;
    return 0;
#endif
}

/* 1 and the next item, 0 at the end, -1 on an error (the walk is ended either way but for 1). */
static int walk_next(SetWalk *walk, PyObject **item) {
#if PY_VERSION_HEX >= 0x030D0000
    PyObject *next = PyIter_Next(walk->iterator);
    if (next == NULL) {
        Py_CLEAR(walk->iterator);
        return PyErr_Occurred() ? -1 : 0;
    }
    Py_DECREF(next); /* still held by the set */
    *item = next;
    return 1;
#else
    Py_hash_t hash;
    return _PySet_NextEntry(walk->set, &walk->position, item, &hash);
#endif
}

static void walk_end(SetWalk *walk) { Py_CLEAR(walk->iterator); }

typedef struct {
    long *rank;          /* colour rank of every card */
    Py_ssize_t cards;
    long *earlier;       /* changed cards already looked along */
    Py_ssize_t earlier_count;
    Tally kinds, members, pairs;
    int64_t pair_stride; /* pairs key: card * pair_stride + line * codes + code */
    PyObject *counts_at_top;
    int failed;
} Sums;

static int is_earlier(const Sums *sums, long card) {
    for (Py_ssize_t i = 0; i < sums->earlier_count; i++)
        if (sums->earlier[i] == card) return 1;
    return 0;
}

static int counts_at(PyObject *counts_at_top, long ops_key, char *out) {
    PyObject *row = PyList_GET_ITEM(counts_at_top, ops_key);
    for (int top = 0; top < TIER_ROOM; top++) {
        int truth = PyObject_IsTrue(PyTuple_GET_ITEM(row, top));
        if (truth < 0) return -1;
        out[top] = (char)truth;
    }
    return 0;
}

static long card_of(PyObject *item, const Sums *sums) {
    long card = PyLong_AsLong(item);
    if (card == -1 && PyErr_Occurred()) return -1;
    if (card < 0 || card >= sums->cards) {
        PyErr_SetString(PyExc_ValueError, "delta: a card number out of range");
        return -1;
    }
    return card;
}

/* One two-card group of card with other (GroupIndex._add_pairs, for one partner). */
static int add_pair(Sums *sums, long card, long mine_rank, long other, const char *counts, int64_t key_base,
                    int64_t kind) {
    if (is_earlier(sums, other)) return 0;
    long theirs = sums->rank[other];
    long top = theirs > mine_rank ? theirs : mine_rank;
    if (tally_add(&sums->kinds, (key_base + top) * 2 + 1, 1) < 0) return -1;
    if (counts[top]) {
        if (mine_rank == top && tally_add(&sums->pairs, card * sums->pair_stride + kind, 1) < 0) return -1;
        if (theirs == top && tally_add(&sums->pairs, other * sums->pair_stride + kind, 1) < 0) return -1;
    }
    return 0;
}

/* GroupIndex._add_pairs: two-card groups of card with each of partners (a set), or with the
 * one card `only` where partners is NULL. */
static int add_pairs(Sums *sums, long card, long mine_rank, PyObject *partners, long only, long line, long codes,
                     long code, long ops_key) {
    char counts[TIER_ROOM];
    if (counts_at(sums->counts_at_top, ops_key, counts) < 0) return -1;
    int64_t key_base = ((int64_t)code << OPS_BITS | ops_key) << TOP_BITS;
    int64_t kind = (int64_t)line * codes + code;
    if (partners == NULL) return add_pair(sums, card, mine_rank, only, counts, key_base, kind);
    SetWalk walk;
    PyObject *item;
    int more;
    if (walk_start(&walk, partners) < 0) return -1;
    while ((more = walk_next(&walk, &item)) == 1) {
        long other = card_of(item, sums);
        if (other < 0 || add_pair(sums, card, mine_rank, other, counts, key_base, kind) < 0) {
            walk_end(&walk);
            return -1;
        }
    }
    return more;
}

/* GroupIndex._add_triples: three-card groups of card with one of firsts and one of seconds. */
static int add_triples(Sums *sums, long card, long mine_rank, PyObject *firsts, PyObject *seconds, long code,
                       long ops_key) {
    char counts[TIER_ROOM];
    long per_top[TIER_ROOM] = {0};
    if (counts_at(sums->counts_at_top, ops_key, counts) < 0) return -1;
    SetWalk outer, inner;
    PyObject *item;
    int more;
    if (walk_start(&outer, firsts) < 0) return -1;
    while ((more = walk_next(&outer, &item)) == 1) {
        long first = card_of(item, sums);
        if (first < 0) goto failed;
        if (is_earlier(sums, first)) continue;
        long first_rank = sums->rank[first];
        long top_so_far = first_rank > mine_rank ? first_rank : mine_rank;
        int more_inner;
        if (walk_start(&inner, seconds) < 0) goto failed;
        while ((more_inner = walk_next(&inner, &item)) == 1) {
            long second = card_of(item, sums);
            if (second < 0) {
                walk_end(&inner);
                goto failed;
            }
            if (is_earlier(sums, second)) continue;
            long second_rank = sums->rank[second];
            long top = second_rank > top_so_far ? second_rank : top_so_far;
            per_top[top]++;
            if (counts[top] && ((mine_rank == top && tally_add(&sums->members, card, 1) < 0) ||
                                (first_rank == top && tally_add(&sums->members, first, 1) < 0) ||
                                (second_rank == top && tally_add(&sums->members, second, 1) < 0))) {
                walk_end(&inner);
                goto failed;
            }
        }
        if (more_inner < 0) goto failed;
    }
    if (more < 0) return -1;
    int64_t key_base = ((int64_t)code << OPS_BITS | ops_key) << TOP_BITS;
    for (int top = 0; top < TIER_ROOM; top++)
        if (per_top[top] && tally_add(&sums->kinds, (key_base + top) * 2, per_top[top]) < 0) return -1;
    return 0;
failed:
    walk_end(&outer);
    return -1;
}

static int bit_length(long value) {
    int bits = 0;
    while (value) {
        bits++;
        value >>= 1;
    }
    return bits;
}

/* The (result, ops_key) pairs of table[a * base + b] that give result, one at a time. */
static int table_row(PyObject *table, long base, long a, long b, PyObject **row) {
    *row = PyList_GET_ITEM(table, a * base + b);
    return 0;
}

static int entry(PyObject *row, Py_ssize_t i, long *result, long *ops_key) {
    PyObject *pair = PyTuple_GET_ITEM(row, i);
    *result = PyLong_AsLong(PyTuple_GET_ITEM(pair, 0));
    *ops_key = PyLong_AsLong(PyTuple_GET_ITEM(pair, 1));
    return PyErr_Occurred() ? -1 : 0;
}

static int footprint(PyObject *footprints, long card, long line, long *mask, long values[3]) {
    PyObject *print = PyList_GET_ITEM(PyList_GET_ITEM(footprints, card), line);
    *mask = PyLong_AsLong(PyTuple_GET_ITEM(print, 0));
    PyObject *held = PyTuple_GET_ITEM(print, 1);
    for (int slot = 0; slot < 3; slot++) values[slot] = PyLong_AsLong(PyTuple_GET_ITEM(held, slot));
    return PyErr_Occurred() ? -1 : 0;
}

static PyObject *tally_dict(const Tally *tally, int64_t pair_stride) {
    PyObject *dict = PyDict_New();
    if (dict == NULL) return NULL;
    for (Py_ssize_t i = 0; i < tally->size; i++) {
        if (tally->keys[i] < 0 || tally->counts[i] == 0) continue;
        PyObject *key = pair_stride ? Py_BuildValue("(LL)", tally->keys[i] / pair_stride, tally->keys[i] % pair_stride)
                                    : PyLong_FromLongLong(tally->keys[i]);
        PyObject *count = PyLong_FromLong(tally->counts[i]);
        if (key == NULL || count == NULL || PyDict_SetItem(dict, key, count) < 0) {
            Py_XDECREF(key);
            Py_XDECREF(count);
            Py_DECREF(dict);
            return NULL;
        }
        Py_DECREF(key);
        Py_DECREF(count);
    }
    return dict;
}

static int is_set(PyObject *value) { return PySet_Check(value) && !PyFrozenSet_Check(value); }

static PyObject *delta(PyObject *self, PyObject *args) {
    PyObject *changed, *lines, *footprints, *singles, *dominoes, *table, *colour_rank, *counts_at_top;
    long base, codes;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!O!llO!O!", &PyList_Type, &changed, &PyList_Type, &lines, &PyList_Type,
                          &footprints, &PyList_Type, &singles, &PyList_Type, &dominoes, &PyList_Type, &table, &base,
                          &codes, &PyList_Type, &colour_rank, &PyList_Type, &counts_at_top))
        return NULL;
    Sums sums;
    memset(&sums, 0, sizeof(sums));
    PyObject *result = NULL;
    sums.cards = PyList_GET_SIZE(colour_rank);
    sums.counts_at_top = counts_at_top;
    sums.pair_stride = (int64_t)8 * codes;
    sums.rank = malloc((sums.cards > 0 ? sums.cards : 1) * sizeof(long));
    sums.earlier = malloc((PyList_GET_SIZE(changed) + 1) * sizeof(long));
    if (sums.rank == NULL || sums.earlier == NULL || tally_init(&sums.kinds, 64) < 0 ||
        tally_init(&sums.members, 64) < 0 || tally_init(&sums.pairs, 64) < 0) {
        PyErr_NoMemory();
        goto done;
    }
    if (PyList_GET_SIZE(footprints) != sums.cards || PyList_GET_SIZE(table) != base * base) {
        PyErr_SetString(PyExc_ValueError, "delta: the index does not agree with itself");
        goto done;
    }
    for (Py_ssize_t i = 0; i < sums.cards; i++) {
        sums.rank[i] = PyLong_AsLong(PyList_GET_ITEM(colour_rank, i));
        if (sums.rank[i] < 0 || sums.rank[i] >= TIER_ROOM) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "delta: a colour rank out of range");
            goto done;
        }
    }
    for (Py_ssize_t c = 0; c < PyList_GET_SIZE(changed); c++) {
        long card = card_of(PyList_GET_ITEM(changed, c), &sums);
        if (card < 0) goto done;
        long mine_rank = sums.rank[card];
        for (Py_ssize_t l = 0; l < PyList_GET_SIZE(lines); l++) {
            long number = PyLong_AsLong(PyList_GET_ITEM(lines, l));
            if (number < 0 || number >= 8) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "delta: a line number out of range");
                goto done;
            }
            long mask, values[3];
            if (footprint(footprints, card, number, &mask, values) < 0) goto done;
            if (!mask || mask == 7) continue;
            PyObject *line_singles = PyList_GET_ITEM(singles, number);
            if (mask == 3 || mask == 5 || mask == 6) {
                /* A domino: partners carry the missing number alone on this line. */
                int missing = bit_length(7 ^ mask) - 1;
                PyObject *by_value = PyList_GET_ITEM(line_singles, missing);
                for (long value = 0; value < base; value++) {
                    PyObject *partners = PyList_GET_ITEM(by_value, value);
                    if (!is_set(partners)) goto not_a_set;
                    if (!PySet_GET_SIZE(partners)) continue;
                    long merged[3] = {values[0], values[1], values[2]};
                    merged[missing] = value;
                    PyObject *row;
                    table_row(table, base, merged[0], merged[1], &row);
                    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(row); i++) {
                        long result_value, ops_key;
                        if (entry(row, i, &result_value, &ops_key) < 0) goto done;
                        if (result_value == merged[2]) {
                            long code = (merged[0] * base + merged[1]) * base + result_value;
                            if (add_pairs(&sums, card, mine_rank, partners, 0, number, codes, code, ops_key) < 0)
                                goto done;
                        }
                    }
                }
                continue;
            }
            int slot = bit_length(mask) - 1;
            long mine = values[slot];
            /* A single number: partners are a domino over the other two cells ... */
            PyObject *mask_key = PyLong_FromLong(7 ^ mask);
            if (mask_key == NULL) goto done;
            PyObject *domino_set = PyDict_GetItemWithError(PyList_GET_ITEM(dominoes, number), mask_key);
            Py_DECREF(mask_key);
            if (domino_set == NULL) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "delta: a line's dominoes are missing");
                goto done;
            }
            if (!is_set(domino_set)) goto not_a_set;
            SetWalk walk;
            PyObject *item;
            int more;
            if (walk_start(&walk, domino_set) < 0) goto done;
            while ((more = walk_next(&walk, &item)) == 1) {
                long other = card_of(item, &sums);
                long other_mask, theirs[3];
                if (other < 0 || footprint(footprints, other, number, &other_mask, theirs) < 0) {
                    walk_end(&walk);
                    goto done;
                }
                theirs[slot] = mine;
                PyObject *row;
                table_row(table, base, theirs[0], theirs[1], &row);
                for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(row); i++) {
                    long result_value, ops_key;
                    if (entry(row, i, &result_value, &ops_key) < 0) {
                        walk_end(&walk);
                        goto done;
                    }
                    if (result_value == theirs[2]) {
                        long code = (theirs[0] * base + theirs[1]) * base + result_value;
                        if (add_pairs(&sums, card, mine_rank, NULL, other, number, codes, code, ops_key) < 0) {
                            walk_end(&walk);
                            goto done;
                        }
                    }
                }
            }
            if (more < 0) goto done;
            /* ... or two more single numbers, one in each of the other cells. */
            if (slot == 2) {
                PyObject *first_values = PyList_GET_ITEM(line_singles, 0);
                PyObject *second_values = PyList_GET_ITEM(line_singles, 1);
                for (long a = 0; a < base; a++) {
                    PyObject *firsts = PyList_GET_ITEM(first_values, a);
                    if (!is_set(firsts)) goto not_a_set;
                    if (!PySet_GET_SIZE(firsts)) continue;
                    for (long b = 0; b < base; b++) {
                        PyObject *seconds = PyList_GET_ITEM(second_values, b);
                        if (!is_set(seconds)) goto not_a_set;
                        if (!PySet_GET_SIZE(seconds)) continue;
                        PyObject *row;
                        table_row(table, base, a, b, &row);
                        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(row); i++) {
                            long result_value, ops_key;
                            if (entry(row, i, &result_value, &ops_key) < 0) goto done;
                            if (result_value == mine) {
                                long code = (a * base + b) * base + mine;
                                if (add_triples(&sums, card, mine_rank, firsts, seconds, code, ops_key) < 0) goto done;
                            }
                        }
                    }
                }
            } else {
                int other_slot = 1 - slot;
                PyObject *other_values = PyList_GET_ITEM(line_singles, other_slot);
                PyObject *third_values = PyList_GET_ITEM(line_singles, 2);
                for (long value = 0; value < base; value++) {
                    PyObject *others = PyList_GET_ITEM(other_values, value);
                    if (!is_set(others)) goto not_a_set;
                    if (!PySet_GET_SIZE(others)) continue;
                    long a = slot == 0 ? mine : value, b = slot == 0 ? value : mine;
                    PyObject *row;
                    table_row(table, base, a, b, &row);
                    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(row); i++) {
                        long result_value, ops_key;
                        if (entry(row, i, &result_value, &ops_key) < 0) goto done;
                        if (result_value < 0 || result_value >= base) {
                            PyErr_SetString(PyExc_ValueError, "delta: a result out of range");
                            goto done;
                        }
                        PyObject *thirds = PyList_GET_ITEM(third_values, result_value);
                        if (!is_set(thirds)) goto not_a_set;
                        if (PySet_GET_SIZE(thirds)) {
                            long code = (a * base + b) * base + result_value;
                            if (add_triples(&sums, card, mine_rank, others, thirds, code, ops_key) < 0) goto done;
                        }
                    }
                }
            }
        }
        sums.earlier[sums.earlier_count++] = card;
    }
    {
        PyObject *kinds = tally_dict(&sums.kinds, 0);
        PyObject *members = tally_dict(&sums.members, 0);
        PyObject *pairs = tally_dict(&sums.pairs, sums.pair_stride);
        if (kinds == NULL || members == NULL || pairs == NULL) {
            Py_XDECREF(kinds);
            Py_XDECREF(members);
            Py_XDECREF(pairs);
            goto done;
        }
        result = Py_BuildValue("(NNN)", kinds, members, pairs);
    }
    goto done;
not_a_set:
    PyErr_SetString(PyExc_TypeError, "delta: the index holds something other than a set of cards");
done:
    free(sums.rank);
    free(sums.earlier);
    tally_free(&sums.kinds);
    tally_free(&sums.members);
    tally_free(&sums.pairs);
    return result;
}

/* after less before, for one dict of counts: a new dict without the zeros. */
static PyObject *less(PyObject *after, PyObject *before) {
    PyObject *left = PyDict_Copy(after);
    if (left == NULL) return NULL;
    Py_ssize_t position = 0;
    PyObject *key, *count;
    while (PyDict_Next(before, &position, &key, &count)) {
        PyObject *had = PyDict_GetItemWithError(left, key);
        if (had == NULL && PyErr_Occurred()) goto failed;
        long now = (had == NULL ? 0 : PyLong_AsLong(had)) - PyLong_AsLong(count);
        if (PyErr_Occurred()) goto failed;
        if (now) {
            PyObject *value = PyLong_FromLong(now);
            if (value == NULL || PyDict_SetItem(left, key, value) < 0) {
                Py_XDECREF(value);
                goto failed;
            }
            Py_DECREF(value);
        } else if (had != NULL && PyDict_DelItem(left, key) < 0) {
            goto failed;
        }
    }
    return left;
failed:
    Py_DECREF(left);
    return NULL;
}

static PyObject *difference(PyObject *self, PyObject *args) {
    PyObject *after, *before;
    if (!PyArg_ParseTuple(args, "OO", &after, &before)) return NULL;
    if (!PyTuple_Check(after) || PyTuple_GET_SIZE(after) != 3 || !PyTuple_Check(before) ||
        PyTuple_GET_SIZE(before) != 3) {
        PyErr_SetString(PyExc_TypeError, "difference: two sums of three dicts");
        return NULL;
    }
    PyObject *parts[3] = {NULL, NULL, NULL};
    for (int i = 0; i < 3; i++) {
        PyObject *mine = PyTuple_GET_ITEM(after, i), *theirs = PyTuple_GET_ITEM(before, i);
        if (!PyDict_Check(mine) || !PyDict_Check(theirs)) {
            PyErr_SetString(PyExc_TypeError, "difference: two sums of three dicts");
        } else {
            parts[i] = less(mine, theirs);
        }
        if (parts[i] == NULL) {
            for (int j = 0; j < i; j++) Py_DECREF(parts[j]);
            return NULL;
        }
    }
    return Py_BuildValue("(NNN)", parts[0], parts[1], parts[2]);
}


/* Integer list items, changed in place (Python ints of any size that fit 64 bits). */
static int list_add(PyObject *list, Py_ssize_t at, long long step, long long *was) {
    if (at < 0 || at >= PyList_GET_SIZE(list)) {
        PyErr_SetString(PyExc_IndexError, "account: a total's index out of range");
        return -1;
    }
    long long old = PyLong_AsLongLong(PyList_GET_ITEM(list, at));
    if (old == -1 && PyErr_Occurred()) return -1;
    if (was != NULL) *was = old;
    if (!step) return 0;
    PyObject *now = PyLong_FromLongLong(old + step);
    if (now == NULL) return -1;
    PyList_SetItem(list, at, now); /* steals now, drops the old item */
    return 0;
}

/* TierStats' scalar totals, in the order kept here while a change is summed. */
enum { GROUPS, WEIGHTED, SQUARE_SUM, TRIVIAL, WEIGHTED_TRIVIAL, PRACTISING, WEIGHTED_PRACTISING, WEIGHTED_NEEDING,
       COVERED, SCALARS };
static const char *scalar_names[SCALARS] = {"groups",     "weighted",   "square_sum",          "trivial",
                                            "weighted_trivial", "practising", "weighted_practising",
                                            "weighted_needing", "covered"};
static PyObject *scalar_keys[SCALARS];
static PyObject *equations_key, *weighted_equations_key, *weighted_facts_key, *pair_facts_key, *facts_key;

typedef struct {
    PyObject *stats; /* borrowed: held by the role tuples */
    PyObject *equations, *weighted_equations, *weighted_facts, *pair_facts, *facts;
    long long sums[SCALARS];
} Pending;

static void pending_free(Pending *pending, int count) {
    for (int i = 0; i < count; i++) {
        Py_XDECREF(pending[i].equations);
        Py_XDECREF(pending[i].weighted_equations);
        Py_XDECREF(pending[i].weighted_facts);
        Py_XDECREF(pending[i].pair_facts);
        Py_XDECREF(pending[i].facts);
    }
}

static Pending *pending_for(Pending *pending, int *count, PyObject *stats) {
    for (int i = 0; i < *count; i++)
        if (pending[i].stats == stats) return &pending[i];
    if (*count >= TIER_ROOM) {
        PyErr_SetString(PyExc_ValueError, "account: more tiers than a group kind holds");
        return NULL;
    }
    Pending *fresh = &pending[(*count)++];
    memset(fresh, 0, sizeof(*fresh));
    fresh->stats = stats;
    fresh->equations = PyObject_GetAttr(stats, equations_key);
    fresh->weighted_equations = PyObject_GetAttr(stats, weighted_equations_key);
    fresh->weighted_facts = PyObject_GetAttr(stats, weighted_facts_key);
    fresh->pair_facts = PyObject_GetAttr(stats, pair_facts_key);
    fresh->facts = PyObject_GetAttr(stats, facts_key);
    if (fresh->equations == NULL || fresh->weighted_equations == NULL || fresh->weighted_facts == NULL ||
        fresh->pair_facts == NULL || fresh->facts == NULL)
        return NULL;
    if (!PyList_Check(fresh->equations) || !PyList_Check(fresh->weighted_equations) ||
        !PyList_Check(fresh->weighted_facts) || !PyList_Check(fresh->pair_facts) || !PyList_Check(fresh->facts)) {
        PyErr_SetString(PyExc_TypeError, "account: a tier's totals are not lists");
        return NULL;
    }
    return fresh;
}

static int pending_write(Pending *pending, int count) {
    for (int i = 0; i < count; i++) {
        for (int k = 0; k < SCALARS; k++) {
            if (!pending[i].sums[k]) continue;
            PyObject *old = PyObject_GetAttr(pending[i].stats, scalar_keys[k]);
            if (old == NULL) return -1;
            long long value = PyLong_AsLongLong(old);
            Py_DECREF(old);
            if (value == -1 && PyErr_Occurred()) return -1;
            PyObject *now = PyLong_FromLongLong(value + pending[i].sums[k]);
            if (now == NULL) return -1;
            int failed = PyObject_SetAttr(pending[i].stats, scalar_keys[k], now);
            Py_DECREF(now);
            if (failed < 0) return -1;
        }
    }
    return 0;
}

static int account_cards(PyObject *members, PyObject *pairs, long long sign, PyObject *own_count,
                         PyObject *own_pairs, PyObject *pair_kinds, PyObject *distinct_pairs) {
    Py_ssize_t position = 0;
    PyObject *key, *value;
    while (PyDict_Next(members, &position, &key, &value)) {
        Py_ssize_t member = PyLong_AsSsize_t(key);
        long long number = PyLong_AsLongLong(value);
        if (PyErr_Occurred() || list_add(own_count, member, sign * number, NULL) < 0) return -1;
    }
    position = 0;
    while (PyDict_Next(pairs, &position, &key, &value)) {
        if (!PyTuple_Check(key) || PyTuple_GET_SIZE(key) != 2) {
            PyErr_SetString(PyExc_TypeError, "account: a pair's key is not (card, kind)");
            return -1;
        }
        Py_ssize_t member = PyLong_AsSsize_t(PyTuple_GET_ITEM(key, 0));
        PyObject *kind = PyTuple_GET_ITEM(key, 1);
        long long step = sign * PyLong_AsLongLong(value);
        if (PyErr_Occurred() || list_add(own_count, member, step, NULL) < 0 ||
            list_add(own_pairs, member, step, NULL) < 0)
            return -1;
        PyObject *kinds = PyList_GET_ITEM(pair_kinds, member); /* member checked by list_add */
        if (!PyDict_Check(kinds)) {
            PyErr_SetString(PyExc_TypeError, "account: a card's pair kinds are not a dict");
            return -1;
        }
        PyObject *had = PyDict_GetItemWithError(kinds, kind);
        if (had == NULL && PyErr_Occurred()) return -1;
        long long was = had == NULL ? 0 : PyLong_AsLongLong(had);
        if (was == -1 && PyErr_Occurred()) return -1;
        long long now = was + step;
        if (now) {
            PyObject *count = PyLong_FromLongLong(now);
            if (count == NULL || PyDict_SetItem(kinds, kind, count) < 0) {
                Py_XDECREF(count);
                return -1;
            }
            Py_DECREF(count);
        } else if (had != NULL && PyDict_DelItem(kinds, kind) < 0) {
            return -1;
        }
        if (!was) {
            if (list_add(distinct_pairs, member, 1, NULL) < 0) return -1;
        } else if (!now) {
            if (list_add(distinct_pairs, member, -1, NULL) < 0) return -1;
        }
    }
    return 0;
}

static PyObject *account(PyObject *self, PyObject *args) {
    PyObject *change, *own_count, *own_pairs, *pair_kinds, *distinct_pairs, *role_cache, *role_of;
    long long sign, pair_weight;
    long code_shift;
    if (!PyArg_ParseTuple(args, "OLO!O!O!O!O!OLl", &change, &sign, &PyList_Type, &own_count, &PyList_Type, &own_pairs,
                          &PyList_Type, &pair_kinds, &PyList_Type, &distinct_pairs, &PyDict_Type, &role_cache,
                          &role_of, &pair_weight, &code_shift))
        return NULL;
    if (!PyTuple_Check(change) || PyTuple_GET_SIZE(change) != 3 || !PyDict_Check(PyTuple_GET_ITEM(change, 0)) ||
        !PyDict_Check(PyTuple_GET_ITEM(change, 1)) || !PyDict_Check(PyTuple_GET_ITEM(change, 2))) {
        PyErr_SetString(PyExc_TypeError, "account: a change of three dicts");
        return NULL;
    }
    if (account_cards(PyTuple_GET_ITEM(change, 1), PyTuple_GET_ITEM(change, 2), sign, own_count, own_pairs,
                      pair_kinds, distinct_pairs) < 0)
        return NULL;
    Pending pending[TIER_ROOM];
    int pending_count = 0;
    Py_ssize_t position = 0;
    PyObject *key, *value;
    while (PyDict_Next(PyTuple_GET_ITEM(change, 0), &position, &key, &value)) {
        long long kind = PyLong_AsLongLong(key);
        long long step = sign * PyLong_AsLongLong(value);
        if (PyErr_Occurred()) goto failed;
        long long weight = (kind & 1) ? step * pair_weight : step;
        Py_ssize_t code = (Py_ssize_t)(kind >> (code_shift + 1));
        PyObject *role_key = PyLong_FromLongLong(kind >> 1);
        if (role_key == NULL) goto failed;
        PyObject *tiers = PyDict_GetItemWithError(role_cache, role_key);
        if (tiers != NULL) {
            Py_INCREF(tiers);
        } else if (!PyErr_Occurred()) {
            tiers = PyObject_CallOneArg(role_of, role_key);
        }
        Py_DECREF(role_key);
        if (tiers == NULL) goto failed;
        if (!PyTuple_Check(tiers)) {
            Py_DECREF(tiers);
            PyErr_SetString(PyExc_TypeError, "account: a group kind's roles are not a tuple");
            goto failed;
        }
        for (Py_ssize_t t = 0; t < PyTuple_GET_SIZE(tiers); t++) {
            PyObject *role = PyTuple_GET_ITEM(tiers, t);
            if (!PyTuple_Check(role) || PyTuple_GET_SIZE(role) != 4) {
                PyErr_SetString(PyExc_TypeError, "account: a role is not (stats, trivial, practising, needing)");
                Py_DECREF(tiers);
                goto failed;
            }
            Pending *stats = pending_for(pending, &pending_count, PyTuple_GET_ITEM(role, 0));
            int trivial = PyObject_IsTrue(PyTuple_GET_ITEM(role, 1));
            int practising = PyObject_IsTrue(PyTuple_GET_ITEM(role, 2));
            int needing = PyObject_IsTrue(PyTuple_GET_ITEM(role, 3));
            long long old;
            if (stats == NULL || trivial < 0 || practising < 0 || needing < 0 ||
                list_add(stats->equations, code, step, NULL) < 0 ||
                list_add(stats->weighted_equations, code, weight, &old) < 0) {
                Py_DECREF(tiers);
                goto failed;
            }
            stats->sums[GROUPS] += step;
            stats->sums[WEIGHTED] += weight;
            stats->sums[SQUARE_SUM] += weight * (2 * old + weight);
            if (trivial) {
                stats->sums[TRIVIAL] += step;
                stats->sums[WEIGHTED_TRIVIAL] += weight;
            }
            if (practising) {
                stats->sums[PRACTISING] += step;
                stats->sums[WEIGHTED_PRACTISING] += weight;
                long long before;
                if (list_add(stats->weighted_facts, code, weight, NULL) < 0 ||
                    ((kind & 1) && list_add(stats->pair_facts, code, step, NULL) < 0) ||
                    list_add(stats->facts, code, step, &before) < 0) {
                    Py_DECREF(tiers);
                    goto failed;
                }
                if (needing) stats->sums[WEIGHTED_NEEDING] += weight;
                if (!before)
                    stats->sums[COVERED] += 1;
                else if (!(before + step))
                    stats->sums[COVERED] -= 1;
            }
        }
        Py_DECREF(tiers);
    }
    if (pending_write(pending, pending_count) < 0) goto failed;
    pending_free(pending, pending_count);
    Py_RETURN_NONE;
failed:
    pending_free(pending, pending_count);
    return NULL;
}

/* max(values[i] for i in at): the largest running total at these codes (the score reads it
 * for the commonest equation and fact of each tier every step). */
static PyObject *largest(PyObject *self, PyObject *args) {
    PyObject *at, *values;
    if (!PyArg_ParseTuple(args, "O!O!", &PyTuple_Type, &at, &PyList_Type, &values)) return NULL;
    Py_ssize_t count = PyTuple_GET_SIZE(at), size = PyList_GET_SIZE(values);
    if (!count) {
        PyErr_SetString(PyExc_ValueError, "largest: no codes to look at");
        return NULL;
    }
    PyObject *best = NULL;
    long long best_value = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        Py_ssize_t index = PyLong_AsSsize_t(PyTuple_GET_ITEM(at, i));
        if (index == -1 && PyErr_Occurred()) return NULL;
        if (index < 0 || index >= size) {
            PyErr_SetString(PyExc_IndexError, "largest: a code out of range");
            return NULL;
        }
        PyObject *item = PyList_GET_ITEM(values, index);
        long long value = PyLong_AsLongLong(item);
        if (value == -1 && PyErr_Occurred()) return NULL;
        if (best == NULL || value > best_value) {
            best = item;
            best_value = value;
        }
    }
    Py_INCREF(best);
    return best;
}

/* Read list[i] as a C long (the running totals are small whole numbers). */
static int long_at(PyObject *list, Py_ssize_t i, long *out) {
    *out = PyLong_AsLong(PyList_GET_ITEM(list, i));
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

static int double_at(PyObject *tuple, long i, double *out) {
    if (i < 0 || i >= PyTuple_GET_SIZE(tuple)) {
        PyErr_SetString(PyExc_IndexError, "card_terms: a colour without its target");
        return -1;
    }
    *out = PyFloat_AsDouble(PyTuple_GET_ITEM(tuple, i));
    return (*out == -1.0 && PyErr_Occurred()) ? -1 : 0;
}

/* Each card against its targets: (missed, reward), the same sums in the same order as
 * design_score.card_terms (so a seed gives the same deck compiled or not). */
static PyObject *card_terms(PyObject *self, PyObject *args) {
    PyObject *own_count, *own_pairs, *colour_rank, *distinct_pairs, *boost, *group_target, *pair_target, *pair_weight;
    long floor_groups, least_pairs, kinds_target, pair_cap, group_cap;
    double group_weight, group_short, square_short, below_line;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!O!O!O!llllldddd", &PyList_Type, &own_count, &PyList_Type, &own_pairs,
                          &PyList_Type, &colour_rank, &PyList_Type, &distinct_pairs, &PyList_Type, &boost,
                          &PyTuple_Type, &group_target, &PyTuple_Type, &pair_target, &PyTuple_Type, &pair_weight,
                          &floor_groups, &least_pairs, &kinds_target, &pair_cap, &group_cap, &group_weight,
                          &group_short, &square_short, &below_line))
        return NULL;
    Py_ssize_t total = PyList_GET_SIZE(own_count);
    if (PyList_GET_SIZE(own_pairs) != total || PyList_GET_SIZE(colour_rank) != total ||
        PyList_GET_SIZE(distinct_pairs) != total || PyList_GET_SIZE(boost) != total) {
        PyErr_SetString(PyExc_ValueError, "card_terms: lists of different lengths");
        return NULL;
    }
    double missed = 0.0, reward = 0.0;
    for (Py_ssize_t i = 0; i < total; i++) {
        long n, p, tier, kinds, extra;
        double group_goal, pair_goal, weight;
        if (long_at(own_count, i, &n) || long_at(own_pairs, i, &p) || long_at(colour_rank, i, &tier) ||
            long_at(distinct_pairs, i, &kinds) || long_at(boost, i, &extra))
            return NULL;
        if (double_at(group_target, tier, &group_goal) || double_at(pair_target, tier, &pair_goal) ||
            double_at(pair_weight, tier, &weight))
            return NULL;
        if (n < floor_groups) missed += (double)(floor_groups - n);
        if ((double)n < group_goal) missed += (group_goal - (double)n) * group_short;
        if (kinds < kinds_target) missed += (double)((kinds_target - kinds) * (kinds_target - kinds)) * square_short;
        long target = (long)pair_goal;
        if (p < target) {
            double below = below_line * (double)(p < least_pairs ? least_pairs - p : 0);
            missed += (double)((target - p) * (target - p)) * square_short + below;
        }
        if (extra) {
            long shortfall = target + extra - p, few = kinds_target + extra - kinds;
            missed += (double)((shortfall > 0 ? shortfall : 0) + (few > 0 ? few : 0));
        }
        reward += weight * (double)(p < pair_cap ? p : pair_cap) + group_weight * (double)(n < group_cap ? n : group_cap);
    }
    return Py_BuildValue("(dd)", missed, reward);
}

/* The cells of each line, in slot order (design_index.LINES). */
static const int line_cells[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {6, 4, 2}};

static int slot_of(long mask) { return mask == 1 ? 0 : mask == 2 ? 1 : 2; }

/* The set a footprint is filed in (borrowed): a single number's by slot and value, a domino's by
 * its mask (1 to 6; a card with all three cells of a line, mask 7, is filed nowhere). */
static PyObject *filed_under(PyObject *slots, PyObject *masks, long mask, const long *values) {
    if (mask == 1 || mask == 2 || mask == 4) {
        int slot = slot_of(mask);
        PyObject *by_value = PyList_GetItem(slots, slot);
        return by_value ? PyList_GetItem(by_value, values[slot]) : NULL;
    }
    PyObject *key = PyLong_FromLong(mask);
    PyObject *members = key ? PyDict_GetItemWithError(masks, key) : NULL;
    Py_XDECREF(key);
    if (members == NULL && !PyErr_Occurred()) PyErr_SetString(PyExc_KeyError, "index_card: no such domino");
    return members;
}

/* File one card's footprint on some lines (see GroupIndex._index): for each line, take the card
 * out of the set its old footprint put it in, work out the new footprint from its cells, and
 * put it in that one's set (dominoes by mask, single numbers by slot and value). */
static PyObject *index_card(PyObject *self, PyObject *args) {
    PyObject *card, *lines, *cells, *prints, *singles, *dominoes;
    if (!PyArg_ParseTuple(args, "OO!O!O!O!O!", &card, &PyList_Type, &lines, &PyDict_Type, &cells, &PyList_Type,
                          &prints, &PyList_Type, &singles, &PyList_Type, &dominoes))
        return NULL;
    Py_ssize_t count = PyList_GET_SIZE(lines);
    for (Py_ssize_t i = 0; i < count; i++) {
        long number = PyLong_AsLong(PyList_GET_ITEM(lines, i));
        if (number == -1 && PyErr_Occurred()) return NULL;
        if (number < 0 || number >= 8 || number >= PyList_GET_SIZE(prints) || number >= PyList_GET_SIZE(singles) ||
            number >= PyList_GET_SIZE(dominoes)) {
            PyErr_SetString(PyExc_IndexError, "index_card: no such line");
            return NULL;
        }
        PyObject *old = PyList_GET_ITEM(prints, number);
        long old_mask;
        long old_values[3];
        if (!PyArg_ParseTuple(old, "l(lll)", &old_mask, &old_values[0], &old_values[1], &old_values[2])) return NULL;
        PyObject *slots = PyList_GET_ITEM(singles, number);
        PyObject *masks = PyList_GET_ITEM(dominoes, number);
        if (old_mask != 0 && old_mask != 7) {
            PyObject *members = filed_under(slots, masks, old_mask, old_values);
            if (members == NULL || PySet_Discard(members, card) < 0) return NULL;
        }
        long mask = 0;
        long values[3] = {0, 0, 0};
        for (int slot = 0; slot < 3; slot++) {
            PyObject *position = PyLong_FromLong(line_cells[number][slot]);
            if (position == NULL) return NULL;
            PyObject *value = PyDict_GetItemWithError(cells, position);
            Py_DECREF(position);
            if (value == NULL) {
                if (PyErr_Occurred()) return NULL;
                continue;
            }
            mask |= 1L << slot;
            values[slot] = PyLong_AsLong(value);
            if (values[slot] == -1 && PyErr_Occurred()) return NULL;
        }
        PyObject *now = Py_BuildValue("(l(lll))", mask, values[0], values[1], values[2]);
        if (now == NULL) return NULL;
        if (PyList_SetItem(prints, number, now) < 0) return NULL; /* steals now */
        if (mask != 0 && mask != 7) {
            PyObject *members = filed_under(slots, masks, mask, values);
            if (members == NULL || PySet_Add(members, card) < 0) return NULL;
        }
    }
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"delta", delta, METH_VARARGS, "The groups through the changed cards, summed (see GroupIndex._delta)."},
    {"difference", difference, METH_VARARGS, "after less before, zeros dropped (see design_index._difference)."},
    {"largest", largest, METH_VARARGS, "The largest entry of a list at the given indices."},
    {"index_card", index_card, METH_VARARGS, "File a card's footprint on some lines (see GroupIndex._index)."},
    {"card_terms", card_terms, METH_VARARGS, "Each card against its targets (see design_score.card_terms)."},
    {"account", account, METH_VARARGS, "Add or take away a change from the running totals (see GroupIndex._account)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_groups",
                                    "The design search's group look-up, compiled (see design_index.py).", -1,
                                    methods};

PyMODINIT_FUNC PyInit__groups(void) {
    for (int k = 0; k < SCALARS; k++) {
        scalar_keys[k] = PyUnicode_InternFromString(scalar_names[k]);
        if (scalar_keys[k] == NULL) return NULL;
    }
    equations_key = PyUnicode_InternFromString("equations");
    weighted_equations_key = PyUnicode_InternFromString("weighted_equations");
    weighted_facts_key = PyUnicode_InternFromString("weighted_facts");
    pair_facts_key = PyUnicode_InternFromString("pair_facts");
    facts_key = PyUnicode_InternFromString("facts");
    if (equations_key == NULL || weighted_equations_key == NULL || weighted_facts_key == NULL ||
        pair_facts_key == NULL || facts_key == NULL)
        return NULL;
    return PyModule_Create(&module);
}
