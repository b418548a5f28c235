/* The compiled audit: the exhaustive searches of dealgen/solve/audit.py (Penguin, its three
 * rule sets) and dealgen/solve/freecell_audit.py (FreeCell, Baker's Game, Eight Off, Seahaven
 * Towers), in C.
 *
 * Independent on purpose: it is written from the rules (RULES.md, docs/games/) and the two
 * Python audits, and shares no code, no tables and no headers with the search core
 * (_tableau_core.c) or the engines. An audit checks the solver's "unsolvable"; a fault
 * shared with the solver would pass unseen, so nothing is shared.
 *
 * Same search as the Python audits, step for step: depth first, every legal move of every
 * position in the same fixed order, no automatic moves, no pruning, and the same notion of
 * "the same position" (Penguin: columns in order, cells as a set; the family: columns and
 * cells as sets; the foundations follow from the cards left). So the verdict, the count of
 * positions visited and a won line are the ones the Python audit gives; the tests compare
 * them. The Python audits stay the reference and the fallback.
 *
 * One position is kept and changed in place: a move is made, its child looked up, and the
 * move undone if the child was seen. The stack holds, per depth, the move that led there and
 * how far that position's move list has been tried (the list is made again on return: it is
 * cheap beside the children). Seen positions are packed keys, 6 bits a symbol (each column's
 * length and cards, then the number of cell cards and the cards in order), in a growing byte arena under an open
 * addressing hash set of 8-byte slots: about 45 bytes a position stored, about 70 at the peak
 * while the set doubles.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define MAXCOLS 10
#define MAXCELLS 8
#define MAXMOVES 256 /* above the most moves from one position: about 112 in Penguin, at most
                        * 10 x (1 + 1 + 9) + 8 x (1 + 10) = 198 in the family */
#define MAXKEY 64    /* bytes: at most 10 + 1 + 52 symbols of 6 bits = 48 */
#define SIGNAL_EVERY 65536 /* positions between checks for Ctrl-C */

enum { PARLETT = 0, SUPERMOVE = 1, SINGLE = 2 };
enum { COL_HOME, COL_CELL, COL_COL, CELL_HOME, CELL_COL };
enum { EXHAUSTED, WON, BUDGET };

typedef struct {
    uint8_t kind, src, dst, count, card;
} Move;

typedef struct {
    int ncols, ncells;
    uint8_t len[MAXCOLS];
    uint8_t col[MAXCOLS][52];
    int8_t cell[MAXCELLS]; /* Penguin: -1 for a free cell, in place; family: sorted, ncell of them */
    int nused;             /* family: cards in the cells */
    uint8_t home[4];
    int homed; /* cards on the foundations */
} Pos;

typedef struct {
    int penguin;
    /* Penguin */
    int base, rules;
    uint8_t below[52]; /* the card that lies on card c in Penguin: same suit, rank one lower, K below A */
    /* the family */
    int alternate, kings_only;
} Game;

/* -- moves ------------------------------------------------------------------------------- */
static int next_home(const Game *g, int suit, int count) {
    return count == 13 ? -1 : suit * 13 + (g->base + count) % 13;
}

static int heads_space(const Game *g, int card) { return (card % 13 + 1) % 13 == g->base; }

static int lies_on(const Game *g, int card, int onto) { /* the family's building rule */
    if (card % 13 + 1 != onto % 13)
        return 0;
    if (g->alternate)
        return (card / 13 >= 2) != (onto / 13 >= 2);
    return card / 13 == onto / 13;
}

static int starts_column(const Game *g, int card) { return !g->kings_only || card % 13 == 12; }

static void add(Move *out, int *n, int kind, int src, int dst, int count, int card) {
    Move m = {(uint8_t)kind, (uint8_t)src, (uint8_t)dst, (uint8_t)count, (uint8_t)card};
    out[(*n)++] = m;
}

