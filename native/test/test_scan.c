/*
 * The scanner against JSONTestSuite (every y_ accepted, every n_ rejected) on every kernel this CPU
 * has, the kernels compared entry for entry, plus hand-checked tapes. Ends with "N passed, N failed".
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hyson/hyson.h"
#include "scan_check.h"

static int passed, failed;

static void check(int ok, const char *what) {
    if (ok) {
        passed++;
    } else {
        failed++;
        fprintf(stderr, "FAIL: %s\n", what);
    }
}

static uint8_t *read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        return NULL;
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    /* exactly n bytes, so AddressSanitizer catches any read past the end */
    uint8_t *buf = malloc(n > 0 ? (size_t)n : 1);
    if (buf == NULL || fread(buf, 1, (size_t)n, f) != (size_t)n) {
        fclose(f);
        free(buf);
        return NULL;
    }
    fclose(f);
    *size = (size_t)n;
    return buf;
}

/* The file 'name' in folder 'dir', read whole (NULL when it cannot be read). */
static uint8_t *read_entry(const char *dir, const char *name, size_t *size) {
    char path[8192];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return read_file(path, size);
}

static void hand_cases(void) {
    hyson_config cfg = hyson_default_config();
    hyson_tape t;
    hyson_tape_init(&t);
    const char *doc = "{\"a\":[1,-2.5,\"x\\u00e9\",true,null]}";
    int rc = hyson_check_all_kernels((const uint8_t *)doc, strlen(doc), &cfg);
    rc = hyson_scan((const uint8_t *)doc, 0, strlen(doc), &cfg, hyson_kernel_best(), &t);
    check(rc == HYSON_OK, "hand document scans");
    check(t.size == 2 + 2 + 2 + 2 + 2 + 2 + 1 + 1, "hand document tape size");
    check(t.entries[0] >> HYSON_TAG_SHIFT == HYSON_TAG_OBJECT && t.entries[1] == 1, "object with one member");
    check(t.entries[2] >> HYSON_TAG_SHIFT == HYSON_TAG_STR_ASCII && (t.entries[2] & 0xFFFFFF) == 1 && t.entries[3] == 1,
          "member name span");
    check(t.entries[4] >> HYSON_TAG_SHIFT == HYSON_TAG_ARRAY && t.entries[5] == 5, "array of five");
    check(t.entries[6] >> HYSON_TAG_SHIFT == HYSON_TAG_INT64 && t.entries[7] == 1, "int 1");
    double d;
    memcpy(&d, &t.entries[9], sizeof d);
    check(t.entries[8] >> HYSON_TAG_SHIFT == HYSON_TAG_DOUBLE && d == -2.5, "double -2.5");
    check(t.entries[10] >> HYSON_TAG_SHIFT == HYSON_TAG_STR_LATIN1 && t.latin1_size == 2 && t.latin1[0] == 'x' &&
              t.latin1[1] == 0xE9,
          "escaped string decoded to Latin-1");
    check(t.entries[12] >> HYSON_TAG_SHIFT == HYSON_TAG_TRUE && t.entries[13] >> HYSON_TAG_SHIFT == HYSON_TAG_NULL,
          "literals");

    rc = hyson_scan((const uint8_t *)"[1,]", 0, 4, &cfg, hyson_kernel_best(), &t);
    check(rc == HYSON_ERR_EXPECTED_VALUE && t.error_offset == 3, "[1,] error at the ]");
    cfg.flags |= HYSON_ALLOW_TRAILING_COMMAS;
    rc = hyson_scan((const uint8_t *)"[1,]", 0, 4, &cfg, hyson_kernel_best(), &t);
    check(rc == HYSON_OK && t.entries[1] == 1, "trailing comma allowed");
    cfg = hyson_default_config();
    cfg.origin = 100;
    rc = hyson_scan((const uint8_t *)" [x", 0, 3, &cfg, hyson_kernel_best(), &t);
    check(rc == HYSON_ERR_EXPECTED_VALUE && t.error_offset == 102, "origin shifts error offsets");
    cfg = hyson_default_config();
    cfg.max_depth = 2;
    rc = hyson_scan((const uint8_t *)"[[[]]]", 0, 6, &cfg, hyson_kernel_best(), &t);
    check(rc == HYSON_ERR_DEPTH_LIMIT && t.error_offset == 2, "depth limit");
    cfg = hyson_default_config();
    uint8_t bad[] = {'"', 0xED, 0xA0, 0x80, '"'};
    rc = hyson_scan(bad, 0, sizeof bad, &cfg, hyson_kernel_best(), &t);
    check(rc == HYSON_ERR_INVALID_UTF8 && t.error_offset == 1, "encoded surrogate rejected");
    /* every kernel on strings of every length and alignment, with the special byte at every place */
    for (size_t len = 0; len < 150; len++) {
        uint8_t *s = malloc(len + 2);
        s[0] = '"';
        memset(s + 1, 'a', len);
        s[len + 1] = '"';
        check(hyson_check_all_kernels(s, len + 2, &cfg) == HYSON_OK, "plain string");
        for (size_t at = 1; at <= len; at++) {
            uint8_t keep = s[at];
            s[at] = 0x01;
            check(hyson_check_all_kernels(s, len + 2, &cfg) == HYSON_ERR_CONTROL_CHARACTER, "control char");
            s[at] = 0xC3;
            hyson_check_all_kernels(s, len + 2, &cfg);
            s[at] = keep;
        }
        free(s);
    }
    hyson_tape_free(&t);
}

