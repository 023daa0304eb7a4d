/*
 * Shared by the C tests and the fuzz harness: scan one input with every kernel under one
 * configuration and require identical results (return code, error offset, tape, side buffers).
 */
#ifndef HYSON_SCAN_CHECK_H
#define HYSON_SCAN_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hyson/hyson.h"

/*
 * Scans data in windows of 'window' bytes (growing when a token fills half of one, as
 * dev.hyson.internal.scan.StreamScan does), each window handed to the kernel in an exact-size heap
 * block so a read past its end is a sanitizer finding.
 */
static inline int hyson_scan_windowed(const uint8_t *data, size_t size, size_t window, const hyson_config *config,
                               const hyson_kernel *kernel, hyson_tape *t) {
    hyson_config cfg = *config;
    hyson_window_begin(t);
    size_t cap = window;
    uint8_t *buf = malloc(cap);
    size_t base = 0, filled = 0, consumed = 0;
    if (buf == NULL) {
        abort();
    }
    for (;;) {
        size_t n = cap - filled < size - consumed ? cap - filled : size - consumed;
        if (n > 0) {
            memcpy(buf + filled, data + consumed, n);
        }
        filled += n;
        consumed += n;
        int last = consumed == size;
        uint8_t *exact = malloc(filled > 0 ? filled : 1);
        if (exact == NULL) {
            abort();
        }
        if (filled > 0) {
            memcpy(exact, buf, filled);
        }
        cfg.origin = (int64_t)base;
        int rc = hyson_scan_window(exact, 0, filled, last, &cfg, kernel, t);
        free(exact);
        if (rc != HYSON_MORE_INPUT) {
            free(buf);
            return rc;
        }
        size_t resume = (size_t)(t->resume - (int64_t)base);
        if (last || t->resume < (int64_t)base || resume > filled) {
            fprintf(stderr, "windowed scan resumed at %lld with base %zu, %zu filled, last %d\n", (long long)t->resume,
                    base, filled, last);
            abort();
        }
        size_t keep = filled - resume;
        if (keep > cap / 2) {
            uint8_t *larger = malloc(cap * 2);
            if (larger == NULL) {
                abort();
            }
            memcpy(larger, buf + resume, keep);
            free(buf);
            buf = larger;
            cap *= 2;
        } else {
            memmove(buf, buf + resume, keep);
        }
        base += resume;
        filled = keep;
    }
}

/* Requires the windowed scan to equal the whole-document one (ref): same code and offset, or the same tape. */
static inline void hyson_check_windowed(const uint8_t *data, size_t size, const hyson_config *cfg, const hyson_kernel *kernel,
                                 size_t window, int ref_rc, const hyson_tape *ref) {
    if ((int64_t)size > cfg->max_document_length) {
        return; /* a stream reports the document limit in reading order */
    }
    hyson_tape t;
    hyson_tape_init(&t);
    int rc = hyson_scan_windowed(data, size, window, cfg, kernel, &t);
    int same = rc == ref_rc;
    if (same && rc != HYSON_OK) {
        same = t.error_offset == ref->error_offset;
    } else if (same) {
        same = t.size == ref->size && t.latin1_size == ref->latin1_size && t.utf16_size == ref->utf16_size &&
               (t.latin1_size == 0 || memcmp(t.latin1, ref->latin1, t.latin1_size) == 0) &&
               (t.utf16_size == 0 || memcmp(t.utf16, ref->utf16, t.utf16_size * sizeof *t.utf16) == 0);
        for (size_t k = 0; same && k < ref->size; k++) {
            uint64_t e = ref->entries[k];
            int tag = (int)(e >> HYSON_TAG_SHIFT);
            same = t.entries[k] == e;
            if (!same || tag == HYSON_TAG_TRUE || tag == HYSON_TAG_FALSE || tag == HYSON_TAG_NULL) {
                continue;
            }
            k++;
            if (tag == HYSON_TAG_STR_ASCII || tag == HYSON_TAG_STR_UTF8 || tag == HYSON_TAG_BIG_INTEGER ||
                tag == HYSON_TAG_BIG_DECIMAL) {
                size_t from = (size_t)(e & ((UINT64_C(1) << HYSON_TAG_SHIFT) - 1)) + (tag <= HYSON_TAG_STR_UTF8 ? 1 : 0);
                size_t len = (size_t)ref->entries[k];
                size_t at = (size_t)(t.entries[k] >> 32);
                same = (size_t)(uint32_t)t.entries[k] == len && at + len <= t.spans_size &&
                       (len == 0 || memcmp(t.spans + at, data + from, len) == 0);
            } else {
                same = t.entries[k] == ref->entries[k];
            }
        }
    }
    if (!same) {
        fprintf(stderr, "kernel %s in windows of %zu disagrees with its whole scan: rc %d vs %d, offset %lld vs %lld\n",
                kernel->name, window, rc, ref_rc, (long long)t.error_offset, (long long)ref->error_offset);
        abort();
    }
    hyson_tape_free(&t);
}