/* audit.py's _Rules.moves, in its order. */
static int penguin_moves(const Game *g, const Pos *p, Move *out) {
    int n = 0, free = -1, nfree = 0, spaces = 0;
    for (int k = 0; k < p->ncells; k++)
        if (p->cell[k] < 0) {
            if (free < 0)
                free = k;
            nfree++;
        }
    for (int j = 0; j < p->ncols; j++)
        spaces += p->len[j] == 0;
    for (int i = 0; i < p->ncols; i++) {
        int len = p->len[i];
        if (!len)
            continue;
        const uint8_t *col = p->col[i];
        int top = col[len - 1];
        if (top == next_home(g, top / 13, p->home[top / 13]))
            add(out, &n, COL_HOME, i, 0, 1, top);
        if (free >= 0)
            add(out, &n, COL_CELL, i, free, 1, top);
        int start = len - 1;
        while (start > 0 && col[start] == g->below[col[start - 1]])
            start--;
        for (int j = 0; j < p->ncols; j++) {
            if (j == i)
                continue;
            int k = -1, tlen = p->len[j];
            if (tlen) {
                int want = g->below[p->col[j][tlen - 1]];
                for (int m = start; m < len; m++)
                    if (col[m] == want) {
                        k = m;
                        break;
                    }
            } else {
                for (int m = start; m < len; m++)
                    if (heads_space(g, col[m])) {
                        k = m;
                        break;
                    }
            }
            if (k < 0)
                continue;
            long most = g->rules == PARLETT ? 13 : g->rules == SINGLE ? 1 : (long)(nfree + 1) << (spaces - (tlen ? 0 : 1));
            if (len - k <= most)
                add(out, &n, COL_COL, i, j, len - k, col[k]);
        }
    }
    for (int k = 0; k < p->ncells; k++) {
        int card = p->cell[k];
        if (card < 0)
            continue;
        if (card == next_home(g, card / 13, p->home[card / 13]))
            add(out, &n, CELL_HOME, k, 0, 1, card);
        for (int j = 0; j < p->ncols; j++) {
            int tlen = p->len[j];
            if (tlen ? card == g->below[p->col[j][tlen - 1]] : heads_space(g, card))
                add(out, &n, CELL_COL, k, j, 1, card);
        }
    }
    return n;
}

/* freecell_audit.py's _Rules.moves, in its order. */
static int family_moves(const Game *g, const Pos *p, Move *out) {
    int n = 0;
    for (int i = 0; i < p->ncols; i++) {
        int len = p->len[i];
        if (!len)
            continue;
        int card = p->col[i][len - 1];
        if (p->home[card / 13] == card % 13)
            add(out, &n, COL_HOME, i, 0, 1, card);
        if (p->nused < p->ncells)
            add(out, &n, COL_CELL, i, 0, 1, card);
        for (int j = 0; j < p->ncols; j++) {
            if (j == i)
                continue;
            int tlen = p->len[j];
            if (tlen ? lies_on(g, card, p->col[j][tlen - 1]) : (starts_column(g, card) && len != 1))
                add(out, &n, COL_COL, i, j, 1, card);
        }
    }
    for (int k = 0; k < p->nused; k++) {
        int card = p->cell[k];
        if (p->home[card / 13] == card % 13)
            add(out, &n, CELL_HOME, k, 0, 1, card);
        for (int j = 0; j < p->ncols; j++) {
            int tlen = p->len[j];
            if (tlen ? lies_on(g, card, p->col[j][tlen - 1]) : starts_column(g, card))
                add(out, &n, CELL_COL, k, j, 1, card);
        }
    }
    return n;
}

/* The family's cells are kept sorted, as the Python audit's tuple is. */
static void cell_insert(Pos *p, int card) {
    int k = p->nused++;
    while (k > 0 && p->cell[k - 1] > card) {
        p->cell[k] = p->cell[k - 1];
        k--;
    }
    p->cell[k] = (int8_t)card;
}