/*
 * The vectorised UTF-8 validators against the scalar one (hyson_check_all_kernels compares every kernel
 * with the scalar kernel): every two-byte combination from a byte >= 0x80, followed by three kinds of
 * third byte, placed inside one run of three-byte sequences (the vectorised validators take 32-byte
 * blocks from the run's start, byte 1) at its start, across the first and second block edges and just
 * after one; and valid runs of every length ended by ASCII, a quote or the input's end.
 */
static void utf8_cases(void) {
    hyson_config cfg = hyson_default_config();
    uint8_t s[256];
    const uint8_t thirds[] = {0x41, 0x80, 0xBF};
    const size_t places[] = {1, 31, 34, 64}; /* sequence starts; 31 and 64 straddle the 32-byte block edges */
    int valid = 0, invalid = 0;
    for (int lead = 0x80; lead <= 0xFF; lead++) {
        for (int second = 0; second <= 0xFF; second++) {
            for (size_t k = 0; k < sizeof thirds; k++) {
                for (size_t p = 0; p < sizeof places / sizeof places[0]; p++) {
                    size_t n = 101; /* a quote, 33 three-byte groups, a quote */
                    s[0] = '"';
                    for (size_t i = 1; i + 3 <= n - 1; i += 3) { /* U+65E5 throughout: one run of 99 bytes */
                        s[i] = 0xE6, s[i + 1] = 0x97, s[i + 2] = 0xA5;
                    }
                    size_t at = places[p];
                    s[at] = (uint8_t)lead;
                    s[at + 1] = (uint8_t)second;
                    s[at + 2] = thirds[k];
                    s[n - 1] = '"';
                    int rc = hyson_check_all_kernels(s, n, &cfg);
                    if (rc == HYSON_OK) {
                        valid++;
                    } else {
                        invalid++;
                    }
                }
            }
        }
    }
    printf("utf8 cases: %d valid, %d invalid\n", valid, invalid);
    check(valid > 100 && invalid > 100000, "utf8 pair cases seen both valid and invalid");
    for (size_t len = 1; len < 120; len++) {
        size_t n = 1 + 2 * len;
        s[0] = '"';
        for (size_t i = 0; i < len; i++) {
            s[1 + 2 * i] = 0xC3;
            s[2 + 2 * i] = 0xA9;
        }
        check(hyson_check_all_kernels(s, n, &cfg) == HYSON_ERR_UNTERMINATED_STRING, "run to the end");
        s[n] = '"';
        check(hyson_check_all_kernels(s, n + 1, &cfg) == HYSON_OK, "run then quote");
        s[n] = 0x0A;
        check(hyson_check_all_kernels(s, n + 1, &cfg) == HYSON_ERR_CONTROL_CHARACTER, "run then control character");
        check(hyson_check_all_kernels(s, n - 1, &cfg) == HYSON_ERR_INVALID_UTF8, "run cut inside a sequence");
    }
}

/*
 * A string's non-ASCII flag when its byte >= 0x80 and its closing quote are in different 16 KiB segments
 * of stage 1 (the flag is set after each segment, hyson_flag_non_ascii), the segment after it all ASCII or
 * not, the byte at the segment's end or before it, and one to three such strings in a row: the two stages
 * against the single pass, entry for entry.
 */
