/* The compiled search core of the tableau family: Penguin, FreeCell, Baker's Game, Eight Off,
 * Seahaven Towers. The twin of dealgen/solve/tableau.py + search.py.
 *
 * One search, driven by a game description (tableau.Description, passed as a tuple): how many
 * columns, how columns build (in suit or in alternate colours; Penguin's ranks wrap, so the rank
 * below the beak packs on the beak), what an empty column takes (any card, or only a card of the
 * rank below the foundations' base: a King, or Penguin's rank below the beak), how many cards a
 * move may carry, which card never goes home by itself (Penguin's beak), the heuristic's
 * disorder measure and weights, and the names of the places for the move tokens.
 *
 * It runs the same best-first search as the pure-Python reference, step for step: the same
 * moves in the same order, the same safe foundation moves, the same heuristic, the same
 * canonical keys (columns and cells as multisets) and the same frontier order (priority, then
 * insertion counter). So it expands the same positions in the same order and returns the same
 * verdict, the same moves and the same counts; the test suite compares the two. Read
 * tableau.py for why each rule loses no win: this file only restates it in C. Cards are
 * internal ones (suit * 13 + rel, rel 0 the foundations' base rank), places are numbered:
 * columns from 0, then cells, and HOME the foundations.
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

#define MAXCOLS 10
#define MAXCELLS 8
#define EMPTY 255
#define HOME 31 /* the foundations' place number (a token packs places in 5 bits) */
#define MAXTOK 64 /* one chosen move and at most 52 foundation moves after it */
#define NONE 0xFFFFFFFFu
#define TIME_CHECK 512 /* expansions between clock reads, as search.TIME_CHECK */
#define FIRST_CHUNK (1u << 14) /* arena chunks double from 16 KiB to 1 MiB: small searches stay small */
#define LAST_CHUNK (1u << 20)

/* How many cards one move may carry (tableau.RUNS): any run; (free cells + 1) x 2^(empty
 * columns other than the target); one card; free cells + 1 (empty columns take only the
 * head rank, so no card may pass through one). */
enum { PARLETT = 0, SUPERMOVE = 1, SINGLE = 2, CELLS = 3 };
enum { SUIT = 0, ALTERNATE = 1 };
enum { ANY = 0, HEAD = 1 };
enum { FINISHED_RUN = 0, ABOVE_LOWER = 1 };

/* A move token: source and target place, and for a counted move to an empty column its count. */
typedef uint16_t Tok;
#define TOK(from, to, count) ((Tok)((from) | (to) << 5 | (count) << 10))
#define T_FROM(t) ((t) & 31)
#define T_TO(t) (((t) >> 5) & 31)
#define T_COUNT(t) ((t) >> 10)

typedef struct {
    const char *name; /* for errors: "Penguin", "FreeCell"... */
    int ncols, build, wrap, empty, nosafe, rules, counted, disorder, w_out, w_bad, w_cell, w_buried, w_space;
    uint8_t fit[52][52]; /* fit[a][b]: a may lie on b in a column */
    uint8_t nwant[52], want[52][2]; /* the cards that may lie on each card, by suit */
    PyObject *col_names, *cell_names; /* tuples of str (borrowed) */
} Game;

typedef struct {
    uint8_t n[MAXCOLS];
    uint8_t c[MAXCOLS][52];
    uint8_t cells[MAXCELLS];
    uint8_t home[4];
    uint8_t dis[MAXCOLS]; /* each column's disorder (tableau.disorder) */
    uint32_t g;
} Pos;

typedef struct {
    uint64_t prio; /* 64 bits, so g_weight * g cannot wrap */
    uint32_t counter; /* insertion order, the tie-break */
    uint32_t rec;
} HeapItem;

/* A record: u32 parent, u32 g, home[4], u8 ntok, u8 keylen, then ntok tokens (2 bytes each),
 * the key, the column order (ncols bytes: the real column of each sorted slot) and the cells
 * as they lie (ncells bytes). */
#define R_PARENT 0
#define R_G 4
#define R_HOME 8
#define R_NTOK 12
#define R_KEYLEN 13
#define R_TOKENS 14