static void cell_remove(Pos *p, int k) {
    for (p->nused--; k < p->nused; k++)
        p->cell[k] = p->cell[k + 1];
}

static int cell_index(const Pos *p, int card) {
    for (int k = 0; k < p->nused; k++)
        if (p->cell[k] == card)
            return k;
    return -1;
}

static void play(const Game *g, Pos *p, const Move *m) {
    switch (m->kind) {
    case COL_HOME:
        p->len[m->src]--;
        p->home[m->card / 13]++;
        p->homed++;
        break;
    case COL_CELL:
        p->len[m->src]--;
        if (g->penguin)
            p->cell[m->dst] = (int8_t)m->card;
        else
            cell_insert(p, m->card);
        break;
    case COL_COL:
        memcpy(p->col[m->dst] + p->len[m->dst], p->col[m->src] + p->len[m->src] - m->count, m->count);
        p->len[m->dst] += m->count;
        p->len[m->src] -= m->count;
        break;
    case CELL_HOME:
    case CELL_COL:
        if (g->penguin)
            p->cell[m->src] = -1;
        else
            cell_remove(p, m->src);
        if (m->kind == CELL_HOME) {
            p->home[m->card / 13]++;
            p->homed++;
        } else {
            p->col[m->dst][p->len[m->dst]++] = m->card;
        }
        break;
    }
}

static void unplay(const Game *g, Pos *p, const Move *m) {
    switch (m->kind) {
    case COL_HOME:
        p->home[m->card / 13]--;
        p->homed--;
        p->col[m->src][p->len[m->src]++] = m->card;
        break;
    case COL_CELL:
        if (g->penguin)
            p->cell[m->dst] = -1;
        else
            cell_remove(p, cell_index(p, m->card));
        p->col[m->src][p->len[m->src]++] = m->card;
        break;
    case COL_COL:
        memcpy(p->col[m->src] + p->len[m->src], p->col[m->dst] + p->len[m->dst] - m->count, m->count);
        p->len[m->src] += m->count;
        p->len[m->dst] -= m->count;
        break;
    case CELL_HOME:
    case CELL_COL:
        if (m->kind == CELL_HOME) {
            p->home[m->card / 13]--;
            p->homed--;
        } else {
            p->len[m->dst]--;
        }
        if (g->penguin)
            p->cell[m->src] = (int8_t)m->card;
        else
            cell_insert(p, m->card); /* back to index src: the cells are sorted */
        break;
    }
}

/* -- keys ---------------------------------------------------------------------------------- */
typedef struct {
    uint8_t *out;
    int bits;
} Packer;

static void put6(Packer *w, int symbol) {
    int byte = w->bits >> 3, shift = w->bits & 7;
    w->out[byte] |= (uint8_t)(symbol << shift);
    if (shift > 2)
        w->out[byte + 1] |= (uint8_t)(symbol >> (8 - shift));
    w->bits += 6;
}

static int column_order(const Pos *p, int a, int b) { /* any fixed total order will do */
    int la = p->len[a], lb = p->len[b];
    int c = memcmp(p->col[a], p->col[b], la < lb ? la : lb);
    return c ? c : la - lb;
}

/* The packed key of the position: each column's length and cards (Penguin: in place; the
 * family: in a fixed order of their contents, as a set), then the cell cards sorted. */
static int make_key(const Game *g, const Pos *p, uint8_t *key) {
    int order[MAXCOLS];
    int8_t cells[MAXCELLS];
    int ncell = 0;
    memset(key, 0, MAXKEY);
    Packer w = {key, 0};
    for (int i = 0; i < p->ncols; i++) {
        int k = i;
        if (!g->penguin)
            while (k > 0 && column_order(p, order[k - 1], i) > 0) {
                order[k] = order[k - 1];
                k--;
            }
        order[k] = i;
    }
    for (int i = 0; i < p->ncols; i++) {
        int c = order[i];
        put6(&w, p->len[c]);
        for (int m = 0; m < p->len[c]; m++)
            put6(&w, p->col[c][m]);
    }
    if (g->penguin) {
        for (int k = 0; k < p->ncells; k++) {
            int card = p->cell[k];
            if (card < 0)
                continue;
            int m = ncell++;
            while (m > 0 && cells[m - 1] > card) {
                cells[m] = cells[m - 1];
                m--;
            }
            cells[m] = (int8_t)card;
        }
    } else {
        ncell = p->nused;
        memcpy(cells, p->cell, (size_t)ncell);
    }
    put6(&w, ncell);
    for (int k = 0; k < ncell; k++)
        put6(&w, cells[k]);
    return (w.bits + 7) >> 3; /* self-delimiting (every count is in it), so padding cannot pass for an AC */
}

