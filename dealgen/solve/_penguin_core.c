/* The compiled Penguin search core: the twin of dealgen/solve/penguin.py + search.py.
 *
 * It runs the same best-first search as the pure-Python reference, step for step: the
 * same moves in the same order, the same safe foundation moves, the same heuristic, the
 * same canonical keys (columns and cells as multisets) and the same frontier order
 * (priority, then insertion counter). So it expands the same positions in the same order
 * and returns the same verdict, the same moves and the same counts; the test suite
 * compares the two. Read penguin.py for why each rule loses no win: this file only
 * restates it in C. Cards are internal ones (suit * 13 + rel, rel 0 the beak's rank),
 * places are numbered 0-6 columns, 7-13 cells, 14 the foundation.
 *
 * Memory comes from PyMem_Raw*, so tracemalloc counts it (bench/bench_core.py reports
 * memory per solve). Every seen position is one record in a chunked arena: its parent,
 * the moves from the parent, its canonical key, and what it takes to rebuild the real
 * position (the order of the columns and the cells as they lie).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#define NCOLS 7
#define MAXCELLS 7
#define EMPTY 255
#define HOME 14
#define NPLACES 15
#define MAXTOK 64 /* one chosen move and at most 52 foundation moves after it */
#define NONE 0xFFFFFFFFu
#define TIME_CHECK 512 /* expansions between clock reads, as search.TIME_CHECK */
#define FIRST_CHUNK (1u << 14) /* arena chunks double from 16 KiB to 1 MiB: small searches stay small */
#define LAST_CHUNK (1u << 20)

enum { PARLETT = 0, SUPERMOVE = 1, SINGLE = 2 };

/* Heuristic weights: penguin.W_OUT, W_BAD, W_CELL (g's weight is a parameter). */
#define W_OUT 8
#define W_BAD 3
#define W_CELL 2

static uint8_t BELOW[52]; /* the card that packs onto x: rel one lower, 12 below 0 */
static PyObject *TOKEN[NPLACES][NPLACES]; /* interned move tokens, "3a", "a5", "1h"... */
static const char PLACE_CH[] = "1234567abcdefgh";

typedef struct {
    uint8_t n[NCOLS];
    uint8_t c[NCOLS][52];
    uint8_t cells[MAXCELLS];
    uint8_t home[4];
    uint8_t dis[NCOLS]; /* each column's disorder (penguin._disorder) */
    uint32_t g;
} Pos;

typedef struct {
    uint64_t prio; /* 64 bits, so g_weight * g cannot wrap */
    uint32_t counter; /* insertion order, the tie-break */
    uint32_t rec;
} HeapItem;

/* A record: u32 parent, u32 g, home[4], u8 ntok, u8 keylen, then 2*ntok token places,
 * the key, the column order (7 bytes: the real column of each sorted slot) and the cells
 * as they lie (ncells bytes). */
#define R_PARENT 0
#define R_G 4
#define R_HOME 8
#define R_NTOK 12
#define R_KEYLEN 13
#define R_TOKENS 14

typedef struct {
    int beak, rules, ncells, gw;
    uint8_t **chunks;
    size_t nchunks, capchunks, chunk_used, chunk_size;
    uint8_t **recs;
    uint32_t nrecs, caprecs;
    uint64_t *slot; /* hash << 32 | (record index + 1); 0 = free */
    uint32_t mask;
    HeapItem *heap;
    size_t nheap, capheap;
    uint32_t counter;
    size_t bytes, peak; /* memory held, and its most */
    struct Kids *kids; /* when set, expand lists the children here instead of searching (the players) */
} Search;

/* The children of one position, as the players see them (people/penguin.py). */
#define MAXKIDS 48 /* at most 14 onto columns, 8 into a space, 7 into a cell, 2 beaks home */
typedef struct Kids {
    int n;
    Pos pos[MAXKIDS];
    uint8_t tok[MAXKIDS][2 * MAXTOK];
    uint8_t ntok[MAXKIDS];
} Kids;

/* -- memory --------------------------------------------------------------------------- */
static void *grow(Search *S, void *ptr, size_t old, size_t new_size) {
    void *p = PyMem_RawRealloc(ptr, new_size);
    if (p == NULL) return NULL;
    S->bytes += new_size - old;
    if (S->bytes > S->peak) S->peak = S->bytes;
    return p;
}

static void search_free(Search *S) {
    for (size_t i = 0; i < S->nchunks; i++) PyMem_RawFree(S->chunks[i]);
    PyMem_RawFree(S->chunks);
    PyMem_RawFree(S->recs);
    PyMem_RawFree(S->slot);
    PyMem_RawFree(S->heap);
    memset(S, 0, sizeof *S);
}

static uint8_t *arena_take(Search *S, size_t size) {
    if (S->nchunks == 0 || S->chunk_used + size > S->chunk_size) {
        if (S->nchunks == S->capchunks) {
            size_t cap = S->capchunks ? 2 * S->capchunks : 64;
            uint8_t **c = grow(S, S->chunks, S->capchunks * sizeof *c, cap * sizeof *c);
            if (c == NULL) return NULL;
            S->chunks = c;
            S->capchunks = cap;
        }
        size_t chunk_size = S->chunk_size ? S->chunk_size : FIRST_CHUNK;
        if (S->nchunks && chunk_size < LAST_CHUNK) chunk_size *= 2;
        uint8_t *chunk = grow(S, NULL, 0, chunk_size);
        if (chunk == NULL) return NULL;
        S->chunk_size = chunk_size;
        S->chunks[S->nchunks++] = chunk;
        S->chunk_used = 0;
    }
    uint8_t *p = S->chunks[S->nchunks - 1] + S->chunk_used;
    S->chunk_used += size;
    return p;
}

/* -- positions ------------------------------------------------------------------------ */
static int run_start(const Pos *p, int i) {
    int k = p->n[i] - 1;
    while (k > 0 && p->c[i][k] == BELOW[p->c[i][k - 1]]) k--;
    return k;
}

