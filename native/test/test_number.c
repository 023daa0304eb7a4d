/*
 * Tests for native/src/generic/number.c (hyson_parse_double, hyson_to_double).
 *
 * Usage: test_number <shared folder>. Reads every *.txt under
 *   <shared>/conformance/numbers/parse-number-fxx-test-data/data/ ("HHHH HHHHHHHH HHHHHHHHHHHHHHHH text")
 *   <shared>/conformance/numbers/parse-number-f64-test-data/data/  ("HHHHHHHHHHHHHHHH text")
 * keeps the lines whose text is a JSON number (RFC 8259 grammar), and checks hyson_parse_double
 * gives exactly the expected binary64 bits; for texts of at most 19 significant digits whose
 * exponent fits an int32 it also checks hyson_to_double. Then hand cases. Prints per-file counts
 * and finally "N passed, N failed". Exit status: 0 when something was checked and nothing
 * failed, 1 on failure, 77 (CTest's skip code) when the shared folder is missing.
 *
 * Every input is handed over in a buffer of exactly its length (no terminator), so
 * AddressSanitizer catches any read outside b[0, len).
 *
 * Then, with or without the shared folder, the scans' number fast path on every kernel: random
 * decimals of the forms it takes (1..15 integer digits, 1..15 fraction digits, 19 in all) and those just
 * beyond it, scanned a thousand to an array, each DOUBLE entry against strtod.
 */
#define _GNU_SOURCE

#include "hyson/hyson.h"

#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scan_check.h"

static long long g_passed, g_failed;
static int g_reported;

