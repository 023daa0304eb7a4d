/*
 * Stage 1 of a whole-document scan: the structural index. Each 64-byte block of input becomes six
 * class masks (the kernel's hyson_k_classify64), then, with 64-bit integer arithmetic only and no
 * branch per byte:
 *   - backslash runs: the byte after a run of odd length is escaped;
 *   - strings: the quotes that are not escaped, and a prefix XOR of them, give the bytes inside strings;
 *   - the index: every structural character outside strings, each string's two quotes, and the first
 *     byte of every other run of non-whitespace (a number or literal: a "scalar start"), as input
 *     offsets in order;
 *   - a closing quote's entry carries HYSON_INDEX_ESCAPED when its string holds a backslash and
 *     HYSON_INDEX_NON_ASCII when it holds a byte >= 0x80, found by one long addition per flag (below);
 *   - control bytes inside strings are found here, and ill-formed UTF-8 anywhere: in the indexing loop
 *     for a kernel with 64-byte validation (AVX-512: each block with a byte >= 0x80 and the one after
 *     it), else in a second loop over each 16 KiB segment that holds such a byte (the segment is still
 *     in the L1 cache), so the indexing loop stays small and ASCII segments cost nothing more.
 * The approach is simdjson's stage 1 (Langdale and Lemire, "Parsing Gigabytes of JSON per Second", VLDB
 * Journal 28(6), 2019, sections 3.1 and 4); the code is hyson's own.
 *
 * Included by tape_walk_impl.h, compiled once per SIMD kernel. Stage 1 judges nothing precisely: on
 * any doubt it fails and the whole-document scan runs the single pass (scan_impl.h), which reports the
 * exact error code and offset.
 */

#define HYSON_INDEX_NAME HYSON_CAT(HYSON_SCAN_NAME, _index)
#define HYSON_EVEN_BITS UINT64_C(0x5555555555555555)
/* Entries of room the index keeps past its last for one block's offsets (64, and 8 written unconditionally). */
#define HYSON_INDEX_ROOM 72
/* Input bytes indexed between two checks of the index's capacity. */
#define HYSON_INDEX_SEGMENT 16384

/* Bits from 'from' up, where from is an offset into the 64 bits (0 or more). */
static inline uint64_t hyson_bits_from(size_t from) {
    return from >= 64 ? 0 : ~UINT64_C(0) << from;
}

#ifndef HYSON_K_UTF8_BLOCKS
/* The mask of the bytes >= 0x80 among the 64 at p. */
static inline uint64_t hyson_high64(const uint8_t *p) {
    hyson_classes64 m;
    hyson_k_classify64(p, &m);
    return m.high;
}
#endif

/* What stage 1 carries from one block to the next. */
typedef struct hyson_stage1 {
    uint64_t escape_carry; /* bit 0: prev block ended in a backslash; bits 1, 2: the even/odd run additions' carries */
    uint64_t in_string;    /* all ones when the previous block ended inside a string */
    uint64_t prev_scalar;  /* bit 0: the last byte of the previous block was part of a scalar */
    uint64_t flag_carry;   /* bits 0, 1: the escaped/non-ASCII flag additions' carries */
    uint64_t errors;       /* non-zero once a control byte was seen in a string */
    size_t n;              /* index entries so far */
} hyson_stage1;

/* The escaped bytes of a block: those after a run of backslashes of odd length. */
static inline uint64_t hyson_escaped(uint64_t backslash, uint64_t *carry) {
    if ((backslash | *carry) == 0) {
        return 0; /* the common block: no backslash, none carried in */
    }
    /*
     * For each run of backslashes, adding its first bit to the backslash mask carries to the byte
     * after the run. Runs starting on even and odd bits are added apart: a run that starts on an even
     * bit and ends before an odd one (or the other way) has odd length, and the byte after it is escaped.
     */
    uint64_t starts = backslash & ~((backslash << 1) | (*carry & 1));
    uint64_t even = (*carry >> 1) & 1;
    uint64_t odd = (*carry >> 2) & 1;
    uint64_t after_even = hyson_add_carry(backslash, starts & HYSON_EVEN_BITS, &even) & ~backslash;
    uint64_t after_odd = hyson_add_carry(backslash, starts & ~HYSON_EVEN_BITS, &odd) & ~backslash;
    *carry = (backslash >> 63) | (even << 1) | (odd << 2);
    return (after_even & ~HYSON_EVEN_BITS) | (after_odd & HYSON_EVEN_BITS);
}