static uint8_t disorder(const Pos *p, int i) {
    int n = p->n[i];
    if (!n || p->c[i][0] % 13 != 12) return (uint8_t)n;
    int k = 1;
    while (k < n && p->c[i][k] == BELOW[p->c[i][k - 1]]) k++;
    return (uint8_t)(n - k);
}

/* The canonical key: the columns in the order of their deepest cards (every card is in one
 * place, so two different non-empty columns never share it; empty columns go last), each
 * as its length then its cards, then the cells sorted. Equal keys are equal multisets of
 * columns and of cells, as penguin.canonical_key's. ``order`` gets the real column of
 * each slot. */
static int make_key(const Pos *p, int ncells, uint8_t *key, uint8_t *order) {
    int idx[NCOLS], rank[NCOLS];
    for (int i = 0; i < NCOLS; i++) {
        int v = p->n[i] ? p->c[i][0] : 255, k = i;
        while (k > 0 && rank[k - 1] > v) {
            idx[k] = idx[k - 1];
            rank[k] = rank[k - 1];
            k--;
        }
        idx[k] = i;
        rank[k] = v;
    }
    uint8_t *out = key;
    for (int t = 0; t < NCOLS; t++) {
        int i = idx[t];
        order[t] = (uint8_t)i;
        *out++ = p->n[i];
        memcpy(out, p->c[i], p->n[i]);
        out += p->n[i];
    }
    for (int k = 0; k < ncells; k++) {
        uint8_t v = p->cells[k];
        int m = k;
        while (m > 0 && out[m - 1] > v) {
            out[m] = out[m - 1];
            m--;
        }
        out[m] = v;
    }
    return (int)(out - key) + ncells;
}

static uint32_t hash_key(const uint8_t *s, int len) {
    uint64_t h = 0x9E3779B97F4A7C15ULL ^ (uint64_t)len;
    while (len >= 8) {
        uint64_t v;
        memcpy(&v, s, 8);
        h = (h ^ v) * 0xFF51AFD7ED558CCDULL;
        h ^= h >> 29;
        s += 8;
        len -= 8;
    }
    uint64_t v = 0;
    memcpy(&v, s, (size_t)len);
    h = (h ^ v) * 0xC4CEB9FE1A85EC53ULL;
    h ^= h >> 32;
    h *= 0xFF51AFD7ED558CCDULL;
    h ^= h >> 29;
    return (uint32_t)h;
}

/* Rebuild a record's position: its columns in their real order, cells as they lie. */
static void load(const Search *S, uint32_t r, Pos *p) {
    const uint8_t *rec = S->recs[r];
    const uint8_t *key = rec + R_TOKENS + 2 * rec[R_NTOK];
    const uint8_t *order = key + rec[R_KEYLEN];
    for (int t = 0; t < NCOLS; t++) {
        int i = order[t], n = *key++;
        p->n[i] = (uint8_t)n;
        memcpy(p->c[i], key, n);
        key += n;
    }
    memcpy(p->cells, order + NCOLS, S->ncells);
    memcpy(p->home, rec + R_HOME, 4);
    memcpy(&p->g, rec + R_G, 4);
    for (int i = 0; i < NCOLS; i++) p->dis[i] = disorder(p, i);
}

/* -- the seen-table ------------------------------------------------------------------- */
static int table_grow(Search *S) {
    uint32_t size = S->mask ? 2 * (S->mask + 1) : 1u << 10;
    if (size == 0) return -1;
    uint64_t *slot = grow(S, NULL, 0, (size_t)size * 8);
    if (slot == NULL) return -1;
    memset(slot, 0, (size_t)size * 8);
    uint32_t mask = size - 1;
    for (uint32_t k = 0; S->mask && k <= S->mask; k++) {
        if (!S->slot[k]) continue;
        uint32_t at = (uint32_t)(S->slot[k] >> 32) & mask;
        while (slot[at]) at = (at + 1) & mask;
        slot[at] = S->slot[k];
    }
    if (S->mask) {
        S->bytes -= (size_t)(S->mask + 1) * 8;
        PyMem_RawFree(S->slot);
    }
    S->slot = slot;
    S->mask = mask;
    return 0;
}

/* Add a position unless its key is known: its record index, NONE when known, or -1
 * (as a negative int64) when memory ran out. */
static int64_t remember(Search *S, uint32_t parent, const Pos *p, const uint8_t *tok, int ntok) {
    uint8_t key[NCOLS + 52 + MAXCELLS], order[NCOLS];
    int keylen = make_key(p, S->ncells, key, order);
    uint32_t h = hash_key(key, keylen);
    if ((uint64_t)(S->nrecs + 1) * 2 > (uint64_t)S->mask + 1 && table_grow(S) < 0) return -1;
    uint32_t at = h & S->mask;
    while (S->slot[at]) {
        if ((uint32_t)(S->slot[at] >> 32) == h) {
            const uint8_t *rec = S->recs[(uint32_t)S->slot[at] - 1];
            if (rec[R_KEYLEN] == keylen && !memcmp(rec + R_TOKENS + 2 * rec[R_NTOK], key, keylen)) return NONE;
        }
        at = (at + 1) & S->mask;
    }
    if (S->nrecs == S->caprecs) {
        uint32_t cap = S->caprecs ? 2 * S->caprecs : 1u << 9;
        uint8_t **recs = grow(S, S->recs, (size_t)S->caprecs * sizeof *recs, (size_t)cap * sizeof *recs);
        if (recs == NULL) return -1;
        S->recs = recs;
        S->caprecs = cap;
    }
    uint8_t *rec = arena_take(S, R_TOKENS + 2 * ntok + keylen + NCOLS + S->ncells);
    if (rec == NULL) return -1;
    memcpy(rec + R_PARENT, &parent, 4);
    memcpy(rec + R_G, &p->g, 4);
    memcpy(rec + R_HOME, p->home, 4);
    rec[R_NTOK] = (uint8_t)ntok;
    rec[R_KEYLEN] = (uint8_t)keylen;
    uint8_t *q = rec + R_TOKENS;
    memcpy(q, tok, 2 * ntok);
    q += 2 * ntok;
    memcpy(q, key, keylen);
    q += keylen;
    memcpy(q, order, NCOLS);
    memcpy(q + NCOLS, p->cells, S->ncells);
    uint32_t r = S->nrecs++;
    S->recs[r] = rec;
    S->slot[at] = (uint64_t)h << 32 | (r + 1);
    return r;
}

