/*
 * JSON Lines, many documents in one call (the multi-document call; simdjson's iterate_many is the
 * model): the lines of a window are found, each is scanned as a document by the kernel's whole-document
 * scan, and the tapes of the valid ones are appended to one tape, so a caller crosses JNI once per window
 * of many lines, never once per line.
 *
 * A line is the bytes up to a line feed, without it and without one carriage return just before it (the
 * JSON Lines format, https://jsonlines.org, as dev.hyson.stream.LineCursor reads it); a line of spaces,
 * tabs and carriage returns only is blank and skipped. Every line gets the error the single-document scan
 * gives for its bytes, at the same offset; a line longer than config->max_document_length gets
 * HYSON_ERR_DOCUMENT_LIMIT at its first byte past the limit, without being scanned.
 *
 * With HYSON_TEXT_LINES, lines are text lines as Hadoop's LineRecordReader splits them (Spark's JSON
 * source reads those): a line ends at LF, CR or CR LF, and every line gets a record, an empty or blank one
 * included (the scan then gives its empty-document error), so the caller sees every line it must answer for.
 */
#include <stdlib.h>
#include <string.h>

#include "hyson/hyson.h"
#include "scan_support.h"

void hyson_lines_init(hyson_lines *lines) {
    memset(lines, 0, sizeof *lines);
    hyson_tape_init(&lines->scratch);
}

void hyson_lines_free(hyson_lines *lines) {
    free(lines->records);
    hyson_tape_free(&lines->scratch);
    hyson_lines_init(lines);
}

/* Room for one more record; 0 when memory cannot be had. */
static int hyson_lines_reserve(hyson_lines *lines) {
    if (lines->count < lines->capacity) {
        return 1;
    }
    size_t cap = lines->capacity < 64 ? 64 : lines->capacity * 2;
    if (cap > SIZE_MAX / (HYSON_LINE_FIELDS * sizeof(int64_t))) {
        return 0;
    }
    int64_t *p = realloc(lines->records, cap * HYSON_LINE_FIELDS * sizeof(int64_t));
    if (p == NULL) {
        return 0;
    }
    lines->records = p;
    lines->capacity = cap;
    return 1;
}

/*
 * Whether src[from, to) holds only spaces, tabs and carriage returns, after a byte order mark the
 * reader allows (which a line's scan skips, so a line of it and blanks is blank: skipped).
 */
static int hyson_blank(const uint8_t *src, size_t from, size_t to, int bom) {
    if (bom && to - from >= 3 && src[from] == 0xEF && src[from + 1] == 0xBB && src[from + 2] == 0xBF) {
        from += 3;
    }
    for (size_t i = from; i < to; i++) {
        uint8_t c = src[i];
        if (c != ' ' && c != '\t' && c != '\r') {
            return 0;
        }
    }
    return 1;
}

/*
 * Appends the scratch tape of one line to tape: its entries, then its decoded strings, whose entries'
 * starts in the side buffers move by the side buffers' sizes so far. 0 when memory cannot be had.
 */
static int hyson_append(hyson_tape *tape, const hyson_tape *line) {
    size_t at = tape->size;
    if (!hyson_ensure_entries(tape, line->size) || !hyson_ensure_latin1(tape, tape->latin1_size, line->latin1_size) ||
        !hyson_ensure_utf16(tape, tape->utf16_size, line->utf16_size)) {
        return 0;
    }
    memcpy(tape->entries + at, line->entries, line->size * sizeof *line->entries);
    tape->size = at + line->size;
    if (line->latin1_size == 0 && line->utf16_size == 0) {
        return 1;
    }
    uint64_t latin1_shift = (uint64_t)tape->latin1_size << 32;
    uint64_t utf16_shift = (uint64_t)tape->utf16_size << 32;
    for (size_t i = at; i < tape->size;) {
        int tag = (int)(tape->entries[i] >> HYSON_TAG_SHIFT);
        if (tag == HYSON_TAG_STR_LATIN1) {
            tape->entries[i + 1] += latin1_shift;
        } else if (tag == HYSON_TAG_STR_UTF16) {
            tape->entries[i + 1] += utf16_shift;
        }
        i += tag >= HYSON_TAG_TRUE && tag <= HYSON_TAG_NULL ? 1 : 2;
    }
    if (line->latin1_size > 0) {
        memcpy(tape->latin1 + tape->latin1_size, line->latin1, line->latin1_size);
        tape->latin1_size += line->latin1_size;
    }
    if (line->utf16_size > 0) {
        memcpy(tape->utf16 + tape->utf16_size, line->utf16, line->utf16_size * sizeof *line->utf16);
        tape->utf16_size += line->utf16_size;
    }
    return 1;
}