/* One block's index entries: the offsets of structural's bits from at. Writes up to HYSON_INDEX_ROOM
   entries from out. */
static inline size_t hyson_flatten(uint32_t *out, uint32_t at, uint64_t structural) {
#ifdef HYSON_K_FLATTEN64
    return hyson_k_flatten64(out, at, structural);
#else
    uint64_t bits = structural;
    /* eight offsets unconditionally (most blocks have fewer structurals), the rest one by one; bit 63
       set keeps the count of trailing zeros defined once bits is empty */
    for (int j = 0; j < 8; j++) {
        out[j] = at + (uint32_t)__builtin_ctzll(bits | (UINT64_C(1) << 63));
        bits &= bits - 1;
    }
    for (uint32_t *o = out + 8; bits != 0; bits &= bits - 1) {
        *o++ = at + (uint32_t)__builtin_ctzll(bits);
    }
    return (size_t)__builtin_popcountll(structural);
#endif
}

/* Indexes the 64 bytes at block (input offset base) into out; returns the masks of its bytes >= 0x80. */
static inline uint64_t hyson_stage1_block(hyson_stage1 *s1, const uint8_t *block, size_t base, uint32_t *out) {
    hyson_classes64 m;
    hyson_k_classify64(block, &m);
    uint64_t escaped = hyson_escaped(m.backslash, &s1->escape_carry);

    /* Strings: from an opening quote (included) to its closing quote (excluded). */
    uint64_t quote = m.quote & ~escaped;
    uint64_t inside = hyson_k_prefix_xor(quote) ^ s1->in_string;
    s1->in_string = (uint64_t)((int64_t)inside >> 63);
    uint64_t open = quote & inside;
    uint64_t interior = inside & ~open;
    s1->errors |= m.control & interior;

    /* Scalars: runs of bytes that are neither whitespace, structural nor a quote. */
    uint64_t scalar = ~(m.op | m.space | m.quote);
    uint64_t scalar_start = scalar & ~((scalar << 1) | s1->prev_scalar);
    s1->prev_scalar = scalar >> 63;
    uint64_t structural = (m.op | quote | scalar_start) & ~interior;
    size_t n = s1->n;
    s1->n = n + hyson_flatten(out, (uint32_t)base, structural);

    /*
     * A string's flags: adding a flagged byte of a string to the mask of its string carries through
     * to the string's closing quote, which no string covers; with no flagged byte the closing quote's
     * bit stays clear. Several flagged bytes in one string carry once.
     */
    uint64_t flagged_bytes = (m.backslash | m.high) & interior;
    if ((flagged_bytes | s1->flag_carry) != 0) {
        uint64_t close = quote & ~inside;
        uint64_t escaped_carry = s1->flag_carry & 1;
        uint64_t high_carry = s1->flag_carry >> 1;
        uint64_t escaped_close = hyson_add_carry(inside, m.backslash & interior, &escaped_carry) & close;
        uint64_t high_close = hyson_add_carry(inside, m.high & interior, &high_carry) & close;
        s1->flag_carry = escaped_carry | (high_carry << 1);
        for (uint64_t flagged = escaped_close | high_close; flagged != 0; flagged &= flagged - 1) {
            uint64_t bit = flagged & (0 - flagged);
            uint32_t flags = ((escaped_close & bit) ? HYSON_INDEX_ESCAPED : 0) | ((high_close & bit) ? HYSON_INDEX_NON_ASCII : 0);
            out[__builtin_popcountll(structural & (bit - 1))] |= flags;
        }
    }
    return m.high;
}

/*
 * Indexes src[begin, end) (end <= HYSON_INDEX_OFFSET) into tape->index. Returns the number of entries,
 * followed by two sentinel entries equal to end, or HYSON_FAILED when the input is not valid JSON
 * (an unterminated string, a control byte in a string, ill-formed UTF-8) or memory could not be had.
 * With partial (a window that the stream goes on after), a string may run past end: its opening quote
 * is then the last entry.
 */