static uint64_t hash_key(const uint8_t *key, int len) {
    uint64_t h = 0x243F6A8885A308D3ull ^ (uint64_t)len;
    for (int i = 0; i < len; i += 8) {
        uint64_t word;
        memcpy(&word, key + i, 8); /* the key buffer is zero beyond len */
        h = (h ^ word) * 0x9E3779B97F4A7C15ull;
        h ^= h >> 29;
    }
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDull;
    h ^= h >> 33;
    return h;
}

/* -- the seen set -------------------------------------------------------------------------- */
/* A slot: 0 when empty, else (offset of the key in the arena + 1) in the low 40 bits and the
 * hash's top 24 bits above them. Arena records are a length byte and the key. */
#define OFFSET_BITS 40
#define OFFSET_MASK ((1ull << OFFSET_BITS) - 1)

typedef struct {
    uint64_t *slots;
    uint64_t mask, count;
    uint8_t *arena;
    uint64_t used, size;
} Seen;

static int seen_init(Seen *s) {
    s->mask = (1u << 16) - 1;
    s->count = 0;
    s->slots = PyMem_RawCalloc(s->mask + 1, sizeof(uint64_t));
    s->size = 1u << 20;
    s->used = 0;
    s->arena = PyMem_RawMalloc(s->size);
    return s->slots && s->arena;
}

static void seen_free(Seen *s) {
    PyMem_RawFree(s->slots);
    PyMem_RawFree(s->arena);
}

static int seen_grow(Seen *s) {
    uint64_t mask = s->mask * 2 + 1;
    uint64_t *slots = PyMem_RawCalloc(mask + 1, sizeof(uint64_t));
    if (!slots)
        return 0;
    for (uint64_t i = 0; i <= s->mask; i++) {
        uint64_t e = s->slots[i];
        if (!e)
            continue;
        const uint8_t *rec = s->arena + (e & OFFSET_MASK) - 1;
        uint8_t key[MAXKEY] = {0};
        memcpy(key, rec + 1, rec[0]);
        uint64_t j = hash_key(key, rec[0]) & mask;
        while (slots[j])
            j = (j + 1) & mask;
        slots[j] = e;
    }
    PyMem_RawFree(s->slots);
    s->slots = slots;
    s->mask = mask;
    return 1;
}

/* 1 when the key was already in the set; else 0 and, if add, the key is added; -1 no memory. */
static int seen_check(Seen *s, const uint8_t *key, int len, int add) {
    uint64_t h = hash_key(key, len), tag = (h >> OFFSET_BITS) << OFFSET_BITS;
    uint64_t i = h & s->mask;
    for (;; i = (i + 1) & s->mask) {
        uint64_t e = s->slots[i];
        if (!e)
            break;
        if ((e & ~OFFSET_MASK) == tag) {
            const uint8_t *rec = s->arena + (e & OFFSET_MASK) - 1;
            if (rec[0] == len && memcmp(rec + 1, key, (size_t)len) == 0)
                return 1;
        }
    }
    if (!add)
        return 0;
    if (s->used + 1 + (uint64_t)len > s->size) {
        uint64_t size = s->size * 2;
        if (size >= OFFSET_MASK) /* offsets must fit beside the tag */
            return -1;
        uint8_t *arena = PyMem_RawRealloc(s->arena, size);
        if (!arena)
            return -1;
        s->arena = arena;
        s->size = size;
    }
    s->slots[i] = tag | (s->used + 1);
    s->arena[s->used] = (uint8_t)len;
    memcpy(s->arena + s->used + 1, key, (size_t)len);
    s->used += 1 + (uint64_t)len;
    if (++s->count * 10 > (s->mask + 1) * 7 && !seen_grow(s))
        return -1;
    return 0;
}