/* Compares the entries an event-tape scan wrote since the last take with the whole scan's (ref). */
typedef struct hyson_event_check {
    const uint8_t *data;
    const hyson_tape *ref;
    size_t next;     /* the next ref entry */
    size_t depth;    /* open containers */
    size_t open[1024];
    uint32_t items[1024];
    int ok;
    int in_place; /* HYSON_IN_PLACE: span entries keep the whole scan's payload, nothing is copied to spans */
} hyson_event_check;

static inline void hyson_check_taken(hyson_event_check *c, const hyson_tape *t) {
    const hyson_tape *ref = c->ref;
    for (size_t i = 0; c->ok && i < t->size; i++) {
        uint64_t e = t->entries[i];
        int tag = (int)(e >> HYSON_TAG_SHIFT);
        if (tag == HYSON_TAG_END_OBJECT || tag == HYSON_TAG_END_ARRAY) {
            if (c->depth == 0) {
                c->ok = 0;
                break;
            }
            uint64_t start = ref->entries[c->open[c->depth]];
            int object = (int)(start >> HYSON_TAG_SHIFT) == HYSON_TAG_OBJECT;
            uint32_t n = c->items[c->depth];
            c->ok = object == (tag == HYSON_TAG_END_OBJECT) && ref->entries[c->open[c->depth] + 1] == (object ? n / 2 : n);
            c->depth--;
            continue;
        }
        if (c->next >= ref->size || ref->entries[c->next] != e || (c->depth > 0 && c->depth >= 1023)) {
            c->ok = 0;
            break;
        }
        if (c->depth > 0) {
            c->items[c->depth]++;
        }
        size_t k = c->next;
        if (tag == HYSON_TAG_TRUE || tag == HYSON_TAG_FALSE || tag == HYSON_TAG_NULL) {
            c->next = k + 1;
            continue;
        }
        c->next = k + 2;
        i++;
        if (i >= t->size) {
            c->ok = 0; /* an entry pair is never split between takes */
            break;
        }
        uint64_t e1 = t->entries[i], r1 = ref->entries[k + 1];
        size_t at = (size_t)(e1 >> 32), len = (size_t)(uint32_t)e1;
        if (tag == HYSON_TAG_OBJECT || tag == HYSON_TAG_ARRAY) {
            c->ok = e1 == 0;
            c->depth++;
            c->open[c->depth] = k;
            c->items[c->depth] = 0;
        } else if (tag == HYSON_TAG_STR_ASCII || tag == HYSON_TAG_STR_UTF8 || tag == HYSON_TAG_BIG_INTEGER ||
                   tag == HYSON_TAG_BIG_DECIMAL) {
            size_t from = (size_t)(e & ((UINT64_C(1) << HYSON_TAG_SHIFT) - 1)) + (tag <= HYSON_TAG_STR_UTF8 ? 1 : 0);
            c->ok = c->in_place ? e1 == r1 && t->spans_size == 0
                                : len == (size_t)r1 && at + len <= t->spans_size &&
                                      (len == 0 || memcmp(t->spans + at, c->data + from, len) == 0);
        } else if (tag == HYSON_TAG_STR_LATIN1) {
            c->ok = len == (size_t)(uint32_t)r1 && at + len <= t->latin1_size &&
                    (len == 0 || memcmp(t->latin1 + at, ref->latin1 + (r1 >> 32), len) == 0);
        } else if (tag == HYSON_TAG_STR_UTF16) {
            c->ok = len == (size_t)(uint32_t)r1 && at + len <= t->utf16_size &&
                    (len == 0 || memcmp(t->utf16 + at, ref->utf16 + (r1 >> 32), len * sizeof *t->utf16) == 0);
        } else {
            c->ok = e1 == r1;
        }
    }
}

