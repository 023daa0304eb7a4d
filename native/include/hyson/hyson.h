/*
 * hyson's C layer: the native scanner behind the Java backend interface.
 *
 * One call scans and validates a whole JSON document (RFC 8259) and writes the tape: the same
 * intermediate form, entry for entry, that the Java scanner (dev.hyson.internal.scan.JavaScanner) writes, so one Java
 * materializer serves both backends. The layout is documented in
 * java/src/main/java/dev/hyson/internal/tape/Tape.java and mirrored by the HYSON_TAG_* values below;
 * error codes mirror dev.hyson.internal.scan.ScanError.
 *
 * Every symbol starts with hyson_, every macro with HYSON_.
 */
#ifndef HYSON_HYSON_H
#define HYSON_HYSON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped whenever the tape, the error codes or the JNI signatures change. */
#define HYSON_ABI_VERSION 9

/* Tape tags (bits 56..63 of an entry). */
#define HYSON_TAG_OBJECT 1
#define HYSON_TAG_ARRAY 2
#define HYSON_TAG_STR_ASCII 3
#define HYSON_TAG_STR_UTF8 4
#define HYSON_TAG_STR_LATIN1 5
#define HYSON_TAG_STR_UTF16 6
#define HYSON_TAG_INT64 7
#define HYSON_TAG_DOUBLE 8
#define HYSON_TAG_BIG_INTEGER 9
#define HYSON_TAG_BIG_DECIMAL 10
#define HYSON_TAG_TRUE 11
#define HYSON_TAG_FALSE 12
#define HYSON_TAG_NULL 13
/* Event tapes only (HYSON_EVENTS): the end of a container, one entry, the offset of its '}' or ']'. */
#define HYSON_TAG_END_OBJECT 14
#define HYSON_TAG_END_ARRAY 15
#define HYSON_TAG_SHIFT 56

/* Error codes (ScanError). 0 is success. */
#define HYSON_OK 0
#define HYSON_ERR_EXPECTED_VALUE 1
#define HYSON_ERR_EXPECTED_NAME 2
#define HYSON_ERR_EXPECTED_COLON 3
#define HYSON_ERR_EXPECTED_COMMA_OR_OBJECT_END 4
#define HYSON_ERR_EXPECTED_COMMA_OR_ARRAY_END 5
#define HYSON_ERR_EXPECTED_END 6
#define HYSON_ERR_INVALID_LITERAL 7
#define HYSON_ERR_INVALID_NUMBER 8
#define HYSON_ERR_NUMBER_OUT_OF_RANGE 9
#define HYSON_ERR_UNTERMINATED_STRING 10
#define HYSON_ERR_CONTROL_CHARACTER 11
#define HYSON_ERR_INVALID_ESCAPE 12
#define HYSON_ERR_LONE_SURROGATE 13
#define HYSON_ERR_INVALID_UTF8 14
#define HYSON_ERR_DEPTH_LIMIT 15
#define HYSON_ERR_STRING_LIMIT 16
#define HYSON_ERR_NUMBER_LIMIT 17
#define HYSON_ERR_DOCUMENT_LIMIT 18
#define HYSON_ERR_DUPLICATE_KEY 19 /* detected by the Java materializer, never by the scanner */
#define HYSON_ERR_BYTE_ORDER_MARK 20
#define HYSON_ERR_UNTERMINATED_COMMENT 21
/*
 * Not JSON errors (codes from 100 up): the document was not judged. Java throws rather than
 * reporting them as a parse error.
 */
#define HYSON_ERR_OUT_OF_MEMORY 100 /* memory for the tape, its stack or a copy of the input could not be had */
#define HYSON_ERR_BAD_ARGUMENT 101  /* the JNI glue was called with a bad handle, kernel or range: a bug in hyson */
#define HYSON_ERR_CORRUPT_STATE 102 /* a windowed scan resumed in a phase this code never writes */

/* Returned by a windowed scan that needs more input (tape->resume says where to continue). */
#define HYSON_MORE_INPUT (-1)
/* Returned by the JNI glue when a document was scanned but the caller's arrays are too small for it. */
#define HYSON_ARRAYS_TOO_SMALL (-2)

/*
 * Slots of the info array the JNI glue fills after every scan (dev.hyson.internal.scan.NativeAbi
 * mirrors them): the sizes of the tape and its side buffers, the absolute offset of the error, and
 * for windowed scans the absolute offset to resume at.
 */