int hyson_scan_lines(const uint8_t *src, size_t start, size_t end, int last, const hyson_config *config,
                     const hyson_kernel *kernel, hyson_tape *tape, hyson_lines *lines) {
    tape->size = 0;
    tape->latin1_size = 0;
    tape->utf16_size = 0;
    tape->error_code = 0;
    tape->error_offset = 0;
    lines->count = 0;
    lines->newlines = 0;
    lines->consumed = (int64_t)start + config->origin;
    size_t pos = start;
    int64_t newlines = 0;
    int text = (config->flags & HYSON_TEXT_LINES) != 0;
    size_t cr = start; /* text lines: the next CR at or after pos (end when none), looked for again once passed */
    int cr_known = 0;
    while (pos < end) {
        size_t lf_to = end;
        if (text) {
            if (!cr_known || cr < pos) {
                const uint8_t *c = memchr(src + pos, '\r', end - pos);
                cr = c != NULL ? (size_t)(c - src) : end;
                cr_known = 1;
            }
            lf_to = cr; /* most files have no CR: each line is searched for LF alone */
        }
        const uint8_t *lf = memchr(src + pos, '\n', lf_to - pos);
        size_t line_start = pos;
        size_t line_end;
        size_t next;
        int terminated = 1;
        if (lf != NULL) {
            line_end = (size_t)(lf - src);
            next = line_end + 1;
        } else if (text && cr < end) {
            if (cr + 1 == end && !last) {
                break; /* a CR at the window's end: an LF may follow in the next call */
            }
            line_end = cr;
            next = cr + 1 < end && src[cr + 1] == '\n' ? cr + 2 : cr + 1;
        } else if (last) {
            line_end = end;
            next = end;
            terminated = 0;
        } else {
            break; /* the unfinished last line stays for the next call, with more input */
        }
        if (!text && line_end > line_start && src[line_end - 1] == '\r') {
            line_end--; /* JSON Lines: one CR before the line feed (or the input's end) is not the line's */
        }
        if (text || !hyson_blank(src, line_start, line_end, (config->flags & HYSON_ALLOW_BYTE_ORDER_MARK) != 0)) {
            if (!hyson_lines_reserve(lines)) {
                return HYSON_ERR_OUT_OF_MEMORY;
            }
            int64_t *r = lines->records + lines->count * HYSON_LINE_FIELDS;
            r[HYSON_LINE_START] = (int64_t)line_start + config->origin;
            r[HYSON_LINE_END] = (int64_t)line_end + config->origin;
            r[HYSON_LINE_NEWLINES] = newlines;
            r[HYSON_LINE_ENTRY] = (int64_t)tape->size;
            r[HYSON_LINE_ERROR_CODE] = 0;
            r[HYSON_LINE_ERROR_OFFSET] = 0;
            /* the window's first valid line is scanned straight onto the tape (a long line is often the
               window's only one: no copy), the others into the scratch tape and appended */
            int first = tape->size == 0 && tape->latin1_size == 0 && tape->utf16_size == 0;
            hyson_tape *into = first ? tape : &lines->scratch;
            int rc;
            if (config->max_document_length >= 0 && (uint64_t)(line_end - line_start) > (uint64_t)config->max_document_length) {
                rc = HYSON_ERR_DOCUMENT_LIMIT;
                into->error_offset = (int64_t)line_start + config->max_document_length + config->origin;
            } else {
                rc = hyson_scan(src, line_start, line_end, config, kernel, into);
            }
            if (rc == HYSON_OK) {
                if (!first && !hyson_append(tape, &lines->scratch)) {
                    return HYSON_ERR_OUT_OF_MEMORY;
                }
            } else if (rc >= HYSON_ERR_OUT_OF_MEMORY) {
                return rc;
            } else {
                r[HYSON_LINE_ERROR_CODE] = rc;
                r[HYSON_LINE_ERROR_OFFSET] = into->error_offset;
                if (first) {
                    tape->size = 0; /* what the failed scan wrote is dropped */
                    tape->latin1_size = 0;
                    tape->utf16_size = 0;
                }
            }
            tape->error_code = 0;
            tape->error_offset = 0;
            lines->count++;
        }
        newlines += terminated;
        pos = next;
        lines->consumed = (int64_t)pos + config->origin;
        lines->newlines = newlines;
    }
    return HYSON_OK;
}