static uint64_t bits_of(double d) {
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static void *xmalloc(size_t n) {
    void *p = malloc(n == 0 ? 1 : n);
    if (p == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    return p;
}

/* RFC 8259: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? over the whole of s[0, n). */
static int is_json_number(const char *s, size_t n) {
    size_t i = 0;
    if (i < n && s[i] == '-') {
        i++;
    }
    if (i >= n) {
        return 0;
    }
    if (s[i] == '0') {
        i++;
    } else if (s[i] >= '1' && s[i] <= '9') {
        while (i < n && s[i] >= '0' && s[i] <= '9') {
            i++;
        }
    } else {
        return 0;
    }
    if (i < n && s[i] == '.') {
        i++;
        size_t start = i;
        while (i < n && s[i] >= '0' && s[i] <= '9') {
            i++;
        }
        if (i == start) {
            return 0;
        }
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < n && (s[i] == '+' || s[i] == '-')) {
            i++;
        }
        size_t start = i;
        while (i < n && s[i] >= '0' && s[i] <= '9') {
            i++;
        }
        if (i == start) {
            return 0;
        }
    }
    return i == n;
}

/*
 * For a JSON number: when it has at most 19 significant digits (leading and trailing zeros
 * stripped) and its decimal exponent fits an int32, sets significand/exponent/negative and
 * returns 1; else returns 0.
 */
static int derive_decimal(const char *s, size_t n, uint64_t *significand, int32_t *exponent,
                          int *negative) {
    size_t i = 0;
    *negative = 0;
    if (s[i] == '-') {
        *negative = 1;
        i++;
    }
    /* Collect the digits of integer and fraction; frac counts fraction digits. */
    char digits[64];
    size_t nd = 0;
    int64_t scale = 0; /* value = digits * 10^(scale + e) */
    int started = 0;
    size_t pending_zeros = 0; /* zeros after the last nonzero digit seen */
    int in_fraction = 0;
    for (; i < n && s[i] != 'e' && s[i] != 'E'; i++) {
        if (s[i] == '.') {
            in_fraction = 1;
            continue;
        }
        if (in_fraction) {
            scale--;
        }
        if (s[i] == '0') {
            if (started) {
                pending_zeros++;
            }
            continue;
        }
        started = 1;
        if (nd + pending_zeros + 1 > 19) {
            return 0;
        }
        while (pending_zeros > 0) {
            digits[nd++] = '0';
            pending_zeros--;
        }
        digits[nd++] = s[i];
    }
    scale += (int64_t)pending_zeros; /* trailing zeros: not significant */
    int64_t e = 0;
    if (i < n) {
        i++; /* 'e' */
        int eneg = 0;
        if (s[i] == '-' || s[i] == '+') {
            eneg = s[i] == '-';
            i++;
        }
        for (; i < n; i++) {
            e = e * 10 + (s[i] - '0');
            if (e > (INT64_C(1) << 40)) {
                return 0; /* cannot fit an int32 together with scale */
            }
        }
        if (eneg) {
            e = -e;
        }
    }
    int64_t total = e + scale;
    if (nd == 0) {
        total = 0; /* zero: any exponent */
    }
    if (total < INT32_MIN || total > INT32_MAX) {
        return 0;
    }
    uint64_t w = 0;
    for (size_t k = 0; k < nd; k++) {
        w = w * 10 + (uint64_t)(digits[k] - '0');
    }
    *significand = w;
    *exponent = (int32_t)total;
    return 1;
}

static void fail(const char *what, const char *text, size_t n, uint64_t expected, uint64_t got) {
    g_failed++;
    if (g_reported++ < 30) {
        printf("FAIL %s: %.*s%s expected %016" PRIx64 " got %016" PRIx64 "\n", what,
               (int)(n > 200 ? 200 : n), text, n > 200 ? "..." : "", expected, got);
    }
}

/* Checks one JSON number text against the expected bits; returns the number of checks run. */
static int check_text(const char *text, size_t n, uint64_t expected, long long *file_failed) {
    long long before = g_failed;
    int checks = 0;
    uint8_t *buf = xmalloc(n);
    memcpy(buf, text, n);
    uint64_t got = bits_of(hyson_parse_double(buf, n));
    free(buf);
    checks++;
    if (got != expected) {
        fail("hyson_parse_double", text, n, expected, got);
    } else {
        g_passed++;
    }
    uint64_t sig;
    int32_t exp;
    int neg;
    if (derive_decimal(text, n, &sig, &exp, &neg)) {
        checks++;
        got = bits_of(hyson_to_double(sig, exp, neg));
        if (got != expected) {
            fail("hyson_to_double", text, n, expected, got);
        } else {
            g_passed++;
        }
    }
    *file_failed += g_failed - before;
    return checks;
}

static int parse_hex64(const char *s, size_t n, uint64_t *out) {
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        int d;
        if (c >= '0' && c <= '9') {
            d = c - '0';
        } else if (c >= 'a' && c <= 'f') {
            d = c - 'a' + 10;
        } else if (c >= 'A' && c <= 'F') {
            d = c - 'A' + 10;
        } else {
            return 0;
        }
        v = (v << 4) | (uint64_t)d;
    }
    *out = v;
    return 1;
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* hex_at/text_at: column of the 16 f64 hex digits and of the text. Returns files read. */
static int run_folder(const char *dir, size_t hex_at, size_t text_at) {
    DIR *d = opendir(dir);
    if (d == NULL) {
        printf("missing: %s\n", dir);
        return 0;
    }
    char **names = NULL;
    size_t count = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t l = strlen(e->d_name);
        if (l > 4 && strcmp(e->d_name + l - 4, ".txt") == 0) {
            if (count == cap) {
                cap = cap ? cap * 2 : 16;
                names = realloc(names, cap * sizeof *names);
                if (names == NULL) {
                    exit(2);
                }
            }
            names[count++] = strdup(e->d_name);
        }
    }
    closedir(d);
    if (count > 0) {
        qsort(names, count, sizeof *names, cmp_str);
    }
    int files = 0;
    for (size_t k = 0; k < count; k++) {
        size_t pl = strlen(dir) + strlen(names[k]) + 2;
        char *path = xmalloc(pl);
        snprintf(path, pl, "%s/%s", dir, names[k]);
        FILE *f = fopen(path, "r");
        if (f == NULL) {
            printf("unreadable: %s\n", path);
            g_failed++;
            free(path);
            free(names[k]);
            continue;
        }
        files++;
        char *line = NULL;
        size_t line_cap = 0;
        ssize_t got;
        long long lines = 0, json = 0, checks = 0, file_failed = 0, malformed = 0;
        while ((got = getline(&line, &line_cap, f)) != -1) {
            size_t n = (size_t)got;
            while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r')) {
                n--;
            }
            if (n == 0) {
                continue;
            }
            lines++;
            uint64_t expected;
            if (n <= text_at || line[text_at - 1] != ' ' ||
                !parse_hex64(line + hex_at, 16, &expected)) {
                malformed++;
                continue;
            }
            const char *text = line + text_at;
            size_t tn = n - text_at;
            if (!is_json_number(text, tn)) {
                continue;
            }
            json++;
            checks += check_text(text, tn, expected, &file_failed);
        }
        free(line);
        fclose(f);
        printf("%s: %lld lines, %lld JSON numbers, %lld checks, %lld failed%s\n", path, lines, json,
               checks, file_failed, malformed ? " (malformed lines seen)" : "");
        if (malformed) {
            g_failed += malformed;
        }
        free(path);
        free(names[k]);
    }
    free(names);
    return files;
}