/* -- the search: audit.exhaust ------------------------------------------------------------- */
typedef struct {
    Move move; /* the move that led to this depth (unused at the root) */
    int next;  /* the next index in this position's move list to try */
} Frame;

typedef struct {
    int outcome;
    uint64_t positions;
    Frame *line; /* the won line: line[1..depth-1].move */
    int depth;
} Outcome;

/* Depth first from p (not won), every move in order; returns 0, or -1 on no memory / a signal. */
static int exhaust(const Game *g, Pos *p, uint64_t max_positions, Outcome *res) {
    Seen seen;
    uint8_t key[MAXKEY];
    Move moves[MAXMOVES];
    int cap = 1024, depth = 1, status = 0;
    Frame *stack = PyMem_RawMalloc(sizeof(Frame) * (size_t)cap);
    if (!seen_init(&seen) || !stack) {
        seen_free(&seen);
        PyMem_RawFree(stack);
        PyErr_NoMemory();
        return -1;
    }
    seen_check(&seen, key, make_key(g, p, key), 1);
    stack[0].next = 0;
    res->outcome = EXHAUSTED;
    res->line = NULL;
    res->depth = 0;
    while (depth > 0) {
        Frame *f = &stack[depth - 1];
        int n = g->penguin ? penguin_moves(g, p, moves) : family_moves(g, p, moves);
        int pushed = 0;
        for (int i = f->next; i < n; i++) {
            play(g, p, &moves[i]);
            int len = make_key(g, p, key);
            int found = seen_check(&seen, key, len, 0);
            if (found) {
                unplay(g, p, &moves[i]);
                continue;
            }
            if (seen.count >= max_positions) {
                res->outcome = BUDGET;
                goto done;
            }
            if (seen_check(&seen, key, len, 1) < 0) {
                PyErr_NoMemory();
                status = -1;
                goto done;
            }
            if ((seen.count & (SIGNAL_EVERY - 1)) == 0 && PyErr_CheckSignals() < 0) {
                status = -1;
                goto done;
            }
            f->next = i + 1;
            if (depth == cap) {
                Frame *bigger = PyMem_RawRealloc(stack, sizeof(Frame) * (size_t)cap * 2);
                if (!bigger) {
                    PyErr_NoMemory();
                    status = -1;
                    goto done;
                }
                stack = bigger;
                cap *= 2;
                f = &stack[depth - 1];
            }
            stack[depth].move = moves[i];
            stack[depth].next = 0;
            depth++;
            if (p->homed == 52) {
                res->outcome = WON;
                res->line = stack;
                res->depth = depth;
                stack = NULL;
                goto done;
            }
            pushed = 1;
            break;
        }
        if (!pushed) {
            depth--;
            if (depth > 0)
                unplay(g, p, &stack[depth].move);
        }
    }
done:
    res->positions = seen.count;
    seen_free(&seen);
    PyMem_RawFree(stack);
    return status;
}

/* -- Python --------------------------------------------------------------------------------- */
static const char *OUTCOMES[] = {"exhausted", "won", "budget"};
static const char FAMILY_COLUMNS[] = "1234567890";

