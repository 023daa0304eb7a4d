/*
 * libFuzzer harness for number parsing, against glibc as the reference: every maximal run of number
 * bytes (0-9 + - . e E) in the input is a candidate literal (the first HYSON_FUZZ_LITERALS of them). An independent RFC 8259 grammar check
 * says whether it is a number; the scan of it alone must agree (valid: accepted, or out of range /
 * over the length limit; invalid: an error). For every accepted literal, on every kernel (the kernels
 * compared with scalar by hyson_check_all_kernels):
 * - a fraction or exponent gives a DOUBLE whose bits are strtod's (glibc rounds correctly), or
 *   NUMBER_OUT_OF_RANGE exactly when strtod overflows (infinity with HYSON_ALLOW_INFINITY_FOR_OVERFLOW),
 *   or with HYSON_BIG_DECIMALS a BIG_DECIMAL span of the whole literal;
 * - an integer gives INT64 with strtoll's value where strtoll does not overflow, else a BIG_INTEGER span;
 * - hyson_parse_double gives strtod's bits for every valid literal;
 * - inside an array with 64 bytes of room after it (the SIMD kernels' fast path), scanned whole and in
 *   small windows, the literal gives the same value as alone.
 */
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_configs.h"
#include "hyson/hyson.h"
#include "scan_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Literals checked per input: the fuzzer's mutations concentrate on few, and large seeds stay fast. */
#define HYSON_FUZZ_LITERALS 24

static int is_digit(uint8_t c) {
    return c >= '0' && c <= '9';
}

static int is_number_byte(uint8_t c) {
    return is_digit(c) || c == '+' || c == '-' || c == '.' || c == 'e' || c == 'E';
}

/* The reference grammar (RFC 8259 section 6), written without looking at the scanner's. */
static int ref_is_number(const uint8_t *b, size_t n, int *integer) {
    size_t i = 0;
    *integer = 1;
    if (i < n && b[i] == '-') {
        i++;
    }
    if (i >= n) {
        return 0;
    }
    if (b[i] == '0') {
        i++;
    } else if (b[i] >= '1' && b[i] <= '9') {
        while (i < n && is_digit(b[i])) {
            i++;
        }
    } else {
        return 0;
    }
    if (i < n && b[i] == '.') {
        *integer = 0;
        i++;
        if (i >= n || !is_digit(b[i])) {
            return 0;
        }
        while (i < n && is_digit(b[i])) {
            i++;
        }
    }
    if (i < n && (b[i] == 'e' || b[i] == 'E')) {
        *integer = 0;
        i++;
        if (i < n && (b[i] == '+' || b[i] == '-')) {
            i++;
        }
        if (i >= n || !is_digit(b[i])) {
            return 0;
        }
        while (i < n && is_digit(b[i])) {
            i++;
        }
    }
    return i == n;
}