/* 2^-1075 exactly: the midpoint between 0 and the smallest subnormal (752 significant digits). */
static const char HALF_MIN_SUBNORMAL[] =
    "2.470328229206232720882843964341106861825299013071623822127928412503377536351043759326499181"
    "808179961898982823477228588654633283551779698981993873980053909390631503565951557022639229085"
    "839244910518443593180284993653615250031937045767824921936562366986365848075700158576926990370"
    "631192827955855133292783433840935197801553124659726357957462276646527282722005637400648549997"
    "709659947045402082816622623785739345073633900796776193057750674017632467360096895134053553745"
    "851666113422376667860416215968046191446729184030053005753084904876539171138659164623952491262"
    "365388187963623937328042389101867234849766823508986338858792562830275599565752445550725518931"
    "369083625477918694866799496832404970582102851318545139621383772282614543769341253209859132766"
    "7236328125e-324";

struct hand_case {
    const char *text;
    uint64_t bits;
};

static const struct hand_case HAND_CASES[] = {
    {"0", UINT64_C(0x0000000000000000)},
    {"-0", UINT64_C(0x8000000000000000)},
    {"-0.0", UINT64_C(0x8000000000000000)},
    {"0.000", UINT64_C(0x0000000000000000)},
    {"1", UINT64_C(0x3FF0000000000000)},
    {"-1", UINT64_C(0xBFF0000000000000)},
    {"1e400", UINT64_C(0x7FF0000000000000)},
    {"-1e400", UINT64_C(0xFFF0000000000000)},
    {"1e-400", UINT64_C(0x0000000000000000)},
    {"-1e-400", UINT64_C(0x8000000000000000)},
    {"2.2250738585072011e-308", UINT64_C(0x000FFFFFFFFFFFFF)},
    {"2.2250738585072014e-308", UINT64_C(0x0010000000000000)},
    {"4.9e-324", UINT64_C(0x0000000000000001)},
    {"5e-324", UINT64_C(0x0000000000000001)},
    {"2.4703282292062327e-324", UINT64_C(0x0000000000000000)},
    {"2.4703282292062328e-324", UINT64_C(0x0000000000000001)},
    {"-2.4703282292062328e-324", UINT64_C(0x8000000000000001)},
    {"1.7976931348623157e308", UINT64_C(0x7FEFFFFFFFFFFFFF)},
    {"1.7976931348623158e308", UINT64_C(0x7FEFFFFFFFFFFFFF)},
    {"1.7976931348623159e308", UINT64_C(0x7FF0000000000000)},
    {"-1.7976931348623159e308", UINT64_C(0xFFF0000000000000)},
    {"9007199254740993", UINT64_C(0x4340000000000000)},
    {"9007199254740995", UINT64_C(0x4340000000000002)},
    {"9007199254740993.00000000000000000001", UINT64_C(0x4340000000000001)},
    {"-9007199254740993.00000000000000000001", UINT64_C(0xC340000000000001)},
    {"9007199254740993.00000000000000000000", UINT64_C(0x4340000000000000)},
    {"9007199254740992.99999999999999999999", UINT64_C(0x4340000000000000)},
    {"9999999999999999999", UINT64_C(0x43E158E460913D00)},
    {"99999999999999999999", UINT64_C(0x4415AF1D78B58C40)},
    {"18446744073709551615", UINT64_C(0x43F0000000000000)},
    {"1e-9223372036854775808", UINT64_C(0x0000000000000000)},
    {"1e-9223372036854775809", UINT64_C(0x0000000000000000)},
    {"1e9223372036854775807", UINT64_C(0x7FF0000000000000)},
    {"0e+9223372036854775807", UINT64_C(0x0000000000000000)},
    {"-0e+9223372036854775807", UINT64_C(0x8000000000000000)},
    {"1e18446744073709551616", UINT64_C(0x7FF0000000000000)},
    {"1e-18446744073709551616", UINT64_C(0x0000000000000000)},
    {"1e+2147483648", UINT64_C(0x7FF0000000000000)},
    {"1e-2147483649", UINT64_C(0x0000000000000000)},
    {"0.1", UINT64_C(0x3FB999999999999A)},
    {"0.3", UINT64_C(0x3FD3333333333333)},
    {"1E23", UINT64_C(0x44B52D02C7E14AF6)},
    {"8.98846567431158e307", UINT64_C(0x7FE0000000000000)},
    {"0.0000000000000000000000000000001234567890123456789012345", UINT64_C(0x39840831C305489C)},
    {"123456789012345678901234567890e-30", UINT64_C(0x3FBF9ADD3746F65F)},
    {"7.2057594037927933e16", UINT64_C(0x4370000000000000)},
};