static int token(const Game *g, const Move *m, char *out) {
    const char *cols = g->penguin ? "1234567" : FAMILY_COLUMNS;
    int from_cell = m->kind == CELL_HOME || m->kind == CELL_COL;
    out[0] = from_cell ? (g->penguin ? (char)('a' + m->src) : 'c') : cols[m->src];
    if (m->kind == COL_HOME || m->kind == CELL_HOME)
        out[1] = 'h';
    else if (m->kind == COL_CELL)
        out[1] = g->penguin ? (char)('a' + m->dst) : 'c';
    else
        out[1] = cols[m->dst];
    return 2;
}

static int read_card(PyObject *item, int *card) {
    long v = PyLong_AsLong(item);
    if (v == -1 && PyErr_Occurred())
        return 0;
    if (v < 0 || v > 51) {
        PyErr_Format(PyExc_ValueError, "card %ld out of range 0-51", v);
        return 0;
    }
    *card = (int)v;
    return 1;
}

/* columns: a sequence of sequences of card ints, deepest first; cells: card ints, -1 free;
 * home: four counts. Fills p (cells in place), checking every card occurs at most once. */
static int read_position(PyObject *columns, PyObject *cells, PyObject *home, int maxcols, int maxcells, Pos *p) {
    uint8_t used[52] = {0};
    int card;
    memset(p, 0, sizeof(*p));
    PyObject *cols = PySequence_Fast(columns, "columns must be a sequence");
    if (!cols)
        return 0;
    p->ncols = (int)PySequence_Fast_GET_SIZE(cols);
    if (p->ncols > maxcols) {
        PyErr_Format(PyExc_ValueError, "at most %d columns, got %d", maxcols, p->ncols);
        goto fail;
    }
    for (int i = 0; i < p->ncols; i++) {
        PyObject *col = PySequence_Fast(PySequence_Fast_GET_ITEM(cols, i), "a column must be a sequence");
        if (!col)
            goto fail;
        Py_ssize_t len = PySequence_Fast_GET_SIZE(col);
        for (Py_ssize_t m = 0; m < len; m++) {
            if (!read_card(PySequence_Fast_GET_ITEM(col, m), &card) || used[card]++) {
                if (!PyErr_Occurred())
                    PyErr_Format(PyExc_ValueError, "card %d occurs twice", card);
                Py_DECREF(col);
                goto fail;
            }
            p->col[i][p->len[i]++] = (uint8_t)card;
        }
        Py_DECREF(col);
    }
    Py_DECREF(cols);
    cols = PySequence_Fast(cells, "cells must be a sequence");
    if (!cols)
        return 0;
    p->ncells = (int)PySequence_Fast_GET_SIZE(cols);
    if (p->ncells > maxcells) {
        PyErr_Format(PyExc_ValueError, "at most %d cells, got %d", maxcells, p->ncells);
        goto fail;
    }
    for (int k = 0; k < p->ncells; k++) {
        PyObject *item = PySequence_Fast_GET_ITEM(cols, k);
        long v = PyLong_AsLong(item);
        if (v == -1 && PyErr_Occurred())
            goto fail;
        p->cell[k] = -1;
        if (v == -1)
            continue;
        if (!read_card(item, &card) || used[card]++) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "card %d occurs twice", card);
            goto fail;
        }
        p->cell[k] = (int8_t)card;
    }
    Py_DECREF(cols);
    cols = PySequence_Fast(home, "home must be a sequence");
    if (!cols)
        return 0;
    if (PySequence_Fast_GET_SIZE(cols) != 4) {
        PyErr_SetString(PyExc_ValueError, "home must hold four counts");
        goto fail;
    }
    for (int s = 0; s < 4; s++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(cols, s));
        if (v == -1 && PyErr_Occurred())
            goto fail;
        if (v < 0 || v > 13) {
            PyErr_Format(PyExc_ValueError, "a foundation count must be 0-13, got %ld", v);
            goto fail;
        }
        p->home[s] = (uint8_t)v;
        p->homed += (int)v;
    }
    Py_DECREF(cols);
    return 1;
fail:
    Py_DECREF(cols);
    return 0;
}

