package dev.hyson.internal.tape;

import java.util.Arrays;

/**
 * The intermediate form both backends write and one materializer reads: a flat array of 64-bit
 * entries in document order, plus two side buffers for strings that had to be decoded.
 *
 * <p>Layout of one entry: the tag in bits 56..63, a payload in bits 0..55. For every tag except the
 * three literals a second entry follows. All offsets are byte offsets into the input array (absolute
 * array indices, not relative to the slice start).
 *
 * <pre>
 * tag              entry 0 payload              entry 1
 * OBJECT, ARRAY    offset of '{' / '['          number of members / elements (patched at the close)
 * STR_ASCII        offset of the opening quote  length in bytes of the content (all bytes &lt; 0x80, no escapes)
 * STR_UTF8         offset of the opening quote  length in bytes of the content (valid UTF-8, no escapes)
 * STR_LATIN1       offset of the opening quote  (start in {@link #latin1} &lt;&lt; 32) | length in chars
 * STR_UTF16        offset of the opening quote  (start in {@link #utf16} &lt;&lt; 32) | length in chars
 * INT64            offset of the number         the value
 * DOUBLE           offset of the number         {@link Double#doubleToRawLongBits} of the value
 * BIG_INTEGER      offset of the number         length of its text (an integer outside the int64 range)
 * BIG_DECIMAL      offset of the number         length of its text (BigDecimal mode)
 * TRUE, FALSE, NULL offset of the literal       (none)
 * </pre>
 *
 * <p>An object's entries alternate member name (always a string tag) and value. Containers carry
 * their count so the materializer builds each {@code ArrayList} and object map at its
 * final size (ruby/json's lesson). A tape is per parse state and reused: {@link #reset} clears it
 * without reallocating.
 *
 * <p><b>Windowed tapes.</b> A stream scanned window by window (see {@code Scanner#scanWindow}) cannot
 * point into its input, which is overwritten by the next window. Such a tape has {@link #windowed}
 * set; its entry-0 offsets are absolute stream offsets (a {@code long}), and the four span tags
 * (STR_ASCII, STR_UTF8, BIG_INTEGER, BIG_DECIMAL) carry {@code (start in {@link #spans} << 32) |
 * length} in entry 1, the bytes (a string's content without quotes, a number's text) copied into
 * {@link #spans} as the scan goes.
 *
 * <p><b>Event tapes.</b> A windowed tape with {@link #events} set (the pull parser's, {@code
 * dev.hyson.stream.JsonParser}) records each container's end as an entry of its own ({@link #END_OBJECT},
 * {@link #END_ARRAY}: one entry, payload the offset of the closing byte) instead of patching a count
 * into its start (entry 1 of OBJECT and ARRAY stays 0). No entry refers back, so the reader takes the
 * entries after every window and empties the tape ({@code Scanner#takeWindow}): memory stays one window
 * whatever the document's size.
 *
 * <p>When a scan fails, {@link #errorCode} holds one of the {@code ScanError} codes and
 * {@link #errorOffset} the byte offset (absolute) where it was detected.
 */
public final class Tape {
    public static final int OBJECT = 1;
    public static final int ARRAY = 2;
    public static final int STR_ASCII = 3;
    public static final int STR_UTF8 = 4;
    public static final int STR_LATIN1 = 5;
    public static final int STR_UTF16 = 6;
    public static final int INT64 = 7;
    public static final int DOUBLE = 8;
    public static final int BIG_INTEGER = 9;
    public static final int BIG_DECIMAL = 10;
    public static final int TRUE = 11;
    public static final int FALSE = 12;
    public static final int NULL = 13;
    /** Event tapes only ({@link #events}): the end of an object, one entry, the offset of its {@code '}'}. */
    public static final int END_OBJECT = 14;
    /** Event tapes only ({@link #events}): the end of an array, one entry, the offset of its {@code ']'}. */
    public static final int END_ARRAY = 15;

    public static final int TAG_SHIFT = 56;
    public static final long PAYLOAD_MASK = (1L << TAG_SHIFT) - 1;

    /** Largest tape kept between parses; a larger one is dropped after use so memory is returned. */
    private static final int RETAIN_ENTRIES = 1 << 20;
    private static final int RETAIN_CHARS = 1 << 20;

    public long[] entries;
    public int size;
    public byte[] latin1;
    public int latin1Size;
    public char[] utf16;
    public int utf16Size;
    public int errorCode;
    public long errorOffset;
    /** Whether this windowed tape is an event tape (see the class comment); set by the caller after {@link #reset}. */
    public boolean events;
    /**
     * Whether this event tape's span entries point into the input array as a whole-document tape's do
     * (the scan was over the caller's array, which stays): no span bytes are copied. Set after {@link #reset}.
     */
    public boolean inPlace;
    /** Whether span entries point into {@link #spans} (a windowed scan) rather than into the input. */
    public boolean windowed;
    /** Copied span bytes of a windowed scan. */
    public byte[] spans = EMPTY;
    public int spansSize;
    /** A windowed scan's grammar state between windows: one of {@code Scanner.PHASE_*} (HYSON_PHASE_* in C). */
    public int phase;
    /** A windowed scan's nesting depth between windows. */
    public int depth;
    /** Whether a parse holds this tape (a nested parse on the same thread then takes a fresh one). */
    public boolean busy;
    /** The whole input of a stream that fit one window, until its values are built (see {@code StreamScan}). */
    public byte[] input;
    /** The window buffer of the last stream parse, kept for the next (see {@code StreamScan}). */
    public byte[] window;
    /** Where a windowed scan that needs more input resumes: an index into the window's array. */
    public int resumeAt;
    /**
     * The bytes {@code [countedFrom, countedTo)} of the window's array that the last windowed scan consumed,
     * counted by it as {@code LineCounter} counts (the native scanner counts them while they are at hand):
     * {@code countedNewlines} line feeds, {@code countedTail} code points after the last. {@code countedTo}
     * is -1 when nothing was counted (the Java scanner, an error), or the counts no longer apply.
     */
    public int countedFrom;
    /** See {@link #countedFrom}. */
    public int countedTo = -1;
    /** See {@link #countedFrom}. */
    public long countedNewlines;
    /** See {@link #countedFrom}. */
    public long countedTail;