static int check_hand(const char *text, size_t n, uint64_t expected, const char *label) {
    long long dummy = 0;
    (void)label;
    check_text(text, n, expected, &dummy);
    return 1;
}

/* Builds prefix + (zeros x count) + suffix into a fresh buffer; returns its length. */
static size_t build(char **out, const char *prefix, char fill, size_t count, const char *suffix) {
    size_t pl = strlen(prefix), sl = strlen(suffix);
    char *s = xmalloc(pl + count + sl + 1);
    memcpy(s, prefix, pl);
    memset(s + pl, fill, count);
    memcpy(s + pl + count, suffix, sl + 1);
    *out = s;
    return pl + count + sl;
}

static void check_to_double(uint64_t sig, int32_t e, int neg, uint64_t expected, const char *label) {
    uint64_t got = bits_of(hyson_to_double(sig, e, neg));
    if (got != expected) {
        fail("hyson_to_double", label, strlen(label), expected, got);
    } else {
        g_passed++;
    }
}

static void run_hand_cases(void) {
    long long before_p = g_passed, before_f = g_failed;
    size_t nh = sizeof HAND_CASES / sizeof HAND_CASES[0];
    for (size_t k = 0; k < nh; k++) {
        check_hand(HAND_CASES[k].text, strlen(HAND_CASES[k].text), HAND_CASES[k].bits, "hand");
    }
    /* 752-digit exact midpoint 2^-1075: ties to even gives 0; one more digit tips it up. */
    check_hand(HALF_MIN_SUBNORMAL, strlen(HALF_MIN_SUBNORMAL), 0, "half min subnormal");
    {
        char tmp[sizeof HALF_MIN_SUBNORMAL + 8];
        size_t l = strlen(HALF_MIN_SUBNORMAL) - 5; /* drop "e-324" */
        memcpy(tmp, HALF_MIN_SUBNORMAL, l);
        memcpy(tmp + l, "1e-324", 7);
        check_hand(tmp, strlen(tmp), 1, "half min subnormal + tiny");
        memcpy(tmp + l, "0e-324", 7);
        check_hand(tmp, strlen(tmp), 0, "half min subnormal + 0");
        /* Just below the midpoint: decrement the last digit ('5' -> '4'), append nines. */
        memcpy(tmp, HALF_MIN_SUBNORMAL, l);
        tmp[l - 1] = '4';
        memcpy(tmp + l, "99e-324", 8);
        check_hand(tmp, strlen(tmp), 0, "half min subnormal - tiny");
    }
    char *s;
    size_t n;
    /* 1000-digit inputs (the slow path on a malloc'd copy, or the truncating fallback). */
    n = build(&s, "9007199254740993.", '0', 983, "1");
    check_hand(s, n, UINT64_C(0x4340000000000001), "1000 digits above tie");
    free(s);
    n = build(&s, "9007199254740993.", '0', 984, "");
    check_hand(s, n, UINT64_C(0x4340000000000000), "1000 digits exact tie");
    free(s);
    n = build(&s, "-9007199254740992.", '9', 984, "");
    check_hand(s, n, UINT64_C(0xC340000000000000), "1000 digits below tie");
    free(s);
    n = build(&s, "9007199254740993", '0', 984, "1e-985");
    check_hand(s, n, UINT64_C(0x4340000000000001), "1001-digit integer above tie");
    free(s);
    n = build(&s, "1", '0', 999, "");
    check_hand(s, n, UINT64_C(0x7FF0000000000000), "1e999 written out");
    free(s);
    n = build(&s, "1", '1', 999, "e-700");
    check_hand(s, n, UINT64_C(0x7E053CA79555BDE0), "1000 ones e-700"); /* 1.11..e299 */
    free(s);
    /* Midpoint 2^-1075 followed by 2000 zeros then a 1: past any truncation, still rounds up. */
    {
        size_t l = strlen(HALF_MIN_SUBNORMAL) - 5;
        size_t total = l + 2000 + 1 + 5;
        s = xmalloc(total + 1);
        memcpy(s, HALF_MIN_SUBNORMAL, l);
        memset(s + l, '0', 2000);
        memcpy(s + l + 2000, "1e-324", 7);
        check_hand(s, total, 1, "midpoint + 2000 zeros + 1");
        memcpy(s + l + 2000, "0e-324", 7);
        check_hand(s, total, 0, "midpoint + 2001 zeros");
        free(s);
    }
    /* Leading zeros in the fraction and huge exponents combined. */
    n = build(&s, "0.", '0', 5000, "1e5001");
    check_hand(s, n, UINT64_C(0x3FF0000000000000), "0.000..1e5001");
    free(s);
    n = build(&s, "0.", '0', 5000, "9007199254740993000000000000000000000001e5016");
    check_hand(s, n, UINT64_C(0x4340000000000001), "leading zeros, slow path");
    free(s);

    /* hyson_to_double directly. */
    check_to_double(0, 0, 0, 0, "to_double(0,0,+)");
    check_to_double(0, 12345, 1, UINT64_C(0x8000000000000000), "to_double(0,12345,-)");
    check_to_double(1, INT32_MIN, 0, 0, "to_double(1,INT32_MIN,+)");
    check_to_double(1, INT32_MIN, 1, UINT64_C(0x8000000000000000), "to_double(1,INT32_MIN,-)");
    check_to_double(1, INT32_MAX, 0, UINT64_C(0x7FF0000000000000), "to_double(1,INT32_MAX,+)");
    check_to_double(1, INT32_MAX, 1, UINT64_C(0xFFF0000000000000), "to_double(1,INT32_MAX,-)");
    check_to_double(UINT64_C(9007199254740993), 0, 0, UINT64_C(0x4340000000000000), "2^53+1");
    check_to_double(UINT64_C(9999999999999999999), 0, 0, UINT64_C(0x43E158E460913D00), "10^19-1");
    check_to_double(UINT64_C(24703282292062328), -340, 0, 1, "min subnormal");
    check_to_double(UINT64_C(17976931348623157), 292, 0, UINT64_C(0x7FEFFFFFFFFFFFFF), "max");
    check_to_double(UINT64_C(17976931348623159), 292, 0, UINT64_C(0x7FF0000000000000), "max+");
    check_to_double(UINT64_C(1), -342, 0, 0, "1e-342");
    check_to_double(UINT64_C(1), 308, 0, UINT64_C(0x7FE1CCF385EBC8A0), "1e308");
    check_to_double(UINT64_C(1), 309, 0, UINT64_C(0x7FF0000000000000), "1e309");

    /* Every prefix of the hand cases: not JSON in general, but must stay inside b[0, len). */
    for (size_t k = 0; k < nh; k++) {
        size_t l = strlen(HAND_CASES[k].text);
        for (size_t p = 0; p <= l; p++) {
            uint8_t *buf = xmalloc(p);
            memcpy(buf, HAND_CASES[k].text, p);
            volatile double sink = hyson_parse_double(buf, p);
            (void)sink;
            free(buf);
        }
    }
    printf("hand cases: %lld passed, %lld failed\n", g_passed - before_p, g_failed - before_f);
}

