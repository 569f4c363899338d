/* Simulated games of Cleariosity Numbers, compiled: the same games as play.py's simulate(),
 * card for card and draw for draw, only faster.
 *
 * Why it is here: design plays a few thousand games a minute to steer its search, and verify
 * plays tens of thousands to judge a deck; in Python the games are a fifth of design's time
 * and most of verify's. This file is optional: where it is not built (no C compiler), play.py
 * plays the same games itself, and the tests check that both give equal totals.
 *
 * How it stays the same: the random draws are Python's own. play.py seeds a random.Random as
 * before and hands its Mersenne Twister state (getstate()) to simulate() here, which draws
 * from that state exactly as random.Random.shuffle() and randrange() do
 * (_randbelow_with_getrandbits: k = n.bit_length() bits at a time, redrawn while >= n).
 *
 * simulate(card_count, offsets, members, flags, players, batch_games, state,
 *          equations, kinds, equation_slots, kind_slots) -> list of batches
 *   offsets, members: group g's cards are members[offsets[g]:offsets[g + 1]], lowest first
 *   state: the 624 words and the position of random.Random.getstate()[1]
 *   equations, kinds: empty, or each group's equation number and each equation's kind
 *   each batch: (games, cards_collected, groups_collected, practising, trivial, needing_new,
 *                repeats, windows, left, equation_counts, window_distinct)
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MT_N 624
#define MT_M 397
#define WINDOW 10 /* play.py's WINDOW */
#define PRACTISES 1
#define TRIVIAL 2
#define NEEDS_NEW 4

typedef struct {
    uint32_t state[MT_N];
    int index;
} Twister;