static void segment_flag_cases(void) {
    static uint8_t doc[3 * 16384 + 256];
    static const size_t befores[] = {1, 2, 3, 63, 64, 65, 200};
    static const size_t afters[] = {0, 1, 60, 64, 16384, 20000};
    hyson_config cfg = hyson_default_config();
    for (size_t b = 0; b < sizeof befores / sizeof befores[0]; b++) {
        for (size_t a = 0; a < sizeof afters / sizeof afters[0]; a++) {
            for (int strings = 1; strings <= 3; strings++) {
                size_t n = 0;
                doc[n++] = '[';
                doc[n++] = '"';
                /* the 2-byte sequence ends befores[b] - 1 bytes before the first segment's end */
                size_t plain = 16384 - befores[b] - 3;
                memset(doc + n, 'a', plain);
                n += plain;
                doc[n++] = 0xC3;
                doc[n++] = 0xA9;
                memset(doc + n, 'b', afters[a]);
                n += afters[a];
                doc[n++] = '"';
                for (int k = 1; k < strings; k++) {
                    memcpy(doc + n, ",\"c\xc3\xa9\",\"d\"", 10);
                    n += 10;
                }
                doc[n++] = ']';
                check(hyson_check_all_kernels(doc, n, &cfg) == HYSON_OK, "segment flag case");
            }
        }
    }
}

/*
 * The two stages of the SIMD kernels' whole-document scan against the scalar kernel's single pass
 * (hyson_check_all_kernels): fragments that stage 1 must index right wherever a 64-byte block edge
 * falls (escapes and backslash runs, strings with flags, numbers, literals, grammar errors), each at
 * every offset 0..130, alone and inside an array, under three option sets.
 */