/* xorshift64*: the same sequence on every run and platform. */
static uint64_t g_random = UINT64_C(0x9E3779B97F4A7C15);
static uint64_t next_random(void) {
    g_random ^= g_random >> 12;
    g_random ^= g_random << 25;
    g_random ^= g_random >> 27;
    return g_random * UINT64_C(0x2545F4914F6CDD1D);
}

/* Writes one random decimal literal into out (at least 48 bytes); returns its length. Digit runs of
   nines and zeros are favoured: they carry into and round at the kept bits' edge. */
static size_t random_decimal(char *out) {
    uint64_t r = next_random();
    size_t n = 0;
    if (r & 1) {
        out[n++] = '-';
    }
    unsigned integer = 1 + (unsigned)((r >> 1) % 16);  /* 1..16: 16 is past the fast path */
    unsigned fraction = 1 + (unsigned)((r >> 5) % 17); /* 1..17 */
    unsigned style = (unsigned)((r >> 10) % 4);        /* 0 random digits, 1 nines, 2 zeros, 3 mixed runs */
    for (unsigned k = 0; k < integer + fraction; k++) {
        if (k == integer) {
            out[n++] = '.';
        }
        uint64_t d = next_random();
        char c = (char)('0' + d % 10);
        if (style == 1 && (d >> 8) % 4 != 0) {
            c = '9';
        } else if (style == 2 && (d >> 8) % 4 != 0) {
            c = '0';
        } else if (style == 3) {
            c = ((d >> 8) % 2) ? '9' : '0';
        }
        if (k == 0 && integer > 1 && c == '0') {
            c = '1' + (char)(d % 9); /* no leading zero */
        }
        out[n++] = c;
    }
    return n;
}