/* -- the frontier: a binary heap on (priority, counter) ------------------------------ */
static int before(const HeapItem *a, const HeapItem *b) {
    return a->prio < b->prio || (a->prio == b->prio && a->counter < b->counter);
}

static int heap_push(Search *S, uint64_t prio, uint32_t counter, uint32_t rec) {
    if (S->nheap == S->capheap) {
        size_t cap = S->capheap ? 2 * S->capheap : 1u << 9;
        HeapItem *h = grow(S, S->heap, S->capheap * sizeof *h, cap * sizeof *h);
        if (h == NULL) return -1;
        S->heap = h;
        S->capheap = cap;
    }
    HeapItem item = {prio, counter, rec};
    size_t i = S->nheap++;
    while (i > 0) {
        size_t up = (i - 1) / 2;
        if (!before(&item, &S->heap[up])) break;
        S->heap[i] = S->heap[up];
        i = up;
    }
    S->heap[i] = item;
    return 0;
}

static uint32_t heap_pop(Search *S) {
    uint32_t top = S->heap[0].rec;
    HeapItem last = S->heap[--S->nheap];
    size_t n = S->nheap, i = 0;
    for (;;) {
        size_t kid = 2 * i + 1;
        if (kid >= n) break;
        if (kid + 1 < n && before(&S->heap[kid + 1], &S->heap[kid])) kid++;
        if (!before(&S->heap[kid], &last)) break;
        S->heap[i] = S->heap[kid];
        i = kid;
    }
    if (n) S->heap[i] = last;
    return top;
}

/* -- moves ---------------------------------------------------------------------------- */
/* penguin.PenguinProblem.auto: every card but the beak that its foundation takes next
 * goes home, columns first then cells, until none does. */
static int auto_moves(const Search *S, Pos *p, uint8_t *tok, int ntok) {
    int beak = S->beak, moved = 1;
    while (moved) {
        moved = 0;
        for (int i = 0; i < NCOLS; i++) {
            while (p->n[i]) {
                int c = p->c[i][p->n[i] - 1], s = c / 13;
                if (c % 13 != p->home[s] || c == beak) break;
                p->home[s]++;
                p->n[i]--;
                tok[2 * ntok] = (uint8_t)i;
                tok[2 * ntok + 1] = HOME;
                ntok++;
                moved = 1;
            }
        }
        for (int k = 0; k < S->ncells; k++) {
            int c = p->cells[k];
            if (c != EMPTY && c != beak && c % 13 == p->home[c / 13]) {
                p->home[c / 13]++;
                p->cells[k] = EMPTY;
                tok[2 * ntok] = (uint8_t)(NCOLS + k);
                tok[2 * ntok + 1] = HOME;
                ntok++;
                moved = 1;
            }
        }
    }
    return ntok;
}

static int cards_out(const Pos *p) { return 52 - p->home[0] - p->home[1] - p->home[2] - p->home[3]; }

static uint64_t priority(const Search *S, const Pos *p) {
    int bad = 0, used = 0;
    for (int i = 0; i < NCOLS; i++) bad += p->dis[i];
    for (int k = 0; k < S->ncells; k++) used += p->cells[k] != EMPTY;
    return (uint64_t)(W_OUT * cards_out(p) + W_BAD * bad + W_CELL * used) + (uint64_t)S->gw * p->g;
}

/* penguin.PenguinProblem._finish and the loop body of search.best_first: foundation
 * moves a move makes safe, then the key; a new position is remembered and queued.
 * Returns 1 for a new winning position (its record in *goal), 0 to go on, -1 out of memory. */
static int finish(Search *S, uint32_t parent, uint32_t parent_g, Pos *ch, int src, int dst, int check,
                  int from, int to, uint32_t *goal) {
    uint8_t tok[2 * MAXTOK];
    int ntok = 1, beak = S->beak;
    tok[0] = (uint8_t)from;
    tok[1] = (uint8_t)to;
    int trigger = check == beak || (check != EMPTY && check % 13 == ch->home[check / 13]);
    if (!trigger && src >= 0 && ch->n[src]) {
        int c = ch->c[src][ch->n[src] - 1];
        trigger = c % 13 == ch->home[c / 13] && c != beak;
    }
    if (trigger) {
        ntok = auto_moves(S, ch, tok, ntok);
        for (int i = 0; i < NCOLS; i++) ch->dis[i] = disorder(ch, i);
    } else {
        if (src >= 0) ch->dis[src] = disorder(ch, src);
        if (dst >= 0) ch->dis[dst] = disorder(ch, dst);
    }
    ch->g = parent_g + (uint32_t)ntok;
    if (S->kids != NULL) {
        Kids *K = S->kids;
        if (K->n == MAXKIDS) return -1;
        K->pos[K->n] = *ch;
        memcpy(K->tok[K->n], tok, 2 * (size_t)ntok);
        K->ntok[K->n++] = (uint8_t)ntok;
        return 0;
    }
    int64_t r = remember(S, parent, ch, tok, ntok);
    if (r < 0) return -1;
    if (r == NONE) return 0;
    if (cards_out(ch) == 0) {
        *goal = (uint32_t)r;
        return 1;
    }
    S->counter++;
    return heap_push(S, priority(S, ch), S->counter, (uint32_t)r) < 0 ? -1 : 0;
}

#define EMIT(call)                  \
    do {                            \
        int status_ = (call);       \
        if (status_) return status_; \
    } while (0)