static void stage_cases(void) {
    static const char *const fragments[] = {
        "\"a\\\\\"", "\"\\\\\\\"\"", "\"x\\\"y\"", "\"\\u00e9\\u4e2d\\ud83d\\ude00\"", "\"caf\xc3\xa9\"",
        "\"\xe4\xb8\xad\xe6\x96\x87 \\n\"", "\"\xf0\x9f\x98\x80\\/\"", "\"\\ud800\"", "\"\\udc00x\\ud83d\"",
        "\"\\u00ff\\u0100\"", "\"\\u0000\"", "\"\\x\"", "\"\\u12\"", "\"a\x01b\"", "\"\xc3\x28\"", "\xc3\xa9", "\"abc",
        "-0.0", "0", "-0", "123456789012345678", "1234567890123456", "1.5e10", "-65.613616999999977", "1234567.1234567",
        "0.000001", "12345678901234567890", "1E400", "1.1234567890123456", "123.1234567890123456", "1234.123456789012345",
        "999999999999999.9", "0.9999999999999999", "123456789012345.1234", "123456789012345", "-0.123456789012345", "-", "01", "1.", ".5", "1.2.3", "12x", "1e", "-1.25E-3",
        "true", "false", "null", "tru", "nulll", "truex", "NaN", "-Infinity", "Infinity",
        "{\"a\":[1,{\"b\":null}],\"c\":\"d\"}", "[1,]", "{\"a\":1,}", "[1 2]", "{\"a\" 1}", "{\"a\":1 \"b\":2}",
        "{,}", "[", "]", "{\"a\":}", "[[[[]]]]", "{\"\\u0041\":\"\\u00e9\"}", "\"a\"\"b\"", "1 \"a\"", "[1\"a\"]",
    };
    hyson_config configs[3];
    configs[0] = hyson_default_config();
    configs[1] = hyson_default_config();
    configs[1].flags |= HYSON_ALLOW_TRAILING_COMMAS | HYSON_ALLOW_NON_FINITE_LITERALS | HYSON_ALLOW_INFINITY_FOR_OVERFLOW |
                        HYSON_BIG_DECIMALS | (HYSON_SURROGATES_REPLACE << HYSON_SURROGATES_SHIFT);
    configs[2] = hyson_default_config();
    configs[2].flags = HYSON_SURROGATES_ERROR << HYSON_SURROGATES_SHIFT;
    configs[2].max_depth = 3;
    uint8_t doc[512];
    for (size_t f = 0; f < sizeof fragments / sizeof fragments[0]; f++) {
        size_t len = strlen(fragments[f]);
        for (size_t pad = 0; pad <= 130; pad++) {
            for (int wrap = 0; wrap < 2; wrap++) {
                memset(doc, ' ', pad);
                size_t n = pad;
                if (wrap) {
                    doc[n++] = '[';
                }
                memcpy(doc + n, fragments[f], len);
                n += len;
                if (wrap) {
                    doc[n++] = ']';
                }
                for (int c = 0; c < 3; c++) {
                    hyson_check_all_kernels(doc, n, &configs[c]); /* aborts on any disagreement */
                }
            }
        }
    }
    /* every backslash run length before a quote, the run crossing a block edge at each offset */
    for (size_t run = 1; run <= 9; run++) {
        for (size_t pad = 40; pad <= 70; pad++) {
            size_t n = 0;
            doc[n++] = '[';
            doc[n++] = '"';
            memset(doc + n, 'a', pad);
            n += pad;
            memset(doc + n, '\\', run);
            n += run;
            memcpy(doc + n, "\",\"z\"]", 6); /* closes the string after an even run, not after an odd one */
            n += 6;
            int rc = hyson_check_all_kernels(doc, n, &configs[0]);
            check(run % 2 == 0 ? rc == HYSON_OK : rc != HYSON_OK, "backslash run before a quote");
        }
    }
    check(1, "stage fragments at every block offset");

    /*
     * The escaped-string decoder's run of 3-byte sequences (eight at a time in the AVX2 and AVX-512
     * kernels): strings with an escape, then 1..40 sequences with the smallest, a middle and the largest
     * 3-byte code point, one other char (ASCII, 2-byte, 4-byte, escape) at each place in the run.
     */
    static const char *const threes[] = {"\xe0\xa0\x80", "\xe4\xb8\xad", "\xef\xbf\xbd"};
    static const char *const intruders[] = {"", "a", "\xc3\xa9", "\xf0\x9f\x98\x80", "\\n", "\\u4e2d", "\xc2\x80"};
    for (size_t t = 0; t < 3; t++) {
        for (size_t run = 1; run <= 40; run++) {
            for (size_t x = 0; x < sizeof intruders / sizeof intruders[0]; x++) {
                for (size_t at = 0; at <= (x == 0 ? 0 : run); at++) {
                    for (size_t pad = 0; pad < 3; pad++) {
                        size_t n = 0;
                        doc[n++] = '[';
                        memset(doc + n, ' ', pad);
                        n += pad;
                        memcpy(doc + n, "\"\\t", 3);
                        n += 3;
                        for (size_t r = 0; r <= run; r++) {
                            if (r == at) {
                                memcpy(doc + n, intruders[x], strlen(intruders[x]));
                                n += strlen(intruders[x]);
                            }
                            if (r < run) {
                                memcpy(doc + n, threes[t], 3);
                                n += 3;
                            }
                        }
                        memcpy(doc + n, "\"]", 2);
                        n += 2;
                        check(hyson_check_all_kernels(doc, n, &configs[0]) == HYSON_OK, "3-byte runs in an escaped string");
                    }
                }
            }
        }
    }

    /*
     * Stage 1 validates UTF-8 per 16 KiB segment, after indexing it, and skips segments that are all
     * ASCII: a sequence cut by a segment's edge (completed or not in the next segment, which is ASCII
     * or not), at each offset around the edges at 16 KiB and 32 KiB.
     */
    static const char *const sequences[] = {"\xc3\xa9", "\xe4\xb8\xad", "\xf0\x9f\x98\x80"};
    size_t big = 40000;
    uint8_t *text = malloc(big);
    if (text == NULL) {
        abort();
    }
    for (size_t edge = 16384; edge <= 32768; edge += 16384) {
        for (size_t q = 0; q < 3; q++) {
            size_t len = strlen(sequences[q]);
            for (size_t at = edge - 4; at <= edge + 1; at++) {
                for (int cut = 0; cut < 2; cut++) {
                    for (int more = 0; more < 2; more++) {
                        /* one string from byte 1 to big - 2: ASCII, the sequence at 'at' (cut: its last byte
                           an ASCII 'x'), and with 'more' a valid sequence further on */
                        memset(text, 'a', big);
                        text[0] = '"';
                        text[big - 1] = '"';
                        memcpy(text + at, sequences[q], len);
                        if (cut) {
                            text[at + len - 1] = 'x';
                        }
                        if (more) {
                            memcpy(text + big - 100, "\xc3\xa9", 2);
                        }
                        int rc = hyson_check_all_kernels(text, big, &configs[0]);
                        check(cut ? rc == HYSON_ERR_INVALID_UTF8 : rc == HYSON_OK, "UTF-8 across a segment edge");
                    }
                }
            }
        }
    }
    free(text);
}