HYSON_STAGE size_t HYSON_INDEX_NAME(const uint8_t *src, size_t begin, size_t end, int partial, hyson_tape *tape) {
    hyson_stage1 s1 = {0, 0, 0, 0, 0, 0};
#ifdef HYSON_K_UTF8_BLOCKS
    hyson_k_utf8 utf8;
    hyson_k_utf8_init(&utf8);
    int utf8_open = 0; /* the last block held a byte >= 0x80: the next one is validated too */
#else
    size_t utf8_done = begin; /* the bytes before it are validated UTF-8 */
#endif
    /*
     * Full blocks a segment at a time: the index grows once per segment (a block writes at most
     * HYSON_INDEX_ROOM entries), so the loop over its blocks calls nothing and keeps its constants
     * in registers. Then the last, partial block, padded with spaces: they end a scalar, and leave a
     * string unterminated.
     */
    size_t base = begin;
    size_t full = begin + ((end - begin) & ~(size_t)63);
    uint8_t last[64];
    while (base < end) {
        size_t stop = full - base > HYSON_INDEX_SEGMENT ? base + HYSON_INDEX_SEGMENT : full;
        const uint8_t *block = src + base;
        if (base == full) {
            memset(last, ' ', sizeof last);
            memcpy(last, src + base, end - base);
            block = last;
            stop = base + 64;
        }
        if (tape->index_capacity - s1.n < (stop - base) + HYSON_INDEX_ROOM &&
            !hyson_grow_index(tape, s1.n, s1.n + (stop - base) + HYSON_INDEX_ROOM)) {
            return HYSON_FAILED;
        }
        uint32_t *index = tape->index;
        hyson_stage1 s = s1; /* a copy the compiler keeps in registers through the loop */
#ifdef HYSON_K_UTF8_BLOCKS
        /* UTF-8 in the indexing loop, 64 bytes a step: each block with a byte >= 0x80, and the block
           after it, through the kernel's lookup (the block's mask of such bytes is stage 1's own) */
        hyson_k_utf8 u = utf8;
        int open = utf8_open;
        for (; base < stop; base += 64, block += 64) {
            uint64_t high = hyson_stage1_block(&s, block, base, index + s.n);
            if ((high | (uint64_t)open) != 0) {
                if (high != 0) {
                    hyson_k_utf8_block(&u, block);
                    open = 1;
                } else {
                    hyson_k_utf8_ascii(&u);
                    open = 0;
                }
            }
        }
        utf8 = u;
        utf8_open = open;
        s1 = s;
#else
        size_t from = base;
        const uint8_t *first = block;
        uint64_t high = 0;
        for (; base < stop; base += 64, block += 64) {
            high |= hyson_stage1_block(&s, block, base, index + s.n);
        }
        s1 = s;
        if (high == 0) {
            continue; /* an ASCII segment: nothing to validate */
        }
        /*
         * UTF-8, in a second loop over the segment's blocks (still in the L1 cache), which keeps the
         * indexing loop small: each run of bytes >= 0x80 is validated once, up to the ASCII byte after it.
         */
        for (block = first; from < stop; from += 64, block += 64) {
            uint64_t block_high = hyson_high64(block) & hyson_bits_from(utf8_done > from ? utf8_done - from : 0);
            while (block_high != 0) {
                size_t bad = 0;
                size_t next = hyson_k_utf8_run(src, from + (size_t)__builtin_ctzll(block_high), end, &bad);
                if (next == HYSON_FAILED) {
                    return HYSON_FAILED;
                }
                utf8_done = next;
                block_high &= hyson_bits_from(next - from);
            }
        }
#endif
    }
#ifdef HYSON_K_UTF8_BLOCKS
    if (utf8_open) {
        hyson_k_utf8_ascii(&utf8);
    }
    if (hyson_k_utf8_failed(&utf8)) {
        return HYSON_FAILED;
    }
#endif
    size_t n = s1.n;
    if ((s1.in_string != 0 && !partial) || s1.errors != 0 ||
        (tape->index_capacity - n < 2 && !hyson_grow_index(tape, n, n + 2))) {
        return HYSON_FAILED;
    }
    tape->index[n] = (uint32_t)end;
    tape->index[n + 1] = (uint32_t)end;
    return n;
}

#undef HYSON_EVEN_BITS
#undef HYSON_INDEX_ROOM
#undef HYSON_INDEX_SEGMENT