/* CPython's genrand_uint32 (Modules/_randommodule.c). */
static uint32_t next_word(Twister *twister) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t *mt = twister->state;
    uint32_t y;
    if (twister->index >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        y = (mt[MT_N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
        mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
        twister->index = 0;
    }
    y = mt[twister->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* random.Random._randbelow_with_getrandbits(n) for 1 <= n < 2**31. */
static Py_ssize_t below(Twister *twister, Py_ssize_t n) {
    int k = 0;
    uint32_t r;
    while (((Py_ssize_t)1 << k) <= n) k++;
    do {
        r = next_word(twister) >> (32 - k);
    } while ((Py_ssize_t)r >= n);
    return (Py_ssize_t)r;
}

/* A list of Python ints as a C array of at least `at_least` entries (zeros past the list). */
static long *int_array(PyObject *list, Py_ssize_t *length, Py_ssize_t at_least) {
    Py_ssize_t n = PyList_Size(list);
    if (n < 0) return NULL;
    Py_ssize_t size = n > at_least ? n : at_least;
    long *values = calloc(size > 0 ? size : 1, sizeof(long));
    if (values == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        values[i] = PyLong_AsLong(PyList_GET_ITEM(list, i));
        if (values[i] == -1 && PyErr_Occurred()) {
            free(values);
            return NULL;
        }
    }
    if (length != NULL) *length = n;
    return values;
}

static PyObject *long_list(const long *values, Py_ssize_t n) {
    PyObject *list = PyList_New(n);
    if (list == NULL) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PyLong_FromLong(values[i]);
        if (item == NULL) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, item);
    }
    return list;
}

static PyObject *simulate(PyObject *self, PyObject *args) {
    Py_ssize_t card_count, players, equation_slots, kind_slots;
    PyObject *offsets_list, *members_list, *flags_list, *batches_list, *state_tuple, *equations_list, *kinds_list;
    if (!PyArg_ParseTuple(args, "nO!O!O!nO!O!O!O!nn", &card_count, &PyList_Type, &offsets_list, &PyList_Type,
                          &members_list, &PyList_Type, &flags_list, &players, &PyList_Type, &batches_list,
                          &PyTuple_Type, &state_tuple, &PyList_Type, &equations_list, &PyList_Type, &kinds_list,
                          &equation_slots, &kind_slots))
        return NULL;
    if (card_count <= 0 || players <= 0 || equation_slots < 0 || kind_slots < 0) {
        PyErr_SetString(PyExc_ValueError, "simulate: card_count and players must be positive");
        return NULL;
    }
    if (PyTuple_Size(state_tuple) != MT_N + 1) {
        PyErr_SetString(PyExc_ValueError, "simulate: state must be 625 ints");
        return NULL;
    }

    PyObject *result = NULL;
    Py_ssize_t group_count = 0, member_total = 0, flag_count = 0, batch_count = 0, equation_count = 0;
    long *offsets = NULL, *members = NULL, *flags = NULL, *batch_games = NULL, *equations = NULL, *kinds = NULL;
    long *pair_count = NULL, *pair_start = NULL, *pair_groups = NULL, *fill = NULL;
    long *order = NULL, *face_up = NULL, *available = NULL, *kept = NULL, *taken = NULL;
    char *is_up = NULL, *collected = NULL;
    long *left = NULL, *equation_counts = NULL, *in_window = NULL, *distinct_now = NULL, *window_distinct = NULL;
    long *seen_stamp = NULL, *recent = NULL, *recent_size = NULL;
    Twister twister;

    offsets = int_array(offsets_list, &group_count, 0);
    if (offsets == NULL) goto done;
    group_count -= 1;
    members = int_array(members_list, &member_total, 0);
    flags = int_array(flags_list, &flag_count, 0);
    batch_games = int_array(batches_list, &batch_count, 0);
    equations = int_array(equations_list, &equation_count, 0);
    kinds = int_array(kinds_list, NULL, equation_slots);
    if (members == NULL || flags == NULL || batch_games == NULL || equations == NULL || kinds == NULL) goto done;
    if (group_count < 0 || flag_count != group_count || (equation_count && equation_count != group_count) ||
        offsets[group_count] != member_total) {
        PyErr_SetString(PyExc_ValueError, "simulate: groups, flags and equations do not agree");
        goto done;
    }
    for (Py_ssize_t g = 0; g < group_count; g++) {
        if (offsets[g + 1] - offsets[g] < 2) {
            PyErr_SetString(PyExc_ValueError, "simulate: a group has fewer than two cards");
            goto done;
        }
        for (long at = offsets[g]; at < offsets[g + 1]; at++) {
            if (members[at] < 0 || members[at] >= card_count || (at > offsets[g] && members[at] <= members[at - 1])) {
                PyErr_SetString(PyExc_ValueError, "simulate: a group's cards are not distinct cards, lowest first");
                goto done;
            }
        }
        if (equation_count && (equations[g] < 0 || equations[g] >= equation_slots)) {
            PyErr_SetString(PyExc_ValueError, "simulate: an equation number out of range");
            goto done;
        }
    }
    for (Py_ssize_t e = 0; e < equation_slots; e++) {
        if (kinds[e] < 0 || (kind_slots && kinds[e] >= kind_slots)) {
            PyErr_SetString(PyExc_ValueError, "simulate: an equation kind out of range");
            goto done;
        }
    }
    for (int i = 0; i <= MT_N; i++) {
        unsigned long word = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(state_tuple, i));
        if (word == (unsigned long)-1 && PyErr_Occurred()) goto done;
        if (i < MT_N)
            twister.state[i] = (uint32_t)word;
        else
            twister.index = (int)word;
    }

    /* The partner index of play.py: for each card and each other card, the groups the two share
     * in which the other card is the lowest of the first card's partners, in group order. */
    Py_ssize_t cells = card_count * card_count;
    pair_count = calloc(cells, sizeof(long));
    pair_start = calloc(cells + 1, sizeof(long));
    pair_groups = calloc(member_total > 0 ? member_total : 1, sizeof(long));
    fill = calloc(cells, sizeof(long));
    if (pair_count == NULL || pair_start == NULL || pair_groups == NULL || fill == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (int pass = 0; pass < 2; pass++) {
        for (Py_ssize_t g = 0; g < group_count; g++) {
            for (long at = offsets[g]; at < offsets[g + 1]; at++) {
                long card = members[at];
                long lowest = members[offsets[g]] != card ? members[offsets[g]] : members[offsets[g] + 1];
                Py_ssize_t slot = card * card_count + lowest;
                if (pass == 0)
                    pair_count[slot]++;
                else
                    pair_groups[pair_start[slot] + fill[slot]++] = (long)g;
            }
        }
        if (pass == 0)
            for (Py_ssize_t slot = 0; slot < cells; slot++) pair_start[slot + 1] = pair_start[slot] + pair_count[slot];
    }

    order = malloc(card_count * sizeof(long));
    face_up = malloc(card_count * sizeof(long));
    available = malloc((group_count > 0 ? group_count : 1) * sizeof(long));
    kept = malloc((group_count > 0 ? group_count : 1) * sizeof(long));
    taken = malloc((card_count + 1) * sizeof(long));
    is_up = calloc(card_count, 1);
    collected = calloc(card_count, 1);
    left = calloc(card_count, sizeof(long));
    equation_counts = calloc(equation_slots > 0 ? equation_slots : 1, sizeof(long));
    in_window = calloc(equation_slots > 0 ? equation_slots : 1, sizeof(long));
    seen_stamp = malloc((equation_slots > 0 ? equation_slots : 1) * sizeof(long));
    distinct_now = calloc(kind_slots > 0 ? kind_slots : 1, sizeof(long));
    window_distinct = calloc(kind_slots > 0 ? kind_slots : 1, sizeof(long));
    /* The distinct equations of each of the last WINDOW + 1 games (a ring). */
    recent = malloc((WINDOW + 1) * (card_count + 1) * sizeof(long));
    recent_size = calloc(WINDOW + 1, sizeof(long));
    if (order == NULL || face_up == NULL || available == NULL || kept == NULL || taken == NULL || is_up == NULL ||
        collected == NULL || left == NULL || equation_counts == NULL || in_window == NULL || seen_stamp == NULL ||
        distinct_now == NULL || window_distinct == NULL || recent == NULL || recent_size == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < card_count; i++) order[i] = (long)i;
    for (Py_ssize_t e = 0; e < equation_slots; e++) seen_stamp[e] = -1;

    result = PyList_New(batch_count);
    if (result == NULL) goto done;
    Py_ssize_t per_player = card_count / players;
    long game_number = 0, recent_count = 0, recent_first = 0;
    for (Py_ssize_t b = 0; b < batch_count; b++) {
        long cards_collected = 0, groups_collected = 0, practising = 0, trivial = 0, needing_new = 0;
        long repeats = 0, windows = 0;
        memset(left, 0, card_count * sizeof(long));
        if (equation_slots) memset(equation_counts, 0, equation_slots * sizeof(long));
        if (kind_slots) memset(window_distinct, 0, kind_slots * sizeof(long));
        for (long played = 0; played < batch_games[b]; played++, game_number++) {
            /* random.shuffle(order) */
            for (Py_ssize_t i = card_count - 1; i > 0; i--) {
                Py_ssize_t j = below(&twister, i + 1);
                long swap = order[i];
                order[i] = order[j];
                order[j] = swap;
            }
            memset(is_up, 0, card_count);
            memset(collected, 0, card_count);
            Py_ssize_t up = 0, open = 0, taken_count = 0;
            /* The leftovers of the deal first, then one round at a time (play.deal_rounds). */
            for (Py_ssize_t round = -1; round < per_player; round++) {
                Py_ssize_t first = round < 0 ? players * per_player : 0;
                Py_ssize_t last = round < 0 ? card_count : players;
                for (Py_ssize_t k = first; k < last; k++) {
                    long card = round < 0 ? order[k] : order[k * per_player + round];
                    is_up[card] = 1;
                    for (Py_ssize_t f = 0; f < up; f++) {
                        Py_ssize_t slot = card * card_count + face_up[f];
                        for (long at = pair_start[slot]; at < pair_start[slot + 1]; at++) {
                            long g = pair_groups[at];
                            int complete = 1;
                            for (long m = offsets[g]; m < offsets[g + 1]; m++) {
                                if (!is_up[members[m]]) {
                                    complete = 0;
                                    break;
                                }
                            }
                            if (complete) available[open++] = g;
                        }
                    }
                    face_up[up++] = card;
                }
                while (open) {
                    long g = available[below(&twister, open)];
                    taken[taken_count++] = g;
                    for (long m = offsets[g]; m < offsets[g + 1]; m++) {
                        is_up[members[m]] = 0;
                        collected[members[m]] = 1;
                    }
                    /* Keep the groups that share no card with the one taken, in order. */
                    Py_ssize_t still = 0;
                    for (Py_ssize_t a = 0; a < open; a++) {
                        long other = available[a];
                        int shares = 0;
                        for (long m = offsets[other]; m < offsets[other + 1] && !shares; m++) {
                            for (long n = offsets[g]; n < offsets[g + 1]; n++) {
                                if (members[m] == members[n]) {
                                    shares = 1;
                                    break;
                                }
                            }
                        }
                        if (!shares) kept[still++] = other;
                    }
                    memcpy(available, kept, still * sizeof(long));
                    open = still;
                    Py_ssize_t staying = 0;
                    for (Py_ssize_t f = 0; f < up; f++)
                        if (is_up[face_up[f]]) face_up[staying++] = face_up[f];
                    up = staying;
                }
            }
            for (Py_ssize_t c = 0; c < card_count; c++) {
                if (collected[c])
                    cards_collected++;
                else
                    left[c]++;
            }
            groups_collected += taken_count;
            for (Py_ssize_t t = 0; t < taken_count; t++) {
                long flag = flags[taken[t]];
                practising += flag & PRACTISES;
                trivial += (flag & TRIVIAL) >> 1;
                needing_new += (flag & NEEDS_NEW) >> 2;
            }
            if (equation_count) {
                long slot = (recent_first + recent_count) % (WINDOW + 1);
                long *seen = recent + slot * (card_count + 1);
                long seen_count = 0;
                for (Py_ssize_t t = 0; t < taken_count; t++) {
                    long equation = equations[taken[t]];
                    equation_counts[equation]++;
                    if (seen_stamp[equation] == game_number) {
                        repeats++;
                    } else {
                        seen_stamp[equation] = game_number;
                        seen[seen_count++] = equation;
                    }
                }
                recent_size[slot] = seen_count;
                recent_count++;
                for (long s = 0; s < seen_count; s++) {
                    long equation = seen[s];
                    if (in_window[equation] == 0) distinct_now[kind_slots ? kinds[equation] : 0]++;
                    in_window[equation]++;
                }
                if (recent_count > WINDOW) {
                    long *oldest = recent + recent_first * (card_count + 1);
                    for (long s = 0; s < recent_size[recent_first]; s++) {
                        long equation = oldest[s];
                        in_window[equation]--;
                        if (in_window[equation] == 0) distinct_now[kind_slots ? kinds[equation] : 0]--;
                    }
                    recent_first = (recent_first + 1) % (WINDOW + 1);
                    recent_count--;
                }
                if (recent_count == WINDOW) {
                    windows++;
                    for (Py_ssize_t k = 0; k < kind_slots; k++) window_distinct[k] += distinct_now[k];
                }
            }
        }
        PyObject *left_list = long_list(left, card_count);
        PyObject *counts_list = long_list(equation_counts, equation_slots);
        PyObject *distinct_list = long_list(window_distinct, kind_slots);
        if (left_list == NULL || counts_list == NULL || distinct_list == NULL) {
            Py_XDECREF(left_list);
            Py_XDECREF(counts_list);
            Py_XDECREF(distinct_list);
            Py_CLEAR(result);
            goto done;
        }
        PyObject *batch = Py_BuildValue("(llllllllNNN)", batch_games[b], cards_collected, groups_collected,
                                        practising, trivial, needing_new, repeats, windows, left_list,
                                        counts_list, distinct_list);
        if (batch == NULL) {
            Py_CLEAR(result);
            goto done;
        }
        PyList_SET_ITEM(result, b, batch);
    }

done:
    free(offsets);
    free(members);
    free(flags);
    free(batch_games);
    free(equations);
    free(kinds);
    free(pair_count);
    free(pair_start);
    free(pair_groups);
    free(fill);
    free(order);
    free(face_up);
    free(available);
    free(kept);
    free(taken);
    free(is_up);
    free(collected);
    free(left);
    free(equation_counts);
    free(in_window);
    free(seen_stamp);
    free(distinct_now);
    free(window_distinct);
    free(recent);
    free(recent_size);
    return result;
}

static PyMethodDef methods[] = {
    {"simulate", simulate, METH_VARARGS, "Play seeded games of Cleariosity Numbers (see play.simulate)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_play", "Compiled simulated games (see play.py).", -1,
                                    methods};

PyMODINIT_FUNC PyInit__play(void) { return PyModule_Create(&module); }