/*
 * The escaped-string decoders (64 bytes a step in the AVX-512 kernel) against the scalar kernel: 20,000
 * random strings with a backslash, of random items (ASCII, 2-, 3- and 4-byte chars, the two-character
 * escapes, backslash runs, \u escapes below U+0100 and above, surrogate pairs, lone surrogates, now and
 * then an invalid escape or a control byte), 1 to 400 bytes, in an array after 0..63 bytes of padding.
 */
static void escape_cases(void) {
    static const char *const items[] = {"a", " ", "\xc3\xa9", "\xc2\x80", "\xe4\xb8\xad", "\xef\xbf\xbd", "\xe0\xa0\x80",
                                        "\xf0\x9f\x98\x80", "\\n", "\\\"", "\\\\", "\\/", "\\t", "\\u0041", "\\u00e9",
                                        "\\u4E2d", "\\uffff", "\\ud83d\\ude00", "\\ud800", "\\udc00", "\\x", "\\u12g4", "\x01"};
    hyson_config configs[3];
    for (int c = 0; c < 3; c++) {
        configs[c] = hyson_default_config();
        configs[c].flags |= (unsigned)c << HYSON_SURROGATES_SHIFT; /* keep, replace, error */
    }
    uint64_t r = UINT64_C(0x2545F4914F6CDD1D);
    uint8_t doc[600];
    for (int k = 0; k < 20000; k++) {
        r ^= r << 13, r ^= r >> 7, r ^= r << 17;
        size_t pad = r % 64, limit = 1 + (r >> 8) % 400;
        int rare = (r >> 20) % 8 == 0; /* the last three items (errors) only in one string of eight */
        size_t n = 0;
        memset(doc, ' ', pad);
        n += pad;
        memcpy(doc + n, "[\"\\n", 4);
        n += 4;
        while (n < pad + limit) {
            r ^= r << 13, r ^= r >> 7, r ^= r << 17;
            size_t choices = sizeof items / sizeof items[0] - (rare ? 0 : 3);
            const char *item = items[(r >> 3) % choices];
            size_t len = strlen(item);
            for (size_t times = 1 + (r >> 40) % 4; times > 0; times--) {
                memcpy(doc + n, item, len);
                n += len;
            }
        }
        memcpy(doc + n, "\"]", 2);
        n += 2;
        hyson_check_all_kernels(doc, n, &configs[k % 3]); /* aborts on any disagreement */
    }
    check(1, "random escaped strings");
}

/*
 * JSON Lines in one call per window (hyson_scan_lines) against each line scanned alone
 * (hyson_check_lines): valid and invalid lines, blank lines, CR LF, decoded strings in both side
 * buffers, a last line without a line feed, lines over the document limit, each input in windows of
 * 1, 7, 64 and 4096 bytes; and the same inputs as Hadoop's text lines (HYSON_TEXT_LINES: lone CRs end
 * lines, blank lines have records).
 */