#define HYSON_INFO_TAPE_SIZE 0
#define HYSON_INFO_LATIN1_SIZE 1
#define HYSON_INFO_UTF16_SIZE 2
#define HYSON_INFO_ERROR_OFFSET 3
#define HYSON_INFO_SPANS_SIZE 4
#define HYSON_INFO_RESUME 5
#define HYSON_INFO_LINES 6    /* hyson_scan_lines: the records written */
#define HYSON_INFO_NEWLINES 7 /* hyson_scan_lines: the line feeds consumed (RESUME: the offset after them); a
                                 window's scan: the line feeds in the bytes it consumed (hyson_count_lines) */
#define HYSON_INFO_TAIL 8     /* a window's scan: hyson_count_lines's tail of the bytes it consumed */
#define HYSON_INFO_LENGTH 9

/*
 * Grammar states between two windows of a windowed scan (tape->phase), mirroring
 * dev.hyson.internal.scan.Scanner.PHASE_*. A windowed scan stops only between steps, never in a token.
 */
#define HYSON_PHASE_START 0        /* the byte order mark is still to be checked */
#define HYSON_PHASE_VALUE 1        /* a value (after ':' or at the top level) */
#define HYSON_PHASE_OBJECT_FIRST 2 /* after '{': a member name or '}' */
#define HYSON_PHASE_ARRAY_FIRST 3  /* after '[': a value or ']' */
#define HYSON_PHASE_NAME 4         /* after ',' in an object: a member name (or '}', trailing commas) */
#define HYSON_PHASE_COLON 5        /* after a member name: ':' */
#define HYSON_PHASE_ARRAY_NEXT 6   /* after ',' in an array: a value (or ']', trailing commas) */
#define HYSON_PHASE_AFTER_VALUE 7  /* after a value in a container: ',' or the container's end */
#define HYSON_PHASE_END 8          /* after the top-level value: whitespace to the end */

/* Option flags. */
#define HYSON_ALLOW_BYTE_ORDER_MARK (1u << 0)
#define HYSON_ALLOW_COMMENTS (1u << 1)
#define HYSON_ALLOW_TRAILING_COMMAS (1u << 2)
#define HYSON_ALLOW_NON_FINITE_LITERALS (1u << 3)
#define HYSON_ALLOW_INFINITY_FOR_OVERFLOW (1u << 4)
#define HYSON_BIG_DECIMALS (1u << 5)
/*
 * Windowed scans only: write an event tape. A container's end is an entry of its own
 * (HYSON_TAG_END_OBJECT / HYSON_TAG_END_ARRAY) instead of a count patched into its start, so the caller
 * may take the entries scanned so far after every window (hyson_window_take) and memory stays one window.
 * Containers then carry no count (entry 1 is 0).
 */
#define HYSON_EVENTS (1u << 8)
/*
 * Windowed scans only: the windows are views of one input that stays (the caller's array, origin 0), so
 * span entries point into it as a whole-document tape's do and no span bytes are copied to spans.
 */
#define HYSON_IN_PLACE (1u << 9)
/*
 * hyson_scan_lines only: text lines as Hadoop's LineRecordReader splits them (what Spark's JSON source
 * reads) instead of JSON Lines: a line ends at LF, CR or CR LF, and every line, empty or blank, gets a
 * record (an empty or blank line fails as an empty document). A CR that ends the window when more input
 * follows leaves its line unfinished (an LF may follow).
 */
#define HYSON_TEXT_LINES (1u << 10)
/* Lone surrogate escape policy, two bits: 0 keep, 1 replace with U+FFFD, 2 error. */
#define HYSON_SURROGATES_SHIFT 6
#define HYSON_SURROGATES_KEEP 0u
#define HYSON_SURROGATES_REPLACE 1u
#define HYSON_SURROGATES_ERROR 2u

/* Reader options, as JsonReader.Builder sets them. */
typedef struct hyson_config {
    int64_t max_string_length;   /* bytes of one string in the input */
    int64_t max_document_length; /* bytes */
    int32_t max_depth;           /* nesting levels, >= 1 */
    int32_t max_number_length;   /* characters, >= 1 */
    uint32_t flags;              /* HYSON_ALLOW_* | HYSON_BIG_DECIMALS | surrogate policy */
    /*
     * Added to every offset the scanner records (tape payloads and error_offset), so a document
     * copied out of a larger Java array into a native buffer still yields offsets into that array.
     */
    int64_t origin;
} hyson_config;