/*
 * Requires an event-tape scan (HYSON_EVENTS) in windows of 'window' bytes, its entries taken
 * (hyson_window_take) after every window, to carry the whole scan's entries (ref) in order, with each
 * container's end where its count says, or to fail with the same code at the same offset.
 */
static inline void hyson_check_events(const uint8_t *data, size_t size, const hyson_config *config, const hyson_kernel *kernel,
                               size_t window, int ref_rc, const hyson_tape *ref) {
    if ((int64_t)size > config->max_document_length || config->max_depth >= 1023) {
        return;
    }
    hyson_config cfg = *config;
    cfg.flags |= HYSON_EVENTS;
    hyson_event_check *c = calloc(1, sizeof *c);
    hyson_tape t;
    hyson_tape_init(&t);
    hyson_window_begin(&t);
    size_t cap = window;
    uint8_t *buf = malloc(cap);
    if (c == NULL || buf == NULL) {
        abort();
    }
    c->data = data;
    c->ref = ref;
    c->ok = 1;
    size_t base = 0, filled = 0, consumed = 0;
    int rc;
    for (;;) {
        size_t n = cap - filled < size - consumed ? cap - filled : size - consumed;
        if (n > 0) {
            memcpy(buf + filled, data + consumed, n);
        }
        filled += n;
        consumed += n;
        int last = consumed == size;
        uint8_t *exact = malloc(filled > 0 ? filled : 1);
        if (exact == NULL) {
            abort();
        }
        if (filled > 0) {
            memcpy(exact, buf, filled);
        }
        cfg.origin = (int64_t)base;
        rc = hyson_scan_window(exact, 0, filled, last, &cfg, kernel, &t);
        free(exact);
        if (rc == HYSON_OK || rc == HYSON_MORE_INPUT) {
            hyson_check_taken(c, &t);
            hyson_window_take(&t);
        }
        if (rc != HYSON_MORE_INPUT) {
            break;
        }
        size_t resume = (size_t)(t.resume - (int64_t)base);
        size_t keep = filled - resume;
        if (keep > cap / 2) {
            uint8_t *larger = malloc(cap * 2);
            if (larger == NULL) {
                abort();
            }
            memcpy(larger, buf + resume, keep);
            free(buf);
            buf = larger;
            cap *= 2;
        } else {
            memmove(buf, buf + resume, keep);
        }
        base += resume;
        filled = keep;
    }
    free(buf);
    int same = rc == ref_rc && (rc != HYSON_OK ? t.error_offset == ref->error_offset
                                               : c->ok && c->next == ref->size && c->depth == 0);
    if (!same) {
        fprintf(stderr, "kernel %s, event tape in windows of %zu, disagrees with its whole scan: rc %d vs %d, entry %zu\n",
                kernel->name, window, rc, ref_rc, c->next);
        abort();
    }
    free(c);
    hyson_tape_free(&t);
}

/*
 * Returns the scalar kernel's result code; aborts when any kernel disagrees, a tape is malformed, or a
 * windowed scan (windows of 'window' bytes and of 4096; of 5003, and events in 4099, for inputs over 4 KiB,
 * which the SIMD kernels' windows take in two stages) differs from the whole one.
 */
static inline int hyson_check_windows(const uint8_t *data, size_t size, const hyson_config *cfg, size_t window);