/* penguin.PenguinProblem.expand: every child, in the reference's order. */
static int expand_pos(Search *S, const Pos *at, uint32_t r, uint32_t *goal);

static int expand(Search *S, uint32_t r, uint32_t *goal) {
    Pos node;
    load(S, r, &node);
    return expand_pos(S, &node, r, goal);
}

/* expand, from a position given whole (r is its record, unused when listing children). */
static int expand_pos(Search *S, const Pos *at, uint32_t r, uint32_t *goal) {
    Pos node = *at, ch;
    const int nc = S->ncells, beak = S->beak;
    int8_t loc_col[52];
    uint8_t loc_p[52];
    memset(loc_col, -1, sizeof loc_col);
    int tops[NCOLS], ntops = 0, first_empty = -1, n_empty = 0, free_cell = -1, free_count = 0;
    for (int k = 0; k < nc; k++) {
        if (node.cells[k] == EMPTY) {
            free_count++;
            if (free_cell < 0) free_cell = k;
        }
    }
    for (int i = 0; i < NCOLS; i++) {
        if (!node.n[i]) {
            n_empty++;
            if (first_empty < 0) first_empty = i;
            continue;
        }
        tops[ntops++] = i;
        for (int p = run_start(&node, i); p < node.n[i]; p++) {
            loc_col[node.c[i][p]] = (int8_t)i;
            loc_p[node.c[i][p]] = (uint8_t)p;
        }
    }
#define LIMIT(target)                                                             \
    (S->rules == PARLETT ? 52 : S->rules == SINGLE ? 1                             \
                                                   : (free_count + 1) << (n_empty - (node.n[target] == 0)))
    /* column or cell onto a non-empty column: the fitting part is unique */
    for (int t = 0; t < ntops; t++) {
        int j = tops[t];
        int want = BELOW[node.c[j][node.n[j] - 1]];
        int i = loc_col[want];
        if (i >= 0) {
            int p = loc_p[want], cnt = node.n[i] - p;
            if (i != j && cnt <= LIMIT(j)) {
                ch = node;
                memcpy(ch.c[j] + ch.n[j], node.c[i] + p, cnt);
                ch.n[j] += cnt;
                ch.n[i] = (uint8_t)p;
                EMIT(finish(S, r, node.g, &ch, i, j, EMPTY, i, j, goal));
            }
        }
        for (int k = 0; k < nc; k++) {
            if (node.cells[k] != want) continue;
            ch = node;
            ch.c[j][ch.n[j]++] = (uint8_t)want;
            ch.cells[k] = EMPTY;
            EMIT(finish(S, r, node.g, &ch, -1, j, EMPTY, NCOLS + k, j, goal));
            break;
        }
    }
    /* a run headed by a rel-12 card (or such a cell card) to the first empty column */
    if (first_empty >= 0) {
        int e = first_empty;
        for (int s = 0; s < 4; s++) {
            int head = s * 13 + 12, i = loc_col[head];
            if (i >= 0) {
                int p = loc_p[head], cnt = node.n[i] - p;
                if (p > 0 && cnt <= LIMIT(e)) {
                    ch = node;
                    memcpy(ch.c[e], node.c[i] + p, cnt);
                    ch.n[e] = (uint8_t)cnt;
                    ch.n[i] = (uint8_t)p;
                    EMIT(finish(S, r, node.g, &ch, i, e, EMPTY, i, e, goal));
                }
            }
            for (int k = 0; k < nc; k++) {
                if (node.cells[k] != head) continue;
                ch = node;
                ch.c[e][0] = (uint8_t)head;
                ch.n[e] = 1;
                ch.cells[k] = EMPTY;
                EMIT(finish(S, r, node.g, &ch, -1, e, EMPTY, NCOLS + k, e, goal));
                break;
            }
        }
    }
    /* an exposed card to the first free cell */
    if (free_cell >= 0) {
        for (int t = 0; t < ntops; t++) {
            int i = tops[t];
            ch = node;
            int card = ch.c[i][--ch.n[i]];
            ch.cells[free_cell] = (uint8_t)card;
            EMIT(finish(S, r, node.g, &ch, i, -1, card, i, NCOLS + free_cell, goal));
        }
    }
    /* the beak home: never automatic, so a move of its own */
    int s = beak / 13;
    if (node.home[s] == 0) {
        int i = loc_col[beak];
        if (i >= 0 && loc_p[beak] == node.n[i] - 1) {
            ch = node;
            ch.home[s] = 1;
            ch.n[i]--;
            EMIT(finish(S, r, node.g, &ch, i, -1, beak, i, HOME, goal));
        }
        for (int k = 0; k < nc; k++) {
            if (node.cells[k] != beak) continue;
            ch = node;
            ch.home[s] = 1;
            ch.cells[k] = EMPTY;
            EMIT(finish(S, r, node.g, &ch, -1, -1, beak, NCOLS + k, HOME, goal));
            break;
        }
    }
#undef LIMIT
    return 0;
}