static void lines_cases(void) {
    static const char *const inputs[] = {
        "",
        "\n",
        "{\"a\":1}",
        "{\"a\":1}\n{\"b\":[true,false,null]}\n",
        "1\n\n  \n\t\r\n2\r\n3",
        "{\"s\":\"caf\\u00e9\"}\n[\"\\u4e2d\",\"x\\ny\"]\n\"\\u00ff\\u0100\"\n",
        "{\"a\":1}\n{\"a\":\n[1,2]\n{bad}\n\"unterminated\n7\n",
        "\xef\xbb\xbf{\"bom\":1}\n{\"x\":\"\xc3\xa9\xe4\xb8\xad\"}\r\n\"\xc3\x28\"\n[1e400]\n[-0.0, 1.5e-300]\n",
        "[1,[2,[3,[4]]]]\n[[[[[[[[[[1]]]]]]]]]]\n{\"k\":\"0123456789012345678901234567890123456789\"}\n",
        "   {\"a\" : 1 }   \r\n\r\n\r\n   [ ]   ",
        "\"\\ud800\"\n\"\\ud83d\\ude00\"\n",
        "nul\ntrue\nfalse\r\nnull\r",
        "1\r2\r\r\n3\n\r4\r",
        "\r",
        "\r\n\r\n",
        "{\"a\":1}\r{\"b\":\"x\\u00e9\"}\r\n\n{\"c\":[1,2]}\r\r",
        "\n\n\r\r  \r[1]",
    };
    hyson_config configs[4];
    configs[0] = hyson_default_config();
    configs[1] = hyson_default_config();
    configs[1].max_document_length = 12;
    configs[1].max_depth = 4;
    configs[1].flags |= HYSON_SURROGATES_ERROR << HYSON_SURROGATES_SHIFT;
    /* the same as Hadoop's text lines (Spark's JSON source) */
    configs[2] = configs[0];
    configs[2].flags |= HYSON_TEXT_LINES;
    configs[3] = configs[1];
    configs[3].flags |= HYSON_TEXT_LINES;
    static const size_t windows[] = {1, 7, 64, 4096};
    size_t total = 0;
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
        for (int c = 0; c < 4; c++) {
            for (size_t w = 0; w < sizeof windows / sizeof windows[0]; w++) {
                total += hyson_check_lines((const uint8_t *)inputs[i], strlen(inputs[i]), &configs[c], windows[w]);
            }
        }
    }
    /* many lines, a window of them per call: 2000 lines of a few kinds, windows of 1000 bytes */
    size_t cap = 200000;
    char *big = malloc(cap);
    if (big == NULL) {
        abort();
    }
    size_t n = 0;
    for (int j = 0; j < 2000; j++) {
        n += (size_t)snprintf(big + n, cap - n, j % 7 == 3 ? "{\"id\":%d,\"x\":[1,2,}\n"
                                               : j % 5 == 0 ? "{\"id\":%d,\"name\":\"\\u00e9l\\u00e8ve\",\"v\":[1.5,2,null]}\r\n"
                                                            : "{\"id\":%d,\"name\":\"plain\",\"ok\":true}\n", j);
    }
    size_t got = hyson_check_lines((const uint8_t *)big, n, &configs[0], 1000);
    check(got == 2000, "2000 JSON lines, each reported once");
    got = hyson_check_lines((const uint8_t *)big, n, &configs[2], 1000);
    check(got == 2000, "2000 text lines, each reported once");
    free(big);
    check(total > 0, "JSON Lines in one call per window agree with each line scanned alone");
}

/*
 * Numbers against strtod / strtoll (glibc's are correctly rounded), with and without room after them
 * (the fast path needs 48 bytes of input left, so both paths are taken), on every kernel.
 */
