/* The native search of deckmate/solver.py: the same alpha-beta, bound and move order as
 * the Python `Search` of deckcore/bots/scioto_endgame.py, for speed (about 100 times).
 * Built on first use with the system C compiler; solver.py falls back to the Python search
 * when there is none.
 *
 * Hands are bitmasks of card numbers given in order of points (bit 0 the cheapest card), so
 * walking a mask from its low bit tries the cheapest cards first. Values are the points the
 * leader of the trick takes from the cards still in play. The transposition table holds
 * bounds at trick boundaries, keyed by the two hands, two entries per bucket (the larger
 * position is kept).
 */
#include <stdint.h>
#include <stdlib.h>

typedef uint64_t u64;

#define INF (1 << 20)

static int points[64];
static u64 dismissers[64];
static int compounding, mandatory;
static long long nodes;

typedef struct { u64 lead, follow; int32_t lower, upper; int8_t best, size; } Entry;
static Entry *table;
static u64 buckets;

static int lowest(u64 m) { return __builtin_ctzll(m); }
static int count(u64 m) { return __builtin_popcountll(m); }

int setup(int n, const int *card_points, const u64 *card_dismissers, int comp, int mand,
          int log2_buckets) {
    compounding = comp; mandatory = mand;
    for (int c = 0; c < n; c++) { points[c] = card_points[c]; dismissers[c] = card_dismissers[c]; }
    free(table);
    buckets = (u64)1 << log2_buckets;
    table = calloc(buckets * 2, sizeof(Entry));
    nodes = 0;
    return table != 0;
}

long long node_count(void) { return nodes; }

int trick_value(u64 lead, u64 follow, int rem, int alpha, int beta);
int follow_value(u64 lead, u64 follow, int card, int pot, int rem, int alpha, int beta);

static Entry *probe(u64 lead, u64 follow) {
    u64 h = (lead * 0x9E3779B97F4A7C15ULL) ^ (follow * 0xC2B2AE3D27D4EB4FULL);
    h ^= h >> 29;
    Entry *bucket = table + 2 * (h & (buckets - 1));
    if (bucket[0].lead == lead && bucket[0].follow == follow && bucket[0].size) return bucket;
    if (bucket[1].lead == lead && bucket[1].follow == follow && bucket[1].size) return bucket + 1;
    return 0;
}

static void store(u64 lead, u64 follow, int lower, int upper, int best) {
    u64 h = (lead * 0x9E3779B97F4A7C15ULL) ^ (follow * 0xC2B2AE3D27D4EB4FULL);
    h ^= h >> 29;
    Entry *bucket = table + 2 * (h & (buckets - 1));
    int size = count(lead);
    Entry *slot;
    if (bucket[0].lead == lead && bucket[0].follow == follow) slot = bucket;
    else if (bucket[1].lead == lead && bucket[1].follow == follow) slot = bucket + 1;
    else slot = bucket[0].size <= bucket[1].size ? bucket : bucket + 1;
    slot->lead = lead; slot->follow = follow; slot->lower = lower; slot->upper = upper;
    slot->best = (int8_t)best; slot->size = (int8_t)size;
}

/* The follower's card `reply` dismissed: he wins the pot unless the leader re-leads. */
int after_dismissal(u64 lead, u64 follow, int reply, int pot, int rem, int alpha, int beta) {
    int best = -INF;
    u64 relead = compounding ? (dismissers[reply] & lead) : 0;
    if (!(mandatory && relead)) {
        int rest = rem - pot;
        best = rest - trick_value(follow, lead, rest, rest - beta, rest - alpha);
        if (best > alpha) { alpha = best; if (alpha >= beta) return best; }
    }
    while (relead) {
        int card = lowest(relead); relead &= relead - 1;
        int v = follow_value(lead & ~(1ULL << card), follow, card, pot + points[card], rem, alpha, beta);
        if (v > best) { best = v; if (v > alpha) { alpha = v; if (alpha >= beta) break; } }
    }
    return best;
}

/* The follower answers `card` with `pot` points on the table; value for the leader. The
 * dearest dismisser is tried first, then the cheapest discard. */
int follow_value(u64 lead, u64 follow, int card, int pot, int rem, int alpha, int beta) {
    u64 winners = dismissers[card] & follow;
    u64 losers = (mandatory && winners) ? 0 : (follow & ~winners);
    int best = INF;
    for (int pass = 0; pass < 2; pass++) {
        u64 options = pass == 0 ? winners : losers;
        for (; options; ) {
            int reply = pass == 0 ? 63 - __builtin_clzll(options) : lowest(options);
            u64 bit = 1ULL << reply;
            options &= ~bit;
            int gained = pot + points[reply];
            int v;
            if (pass == 0)
                v = after_dismissal(lead, follow & ~bit, reply, gained, rem, alpha, beta);
            else
                v = gained + trick_value(lead, follow & ~bit, rem - gained, alpha - gained, beta - gained);
            if (v < best) { best = v; if (v < beta) { beta = v; if (alpha >= beta) return best; } }
        }
    }
    return best;
}

int trick_value(u64 lead, u64 follow, int rem, int alpha, int beta) {
    if (!lead) return 0;
    nodes++;
    int first = -1, lower = -INF, upper = INF;
    Entry *e = probe(lead, follow);
    if (e) {
        lower = e->lower; upper = e->upper; first = e->best;
        if (lower >= beta) return lower;
        if (upper <= alpha) return upper;
        if (lower > alpha) alpha = lower;
        if (upper < beta) beta = upper;
        if (alpha >= beta) return alpha;
    }
    int a0 = alpha, b0 = beta;
    /* Safe leads (no card of the follower dismisses them) win their tricks whenever led,
     * and stay safe: leading them all first guarantees their points and as many of the
     * follower's cheapest cards. */
    int keys[64], cards[64], n = 0, safe_points = 0, safe = 0;
    for (u64 m = lead; m; m &= m - 1) {
        int c = lowest(m), key;
        if (dismissers[c] & follow) key = -points[c];
        else { key = points[c]; safe_points += key; safe++; }
        if (c == first) key = 1000;
        int j = n++;
        while (j > 0 && (keys[j - 1] < key || (keys[j - 1] == key && cards[j - 1] < c))) {
            keys[j] = keys[j - 1]; cards[j] = cards[j - 1]; j--;
        }
        keys[j] = key; cards[j] = c;
    }
    if (safe == n) return rem;  /* every lead is safe: the leader takes everything */
    if (safe) {
        int bound = safe_points, k = safe;
        for (u64 m = follow; k; m &= m - 1, k--) bound += points[lowest(m)];
        if (bound >= beta) return bound;
    }
    int best = -INF, best_lead = -1;
    for (int i = 0; i < n; i++) {
        int c = cards[i];
        int v = follow_value(lead & ~(1ULL << c), follow, c, points[c], rem, alpha, beta);
        if (v > best) { best = v; best_lead = c; if (v > alpha) { alpha = v; if (alpha >= beta) break; } }
    }
    if (best <= a0) { if (best < upper) upper = best; }
    else if (best >= b0) { if (best > lower) lower = best; }
    else lower = upper = best;
    store(lead, follow, lower, upper, best_lead);
    return best;
}