/* -- Python-facing helpers ------------------------------------------------------------ */
/* Read (beak, rules, columns, cells, home) as PenguinProblem holds them. */
static int read_position(PyObject *cols, PyObject *cells, PyObject *home, Pos *p, int *ncells) {
    memset(p, 0, sizeof *p);
    if (!PyTuple_Check(cols) || PyTuple_GET_SIZE(cols) != NCOLS) {
        PyErr_SetString(PyExc_ValueError, "columns must be a tuple of 7 bytes objects");
        return -1;
    }
    int seen[52] = {0};
    for (int i = 0; i < NCOLS; i++) {
        PyObject *col = PyTuple_GET_ITEM(cols, i);
        if (!PyBytes_Check(col) || PyBytes_GET_SIZE(col) > 52) {
            PyErr_SetString(PyExc_ValueError, "a column must be bytes of at most 52 cards");
            return -1;
        }
        const uint8_t *b = (const uint8_t *)PyBytes_AS_STRING(col);
        p->n[i] = (uint8_t)PyBytes_GET_SIZE(col);
        for (int k = 0; k < p->n[i]; k++) {
            if (b[k] >= 52 || seen[b[k]]++) {
                PyErr_SetString(PyExc_ValueError, "a card is out of range or given twice");
                return -1;
            }
            p->c[i][k] = b[k];
        }
    }
    if (!PyBytes_Check(cells) || PyBytes_GET_SIZE(cells) > MAXCELLS) {
        PyErr_SetString(PyExc_ValueError, "cells must be bytes of at most 7 entries");
        return -1;
    }
    *ncells = (int)PyBytes_GET_SIZE(cells);
    for (int k = 0; k < *ncells; k++) {
        uint8_t v = (uint8_t)PyBytes_AS_STRING(cells)[k];
        if (v != EMPTY && (v >= 52 || seen[v]++)) {
            PyErr_SetString(PyExc_ValueError, "a cell card is out of range or given twice");
            return -1;
        }
        p->cells[k] = v;
    }
    if (!PyTuple_Check(home) || PyTuple_GET_SIZE(home) != 4) {
        PyErr_SetString(PyExc_ValueError, "home must be a tuple of 4 counts");
        return -1;
    }
    for (int s = 0; s < 4; s++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(home, s));
        if (v == -1 && PyErr_Occurred()) return -1;
        if (v < 0 || v > 13) {
            PyErr_SetString(PyExc_ValueError, "a foundation count must be 0 to 13");
            return -1;
        }
        p->home[s] = (uint8_t)v;
    }
    return 0;
}

static PyObject *tokens_tuple(const uint8_t *tok, Py_ssize_t n) {
    PyObject *out = PyTuple_New(n);
    if (out == NULL) return NULL;
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *t = TOKEN[tok[2 * k]][tok[2 * k + 1]];
        Py_INCREF(t);
        PyTuple_SET_ITEM(out, k, t);
    }
    return out;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The moves from the root to record r, after the opening's. */
static PyObject *path(const Search *S, uint32_t r, const uint8_t *prefix, int nprefix) {
    Py_ssize_t n = nprefix;
    for (uint32_t k = r; k != NONE; memcpy(&k, S->recs[k] + R_PARENT, 4)) n += S->recs[k][R_NTOK];
    uint8_t *tok = PyMem_RawMalloc(2 * (size_t)n + 2);
    if (tok == NULL) return PyErr_NoMemory();
    memcpy(tok, prefix, 2 * (size_t)nprefix);
    Py_ssize_t end = n;
    for (uint32_t k = r; k != NONE; memcpy(&k, S->recs[k] + R_PARENT, 4)) {
        int m = S->recs[k][R_NTOK];
        end -= m;
        memcpy(tok + 2 * end, S->recs[k] + R_TOKENS, 2 * (size_t)m);
    }
    PyObject *out = tokens_tuple(tok, n);
    PyMem_RawFree(tok);
    return out;
}

PyDoc_STRVAR(search_doc,
"search(beak, rules, columns, cells, home, g_weight, max_states, max_seconds)\n"
"-> (verdict, moves, expanded, generated, budget, peak_bytes)\n\n"
"search.best_first on a PenguinProblem, in C: the same verdict, moves and counts.\n"
"rules: 0 parlett, 1 supermove, 2 single; max_seconds: None for no deadline.");

static PyObject *py_search(PyObject *Py_UNUSED(self), PyObject *args) {
    int beak, rules, gw;
    long long max_states;
    PyObject *cols, *cells, *home, *seconds;
    if (!PyArg_ParseTuple(args, "iiO!O!O!iLO", &beak, &rules, &PyTuple_Type, &cols, &PyBytes_Type, &cells,
                          &PyTuple_Type, &home, &gw, &max_states, &seconds))
        return NULL;
    if (beak < 0 || beak >= 52 || rules < 0 || rules > 2 || gw < 0 || gw > 1000) {
        PyErr_SetString(PyExc_ValueError, "beak 0-51, rules 0-2 and g_weight 0-1000");
        return NULL;
    }
    int timed = seconds != Py_None;
    double deadline = 0.0;
    if (timed) {
        deadline = PyFloat_AsDouble(seconds); /* made absolute after the opening, as best_first does */
        if (deadline == -1.0 && PyErr_Occurred()) return NULL;
    }
    Search S;
    memset(&S, 0, sizeof S);
    S.beak = beak;
    S.rules = rules;
    S.gw = gw;
    Pos start;
    if (read_position(cols, cells, home, &start, &S.ncells) < 0) return NULL;
    uint8_t prefix[2 * MAXTOK];
    int nprefix = auto_moves(&S, &start, prefix, 0);
    for (int i = 0; i < NCOLS; i++) start.dis[i] = disorder(&start, i);
    start.g = 0;
    const char *verdict = "unknown", *budget = NULL;
    long long expanded = 0;
    PyObject *moves = NULL;
    if (cards_out(&start) == 0) {
        moves = tokens_tuple(prefix, nprefix);
        if (moves == NULL) return NULL;
        return Py_BuildValue("(sNLLOn)", "solved", moves, 0LL, 1LL, Py_None, (Py_ssize_t)0);
    }
    if (timed) deadline += now();
    int64_t root = remember(&S, NONE, &start, prefix, 0);
    if (root < 0 || heap_push(&S, 0, 0, (uint32_t)root) < 0) goto nomem;
    uint32_t goal = 0;
    int status = 0;
    while (S.nheap) {
        /* Batches start at multiples of TIME_CHECK expansions, where search.best_first
         * checks its clock, unless the states budget cut the last one short. */
        if (expanded >= max_states) {
            budget = "states";
            goto done;
        }
        if (timed && now() > deadline) {
            budget = "seconds";
            goto done;
        }
        if (PyErr_CheckSignals() < 0) {
            search_free(&S);
            return NULL;
        }
        long long stop = max_states - expanded < TIME_CHECK ? max_states : expanded + TIME_CHECK;
        /* The batch touches no Python object (its memory comes from PyMem_Raw*), so it runs
         * without the GIL: other threads (a scan worker's orphan watch, a Dask worker's
         * heartbeats) go on meanwhile. */
        Py_BEGIN_ALLOW_THREADS
        while (S.nheap && expanded < stop) {
            uint32_t r = heap_pop(&S);
            expanded++;
            status = expand(&S, r, &goal);
            if (status) break;
        }
        Py_END_ALLOW_THREADS
        if (status < 0) goto nomem;
        if (status == 1) {
            verdict = "solved";
            moves = path(&S, goal, prefix, nprefix);
            if (moves == NULL) {
                search_free(&S);
                return NULL;
            }
            goto done;
        }
    }
    verdict = "unsolvable";
done:;
    if (moves == NULL && (moves = PyTuple_New(0)) == NULL) {
        search_free(&S);
        return NULL;
    }
    PyObject *out = Py_BuildValue("(sNLLzn)", verdict, moves, expanded, (long long)S.nrecs, budget,
                                  (Py_ssize_t)S.peak);
    search_free(&S);
    return out;
nomem:
    search_free(&S);
    return PyErr_NoMemory();
}