static void number_cases(void) {
    static const char *const numbers[] = {
        "0", "-0", "7", "-12", "1234567", "12345678", "123456789", "1234567812345678", "-9007199254740993",
        "0.5", "-0.0", "0.000001", "1.5", "-65.613616999999977", "43.420273000000009", "1.12345678901234567",
        "12.1234567812345678", "1.1234567812345678", "123.1234567812345678", "1234567.1234567", "12345678.12345678901",
        "1.7976931348623157", "9007199254740993.5", "0.1234567890123456789", "3.14159265358979323846",
    };
    /* then every shape of k integer digits (1..18) and f fraction digits (0..18), ten random each, around
       the fast paths' limits (15 digits per part, 19 in all, 16 digits per step of the AVX2/AVX-512 kernels) */
    size_t listed = sizeof numbers / sizeof numbers[0];
    size_t shapes = 18 * 19 * 10;
    uint64_t seed = 88172645463325252u;
    for (size_t i = 0; i < listed + shapes; i++) {
        char text[48];
        const char *number = numbers[i < listed ? i : 0];
        if (i >= listed) {
            size_t shape = (i - listed) / 10;
            size_t k = 1 + shape / 19;
            size_t f = shape % 19;
            size_t n = 0;
            if (i % 3 == 0) {
                text[n++] = '-';
            }
            for (size_t d = 0; d < k + f; d++) {
                seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
                if (d == k) {
                    text[n++] = '.';
                }
                text[n++] = (char)('0' + (d == 0 && k > 1 ? 1 + seed % 9 : seed % 10));
            }
            text[n] = 0;
            number = text;
        }
        for (int room = 0; room < 2; room++) {
            char doc[160];
            int n = snprintf(doc, sizeof doc, "[%s]%s", number, room ? "                                                            " : "");
            for (size_t k = 0; k < hyson_kernel_count(); k++) {
                hyson_config cfg = hyson_default_config();
                hyson_tape t;
                hyson_tape_init(&t);
                int rc = hyson_scan((const uint8_t *)doc, 0, (size_t)n, &cfg, hyson_kernel_at(k), &t);
                int ok = rc == HYSON_OK && t.size == 4;
                if (ok) {
                    int tag = (int)(t.entries[2] >> HYSON_TAG_SHIFT);
                    if (strchr(number, '.') == NULL) {
                        ok = tag == HYSON_TAG_INT64 ? (int64_t)t.entries[3] == strtoll(number, NULL, 10)
                                                     : tag == HYSON_TAG_BIG_INTEGER;
                    } else {
                        double d = strtod(number, NULL);
                        uint64_t bits;
                        memcpy(&bits, &d, sizeof bits);
                        ok = tag == HYSON_TAG_DOUBLE && t.entries[3] == bits;
                    }
                }
                if (!ok) {
                    fprintf(stderr, "number %s (room %d) on %s: rc %d\n", number, room, hyson_kernel_at(k)->name, rc);
                }
                check(ok, "number against strtod/strtoll");
                hyson_tape_free(&t);
            }
        }
    }
}

/* hyson_count_lines against a byte-by-byte count, on every length and alignment up to 300 bytes of
   random text (line feeds, ASCII, UTF-8 lead and continuation bytes) and on a 100 KB line. */
static void count_lines_cases(void) {
    static const uint8_t alphabet[] = {'\n', 'a', ' ', '"', 0xC3, 0xA9, 0xE6, 0x97, 0xA5, 0xF0, 0x9F, 0x98, 0x80, '\r'};
    uint8_t buf[320];
    uint64_t seed = 2463534242u;
    for (size_t n = 0; n <= 300; n++) {
        for (size_t at = 0; at < 16; at += 5) {
            for (size_t i = 0; i < n; i++) {
                seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
                /* every fourth text has no line feed at all */
                buf[at + i] = alphabet[(n % 4 == 0 ? 1 : 0) + seed % (sizeof alphabet - (n % 4 == 0 ? 1 : 0))];
            }
            uint64_t lf = 0, tail = 0;
            for (size_t i = 0; i < n; i++) {
                if (buf[at + i] == '\n') {
                    lf++;
                    tail = 0;
                } else if ((buf[at + i] & 0xC0) != 0x80) {
                    tail++;
                }
            }
            uint64_t got_lf = 7, got_tail = 7;
            hyson_count_lines(buf + at, n, &got_lf, &got_tail);
            check(got_lf == lf && got_tail == tail, "hyson_count_lines against a byte count");
        }
    }
    size_t big = 100000;
    uint8_t *line = malloc(big);
    if (line == NULL) {
        abort();
    }
    memset(line, 'x', big);
    line[5] = '\n';
    line[big / 2] = 0xC3;
    line[big / 2 + 1] = 0xA9;
    uint64_t lf = 0, tail = 0;
    hyson_count_lines(line, big, &lf, &tail);
    check(lf == 1 && tail == big - 6 - 1, "hyson_count_lines of a long last line");
    free(line);
}

/* "[{"k":[" + 100 values + case + "]}]": a case of JSONTestSuite deep inside a document over 4 KiB. */
static uint8_t *pad_case(const uint8_t *json, size_t size, size_t *padded_size) {
    static const char value[] = "{\"id\":12345,\"x\":-1.25e3,\"s\":\"caf\xC3\xA9 \\n\",\"t\":[true,null]},";
    const char *open = "[{\"k\":[";
    const char *close = "]}]";
    size_t n = strlen(open) + 100 * (sizeof value - 1) + size + strlen(close);
    uint8_t *out = malloc(n);
    if (out == NULL) {
        abort();
    }
    size_t at = 0;
    memcpy(out, open, strlen(open));
    at += strlen(open);
    for (int i = 0; i < 100; i++) {
        memcpy(out + at, value, sizeof value - 1);
        at += sizeof value - 1;
    }
    memcpy(out + at, json, size);
    at += size;
    memcpy(out + at, close, strlen(close));
    *padded_size = n;
    return out;
}