/* A tape and its side buffers, owned by a context, grown with realloc and reused across scans. */
typedef struct hyson_tape {
    uint64_t *entries;
    size_t size, capacity;
    uint8_t *latin1; /* decoded strings whose chars are all below U+0100 */
    size_t latin1_size, latin1_capacity;
    uint16_t *utf16; /* other decoded strings, UTF-16 code units */
    size_t utf16_size, utf16_capacity;
    uint64_t *stack; /* open containers: (tape index << 1) | is_object */
    uint32_t *counts;
    size_t stack_capacity;
    int32_t error_code;
    int64_t error_offset; /* absolute byte offset into the input */
    /*
     * Windowed scans only. Span entries (STR_ASCII, STR_UTF8, BIG_INTEGER, BIG_DECIMAL) carry
     * (start in spans << 32) | length in entry 1, their bytes copied here; the input window may be
     * gone by the time the tape is read.
     */
    uint8_t *spans;
    size_t spans_size, spans_capacity;
    int32_t phase;  /* HYSON_PHASE_* to resume in */
    size_t depth;   /* open containers when the scan stopped */
    int64_t resume; /* absolute offset of the first byte not consumed (HYSON_MORE_INPUT) */
    /*
     * Whole-document scans by a SIMD kernel: the structural index of stage 1 (src/generic/structural_index_impl.h),
     * the input offset of every structural character, scalar start and string quote in order, a
     * closing quote's offset carrying HYSON_INDEX_ESCAPED / HYSON_INDEX_NON_ASCII. 64-byte aligned.
     */
    uint32_t *index;
    size_t index_capacity;
} hyson_tape;

/*
 * A CPU kernel: the whole scanner compiled for one instruction set. The scanner is written once
 * (src/generic/scan_impl.h); each file in src/kernels/ defines its SIMD primitives, enables its
 * instruction set with a target pragma, and includes it, so no call inside the scan is indirect.
 */
typedef int (*hyson_scan_fn)(const uint8_t *src, size_t start, size_t end, const struct hyson_config *config,
                             struct hyson_tape *tape);

/*
 * One window of a stream: continues the scan whose state is in tape (see hyson_scan_window). src[start,
 * end) is the window, last says whether the stream ends at end.
 */
typedef int (*hyson_window_fn)(const uint8_t *src, size_t start, size_t end, int last, const struct hyson_config *config,
                               struct hyson_tape *tape);

typedef struct hyson_kernel {
    const char *name; /* "scalar", "sse2", "avx2", "avx512" (x86-64), "neon" (AArch64) */
    hyson_scan_fn scan;
    hyson_window_fn scan_window;
} hyson_kernel;

/* The kernels this CPU supports in capability order (widest first); the last is always scalar. */
size_t hyson_kernel_count(void);
const hyson_kernel *hyson_kernel_at(size_t index);
/* The kernel named so (if this CPU supports it), else NULL. */
const hyson_kernel *hyson_kernel_named(const char *name);
/*
 * The same kernels ranked by speed on this CPU, fastest first (src/calibrate.c: timed once per
 * process on a calibration document, capability order breaking ties), and what was measured.
 */
const hyson_kernel *hyson_kernel_ranked(size_t index);
/* The fastest kernel this CPU supports: hyson_kernel_ranked(0). */
const hyson_kernel *hyson_kernel_best(void);
/* Why hyson_kernel_best() is the best, e.g. "avx2: fastest on a 48213-byte calibration document ...". */
const char *hyson_kernel_choice(void);

void hyson_tape_init(hyson_tape *tape);
void hyson_tape_free(hyson_tape *tape);

/*
 * Scans src[start, end) as one JSON text into tape (emptied first). Returns HYSON_OK, or an error
 * code with tape->error_code and tape->error_offset set. Reads only within [start, end).
 */
int hyson_scan(const uint8_t *src, size_t start, size_t end, const hyson_config *config,
               const hyson_kernel *kernel, hyson_tape *tape);

/* Empties tape and its scan state for the first window of a new stream. */
void hyson_window_begin(hyson_tape *tape);