typedef struct {
    Game G;
    int ncells, gw;
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
#define MAXKIDS 48 /* Penguin: at most 14 onto columns, 8 into a space, 7 into a cell, 2 beaks home */
typedef struct Kids {
    int n;
    Pos pos[MAXKIDS];
    Tok tok[MAXKIDS][MAXTOK];
    uint8_t ntok[MAXKIDS];
} Kids;

static PyObject *PENGUIN_COLS, *PENGUIN_CELLS; /* Penguin's place names, for its shorthand calls */

/* -- the game description --------------------------------------------------------------- */
/* Fill the derived tables of G (its fields set). */
static void game_tables(Game *G) {
    memset(G->fit, 0, sizeof G->fit);
    for (int b = 0; b < 52; b++) {
        G->nwant[b] = 0;
        int rank = b % 13;
        if (rank == 0 && !G->wrap) continue;
        int below = (rank + 12) % 13;
        for (int s = 0; s < 4; s++) {
            int ok = G->build == SUIT ? s == b / 13 : (s >= 2) != (b / 13 >= 2); /* suits 2, 3 are red */
            if (!ok) continue;
            int a = s * 13 + below;
            G->fit[a][b] = 1;
            G->want[b][G->nwant[b]++] = (uint8_t)a;
        }
    }
}

static void penguin_game(Game *G, int beak, int rules) {
    G->name = "Penguin";
    G->ncols = 7;
    G->build = SUIT;
    G->wrap = 1;
    G->empty = HEAD;
    G->nosafe = beak;
    G->rules = rules;
    G->counted = 0;
    G->disorder = FINISHED_RUN;
    G->w_out = 8; /* penguin.W_OUT, W_BAD, W_CELL */
    G->w_bad = 3;
    G->w_cell = 2;
    G->w_buried = 0;
    G->w_space = 0;
    G->col_names = PENGUIN_COLS;
    G->cell_names = PENGUIN_CELLS;
    game_tables(G);
}

/* Read a tableau.Description.code() tuple. */
static int read_game(PyObject *desc, Game *G) {
    if (!PyArg_ParseTuple(desc, "siiiiiiiiiiiiiO!O!;a game description", &G->name, &G->ncols, &G->build, &G->wrap,
                          &G->empty, &G->nosafe, &G->rules, &G->counted, &G->disorder, &G->w_out, &G->w_bad,
                          &G->w_cell, &G->w_buried, &G->w_space, &PyTuple_Type, &G->col_names, &PyTuple_Type, &G->cell_names))
        return -1;
    if (G->ncols < 1 || G->ncols > MAXCOLS || G->build < 0 || G->build > 1 || G->empty < 0 || G->empty > 1 ||
        G->rules < 0 || G->rules > 3 || G->disorder < 0 || G->disorder > 1 || G->nosafe < 0 ||
        (G->nosafe >= 52 && G->nosafe != EMPTY) || G->w_out < 0 || G->w_bad < 0 || G->w_cell < 0 ||
        G->w_out > 1000 || G->w_bad > 1000 || G->w_cell > 1000 || G->w_buried < 0 || G->w_buried > 1000 || G->w_space < 0 || G->w_space > 1000 || PyTuple_GET_SIZE(G->col_names) != G->ncols ||
        PyTuple_GET_SIZE(G->cell_names) > MAXCELLS) {
        PyErr_SetString(PyExc_ValueError, "a game description out of range (see tableau.Description.code)");
        return -1;
    }
    for (Py_ssize_t k = 0; k < G->ncols + PyTuple_GET_SIZE(G->cell_names); k++) {
        PyObject *s = k < G->ncols ? PyTuple_GET_ITEM(G->col_names, k)
                                   : PyTuple_GET_ITEM(G->cell_names, k - G->ncols);
        if (!PyUnicode_Check(s) || PyUnicode_GET_LENGTH(s) < 1) {
            PyErr_SetString(PyExc_ValueError, "place names must be non-empty strings");
            return -1;
        }
    }
    game_tables(G);
    return 0;
}

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
    S->chunks = NULL;
    S->recs = NULL;
    S->slot = NULL;
    S->heap = NULL;
    S->nchunks = S->capchunks = S->chunk_used = S->chunk_size = 0;
    S->nrecs = S->caprecs = S->mask = 0;
    S->nheap = S->capheap = 0;
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
static int run_start(const Game *G, const Pos *p, int i) {
    int k = p->n[i] - 1;
    while (k > 0 && G->fit[p->c[i][k]][p->c[i][k - 1]]) k--;
    return k;
}

/* tableau.disorder: Penguin's cards not resting in a finished run (a run up from a rel-12
 * card at the column's foot), or the family's cards lying above a lower rank. */
static uint8_t disorder(const Game *G, const Pos *p, int i) {
    int n = p->n[i];
    if (G->disorder == ABOVE_LOWER) {
        int bad = 0, low = 13;
        for (int k = 0; k < n; k++) {
            int rank = p->c[i][k] % 13;
            if (rank > low) bad++;
            else low = rank;
        }
        return (uint8_t)bad;
    }
    if (!n || p->c[i][0] % 13 != 12) return (uint8_t)n;
    int k = 1;
    while (k < n && G->fit[p->c[i][k]][p->c[i][k - 1]]) k++;
    return (uint8_t)(n - k);
}

/* The canonical key: the columns in the order of their deepest cards (every card is in one
 * place, so two different non-empty columns never share it; empty columns go last), each
 * as its length then its cards, then the cells sorted. Equal keys are equal multisets of
 * columns and of cells, as tableau.canonical_key's. ``order`` gets the real column of
 * each slot. */
static int make_key(const Pos *p, int ncols, int ncells, uint8_t *key, uint8_t *order) {
    int idx[MAXCOLS], rank[MAXCOLS];
    for (int i = 0; i < ncols; i++) {
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
    for (int t = 0; t < ncols; t++) {
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
    const int ncols = S->G.ncols;
    const uint8_t *rec = S->recs[r];
    const uint8_t *key = rec + R_TOKENS + 2 * rec[R_NTOK];
    const uint8_t *order = key + rec[R_KEYLEN];
    for (int t = 0; t < ncols; t++) {
        int i = order[t], n = *key++;
        p->n[i] = (uint8_t)n;
        memcpy(p->c[i], key, n);
        key += n;
    }
    memcpy(p->cells, order + ncols, S->ncells);
    memcpy(p->home, rec + R_HOME, 4);
    memcpy(&p->g, rec + R_G, 4);
    for (int i = 0; i < ncols; i++) p->dis[i] = disorder(&S->G, p, i);
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

#define KEYMAX (MAXCOLS + 52 + MAXCELLS)

/* Add a position unless its key is known: its record index, NONE when known, or -1
 * (as a negative int64) when memory ran out. */
static int64_t remember(Search *S, uint32_t parent, const Pos *p, const Tok *tok, int ntok) {
    const int ncols = S->G.ncols;
    uint8_t key[KEYMAX], order[MAXCOLS];
    int keylen = make_key(p, ncols, S->ncells, key, order);
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
    uint8_t *rec = arena_take(S, R_TOKENS + 2 * ntok + keylen + ncols + S->ncells);
    if (rec == NULL) return -1;
    memcpy(rec + R_PARENT, &parent, 4);
    memcpy(rec + R_G, &p->g, 4);
    memcpy(rec + R_HOME, p->home, 4);
    rec[R_NTOK] = (uint8_t)ntok;
    rec[R_KEYLEN] = (uint8_t)keylen;
    uint8_t *q = rec + R_TOKENS;
    memcpy(q, tok, 2 * (size_t)ntok);
    q += 2 * ntok;
    memcpy(q, key, keylen);
    q += keylen;
    memcpy(q, order, ncols);
    memcpy(q + ncols, p->cells, S->ncells);
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
/* tableau.TableauProblem.safe: whether card c goes home at once. It must be the next its
 * foundation takes, not the card that never goes by itself (Penguin's beak), and no card
 * that could lie on it may still be in play: built in suit that is the card one lower of its
 * suit, home already; in alternate colours the two one lower of the other colour. */
static int safe(const Game *G, const uint8_t *home, int c) {
    int s = c / 13, r = c % 13;
    if (r != home[s] || c == G->nosafe) return 0;
    if (G->build == SUIT || r <= 1) return 1;
    if (s >= 2) return home[0] >= r && home[1] >= r;
    return home[2] >= r && home[3] >= r;
}

/* tableau.TableauProblem.auto: every card that may safely go home goes, columns first
 * then cells, until none does. */
static int auto_moves(const Search *S, Pos *p, Tok *tok, int ntok) {
    const Game *G = &S->G;
    int moved = 1;
    while (moved) {
        moved = 0;
        for (int i = 0; i < G->ncols; i++) {
            while (p->n[i]) {
                int c = p->c[i][p->n[i] - 1];
                if (!safe(G, p->home, c)) break;
                p->home[c / 13]++;
                p->n[i]--;
                tok[ntok++] = TOK(i, HOME, 0);
                moved = 1;
            }
        }
        for (int k = 0; k < S->ncells; k++) {
            int c = p->cells[k];
            if (c != EMPTY && safe(G, p->home, c)) {
                p->home[c / 13]++;
                p->cells[k] = EMPTY;
                tok[ntok++] = TOK(G->ncols + k, HOME, 0);
                moved = 1;
            }
        }
    }
    return ntok;
}

static int cards_out(const Pos *p) { return 52 - p->home[0] - p->home[1] - p->home[2] - p->home[3]; }

static uint64_t priority(const Search *S, const Pos *p) {
    const Game *G = &S->G;
    int bad = 0, used = 0;
    for (int i = 0; i < G->ncols; i++) bad += p->dis[i];
    for (int k = 0; k < S->ncells; k++) used += p->cells[k] != EMPTY;
    int buried = 0, spaces = 0;
    for (int i = 0; i < G->ncols; i++) spaces += !p->n[i];
    if (G->w_buried) { /* cards lying over the next card of each foundation */
        for (int i = 0; i < G->ncols; i++) {
            for (int k = 0; k < p->n[i]; k++) {
                int c = p->c[i][k];
                if (c % 13 == p->home[c / 13]) buried += p->n[i] - 1 - k;
            }
        }
    }
    return (uint64_t)(G->w_out * cards_out(p) + G->w_bad * bad + G->w_cell * used + G->w_buried * buried +
                      G->w_space * (G->ncols - spaces)) +
           (uint64_t)S->gw * p->g;
}

/* tableau.TableauProblem._finish and the loop body of search.best_first: foundation moves a
 * move makes safe, then the key; a new position is remembered and queued. ``sent``: the move
 * sent a card home. Returns 1 for a new winning position (its record in *goal), 0 to go on,
 * -1 out of memory. */
static int finish(Search *S, uint32_t parent, uint32_t parent_g, Pos *ch, int src, int dst, int check, int sent,
                  Tok move, uint32_t *goal) {
    const Game *G = &S->G;
    Tok tok[MAXTOK];
    int ntok = 1;
    tok[0] = move;
    /* Only a newly exposed card, a card sent home or ``check`` can start foundation moves:
     * the parent had none left. */
    int trigger = sent || (check != EMPTY && check % 13 == ch->home[check / 13]);
    if (!trigger && src >= 0 && ch->n[src]) trigger = safe(G, ch->home, ch->c[src][ch->n[src] - 1]);
    if (trigger) {
        ntok = auto_moves(S, ch, tok, ntok);
        for (int i = 0; i < G->ncols; i++) ch->dis[i] = disorder(G, ch, i);
    } else {
        if (src >= 0) ch->dis[src] = disorder(G, ch, src);
        if (dst >= 0) ch->dis[dst] = disorder(G, ch, dst);
    }
    ch->g = parent_g + (uint32_t)ntok;
    if (S->kids != NULL) {
        Kids *K = S->kids;
        if (K->n == MAXKIDS) return -1;
        K->pos[K->n] = *ch;
        memcpy(K->tok[K->n], tok, sizeof(Tok) * (size_t)ntok);
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

/* The most cards a move to column ``target`` may carry (tableau.TableauProblem.limit). */
static int limit(const Game *G, int free_count, int n_empty, int target_empty) {
    switch (G->rules) {
    case PARLETT: return 52;
    case SINGLE: return 1;
    case CELLS: return free_count + 1;
    default: return (free_count + 1) << (n_empty - target_empty);
    }
}

/* tableau.TableauProblem.expand: every child, in the reference's order. */
static int expand_pos(Search *S, const Pos *at, uint32_t r, uint32_t *goal);

static int expand(Search *S, uint32_t r, uint32_t *goal) {
    Pos node;
    load(S, r, &node);
    return expand_pos(S, &node, r, goal);
}

/* expand, from a position given whole (r is its record, unused when listing children). */
static int expand_pos(Search *S, const Pos *at, uint32_t r, uint32_t *goal) {
    const Game *G = &S->G;
    Pos node = *at, ch;
    const int nc = S->ncells, ncols = G->ncols;
    int8_t loc_col[52];
    uint8_t loc_p[52];
    memset(loc_col, -1, sizeof loc_col);
    int tops[MAXCOLS], ntops = 0, first_empty = -1, n_empty = 0, free_cell = -1, free_count = 0;
    for (int k = 0; k < nc; k++) {
        if (node.cells[k] == EMPTY) {
            free_count++;
            if (free_cell < 0) free_cell = k;
        }
    }
    for (int i = 0; i < ncols; i++) {
        if (!node.n[i]) {
            n_empty++;
            if (first_empty < 0) first_empty = i;
            continue;
        }
        tops[ntops++] = i;
        for (int p = run_start(G, &node, i); p < node.n[i]; p++) {
            loc_col[node.c[i][p]] = (int8_t)i;
            loc_p[node.c[i][p]] = (uint8_t)p;
        }
    }
    /* column or cell onto a non-empty column: the part that fits is unique for each card that
     * may lie on its top card */
    const int most = limit(G, free_count, n_empty, 0); /* the same for every non-empty target */
    for (int t = 0; t < ntops; t++) {
        int j = tops[t], top = node.c[j][node.n[j] - 1];
        for (int w = 0; w < G->nwant[top]; w++) {
            int want = G->want[top][w];
            int i = loc_col[want];
            if (i >= 0) {
                int p = loc_p[want], cnt = node.n[i] - p;
                if (i != j && cnt <= most) {
                    ch = node;
                    memcpy(ch.c[j] + ch.n[j], node.c[i] + p, cnt);
                    ch.n[j] += cnt;
                    ch.n[i] = (uint8_t)p;
                    EMIT(finish(S, r, node.g, &ch, i, j, EMPTY, 0, TOK(i, j, 0), goal));
                }
            }
            for (int k = 0; k < nc; k++) {
                if (node.cells[k] != want) continue;
                ch = node;
                ch.c[j][ch.n[j]++] = (uint8_t)want;
                ch.cells[k] = EMPTY;
                EMIT(finish(S, r, node.g, &ch, -1, j, EMPTY, 0, TOK(ncols + k, j, 0), goal));
                break;
            }
        }
    }
    if (first_empty >= 0) {
        int e = first_empty, most = limit(G, free_count, n_empty, 1);
        if (G->empty == HEAD) {
            /* a run headed by a rel-12 card (or such a cell card) to the first empty column */
            for (int s = 0; s < 4; s++) {
                int head = s * 13 + 12, i = loc_col[head];
                if (i >= 0) {
                    int p = loc_p[head], cnt = node.n[i] - p;
                    if (p > 0 && cnt <= most) {
                        ch = node;
                        memcpy(ch.c[e], node.c[i] + p, cnt);
                        ch.n[e] = (uint8_t)cnt;
                        ch.n[i] = (uint8_t)p;
                        EMIT(finish(S, r, node.g, &ch, i, e, EMPTY, 0, TOK(i, e, G->counted && cnt > 1 ? cnt : 0),
                                    goal));
                    }
                }
                for (int k = 0; k < nc; k++) {
                    if (node.cells[k] != head) continue;
                    ch = node;
                    ch.c[e][0] = (uint8_t)head;
                    ch.n[e] = 1;
                    ch.cells[k] = EMPTY;
                    EMIT(finish(S, r, node.g, &ch, -1, e, EMPTY, 0, TOK(ncols + k, e, 0), goal));
                    break;
                }
            }
        } else {
            /* a cell card, or any part of a run but a whole column, to the first empty column */
            for (int k = 0; k < nc; k++) {
                if (node.cells[k] == EMPTY) continue;
                ch = node;
                ch.c[e][0] = node.cells[k];
                ch.n[e] = 1;
                ch.cells[k] = EMPTY;
                EMIT(finish(S, r, node.g, &ch, -1, e, EMPTY, 0, TOK(ncols + k, e, 0), goal));
            }
            for (int t = 0; t < ntops; t++) {
                int i = tops[t], n = node.n[i], rs = run_start(G, &node, i);
                if (rs < 1) rs = 1;
                for (int p = n - 1; p >= rs && n - p <= most; p--) {
                    int cnt = n - p;
                    ch = node;
                    memcpy(ch.c[e], node.c[i] + p, cnt);
                    ch.n[e] = (uint8_t)cnt;
                    ch.n[i] = (uint8_t)p;
                    EMIT(finish(S, r, node.g, &ch, i, e, EMPTY, 0, TOK(i, e, G->counted && cnt > 1 ? cnt : 0), goal));
                }
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
            EMIT(finish(S, r, node.g, &ch, i, -1, card, 0, TOK(i, ncols + free_cell, 0), goal));
        }
    }
    /* a card home that does not go by itself (Penguin's beak; in alternate colours, one a
     * card still in play could lie on): a move of its own */
    for (int t = 0; t < ntops; t++) {
        int i = tops[t], card = node.c[i][node.n[i] - 1], s = card / 13;
        if (card % 13 != node.home[s] || safe(G, node.home, card)) continue;
        ch = node;
        ch.home[s]++;
        ch.n[i]--;
        EMIT(finish(S, r, node.g, &ch, i, -1, card, 1, TOK(i, HOME, 0), goal));
    }
    for (int k = 0; k < nc; k++) {
        int card = node.cells[k];
        if (card == EMPTY || card % 13 != node.home[card / 13] || safe(G, node.home, card)) continue;
        ch = node;
        ch.home[card / 13]++;
        ch.cells[k] = EMPTY;
        EMIT(finish(S, r, node.g, &ch, -1, -1, card, 1, TOK(ncols + k, HOME, 0), goal));
    }
    return 0;
}

/* -- Python-facing helpers ------------------------------------------------------------ */
/* Read (columns, cells, home) as TableauProblem holds them. */
static int read_position(const Game *G, PyObject *cols, PyObject *cells, PyObject *home, Pos *p, int *ncells) {
    memset(p, 0, sizeof *p);
    if (!PyTuple_Check(cols) || PyTuple_GET_SIZE(cols) != G->ncols) {
        PyErr_Format(PyExc_ValueError, "columns must be a tuple of %d bytes objects", G->ncols);
        return -1;
    }
    int seen[52] = {0};
    for (int i = 0; i < G->ncols; i++) {
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
    if (!PyBytes_Check(cells) || PyBytes_GET_SIZE(cells) > PyTuple_GET_SIZE(G->cell_names)) {
        PyErr_Format(PyExc_ValueError, "cells must be bytes of at most %zd entries", PyTuple_GET_SIZE(G->cell_names));
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

static PyObject *place_name(const Game *G, int place) {
    static PyObject *home_name = NULL;
    if (place == HOME) {
        if (home_name == NULL) home_name = PyUnicode_InternFromString("h");
        return home_name;
    }
    return place < G->ncols ? PyTuple_GET_ITEM(G->col_names, place) : PyTuple_GET_ITEM(G->cell_names, place - G->ncols);
}

static PyObject *token_str(const Game *G, Tok t) {
    PyObject *a = place_name(G, T_FROM(t)), *b = place_name(G, T_TO(t));
    if (a == NULL || b == NULL) return NULL;
    if (T_COUNT(t)) return PyUnicode_FromFormat("%U%Uv%x", a, b, (unsigned)T_COUNT(t));
    return PyUnicode_Concat(a, b);
}

static PyObject *tokens_tuple(const Game *G, const Tok *tok, Py_ssize_t n) {
    PyObject *out = PyTuple_New(n);
    if (out == NULL) return NULL;
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *t = token_str(G, tok[k]);
        if (t == NULL) {
            Py_DECREF(out);
            return NULL;
        }
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
static PyObject *path(const Search *S, uint32_t r, const Tok *prefix, int nprefix) {
    Py_ssize_t n = nprefix;
    for (uint32_t k = r; k != NONE; memcpy(&k, S->recs[k] + R_PARENT, 4)) n += S->recs[k][R_NTOK];
    Tok *tok = PyMem_RawMalloc(sizeof(Tok) * (size_t)n + 2);
    if (tok == NULL) return PyErr_NoMemory();
    memcpy(tok, prefix, sizeof(Tok) * (size_t)nprefix);
    Py_ssize_t end = n;
    for (uint32_t k = r; k != NONE; memcpy(&k, S->recs[k] + R_PARENT, 4)) {
        int m = S->recs[k][R_NTOK];
        end -= m;
        memcpy(tok + end, S->recs[k] + R_TOKENS, sizeof(Tok) * (size_t)m);
    }
    PyObject *out = tokens_tuple(&S->G, tok, n);
    PyMem_RawFree(tok);
    return out;
}

/* search.best_first on a TableauProblem, the game in S->G. */
static PyObject *run_search(Search *S, PyObject *cols, PyObject *cells, PyObject *home, long long max_states,
                            PyObject *seconds) {
    int timed = seconds != Py_None;
    double deadline = 0.0;
    if (timed) {
        deadline = PyFloat_AsDouble(seconds); /* made absolute after the opening, as best_first does */
        if (deadline == -1.0 && PyErr_Occurred()) return NULL;
    }
    Pos start;
    if (read_position(&S->G, cols, cells, home, &start, &S->ncells) < 0) return NULL;
    Tok prefix[MAXTOK];
    int nprefix = auto_moves(S, &start, prefix, 0);
    for (int i = 0; i < S->G.ncols; i++) start.dis[i] = disorder(&S->G, &start, i);
    start.g = 0;
    const char *verdict = "unknown", *budget = NULL;
    long long expanded = 0;
    PyObject *moves = NULL;
    if (cards_out(&start) == 0) {
        moves = tokens_tuple(&S->G, prefix, nprefix);
        if (moves == NULL) return NULL;
        return Py_BuildValue("(sNLLOn)", "solved", moves, 0LL, 1LL, Py_None, (Py_ssize_t)0);
    }
    if (timed) deadline += now();
    int64_t root = remember(S, NONE, &start, prefix, 0);
    if (root < 0 || heap_push(S, 0, 0, (uint32_t)root) < 0) goto nomem;
    uint32_t goal = 0;
    int status = 0;
    while (S->nheap) {
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
            search_free(S);
            return NULL;
        }
        long long stop = max_states - expanded < TIME_CHECK ? max_states : expanded + TIME_CHECK;
        /* The batch touches no Python object (its memory comes from PyMem_Raw*), so it runs
         * without the GIL: other threads (a scan worker's orphan watch, a Dask worker's
         * heartbeats) go on meanwhile. */
        Py_BEGIN_ALLOW_THREADS
        while (S->nheap && expanded < stop) {
            uint32_t rec = heap_pop(S);
            expanded++;
            status = expand(S, rec, &goal);
            if (status) break;
        }
        Py_END_ALLOW_THREADS
        if (status < 0) goto nomem;
        if (status == 1) {
            verdict = "solved";
            moves = path(S, goal, prefix, nprefix);
            if (moves == NULL) {
                search_free(S);
                return NULL;
            }
            goto done;
        }
    }
    verdict = "unsolvable";
done:;
    if (moves == NULL && (moves = PyTuple_New(0)) == NULL) {
        search_free(S);
        return NULL;
    }
    PyObject *out = Py_BuildValue("(sNLLzn)", verdict, moves, expanded, (long long)S->nrecs, budget,
                                  (Py_ssize_t)S->peak);
    search_free(S);
    return out;
nomem:
    search_free(S);
    return PyErr_NoMemory();
}

PyDoc_STRVAR(search_game_doc,
"search_game(game, columns, cells, home, g_weight, max_states, max_seconds)\n"
"-> (verdict, moves, expanded, generated, budget, peak_bytes)\n\n"
"search.best_first on a TableauProblem, in C: the same verdict, moves and counts.\n"
"game: tableau.Description.code(); max_seconds: None for no deadline.");

static PyObject *py_search_game(PyObject *Py_UNUSED(self), PyObject *args) {
    int gw;
    long long max_states;
    PyObject *desc, *cols, *cells, *home, *seconds;
    if (!PyArg_ParseTuple(args, "O!O!O!O!iLO", &PyTuple_Type, &desc, &PyTuple_Type, &cols, &PyBytes_Type, &cells,
                          &PyTuple_Type, &home, &gw, &max_states, &seconds))
        return NULL;
    Search S;
    memset(&S, 0, sizeof S);
    if (read_game(desc, &S.G) < 0) return NULL;
    if (gw < 0 || gw > 1000) {
        PyErr_SetString(PyExc_ValueError, "g_weight 0-1000");
        return NULL;
    }
    S.gw = gw;
    return run_search(&S, cols, cells, home, max_states, seconds);
}

PyDoc_STRVAR(search_doc,
"search(beak, rules, columns, cells, home, g_weight, max_states, max_seconds)\n"
"-> (verdict, moves, expanded, generated, budget, peak_bytes)\n\n"
"search_game for Penguin (its description built here from the beak and the rules):\n"
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
    Search S;
    memset(&S, 0, sizeof S);
    penguin_game(&S.G, beak, rules);
    S.gw = gw;
    return run_search(&S, cols, cells, home, max_states, seconds);
}

/* -- shortening: tableau.simulate and tableau.shorten -------------------------------- */
/* Whether ``tok`` plays out from ``start`` and wins (tableau.simulate is not None). */
static int plays_out(const Game *G, const Pos *start, int ncells, const Tok *tok, Py_ssize_t n) {
    const int ncols = G->ncols;
    Pos p = *start;
    for (Py_ssize_t t = 0; t < n; t++) {
        int src = T_FROM(tok[t]), dst = T_TO(tok[t]), count = T_COUNT(tok[t]), card, i = -1, k = -1;
        if (src < ncols) {
            i = src;
            if (!p.n[i]) return 0;
            card = p.c[i][p.n[i] - 1];
        } else {
            k = src - ncols;
            if (src == HOME || k >= ncells || p.cells[k] == EMPTY) return 0;
            card = p.cells[k];
        }
        if (dst == HOME) {
            if (count || card % 13 != p.home[card / 13]) return 0;
            p.home[card / 13]++;
            if (i >= 0) p.n[i]--;
            else p.cells[k] = EMPTY;
        } else if (dst >= ncols) {
            int m = dst - ncols;
            if (count || i < 0 || m >= ncells || p.cells[m] != EMPTY) return 0;
            p.cells[m] = (uint8_t)card;
            p.n[i]--;
        } else {
            int j = dst;
            if (src == dst) return 0;
            const uint8_t *moving;
            uint8_t single = (uint8_t)card;
            int len;
            if (i >= 0) {
                int rs = run_start(G, &p, i);
                moving = p.c[i] + rs;
                len = p.n[i] - rs;
            } else {
                moving = &single;
                len = 1;
            }
            int q = -1;
            if (p.n[j]) {
                if (count) return 0;
                int top = p.c[j][p.n[j] - 1];
                for (int x = 0; x < len && q < 0; x++) if (G->fit[moving[x]][top]) q = x;
            } else if (count || G->counted) { /* the count is written, or one card */
                int cnt = count ? count : 1;
                q = len - cnt;
                if (q < 0 || (G->empty == HEAD && moving[q] % 13 != 12)) return 0;
            } else { /* Penguin: the run from its head */
                for (int x = 0; x < len && q < 0; x++) if (moving[x] % 13 == 12) q = x;
            }
            if (q < 0) return 0;
            int cnt = len - q, free_count = 0, empties = 0;
            for (int c = 0; c < ncells; c++) free_count += p.cells[c] == EMPTY;
            for (int c = 0; c < ncols; c++) empties += !p.n[c];
            if (cnt > limit(G, free_count, empties, !p.n[j])) return 0;
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

/* The place a token names at ``*at`` (the longest name that fits), moving *at past it; -1. */
static int read_place(const Game *G, PyObject *s, Py_ssize_t *at, int ncells) {
    Py_ssize_t len = PyUnicode_GET_LENGTH(s), best_len = 0;
    int best = -1;
    for (int place = 0; place < G->ncols + ncells + 1; place++) {
        int code = place < G->ncols + ncells ? place : HOME;
        PyObject *name = place_name(G, code);
        Py_ssize_t n = PyUnicode_GET_LENGTH(name);
        if (n <= best_len || *at + n > len) continue;
        if (PyUnicode_Tailmatch(s, name, *at, *at + n, -1) == 1) {
            best = code;
            best_len = n;
        }
    }
    *at += best_len;
    return best;
}

/* A token in the game's notation: source, target and an optional "v" and a hex count; -1. */
static int read_token(const Game *G, PyObject *s, int ncells) {
    if (!PyUnicode_Check(s)) return -1;
    Py_ssize_t at = 0, len = PyUnicode_GET_LENGTH(s);
    int a = read_place(G, s, &at, ncells), b = read_place(G, s, &at, ncells), count = 0;
    if (a < 0 || a == HOME || b < 0) return -1;
    if (at < len) {
        if (!G->counted || PyUnicode_READ_CHAR(s, at) != 'v' || at + 1 == len) return -1;
        for (at++; at < len; at++) {
            Py_UCS4 ch = PyUnicode_READ_CHAR(s, at);
            int d = ch >= '0' && ch <= '9' ? (int)(ch - '0') : ch >= 'a' && ch <= 'f' ? (int)(ch - 'a' + 10) : -1;
            if (d < 0 || (count = count * 16 + d) > 52) return -1;
        }
        if (count < 2) return -1;
    }
    return TOK(a, b, count);
}

/* tableau.shorten_python in C, the game in G. */
static PyObject *run_shorten(const Game *G, PyObject *cols, PyObject *cells, PyObject *home, PyObject *tokens) {
    int ncells;
    Pos start;
    if (read_position(G, cols, cells, home, &start, &ncells) < 0) return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(tokens);
    Tok *tok = PyMem_RawMalloc(sizeof(Tok) * (size_t)n + 2), *trial = PyMem_RawMalloc(sizeof(Tok) * (size_t)n + 2);
    if (tok == NULL || trial == NULL) {
        PyMem_RawFree(tok);
        PyMem_RawFree(trial);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t t = 0; t < n; t++) {
        PyObject *s = PyTuple_GET_ITEM(tokens, t);
        int code = read_token(G, s, ncells);
        if (code < 0) {
            PyMem_RawFree(tok);
            PyMem_RawFree(trial);
            PyErr_Format(PyExc_ValueError, "move %zd is not a %s move token: %R", t + 1, G->name, s);
            return NULL;
        }
        tok[t] = (Tok)code;
    }
    const int ncols = G->ncols;
    for (int improved = 1; improved;) {
        improved = 0;
        for (Py_ssize_t i = 0; i < n && !improved; i++) {
            int from = T_FROM(tok[i]), cell = T_TO(tok[i]);
            if (from >= ncols || cell < ncols || cell == HOME) continue;
            Py_ssize_t j = i + 1;
            while (j < n && T_FROM(tok[j]) != cell) j++;
            if (j >= n) continue;
            int dst = T_TO(tok[j]);
            Py_ssize_t m = i;
            memcpy(trial, tok, sizeof(Tok) * (size_t)i);
            memcpy(trial + m, tok + i + 1, sizeof(Tok) * (size_t)(j - i - 1));
            m += j - i - 1;
            if (dst != from) trial[m++] = TOK(from, dst, 0);
            memcpy(trial + m, tok + j + 1, sizeof(Tok) * (size_t)(n - j - 1));
            m += n - j - 1;
            if (plays_out(G, &start, ncells, trial, m)) {
                Tok *swap = tok;
                tok = trial;
                trial = swap;
                n = m;
                improved = 1;
            }
        }
    }
    PyObject *out = tokens_tuple(G, tok, n);
    PyMem_RawFree(tok);
    PyMem_RawFree(trial);
    return out;
}

PyDoc_STRVAR(shorten_game_doc,
"shorten_game(game, columns, cells, home, tokens) -> tokens\n\n"
"tableau.shorten_python in C: cell round trips dropped, left to right, while the line wins.");

static PyObject *py_shorten_game(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *desc, *cols, *cells, *home, *tokens;
    if (!PyArg_ParseTuple(args, "O!O!O!O!O!", &PyTuple_Type, &desc, &PyTuple_Type, &cols, &PyBytes_Type, &cells,
                          &PyTuple_Type, &home, &PyTuple_Type, &tokens))
        return NULL;
    Game G;
    if (read_game(desc, &G) < 0) return NULL;
    return run_shorten(&G, cols, cells, home, tokens);
}

PyDoc_STRVAR(shorten_doc,
"shorten(rules, columns, cells, home, tokens) -> tokens\n\n"
"shorten_game for Penguin (rules: 0 parlett, 1 supermove, 2 single).");

static PyObject *py_shorten(PyObject *Py_UNUSED(self), PyObject *args) {
    int rules;
    PyObject *cols, *cells, *home, *tokens;
    if (!PyArg_ParseTuple(args, "iO!O!O!O!", &rules, &PyTuple_Type, &cols, &PyBytes_Type, &cells, &PyTuple_Type,
                          &home, &PyTuple_Type, &tokens))
        return NULL;
    if (rules < 0 || rules > 2) {
        PyErr_SetString(PyExc_ValueError, "rules 0-2");
        return NULL;
    }
    Game G;
    penguin_game(&G, EMPTY, rules); /* (the beak plays no part in replaying moves) */
    return run_shorten(&G, cols, cells, home, tokens);
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

static uint8_t BELOW[52], ABOVE[52]; /* Penguin's: the card that packs onto x, and that x packs onto */

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
    for (int i = 0; i < S->G.ncols; i++) bad += p->dis[i];
    score = P_HOME * (52 - cards_out(p)) + CELL_WORTH[free] - P_LOOSE * bad;
    uint8_t exposed[52] = {0};
    for (int i = 0; i < S->G.ncols; i++)
        if (p->n[i]) exposed[p->c[i][p->n[i] - 1]] = 1;
    for (int k = 0; k < S->ncells; k++) {
        int c = p->cells[k];
        if (c != EMPTY && c % 13 - p->home[c / 13] > 1 && !exposed[ABOVE[c]]) score -= P_STUCK_IN_CELL;
    }
    int wanted[4], nw = 0;
    for (int s = 0; s < 4; s++)
        if (p->home[s] < 13) wanted[nw++] = s * 13 + p->home[s];
    for (int i = 0; i < S->G.ncols; i++) {
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
    uint8_t key[KEYMAX], order[MAXCOLS];
    int len = make_key(p, S->G.ncols, S->ncells, key, order);
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
    penguin_game(&S.G, beak, rules);
    Pos start;
    if (read_position(&S.G, cols, cells, home, &start, &S.ncells) < 0) return NULL;
    /* the path: positions, cards home, and where each step's tokens begin */
    Pos *path = PyMem_RawMalloc(sizeof(Pos) * (size_t)(max_dec + 1));
    uint16_t *tok_at = PyMem_RawMalloc(sizeof(uint16_t) * (size_t)(max_dec + 2));
    Tok *tok = PyMem_RawMalloc(sizeof(Tok) * (size_t)MAXTOK * (size_t)(max_dec + 1));
    Seen *seen = PyMem_RawCalloc(1, sizeof *seen);
    Kids *K = PyMem_RawMalloc(sizeof *K);
    PyObject *out = NULL;
    if (path == NULL || tok_at == NULL || tok == NULL || seen == NULL || K == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    int ntok = auto_moves(&S, &start, tok, 0);
    for (int i = 0; i < S.G.ncols; i++) start.dis[i] = disorder(&S.G, &start, i);
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
        memcpy(tok + tok_at[depth], K->tok[choice], sizeof(Tok) * (size_t)K->ntok[choice]);
        tok_at[depth + 1] = (uint16_t)(tok_at[depth] + K->ntok[choice]);
        won = after == 52;
    }
    if (overflow)
        PyErr_SetString(PyExc_RuntimeError, "penguin player: a table overflowed (a bug, please report)");
    else if (won)
        out = tokens_tuple(&S.G, tok, tok_at[depth + 1]);
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
    {"search_game", py_search_game, METH_VARARGS, search_game_doc},
    {"shorten_game", py_shorten_game, METH_VARARGS, shorten_game_doc},
    {"search", py_search, METH_VARARGS, search_doc},
    {"shorten", py_shorten, METH_VARARGS, shorten_doc},
    {"play", py_play, METH_VARARGS, play_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_tableau_core",
    "The compiled search core of the tableau family (see dealgen/solve/core.py; the reference is tableau.py).", -1,
    methods, NULL, NULL, NULL, NULL,
};

/* A tuple of one-character names, one per character of ``chars``. */
static PyObject *names(const char *chars) {
    Py_ssize_t n = (Py_ssize_t)strlen(chars);
    PyObject *out = PyTuple_New(n);
    if (out == NULL) return NULL;
    for (Py_ssize_t k = 0; k < n; k++) {
        char text[2] = {chars[k], 0};
        PyObject *s = PyUnicode_InternFromString(text);
        if (s == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, k, s);
    }
    return out;
}

PyMODINIT_FUNC PyInit__tableau_core(void) {
    for (int x = 0; x < 52; x++) BELOW[x] = (uint8_t)((x / 13) * 13 + (x % 13 + 12) % 13);
    for (int x = 0; x < 52; x++) ABOVE[BELOW[x]] = (uint8_t)x;
    if (PENGUIN_COLS == NULL && (PENGUIN_COLS = names("1234567")) == NULL) return NULL;
    if (PENGUIN_CELLS == NULL && (PENGUIN_CELLS = names("abcdefg")) == NULL) return NULL;
    return PyModule_Create(&module);
}