    private static final byte[] EMPTY = new byte[0];
    /** The scanner's container stack, {@code (tape index << 1) | isObject}, reused across parses. */
    public long[] stack = new long[64];
    /** Scratch space of the materializer for decoding UTF-8 strings, reused across parses. */
    public char[] scratch = new char[256];
    /*
     * The materializer's stacks of open containers, reused across parses (a small document would
     * otherwise allocate more for them than for its values); no value stays referenced after a
     * materialization, finished or failed.
     */
    Object[] openContainers = new Object[16];
    int[] openRemaining = new int[16];
    /** Per open container: whether it is an object (its container is then its members' array). */
    boolean[] openIsObject = new boolean[16];
    /** Per open object under DuplicateKeyPolicy.ERROR: where its members' name offsets start in {@link #memberOffsets}. */
    int[] openBases = new int[16];
    /** Under DuplicateKeyPolicy.ERROR, the name offset of every member of the open objects (a stack). */
    long[] memberOffsets = new long[64];
    /** The materializer's table for finding a repeated member name in a large object. */
    int[] memberSlots = new int[64];
    /** The native backend's context for this tape (its C-side buffers), created on first use. */
    public Object nativeContext;
    /** After {@code TapeMaterializer.materializeAt}: the entry after the value built. */
    public int nextEntry;
    /** Element counts of the open containers, parallel to {@link #stack}. */
    public int[] counts = new int[64];

    public Tape() {
        entries = new long[1024];
        latin1 = new byte[256];
        utf16 = new char[64];
    }

    /** Empties the tape for the next parse of an input of {@code inputLength} bytes. */
    public void reset(int inputLength) {
        size = 0;
        latin1Size = 0;
        utf16Size = 0;
        errorCode = 0;
        errorOffset = 0;
        windowed = false;
        events = false;
        inPlace = false;
        input = null;
        spansSize = 0;
        phase = 0;
        depth = 0;
        resumeAt = 0;
        countedTo = -1;
        // a compact document needs about one entry pair per 8 bytes; start near that to avoid regrowth
        int want = Math.min(inputLength / 4 + 16, RETAIN_ENTRIES);
        if (entries.length < want) {
            entries = new long[want];
        }
    }

    /**
     * Empties the entries and their side buffers (Latin-1, UTF-16, spans), keeping the arrays and a
     * windowed scan's grammar state: what a caller does after taking a window's entries.
     */
    public void clearEntries() {
        size = 0;
        latin1Size = 0;
        utf16Size = 0;
        spansSize = 0;
    }

    /** Drops oversized buffers after a parse so one huge document does not pin memory. */
    public void trim() {
        input = null;
        if (entries.length > RETAIN_ENTRIES) {
            entries = new long[1024];
        }
        if (latin1.length > RETAIN_CHARS) {
            latin1 = new byte[256];
        }
        if (utf16.length > RETAIN_CHARS) {
            utf16 = new char[64];
        }
        if (spans.length > RETAIN_CHARS) {
            spans = EMPTY;
        }
        if (scratch.length > RETAIN_CHARS) {
            scratch = new char[256];
        }
        if (memberOffsets.length > RETAIN_ENTRIES) {
            memberOffsets = new long[64];
        }
        if (stack.length > 4096) {
            stack = new long[64];
            counts = new int[64];
        }
    }

    /** Makes room for {@code n} more entries. */
    public long[] ensure(int n) {
        if (size + n > entries.length) {
            long want = Math.max((long) entries.length * 2, (long) size + n);
            if (want > Integer.MAX_VALUE - 16) {
                want = Integer.MAX_VALUE - 16;
                if (size + n > want) {
                    throw new OutOfMemoryError("tape exceeds the largest Java array");
                }
            }
            entries = Arrays.copyOf(entries, (int) want);
        }
        return entries;
    }

    public byte[] ensureLatin1(int n) {
        if (latin1Size + n > latin1.length) {
            latin1 = Arrays.copyOf(latin1, grow(latin1.length, latin1Size + n));
        }
        return latin1;
    }

    public char[] ensureUtf16(int n) {
        if (utf16Size + n > utf16.length) {
            utf16 = Arrays.copyOf(utf16, grow(utf16.length, utf16Size + n));
        }
        return utf16;
    }

    public byte[] ensureSpans(int n) {
        if ((long) spansSize + n > spans.length) {
            if ((long) spansSize + n > Integer.MAX_VALUE - 16) {
                throw new OutOfMemoryError("strings of the document exceed the largest Java array");
            }
            spans = Arrays.copyOf(spans, grow(Math.max(spans.length, 256), spansSize + n));
        }
        return spans;
    }

    private static int grow(int current, int needed) {
        long want = Math.max((long) current * 2, needed);
        return (int) Math.min(want, Integer.MAX_VALUE - 16);
    }

    public static int tag(long entry) {
        return (int) (entry >>> TAG_SHIFT);
    }

    public static long payload(long entry) {
        return entry & PAYLOAD_MASK;
    }

    public static long entry(int tag, long payload) {
        return ((long) tag << TAG_SHIFT) | payload;
    }
}