/* -- shortening: penguin.simulate and penguin.shorten -------------------------------- */
static int is_col(int place) { return place < NCOLS; }
static int is_cell(int place) { return place >= NCOLS && place < HOME; }

/* Whether ``tok`` plays out from ``start`` and wins (penguin.simulate is not None). */
static int plays_out(const Pos *start, int ncells, int rules, const uint8_t *tok, Py_ssize_t n) {
    Pos p = *start;
    for (Py_ssize_t t = 0; t < n; t++) {
        int src = tok[2 * t], dst = tok[2 * t + 1], card, i = -1, k = -1;
        if (is_col(src)) {
            i = src;
            if (!p.n[i]) return 0;
            card = p.c[i][p.n[i] - 1];
        } else {
            k = src - NCOLS;
            if (!is_cell(src) || k >= ncells || p.cells[k] == EMPTY) return 0;
            card = p.cells[k];
        }
        if (dst == HOME) {
            if (card % 13 != p.home[card / 13]) return 0;
            p.home[card / 13]++;
            if (i >= 0) p.n[i]--;
            else p.cells[k] = EMPTY;
        } else if (is_cell(dst)) {
            int m = dst - NCOLS;
            if (i < 0 || m >= ncells || p.cells[m] != EMPTY) return 0;
            p.cells[m] = (uint8_t)card;
            p.n[i]--;
        } else {
            int j = dst;
            if (src == dst) return 0;
            const uint8_t *moving;
            uint8_t single = (uint8_t)card;
            int len;
            if (i >= 0) {
                int rs = run_start(&p, i);
                moving = p.c[i] + rs;
                len = p.n[i] - rs;
            } else {
                moving = &single;
                len = 1;
            }
            int q = -1;
            if (p.n[j]) {
                int want = BELOW[p.c[j][p.n[j] - 1]];
                for (int x = 0; x < len && q < 0; x++) if (moving[x] == want) q = x;
            } else {
                for (int x = 0; x < len && q < 0; x++) if (moving[x] % 13 == 12) q = x;
            }
            if (q < 0) return 0;
            int cnt = len - q;
            int limit = 52;
            if (rules == SINGLE) limit = 1;
            else if (rules == SUPERMOVE) {
                int free_count = 0, empties = 0;
                for (int c = 0; c < ncells; c++) free_count += p.cells[c] == EMPTY;
                for (int c = 0; c < NCOLS; c++) empties += !p.n[c] && c != j;
                limit = (free_count + 1) << empties;
            }
            if (cnt > limit) return 0;
            uint8_t part[52];
            memcpy(part, moving + q, cnt);
            memcpy(p.c[j] + p.n[j], part, cnt);
            p.n[j] += cnt;
            if (i >= 0) p.n[i] -= cnt;
            else p.cells[k] = EMPTY;
        }
    }
    return cards_out(&p) == 0;
}

static int place_of(Py_UCS4 ch) {
    for (int k = 0; k < NPLACES; k++) if ((Py_UCS4)PLACE_CH[k] == ch) return k;
    return -1;
}

PyDoc_STRVAR(shorten_doc,
"shorten(rules, columns, cells, home, tokens) -> tokens\n\n"
"penguin.shorten in C: cell round trips dropped, left to right, while the line wins.");

static PyObject *py_shorten(PyObject *Py_UNUSED(self), PyObject *args) {
    int rules, ncells;
    PyObject *cols, *cells, *home, *tokens;
    if (!PyArg_ParseTuple(args, "iO!O!O!O!", &rules, &PyTuple_Type, &cols, &PyBytes_Type, &cells, &PyTuple_Type,
                          &home, &PyTuple_Type, &tokens))
        return NULL;
    if (rules < 0 || rules > 2) {
        PyErr_SetString(PyExc_ValueError, "rules 0-2");
        return NULL;
    }
    Pos start;
    if (read_position(cols, cells, home, &start, &ncells) < 0) return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(tokens);
    uint8_t *tok = PyMem_RawMalloc(2 * (size_t)n + 2), *trial = PyMem_RawMalloc(2 * (size_t)n + 2);
    if (tok == NULL || trial == NULL) {
        PyMem_RawFree(tok);
        PyMem_RawFree(trial);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t t = 0; t < n; t++) {
        PyObject *s = PyTuple_GET_ITEM(tokens, t);
        int a = -1, b = -1;
        if (PyUnicode_Check(s) && PyUnicode_GET_LENGTH(s) == 2) {
            a = place_of(PyUnicode_READ_CHAR(s, 0));
            b = place_of(PyUnicode_READ_CHAR(s, 1));
        }
        if (a < 0 || a == HOME || b < 0) {
            PyMem_RawFree(tok);
            PyMem_RawFree(trial);
            PyErr_Format(PyExc_ValueError, "move %zd is not a Penguin move token: %R", t + 1, s);
            return NULL;
        }
        tok[2 * t] = (uint8_t)a;
        tok[2 * t + 1] = (uint8_t)b;
    }
    for (int improved = 1; improved;) {
        improved = 0;
        for (Py_ssize_t i = 0; i < n && !improved; i++) {
            int from = tok[2 * i], cell = tok[2 * i + 1];
            if (!is_col(from) || !is_cell(cell)) continue;
            Py_ssize_t j = i + 1;
            while (j < n && tok[2 * j] != cell) j++;
            if (j >= n) continue;
            int dst = tok[2 * j + 1];
            Py_ssize_t m = 0;
            memcpy(trial, tok, 2 * (size_t)i);
            m = i;
            memcpy(trial + 2 * m, tok + 2 * (i + 1), 2 * (size_t)(j - i - 1));
            m += j - i - 1;
            if (dst != from) {
                trial[2 * m] = (uint8_t)from;
                trial[2 * m + 1] = (uint8_t)dst;
                m++;
            }
            memcpy(trial + 2 * m, tok + 2 * (j + 1), 2 * (size_t)(n - j - 1));
            m += n - j - 1;
            if (plays_out(&start, ncells, rules, trial, m)) {
                uint8_t *swap = tok;
                tok = trial;
                trial = swap;
                n = m;
                improved = 1;
            }
        }
    }
    PyObject *out = tokens_tuple(tok, n);
    PyMem_RawFree(tok);
    PyMem_RawFree(trial);
    return out;
}