/*
 * Scans one window src[start, end) of a stream (offsets shifted by config->origin, the stream offset of
 * src[0]), continuing from tape's state. Returns HYSON_OK when the document is complete and valid (only
 * when last), HYSON_MORE_INPUT when a token may continue past end (tape->resume is the absolute offset to
 * continue from, everything before it consumed; call again with the bytes from there plus more), or an
 * error code with tape->error_code and tape->error_offset set, the same code and offset hyson_scan
 * reports for the whole document. The document length is the caller's to check.
 */
int hyson_scan_window(const uint8_t *src, size_t start, size_t end, int last, const hyson_config *config,
                      const hyson_kernel *kernel, hyson_tape *tape);

/*
 * Empties the entries and side buffers of a windowed scan's tape, keeping its grammar state, after the
 * caller took them: only for event tapes (HYSON_EVENTS), whose entries never refer back.
 */
void hyson_window_take(hyson_tape *tape);

/*
 * Counts p[0, n) as an error's line and column count it (a line ends at each LF; a column counts code
 * points, the bytes that are not UTF-8 continuation bytes 10xxxxxx): the line feeds into *newlines, and
 * the code points after the last one (of all n bytes when there is none) into *tail. 16 bytes a step
 * (SSE2 on x86-64, NEON on AArch64), so a stream's windows are counted as they are scanned.
 */
void hyson_count_lines(const uint8_t *p, size_t n, uint64_t *newlines, uint64_t *tail);

/*
 * JSON Lines (src/lines.c): one record of HYSON_LINE_FIELDS int64 values per non-blank line that
 * hyson_scan_lines scanned, in input order. Offsets are absolute (config->origin added).
 */
#define HYSON_LINE_START 0        /* the line's first byte */
#define HYSON_LINE_END 1          /* after its last byte: its line feed, and a carriage return before it, excluded */
#define HYSON_LINE_NEWLINES 2     /* line terminators between the call's start and the line's first byte */
#define HYSON_LINE_ENTRY 3        /* the index in the tape of the line's first entry (valid lines) */
#define HYSON_LINE_ERROR_CODE 4   /* 0, or the line's HYSON_ERR_* code */
#define HYSON_LINE_ERROR_OFFSET 5 /* the absolute offset of the line's error */
#define HYSON_LINE_FIELDS 6

/* The records of a hyson_scan_lines call and the scratch tape it scans each line into; reused. */
typedef struct hyson_lines {
    int64_t *records; /* count * HYSON_LINE_FIELDS values */
    size_t count, capacity;
    int64_t consumed; /* the absolute offset after the last line consumed (its line feed included) */
    int64_t newlines; /* the line feeds consumed */
    hyson_tape scratch;
} hyson_lines;

void hyson_lines_init(hyson_lines *lines);
void hyson_lines_free(hyson_lines *lines);

/*
 * Scans the JSON Lines in src[start, end) in one call: every line that ends in a line feed, and when
 * last the line the input ends with, each as hyson_scan would scan it alone. The valid lines' tapes are
 * appended in order to tape (emptied first; each line's value starts at its record's HYSON_LINE_ENTRY,
 * its decoded strings in the shared side buffers); each invalid line's record holds the code and offset
 * hyson_scan gives for it. A line longer than config->max_document_length gets HYSON_ERR_DOCUMENT_LIMIT
 * at its byte max_document_length without being scanned; blank lines (spaces, tabs, carriage returns)
 * get no record. With HYSON_TEXT_LINES in config->flags, lines are Hadoop's text lines instead (see the
 * flag). Returns HYSON_OK, or HYSON_ERR_OUT_OF_MEMORY. Reads only within [start, end).
 */
int hyson_scan_lines(const uint8_t *src, size_t start, size_t end, int last, const hyson_config *config,
                     const hyson_kernel *kernel, hyson_tape *tape, hyson_lines *lines);

/*
 * Correctly rounded decimal to binary64 (IEEE 754 round-half-even): significand * 10^exponent10,
 * negated when negative; significand < 10^19 exact (unsigned). Clinger's fast path, then
 * Eisel-Lemire (Lemire 2021; complete for 19 digits per Mushtak & Lemire 2023).
 */
double hyson_to_double(uint64_t significand, int32_t exponent10, int negative);

/*
 * Parses the RFC 8259 number text b[0, len) (already validated) correctly rounded; any length.
 * Returns +-infinity beyond the double range and +-0.0 on underflow.
 */
double hyson_parse_double(const uint8_t *b, size_t len);

#ifdef __cplusplus
}
#endif

#endif