static uint64_t bits_of(double d) {
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static void fail(const char *what, const uint8_t *lit, size_t n, unsigned long long got, unsigned long long want) {
    fprintf(stderr, "number %.*s: %s: got 0x%016llx, want 0x%016llx\n", (int)(n > 200 ? 200 : n), (const char *)lit,
            what, got, want);
    abort();
}

/* Checks one candidate literal lit[0, n). */
static void check_literal(const uint8_t *lit, size_t n, size_t limit) {
    int integer;
    int valid = ref_is_number(lit, n, &integer);
    char *text = malloc(n + 1);
    uint8_t *alone = malloc(n > 0 ? n : 1); /* exact size: a read past the literal is caught */
    if (text == NULL || alone == NULL) {
        abort();
    }
    memcpy(text, lit, n);
    text[n] = '\0';
    memcpy(alone, lit, n);
    double want = 0;
    int overflow = 0, int_fits = 0;
    long long want_int = 0;
    if (valid) {
        char *stop;
        errno = 0;
        want = strtod(text, &stop);
        overflow = isinf(want);
        if (stop != text + n) {
            fail("strtod stopped early", lit, n, (unsigned long long)(stop - text), n);
        }
        if (integer) {
            errno = 0;
            want_int = strtoll(text, &stop, 10);
            int_fits = errno == 0;
        }
        uint64_t got = bits_of(hyson_parse_double(lit, n));
        if (got != bits_of(want)) {
            fail("hyson_parse_double differs from strtod", lit, n, got, bits_of(want));
        }
    }
    hyson_config cfg = hyson_default_config();
    cfg.max_number_length = 1 << 20;
    hyson_tape t;
    hyson_tape_init(&t);
    const hyson_kernel *scalar = hyson_kernel_at(hyson_kernel_count() - 1);
    for (int which = 0; which < 4; which++) {
        cfg.flags = HYSON_ALLOW_BYTE_ORDER_MARK;
        cfg.max_number_length = 1 << 20;
        if (which == 1) {
            cfg.flags |= HYSON_ALLOW_INFINITY_FOR_OVERFLOW;
        } else if (which == 2) {
            cfg.flags |= HYSON_BIG_DECIMALS;
        } else if (which == 3) {
            cfg.max_number_length = (int32_t)limit;
        }
        int rc = hyson_check_all_kernels(alone, n, &cfg);
        if (hyson_scan(alone, 0, n, &cfg, scalar, &t) != rc) {
            fail("the scalar kernel changed its mind", lit, n, (unsigned long long)rc, 0);
        }
        if (!valid) {
            if (rc == HYSON_OK) {
                fail("accepted, but not a number", lit, n, 0, 0);
            }
            continue;
        }
        int want_rc = HYSON_OK;
        if (which == 3 && n > limit) {
            want_rc = HYSON_ERR_NUMBER_LIMIT;
        } else if (!integer && overflow && which != 1 && which != 2) {
            want_rc = HYSON_ERR_NUMBER_OUT_OF_RANGE;
        }
        if (rc != want_rc) {
            fail("result code", lit, n, (unsigned long long)rc, (unsigned long long)want_rc);
        }
        if (rc != HYSON_OK) {
            if (t.error_offset != 0) {
                fail("error offset", lit, n, (unsigned long long)t.error_offset, 0);
            }
            continue;
        }
        int tag = t.size == 2 ? (int)(t.entries[0] >> HYSON_TAG_SHIFT) : -1;
        uint64_t value = t.size == 2 ? t.entries[1] : 0;
        if (integer && int_fits) {
            if (tag != HYSON_TAG_INT64 || value != (uint64_t)want_int) {
                fail("INT64 differs from strtoll", lit, n, value, (unsigned long long)want_int);
            }
        } else if (integer) {
            if (tag != HYSON_TAG_BIG_INTEGER || value != n) {
                fail("an integer beyond int64 is not a BIG_INTEGER of its length", lit, n, value, n);
            }
        } else if (which == 2) {
            if (tag != HYSON_TAG_BIG_DECIMAL || value != n) {
                fail("not a BIG_DECIMAL of its length", lit, n, value, n);
            }
        } else if (tag != HYSON_TAG_DOUBLE || value != bits_of(want)) {
            fail("DOUBLE differs from strtod", lit, n, value, bits_of(want));
        }
        if (t.entries[0] != ((uint64_t)tag << HYSON_TAG_SHIFT)) {
            fail("offset", lit, n, t.entries[0], (uint64_t)tag << HYSON_TAG_SHIFT);
        }
        /* " [lit,lit]" and 64 spaces: room for the fast paths, and a number after a comma */
        size_t len = n * 2 + 4 + 64;
        uint8_t *doc = malloc(len);
        if (doc == NULL) {
            abort();
        }
        memset(doc, ' ', len);
        doc[1] = '[';
        memcpy(doc + 2, lit, n);
        doc[2 + n] = ',';
        memcpy(doc + 3 + n, lit, n);
        doc[3 + 2 * n] = ']';
        hyson_tape a;
        hyson_tape_init(&a);
        for (size_t k = 0; k < hyson_kernel_count(); k++) {
            int arc = hyson_scan(doc, 0, len, &cfg, hyson_kernel_at(k), &a);
            if (arc != HYSON_OK || a.size != 6 || a.entries[2] != (((uint64_t)tag << HYSON_TAG_SHIFT) | 2) ||
                a.entries[3] != value || a.entries[4] != (((uint64_t)tag << HYSON_TAG_SHIFT) | (3 + n)) ||
                a.entries[5] != value) {
                fail(hyson_kernel_at(k)->name, lit, n, a.size > 3 ? a.entries[3] : (uint64_t)arc, value);
            }
        }
        hyson_tape_free(&a);
        if (which == 0) {
            /* the number cut by windows (without the padding: fewer windows) */
            hyson_check_windows(doc, 2 * n + 4, &cfg, 1 + n % 7);
        }
        free(doc);
    }
    hyson_tape_free(&t);
    free(alone);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    hyson_fuzz_announce();
    size_t limit = 1 + size % 40;
    size_t checked = 0;
    for (size_t i = 0; i < size && checked < HYSON_FUZZ_LITERALS; checked++) {
        while (i < size && !is_number_byte(data[i])) {
            i++;
        }
        if (i == size) {
            break;
        }
        size_t s = i;
        while (i < size && is_number_byte(data[i])) {
            i++;
        }
        check_literal(data + s, i - s, limit);
    }
    return 0;
}