/* -- the players (people/penguin.py, move for move) ------------------------------------ */
/* What a person sees in a position, in points: people/penguin.py's constants. */
#define P_HOME 100
#define P_EMPTY_COLUMN 25
#define P_BUILT 2
#define P_LOOSE 3
#define P_BURIED 4
#define P_WITHIN_REACH 60
#define P_DIG 12
#define P_STUCK_IN_CELL 15
#define P_DEAD 1000
#define P_WON (P_HOME * 60)
static const int CELL_WORTH[8] = {0, 40, 65, 80, 90, 98, 104, 109};
#define SEEN_SLOTS 2048 /* a game keeps at most max_decisions + 1 positions: below 1024 */
#define KEYMAX (NCOLS + 52 + MAXCELLS)

static uint8_t ABOVE[52]; /* the card that x packs onto */

/* people.Rng: splitmix64 */
static uint64_t rng_below(uint64_t *state, uint64_t n) {
    *state += 0x9E3779B97F4A7C15ULL;
    uint64_t z = *state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return (z ^ (z >> 31)) % n;
}

/* people.penguin.judge */
static int judge(const Search *S, const Pos *p) {
    int free = 0, bad = 0, score = 0;
    for (int k = 0; k < S->ncells; k++) free += p->cells[k] == EMPTY;
    for (int i = 0; i < NCOLS; i++) bad += p->dis[i];
    score = P_HOME * (52 - cards_out(p)) + CELL_WORTH[free] - P_LOOSE * bad;
    uint8_t exposed[52] = {0};
    for (int i = 0; i < NCOLS; i++)
        if (p->n[i]) exposed[p->c[i][p->n[i] - 1]] = 1;
    for (int k = 0; k < S->ncells; k++) {
        int c = p->cells[k];
        if (c != EMPTY && c % 13 - p->home[c / 13] > 1 && !exposed[ABOVE[c]]) score -= P_STUCK_IN_CELL;
    }
    int wanted[4], nw = 0;
    for (int s = 0; s < 4; s++)
        if (p->home[s] < 13) wanted[nw++] = s * 13 + p->home[s];
    for (int i = 0; i < NCOLS; i++) {
        int n = p->n[i];
        if (!n) {
            score += P_EMPTY_COLUMN;
            continue;
        }
        for (int k = 1; k < n; k++) score += P_BUILT * (p->c[i][k] == BELOW[p->c[i][k - 1]]);
        for (int k = 0; k < n; k++) {
            for (int w = 0; w < nw; w++) {
                if (p->c[i][k] != wanted[w]) continue;
                int over = n - 1 - k;
                score -= P_BURIED * over;
                if (over <= free) score += P_WITHIN_REACH - P_DIG * over;
            }
        }
    }
    return score;
}

/* The children of p (expand's, in its order); -1 when the list overflows. */
static int children(Search *S, const Pos *p, Kids *K) {
    uint32_t goal;
    K->n = 0;
    S->kids = K;
    int status = expand_pos(S, p, 0, &goal);
    S->kids = NULL;
    return status;
}

/* people.penguin._look; INT_MIN on an overflow */
static int look(Search *S, const Pos *p, int depth) {
    if (cards_out(p) == 0) return P_WON;
    if (depth == 0) return judge(S, p);
    Kids *K = PyMem_RawMalloc(sizeof *K);
    if (K == NULL || children(S, p, K) < 0) {
        PyMem_RawFree(K);
        return INT_MIN;
    }
    int best = INT_MIN, any = 0;
    for (int k = 0; k < K->n; k++) {
        int v = look(S, &K->pos[k], depth - 1);
        if (v == INT_MIN) {
            best = INT_MIN;
            any = 1;
            break;
        }
        if (!any || v > best) best = v;
        any = 1;
    }
    PyMem_RawFree(K);
    return any ? best : judge(S, p) - P_DEAD;
}

typedef struct {
    uint32_t hash[SEEN_SLOTS];
    uint8_t len[SEEN_SLOTS];
    uint8_t key[SEEN_SLOTS][KEYMAX];
} Seen;

/* 1 when p's canonical key is in the set; with add, put it in (0 if new, -1 when full). */
static int seen_has(Seen *T, const Search *S, const Pos *p, int add) {
    uint8_t key[KEYMAX], order[NCOLS];
    int len = make_key(p, S->ncells, key, order);
    uint32_t h = hash_key(key, len) | 1u, i = h & (SEEN_SLOTS - 1);
    for (int probes = 0; probes < SEEN_SLOTS; probes++, i = (i + 1) & (SEEN_SLOTS - 1)) {
        if (T->hash[i] == 0) {
            if (!add) return 0;
            T->hash[i] = h;
            T->len[i] = (uint8_t)len;
            memcpy(T->key[i], key, len);
            return 0;
        }
        if (T->hash[i] == h && T->len[i] == len && memcmp(T->key[i], key, len) == 0) return 1;
    }
    return -1;
}