/* The number fast path of the whole-document scans against strtod, on every kernel. */
static void run_fast_path_cases(void) {
    enum { PER_DOCUMENT = 1000, DOCUMENTS = 1000 };
    long long before_p = g_passed, before_f = g_failed;
    char *doc = xmalloc(PER_DOCUMENT * 48 + 128);
    size_t *starts = xmalloc(PER_DOCUMENT * sizeof *starts);
    uint64_t *want = xmalloc(PER_DOCUMENT * sizeof *want);
    hyson_config cfg = hyson_default_config();
    hyson_tape tape;
    hyson_tape_init(&tape);
    for (int d = 0; d < DOCUMENTS; d++) {
        size_t n = 0;
        doc[n++] = '[';
        for (int k = 0; k < PER_DOCUMENT; k++) {
            if (k > 0) {
                doc[n++] = ',';
            }
            starts[k] = n;
            size_t len = random_decimal(doc + n);
            char text[64];
            memcpy(text, doc + n, len);
            text[len] = 0;
            want[k] = bits_of(strtod(text, NULL));
            n += len;
        }
        doc[n++] = ']';
        /* the last numbers with less than 48 bytes after them take the general path: some do not */
        size_t len = d % 2 == 0 ? n : n + 64;
        memset(doc + n, ' ', len - n);
        for (size_t kernel = 0; kernel < hyson_kernel_count(); kernel++) {
            const hyson_kernel *kn = hyson_kernel_at(kernel);
            int rc = hyson_scan((const uint8_t *)doc, 0, len, &cfg, kn, &tape);
            if (rc != HYSON_OK || tape.size != 2 + 2 * PER_DOCUMENT) {
                fail(kn->name, "a document of random decimals", 0, HYSON_OK, (uint64_t)rc);
                continue;
            }
            for (int k = 0; k < PER_DOCUMENT; k++) {
                uint64_t entry = tape.entries[2 + 2 * k];
                uint64_t got = tape.entries[3 + 2 * k];
                if (entry != (((uint64_t)HYSON_TAG_DOUBLE << HYSON_TAG_SHIFT) | starts[k]) || got != want[k]) {
                    size_t end = k + 1 < PER_DOCUMENT ? starts[k + 1] - 1 : n - 1;
                    fail(kn->name, doc + starts[k], end - starts[k], want[k], got);
                } else {
                    g_passed++;
                }
            }
        }
    }
    hyson_tape_free(&tape);
    free(want);
    free(starts);
    free(doc);
    printf("fast path: %lld passed, %lld failed\n", g_passed - before_p, g_failed - before_f);
}

int main(int argc, char **argv) {
    run_fast_path_cases();
    if (argc < 2) {
        printf("SKIP: shared folder not found (fast path cases only)\n");
        return g_failed == 0 ? 77 : 1;
    }
    const char *shared = argv[1];
    char fxx[4096], f64[4096];
    snprintf(fxx, sizeof fxx, "%s/conformance/numbers/parse-number-fxx-test-data/data", shared);
    snprintf(f64, sizeof f64, "%s/conformance/numbers/parse-number-f64-test-data/data", shared);
    DIR *probe1 = opendir(fxx), *probe2 = opendir(f64);
    if (probe1 == NULL && probe2 == NULL) {
        printf("SKIP: shared folder not found (fast path cases only)\n");
        return g_failed == 0 ? 77 : 1;
    }
    if (probe1) {
        closedir(probe1);
    }
    if (probe2) {
        closedir(probe2);
    }
    int files = run_folder(fxx, 14, 31) + run_folder(f64, 0, 17);
    if (files == 0) {
        printf("no test files read\n");
        g_failed++;
    }
    run_hand_cases();
    printf("%lld passed, %lld failed\n", g_passed, g_failed);
    return (g_failed == 0 && g_passed > 0) ? 0 : 1;
}