/* Returns the scalar kernel's result code; aborts when any kernel disagrees or a tape is malformed. */
static inline int hyson_check_all_kernels(const uint8_t *data, size_t size, const hyson_config *cfg) {
    size_t n = hyson_kernel_count();
    hyson_tape ref;
    hyson_tape_init(&ref);
    const hyson_kernel *scalar = hyson_kernel_at(n - 1);
    int ref_rc = hyson_scan(data, 0, size, cfg, scalar, &ref);
    if (ref_rc == HYSON_OK && ref.size > 2 * size + 2) {
        fprintf(stderr, "tape of %zu entries for %zu bytes\n", ref.size, size);
        abort();
    }
    for (size_t k = 0; k + 1 < n; k++) {
        hyson_tape t;
        hyson_tape_init(&t);
        int rc = hyson_scan(data, 0, size, cfg, hyson_kernel_at(k), &t);
        int same = rc == ref_rc;
        if (same && rc != HYSON_OK) {
            same = t.error_offset == ref.error_offset;
        } else if (same) {
            same = t.size == ref.size && t.latin1_size == ref.latin1_size && t.utf16_size == ref.utf16_size &&
                   (t.size == 0 || memcmp(t.entries, ref.entries, t.size * sizeof *t.entries) == 0) &&
                   (t.latin1_size == 0 || memcmp(t.latin1, ref.latin1, t.latin1_size) == 0) &&
                   (t.utf16_size == 0 || memcmp(t.utf16, ref.utf16, t.utf16_size * sizeof *t.utf16) == 0);
        }
        if (!same) {
            fprintf(stderr, "kernel %s disagrees with scalar: rc %d vs %d, offset %lld vs %lld\n",
                    hyson_kernel_at(k)->name, rc, ref_rc, (long long)t.error_offset, (long long)ref.error_offset);
            abort();
        }
        hyson_tape_free(&t);
    }
    hyson_tape_free(&ref);
    return ref_rc;
}

static inline int hyson_check_windows(const uint8_t *data, size_t size, const hyson_config *cfg, size_t window) {
    int ref_rc = hyson_check_all_kernels(data, size, cfg);
    hyson_tape ref;
    hyson_tape_init(&ref);
    hyson_scan(data, 0, size, cfg, hyson_kernel_at(hyson_kernel_count() - 1), &ref);
    for (size_t k = 0; k < hyson_kernel_count(); k++) {
        hyson_check_windowed(data, size, cfg, hyson_kernel_at(k), window, ref_rc, &ref);
        hyson_check_windowed(data, size, cfg, hyson_kernel_at(k), 4096, ref_rc, &ref);
        hyson_check_events(data, size, cfg, hyson_kernel_at(k), window, ref_rc, &ref);
        if (size > 4096) {
            /* windows the SIMD kernels take in two stages (4 KiB and more), cut at odd places */
            hyson_check_windowed(data, size, cfg, hyson_kernel_at(k), 5003, ref_rc, &ref);
            hyson_check_events(data, size, cfg, hyson_kernel_at(k), 4099, ref_rc, &ref);
        }
    }
    hyson_tape_free(&ref);
    return ref_rc;
}

/* Whether the value at tape a's entry i equals the one at tape b's entry j, up to n entries (decoded
   strings compared by content, their starts in the side buffers being different). */
static inline int hyson_same_entries(const hyson_tape *a, size_t i, const hyson_tape *b, size_t j, size_t n) {
    for (size_t x = 0; x < n;) {
        uint64_t ea = a->entries[i + x];
        if (ea != b->entries[j + x]) {
            return 0;
        }
        int tag = (int)(ea >> HYSON_TAG_SHIFT);
        if (tag >= HYSON_TAG_TRUE && tag <= HYSON_TAG_NULL) {
            x++;
            continue;
        }
        uint64_t pa = a->entries[i + x + 1];
        uint64_t pb = b->entries[j + x + 1];
        if (tag == HYSON_TAG_STR_LATIN1 || tag == HYSON_TAG_STR_UTF16) {
            size_t len = (size_t)(pa & 0xFFFFFFFFu);
            if (len != (size_t)(pb & 0xFFFFFFFFu)) {
                return 0;
            }
            size_t sa = (size_t)(pa >> 32);
            size_t sb = (size_t)(pb >> 32);
            if (tag == HYSON_TAG_STR_LATIN1 ? memcmp(a->latin1 + sa, b->latin1 + sb, len) != 0
                                            : memcmp(a->utf16 + sa, b->utf16 + sb, len * 2) != 0) {
                return 0;
            }
        } else if (pa != pb) {
            return 0;
        }
        x += 2;
    }
    return 1;
}