static PyObject *run(const Game *g, Pos *p, long long max_positions) {
    Outcome res; /* a budget below 1 stops at the first new position, as one of 1 does */
    if (exhaust(g, p, max_positions < 0 ? 0 : (uint64_t)max_positions, &res) < 0)
        return NULL;
    PyObject *line = PyTuple_New(res.depth > 0 ? res.depth - 1 : 0);
    if (!line) {
        PyMem_RawFree(res.line);
        return NULL;
    }
    for (int d = 1; d < res.depth; d++) {
        char buf[2];
        PyObject *tok = PyUnicode_FromStringAndSize(buf, token(g, &res.line[d].move, buf));
        if (!tok) {
            Py_DECREF(line);
            PyMem_RawFree(res.line);
            return NULL;
        }
        PyTuple_SET_ITEM(line, d - 1, tok);
    }
    PyMem_RawFree(res.line);
    return Py_BuildValue("sKN", OUTCOMES[res.outcome], (unsigned long long)res.positions, line);
}

PyDoc_STRVAR(penguin_doc,
             "penguin(base, columns, cells, home, rules, max_positions) -> (outcome, positions, line)\n\n"
             "audit.py's search from a Penguin position that is not won: base the beak's rank (0-12),\n"
             "cards suit * 13 + rank - 1, cells in place with -1 free, home the four foundation counts,\n"
             "rules 0 parlett, 1 supermove, 2 single. outcome is 'exhausted', 'won' or 'budget'.");

static PyObject *py_penguin(PyObject *self, PyObject *args) {
    int base, rules;
    long long max_positions;
    PyObject *columns, *cells, *home;
    (void)self;
    if (!PyArg_ParseTuple(args, "iOOOiL", &base, &columns, &cells, &home, &rules, &max_positions))
        return NULL;
    if (base < 0 || base > 12 || rules < PARLETT || rules > SINGLE) {
        PyErr_SetString(PyExc_ValueError, "base must be 0-12 and rules 0-2");
        return NULL;
    }
    Game g = {.penguin = 1, .base = base, .rules = rules};
    for (int c = 0; c < 52; c++)
        g.below[c] = (uint8_t)(c % 13 == 0 ? c + 12 : c - 1);
    Pos p;
    if (!read_position(columns, cells, home, 7, 7, &p))
        return NULL;
    return run(&g, &p, max_positions);
}

PyDoc_STRVAR(family_doc,
             "family(alternate, kings_only, columns, cells, home, max_positions) -> (outcome, positions, line)\n\n"
             "freecell_audit.py's search from a FreeCell-family position that is not won: cards\n"
             "suit * 13 + rank - 1 (suits C S H D), cells with -1 free (their number is the game's),\n"
             "home the four foundation counts. outcome is 'exhausted', 'won' or 'budget'.");

static PyObject *py_family(PyObject *self, PyObject *args) {
    int alternate, kings_only;
    long long max_positions;
    PyObject *columns, *cells, *home;
    (void)self;
    if (!PyArg_ParseTuple(args, "ppOOOL", &alternate, &kings_only, &columns, &cells, &home, &max_positions))
        return NULL;
    Game g = {.penguin = 0, .alternate = alternate, .kings_only = kings_only};
    Pos p;
    if (!read_position(columns, cells, home, MAXCOLS, MAXCELLS, &p))
        return NULL;
    int8_t in_place[MAXCELLS];
    memcpy(in_place, p.cell, sizeof(in_place));
    for (int k = 0; k < p.ncells; k++)
        if (in_place[k] >= 0)
            cell_insert(&p, in_place[k]);
    return run(&g, &p, max_positions);
}

static PyMethodDef methods[] = {
    {"penguin", py_penguin, METH_VARARGS, penguin_doc},
    {"family", py_family, METH_VARARGS, family_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_audit_core",
    "The compiled audit of unsolvable verdicts (Penguin and the FreeCell family); see audit.py.", -1, methods,
};

PyMODINIT_FUNC PyInit__audit_core(void) { return PyModule_Create(&module); }