PyDoc_STRVAR(play_doc,
"play(beak, rules, columns, cells, home, lookahead, undos, noise, seed, max_decisions, stall)\n"
"-> the winning moves (a tuple of tokens), or None\n\n"
"people.penguin.play_python in C: the same game, move for move.");

static PyObject *py_play(PyObject *Py_UNUSED(self), PyObject *args) {
    int beak, rules, lookahead, undos, noise, max_dec, stall;
    unsigned long long seed;
    PyObject *cols, *cells, *home;
    if (!PyArg_ParseTuple(args, "iiO!O!O!iiiKii", &beak, &rules, &PyTuple_Type, &cols, &PyBytes_Type, &cells,
                          &PyTuple_Type, &home, &lookahead, &undos, &noise, &seed, &max_dec, &stall))
        return NULL;
    if (beak < 0 || beak >= 52 || rules < 0 || rules > 2 || lookahead < 1 || lookahead > 4 || undos < 0 ||
        noise < 0 || max_dec < 0 || max_dec > 1000 || stall < 0) {
        PyErr_SetString(PyExc_ValueError, "beak 0-51, rules 0-2, lookahead 1-4, max_decisions 0-1000, others 0 or more");
        return NULL;
    }
    Search S;
    memset(&S, 0, sizeof S);
    S.beak = beak;
    S.rules = rules;
    Pos start;
    if (read_position(cols, cells, home, &start, &S.ncells) < 0) return NULL;
    /* the path: positions, cards home, and where each step's tokens begin */
    Pos *path = PyMem_RawMalloc(sizeof(Pos) * (size_t)(max_dec + 1));
    uint16_t *tok_at = PyMem_RawMalloc(sizeof(uint16_t) * (size_t)(max_dec + 2));
    uint8_t *tok = PyMem_RawMalloc(2 * (size_t)MAXTOK * (size_t)(max_dec + 1));
    Seen *seen = PyMem_RawCalloc(1, sizeof *seen);
    Kids *K = PyMem_RawMalloc(sizeof *K);
    PyObject *out = NULL;
    if (path == NULL || tok_at == NULL || tok == NULL || seen == NULL || K == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    int ntok = auto_moves(&S, &start, tok, 0);
    for (int i = 0; i < NCOLS; i++) start.dis[i] = disorder(&start, i);
    start.g = 0;
    int depth = 0, decisions = 0, since_home = 0, won = cards_out(&start) == 0, overflow = 0;
    path[0] = start;
    tok_at[0] = 0;
    tok_at[1] = (uint16_t)ntok;
    seen_has(seen, &S, &start, 1);
    uint64_t rng = seed;
    while (!won) {
        if (decisions >= max_dec || since_home >= stall) break;
        if (children(&S, &path[depth], K) < 0) {
            overflow = 1;
            break;
        }
        int best = 0, choice = -1;
        for (int k = 0; k < K->n; k++) {
            if (seen_has(seen, &S, &K->pos[k], 0)) continue;
            int v = cards_out(&K->pos[k]) == 0 ? P_WON : look(&S, &K->pos[k], lookahead - 1);
            if (v == INT_MIN) {
                overflow = 1;
                break;
            }
            if (noise) v += (int)rng_below(&rng, (uint64_t)noise + 1);
            if (choice < 0 || v > best) {
                best = v;
                choice = k;
            }
        }
        if (overflow) break;
        if (choice < 0) {
            if (undos && depth > 0) { /* stuck: take the last move back and choose again */
                undos--;
                depth--;
                continue;
            }
            break;
        }
        Pos *next = &K->pos[choice];
        if (seen_has(seen, &S, next, 1) < 0) {
            overflow = 1;
            break;
        }
        decisions++;
        int before = 52 - cards_out(&path[depth]), after = 52 - cards_out(next);
        since_home = after > before ? 0 : since_home + 1;
        path[++depth] = *next;
        memcpy(tok + 2 * tok_at[depth], K->tok[choice], 2 * (size_t)K->ntok[choice]);
        tok_at[depth + 1] = (uint16_t)(tok_at[depth] + K->ntok[choice]);
        won = after == 52;
    }
    if (overflow)
        PyErr_SetString(PyExc_RuntimeError, "penguin player: a table overflowed (a bug, please report)");
    else if (won)
        out = tokens_tuple(tok, tok_at[depth + 1]);
    else
        out = Py_NewRef(Py_None);
done:
    PyMem_RawFree(path);
    PyMem_RawFree(tok_at);
    PyMem_RawFree(tok);
    PyMem_RawFree(seen);
    PyMem_RawFree(K);
    return out;
}

static PyMethodDef methods[] = {
    {"search", py_search, METH_VARARGS, search_doc},
    {"shorten", py_shorten, METH_VARARGS, shorten_doc},
    {"play", py_play, METH_VARARGS, play_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_penguin_core",
    "The compiled Penguin search core (see dealgen/solve/core.py; the reference is penguin.py).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__penguin_core(void) {
    for (int x = 0; x < 52; x++) BELOW[x] = (uint8_t)((x / 13) * 13 + (x % 13 + 12) % 13);
    for (int x = 0; x < 52; x++) ABOVE[BELOW[x]] = (uint8_t)x;
    for (int a = 0; a < NPLACES; a++) {
        for (int b = 0; b < NPLACES; b++) {
            char text[3] = {PLACE_CH[a], PLACE_CH[b], 0};
            if (TOKEN[a][b] == NULL) {
                TOKEN[a][b] = PyUnicode_InternFromString(text);
                if (TOKEN[a][b] == NULL) return NULL;
            }
        }
    }
    return PyModule_Create(&module);
}