/*
 * JSON Lines (hyson_scan_lines) on every kernel, fed in windows of 'window' bytes (grown when no line
 * ends in one), against the lines found here one by one and each scanned alone by the scalar kernel:
 * the same non-blank lines, bounds and line numbers, the same tape per valid line, the same error code
 * and offset per invalid line. With HYSON_TEXT_LINES in cfg->flags, the lines are Hadoop's text lines
 * (LF, CR, CR LF; every line, blank or empty, has a record). Returns the number of lines (records).
 * Aborts on any disagreement.
 */
static inline size_t hyson_check_lines(const uint8_t *data, size_t size, const hyson_config *cfg, size_t window) {
    const hyson_kernel *scalar = hyson_kernel_at(hyson_kernel_count() - 1);
    int text = (cfg->flags & HYSON_TEXT_LINES) != 0;
    size_t lines = 0;
    for (size_t k = 0; k < hyson_kernel_count(); k++) {
        hyson_tape tape, ref;
        hyson_tape_init(&tape);
        hyson_tape_init(&ref);
        hyson_lines got;
        hyson_lines_init(&got);
        size_t pos = 0;    /* where the next call starts */
        size_t line = 0;   /* line feeds before pos */
        size_t expect = 0; /* where the reference's next line starts */
        size_t expect_line = 0;
        size_t want = window < 1 ? 1 : window;
        lines = 0;
        for (;;) {
            size_t end = size - pos > want ? pos + want : size;
            int last = end == size;
            hyson_config c = *cfg;
            /* each window in an exact-size block, so a read past it is a sanitizer finding */
            uint8_t *exact = malloc(end - pos > 0 ? end - pos : 1);
            if (exact == NULL) {
                abort();
            }
            memcpy(exact, data + pos, end - pos);
            c.origin = (int64_t)pos;
            int rc = hyson_scan_lines(exact, 0, end - pos, last, &c, hyson_kernel_at(k), &tape, &got);
            free(exact);
            if (rc != HYSON_OK) {
                fprintf(stderr, "hyson_scan_lines failed: %d\n", rc);
                abort();
            }
            for (size_t r = 0; r < got.count; r++) {
                const int64_t *rec = got.records + r * HYSON_LINE_FIELDS;
                /* the reference: the next non-blank line after 'expect' */
                size_t s, e, next;
                int blank;
                for (;;) {
                    size_t t = expect; /* the line's terminator: LF, or for text lines LF or CR */
                    while (t < size && data[t] != '\n' && !(text && data[t] == '\r')) {
                        t++;
                    }
                    s = expect;
                    e = t;
                    next = t < size ? t + 1 : size;
                    if (text && t + 1 < size && data[t] == '\r' && data[t + 1] == '\n') {
                        next++;
                    }
                    if (!text && e > s && data[e - 1] == '\r') {
                        e--;
                    }
                    blank = !text; /* text lines: every line has a record */
                    size_t b = s; /* JSON Lines: a byte order mark the reader allows, then blanks, is blank */
                    if ((cfg->flags & HYSON_ALLOW_BYTE_ORDER_MARK) && e - s >= 3 && data[s] == 0xEF && data[s + 1] == 0xBB &&
                        data[s + 2] == 0xBF) {
                        b = s + 3;
                    }
                    for (size_t i = b; i < e && blank; i++) {
                        blank &= data[i] == ' ' || data[i] == '\t' || data[i] == '\r';
                    }
                    if (!blank || next >= size) {
                        break;
                    }
                    expect = next;
                    expect_line++;
                }
                int ok = !blank && rec[HYSON_LINE_START] == (int64_t)s && rec[HYSON_LINE_END] == (int64_t)e &&
                         (size_t)rec[HYSON_LINE_NEWLINES] + line == expect_line;
                int ref_rc;
                if ((uint64_t)(e - s) > (uint64_t)cfg->max_document_length) {
                    ref_rc = HYSON_ERR_DOCUMENT_LIMIT;
                    ref.error_offset = (int64_t)s + cfg->max_document_length;
                } else {
                    ref_rc = hyson_scan(data, s, e, cfg, scalar, &ref);
                }
                if (ok && ref_rc != HYSON_OK) {
                    ok = rec[HYSON_LINE_ERROR_CODE] == ref_rc && rec[HYSON_LINE_ERROR_OFFSET] == ref.error_offset;
                } else if (ok) {
                    size_t at = (size_t)rec[HYSON_LINE_ENTRY];
                    size_t after = r + 1 < got.count && got.records[(r + 1) * HYSON_LINE_FIELDS + HYSON_LINE_ERROR_CODE] == 0
                                       ? (size_t)got.records[(r + 1) * HYSON_LINE_FIELDS + HYSON_LINE_ENTRY]
                                       : 0;
                    ok = rec[HYSON_LINE_ERROR_CODE] == 0 && at + ref.size <= tape.size &&
                         (after == 0 || after == at + ref.size) && hyson_same_entries(&tape, at, &ref, 0, ref.size);
                }
                if (!ok) {
                    fprintf(stderr, "kernel %s: JSON Lines record %zu (bytes %lld..%lld, code %lld) differs from line %zu "
                                    "at %zu..%zu scanned alone (code %d)\n",
                            hyson_kernel_at(k)->name, lines, (long long)rec[HYSON_LINE_START], (long long)rec[HYSON_LINE_END],
                            (long long)rec[HYSON_LINE_ERROR_CODE], expect_line + 1, s, e, ref_rc);
                    abort();
                }
                expect = next;
                expect_line++;
                lines++;
            }
            size_t consumed = (size_t)got.consumed;
            if (consumed < pos || consumed > end || (last && consumed != size)) {
                fprintf(stderr, "hyson_scan_lines consumed up to %zu of window %zu..%zu\n", consumed, pos, end);
                abort();
            }
            line += (size_t)got.newlines;
            if (consumed == pos) {
                want *= 2; /* no line ended in the window */
            } else {
                want = window < 1 ? 1 : window;
            }
            pos = consumed;
            if (last) {
                break;
            }
        }
        /* no non-blank line (text lines: no line) left unreported */
        if (text && expect < size) {
            fprintf(stderr, "kernel %s: text lines: the line at %zu was not reported\n", hyson_kernel_at(k)->name, expect);
            abort();
        }
        for (size_t i = expect; i < size; i++) {
            if ((cfg->flags & HYSON_ALLOW_BYTE_ORDER_MARK) && i + 2 < size && data[i] == 0xEF && data[i + 1] == 0xBB &&
                data[i + 2] == 0xBF && (i == 0 || data[i - 1] == '\n')) {
                i += 2; /* a mark the reader allows at a line's start, then blanks: a blank line */
                continue;
            }
            if (data[i] != ' ' && data[i] != '\t' && data[i] != '\r' && data[i] != '\n') {
                fprintf(stderr, "kernel %s: JSON Lines: the line at %zu was not reported\n", hyson_kernel_at(k)->name, expect);
                abort();
            }
        }
        hyson_lines_free(&got);
        hyson_tape_free(&tape);
        hyson_tape_free(&ref);
    }
    return lines;
}

static inline hyson_config hyson_default_config(void) {
    hyson_config c;
    c.max_string_length = 20000000;
    c.max_document_length = (int64_t)1 << 30;
    c.max_depth = 1000;
    c.max_number_length = 1000;
    c.flags = HYSON_ALLOW_BYTE_ORDER_MARK;
    c.origin = 0;
    return c;
}

#endif