int main(int argc, char **argv) {
    printf("kernels:");
    for (size_t i = 0; i < hyson_kernel_count(); i++) {
        printf(" %s", hyson_kernel_at(i)->name);
    }
    printf("\n");
    /* the ranking is a permutation of the capability list, and says which it put first */
    printf("choice: %s\n", hyson_kernel_choice());
    check(hyson_kernel_best() == hyson_kernel_ranked(0) && hyson_kernel_ranked(hyson_kernel_count()) == NULL, "ranked bounds");
    for (size_t i = 0; i < hyson_kernel_count(); i++) {
        int found = 0;
        for (size_t j = 0; j < hyson_kernel_count(); j++) {
            found += hyson_kernel_ranked(j) == hyson_kernel_at(i);
        }
        check(found == 1, "every kernel ranked once");
    }
    check(strncmp(hyson_kernel_choice(), hyson_kernel_best()->name, strlen(hyson_kernel_best()->name)) == 0,
          "the choice names the best kernel");
    hand_cases();
    utf8_cases();
    stage_cases();
    escape_cases();
    segment_flag_cases();
    lines_cases();
    number_cases();
    if (argc < 2) {
        printf("SKIP: shared folder not given\n");
        return 77;
    }
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/conformance/jsontestsuite/test_parsing", argv[1]);
    DIR *d = opendir(dir);
    if (d == NULL) {
        printf("SKIP: shared folder not found (%s)\n", dir);
        return 77;
    }
    int files = 0;
    struct dirent *e;
    hyson_config configs[3];
    configs[0] = hyson_default_config();
    configs[1] = hyson_default_config();
    configs[1].flags |= HYSON_ALLOW_COMMENTS | HYSON_ALLOW_TRAILING_COMMAS | HYSON_ALLOW_NON_FINITE_LITERALS |
                        HYSON_ALLOW_INFINITY_FOR_OVERFLOW | HYSON_BIG_DECIMALS | (HYSON_SURROGATES_REPLACE << HYSON_SURROGATES_SHIFT);
    configs[2] = hyson_default_config();
    configs[2].flags = HYSON_SURROGATES_ERROR << HYSON_SURROGATES_SHIFT;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] != 'y' && e->d_name[0] != 'n' && e->d_name[0] != 'i') {
            continue;
        }
        size_t size = 0;
        uint8_t *buf = read_entry(dir, e->d_name, &size);
        if (buf == NULL) {
            continue;
        }
        files++;
        int rc = hyson_check_windows(buf, size, &configs[0], 1 + (size_t)files % 5);
        if (e->d_name[0] == 'y') {
            check(rc == HYSON_OK, e->d_name);
        } else if (e->d_name[0] == 'n') {
            check(rc != HYSON_OK, e->d_name);
        }
        hyson_check_windows(buf, size, &configs[1], 3);
        hyson_check_windows(buf, size, &configs[2], 8);
        /* the same inside a large document, at depth 2 and after 5 KB of values, so that a window's
           two stages meet it (and give the window to the single pass, which finds the same error) */
        size_t padded_size = 0;
        uint8_t *padded = pad_case(buf, size, &padded_size);
        hyson_check_windows(padded, padded_size, &configs[0], 7);
        free(padded);
        free(buf);
    }
    closedir(d);
    check(files == 318, "318 JSONTestSuite files read");
    /* the corpus, whole and in windows (valid documents: every token cut somewhere) */
    snprintf(dir, sizeof dir, "%s/corpus", argv[1]);
    d = opendir(dir);
    int corpus = 0;
    while (d != NULL && (e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 5, ".json") != 0) {
            continue;
        }
        size_t size = 0;
        uint8_t *buf = read_entry(dir, e->d_name, &size);
        if (buf == NULL) {
            continue;
        }
        corpus++;
        check(hyson_check_windows(buf, size, &configs[0], 61) == HYSON_OK, e->d_name);
        free(buf);
    }
    if (d != NULL) {
        closedir(d);
    }
    check(corpus >= 20, "corpus files read");
    count_lines_cases();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
