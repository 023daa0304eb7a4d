package dev.hyson;

import dev.hyson.internal.bind.BindFailure;
import dev.hyson.internal.bind.Codecs;
import dev.hyson.internal.bind.TapeCodec;
import dev.hyson.internal.bind.TapeExtents;
import dev.hyson.internal.bind.TapeReader;
import dev.hyson.internal.lazy.LazyAccess;
import dev.hyson.internal.lazy.TapeArrays;
import dev.hyson.internal.lines.LineAccess;
import dev.hyson.internal.names.KeyCache;
import dev.hyson.internal.scan.AutoThreshold;
import dev.hyson.internal.scan.Backends;
import dev.hyson.internal.scan.EventScan;
import dev.hyson.internal.scan.JavaScanner;
import dev.hyson.internal.scan.ReadConfig;
import dev.hyson.internal.scan.ScanError;
import dev.hyson.internal.scan.Scanner;
import dev.hyson.internal.scan.StreamScan;
import dev.hyson.internal.stream.StreamParser;
import dev.hyson.internal.tape.Tape;
import dev.hyson.internal.tape.TapeMaterializer;
import dev.hyson.internal.tape.TapePool;
import java.lang.reflect.Type;
import java.util.Objects;

/**
 * A {@link JsonReader}'s reading of a document held in an array: the document is scanned with the
 * reader's backend into the thread's tape, then its values are built ({@code parse}) or bound to a
 * type ({@code read}), and the tape is given back; or a pull parser is set over it. One line of
 * JSON Lines is read the same way, its errors placed in the whole input.
 */
final class ArrayDocuments {
    private static final byte[] NO_BYTES = {};
    private static final char[] NO_CHARS = {};

    /** The tapes of every reader's parses, one per thread (see {@link TapePool}). */
    static final TapePool TAPES = new TapePool();

    private final ReadConfig config;
    private final Backends.Selection selection;
    private final dev.hyson.bind.Binder binder;

    /**
     * @param config the reader's options
     * @param selection the reader's backend (its scanner is asked for at each read: it may be unavailable)
     * @param binder the reader's binder
     */
    ArrayDocuments(ReadConfig config, Backends.Selection selection, dev.hyson.bind.Binder binder) {
        this.config = config;
        this.selection = selection;
        this.binder = binder;
    }

    /** {@link JsonReader#parse(byte[], int, int)}. */
    Object parse(byte[] json, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, json.length);
        Tape tape = scan(json, offset, length);
        try {
            return TapeMaterializer.materialize(tape, json, offset, offset + length, config, KeyCache.SHARED);
        } finally {
            TapePool.release(tape);
        }
    }

    /** {@link JsonReader#read(byte[], int, int, Class)} before the cast: the value bound to {@code type}. */
    Object bind(byte[] json, int offset, int length, Type type) {
        Objects.checkFromIndexSize(offset, length, json.length);
        Codecs codecs = Codecs.of(binder);
        TapeCodec<?> codec = codecs.forReading(type);
        Tape tape = scan(json, offset, length);
        try {
            return readRoot(new TapeReader(tape, json, offset, offset + length, config, codecs, null), codec, config.maxDepth);
        } finally {
            TapePool.release(tape);
        }
    }

    /**
     * @param type the type to bind each line to, or null for the values {@code parse} gives
     * @return the parser of one JSON Lines line (see {@link LineAccess})
     * @throws IllegalArgumentException when {@code type} cannot be bound
     */
    LineAccess.LineParser lineParser(Type type) {
        Codecs codecs = type == null ? null : Codecs.of(binder);
        TapeCodec<?> codec = type == null ? null : codecs.forReading(type);
        return new LineParser() {
            @Override
            public Object read(Tape tape, int entry, byte[] buf, int start, int end, long offset, long line) {
                return readLine(tape, entry, buf, start, end, offset, line, codecs, codec);
            }

            @Override
            public boolean copiesValues() {
                return true; // trees and bound values copy their strings and numbers (no codec is given the buffer)
            }
        };
    }

    /** @return the line parser of {@link dev.hyson.stream.JsonLines#validate}: the scan, and values only to find repeated names */
    LineAccess.LineParser lineValidator() {
        // the values are built where an error is found only then: repeated names under ERROR, and a
        // BigDecimal exponent beyond its 32-bit scale (the scan accepts any exponent)
        boolean names = config.duplicateKeys == DuplicateKeyPolicy.ERROR || config.bigDecimals;
        return new LineParser() {
            @Override
            public Object read(Tape tape, int entry, byte[] buf, int start, int end, long offset, long line) {
                if (names) {
                    readLine(tape, entry, buf, start, end, offset, line, null, null);
                }
                return Boolean.TRUE;
            }

            @Override
            public boolean scanOnly() {
                return !names;
            }

            @Override
            public boolean copiesValues() {
                return true;
            }
        };
    }

    /**
     * @return the line parser of {@link dev.hyson.stream.JsonLines#documents}: each line a lazy document
     *     of its own (a copy of its bytes and tape entries, so it outlives the window)
     */
    LineAccess.LineParser lineDocuments() {
        return new LineParser() {
            @Override
            public Object read(Tape tape, int entry, byte[] buf, int start, int end, long offset, long line) {
                return lineDocument(tape, entry, buf, start, end, offset, line);
            }

            @Override
            public boolean copiesValues() {
                return true; // each document has a copy of its line's bytes and entries
            }
        };
    }

    /** @return the line parser of {@link dev.hyson.stream.JsonLines#forEachDocument}: each line a view of the window */
    LineAccess.LineParser lineViews() {
        return new LineParser() {
            @Override
            public Object read(Tape tape, int entry, byte[] buf, int start, int end, long offset, long line) {
                TapeArrays view = new TapeArrays(tape.entries, tape.size, tape.latin1, tape.utf16);
                return LazyAccess.factory().create(view, entry, buf, start, end, subtrees, offset, line);
            }
        };
    }

    /** A lazy document of its own for one line of a window: its bytes, and its entries moved to them. */
    private dev.hyson.lazy.LazyDocument lineDocument(Tape window, int entry, byte[] buf, int start, int end, long offset,
            long line) {
        int n = TapeExtents.next(window.entries, entry) - entry;
        long[] t = new long[n];
        long[] w = window.entries;
        int latin1 = 0;
        int utf16 = 0;
        for (int i = 0; i < n;) {
            int tag = Tape.tag(w[entry + i]);
            t[i] = w[entry + i] - start; // offsets into the line's own bytes (the payload's low bits)
            if (tag >= Tape.TRUE && tag <= Tape.NULL) {
                i++;
                continue;
            }
            t[i + 1] = w[entry + i + 1];
            if (tag == Tape.STR_LATIN1) {
                latin1 += (int) t[i + 1];
            } else if (tag == Tape.STR_UTF16) {
                utf16 += (int) t[i + 1];
            }
            i += 2;
        }
        byte[] l1 = NO_BYTES;
        char[] u16 = NO_CHARS;
        if (latin1 + utf16 > 0) {
            // the window's decoded strings are reused by the next window: copy this line's
            l1 = new byte[latin1];
            u16 = new char[utf16];
            latin1 = 0;
            utf16 = 0;
            for (int i = 0; i < n;) {
                int tag = Tape.tag(t[i]);
                if (tag == Tape.STR_LATIN1 || tag == Tape.STR_UTF16) {
                    int from = (int) (t[i + 1] >>> 32);
                    int len = (int) t[i + 1];
                    if (tag == Tape.STR_LATIN1) {
                        System.arraycopy(window.latin1, from, l1, latin1, len);
                        t[i + 1] = ((long) latin1 << 32) | len;
                        latin1 += len;
                    } else {
                        System.arraycopy(window.utf16, from, u16, utf16, len);
                        t[i + 1] = ((long) utf16 << 32) | len;
                        utf16 += len;
                    }
                }
                i += tag >= Tape.TRUE && tag <= Tape.NULL ? 1 : 2;
            }
        }
        TapeArrays tape = new TapeArrays(t, n, l1, u16);
        byte[] bytes = java.util.Arrays.copyOfRange(buf, start, end);
        return LazyAccess.factory().create(tape, 0, bytes, 0, bytes.length, subtrees, offset, line);
    }

    /** The line parsers' part that is this reader's: the scanner for a window of lines. */
    private abstract class LineParser implements LineAccess.LineParser {
        @Override
        public Scanner scanner(int windowLength) {
            return ArrayDocuments.this.scanner(windowLength);
        }
    }

    /** @return the reader's options */
    ReadConfig config() {
        return config;
    }

    /**
     * Builds (codec null) or binds the value of the line {@code buf[start, end)}, whose entries start at
     * {@code entry} in the tape of its window, so every error it reports is on its line 1, moved to
     * the line's place in the whole input. Binding reads a copy of the line's entries (the binder walks
     * a tape from its first entry).
     */
    private Object readLine(Tape tape, int entry, byte[] buf, int start, int end, long offset, long line, Codecs codecs,
            TapeCodec<?> codec) {
        try {
            return readAt(tape, entry, buf, start, end, codecs, codec);
        } catch (JsonParseException e) {
            throw e.relocate(offset + e.offset(), line, e.column());
        }
    }

    /**
     * Builds (codec null) or binds the value whose entries start at {@code entry} in {@code tape}, a
     * scan of {@code buf[start, end)}; the tape is only read (binding reads a copy of the value's
     * entries, as the binder walks a tape from its first entry; building reads the entries through a
     * pooled tape of this thread), so threads may share it.
     */
    private Object readAt(Tape tape, int entry, byte[] buf, int start, int end, Codecs codecs, TapeCodec<?> codec) {
        return readAt(tape.entries, tape.size, tape.latin1, tape.latin1Size, tape.utf16, tape.utf16Size, entry, buf, start, end,
                codecs, codec);
    }

    private Object readAt(long[] entries, int size, byte[] latin1, int latin1Size, char[] utf16, int utf16Size, int entry,
            byte[] buf, int start, int end, Codecs codecs, TapeCodec<?> codec) {
        Tape one = TAPES.acquire();
        long[] ownEntries = one.entries;
        byte[] ownLatin1 = one.latin1;
        char[] ownUtf16 = one.utf16;
        try {
            one.reset(0);
            if (codec == null) {
                one.entries = entries;
                one.size = size;
            } else {
                int n = TapeExtents.next(entries, entry) - entry;
                System.arraycopy(entries, entry, one.ensure(n), 0, n);
                ownEntries = one.entries;
                one.size = n;
            }
            // the decoded strings stay where the scanned tape has them
            one.latin1 = latin1;
            one.latin1Size = latin1Size;
            one.utf16 = utf16;
            one.utf16Size = utf16Size;
            if (codec == null) {
                return TapeMaterializer.materializeAt(one, entry, buf, start, end, config, KeyCache.SHARED);
            }
            return readRoot(new TapeReader(one, buf, start, end, config, codecs, null), codec, config.maxDepth);
        } finally {
            one.entries = ownEntries;
            one.size = 0;
            one.latin1 = ownLatin1;
            one.latin1Size = 0;
            one.utf16 = ownUtf16;
            one.utf16Size = 0;
            TapePool.release(one);
        }
    }

    /**
     * {@link JsonReader#document(byte[], int, int)}: the document scanned into the thread's tape, whose
     * entries and decoded strings the document gets a copy of; the array is used in place.
     */
    dev.hyson.lazy.LazyDocument document(byte[] json, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, json.length);
        Tape scanned = scan(json, offset, length);
        TapeArrays tape;
        try {
            // the thread's tape is reused by the next parse: the document gets copies at their sizes
            tape = new TapeArrays(java.util.Arrays.copyOf(scanned.entries, scanned.size), scanned.size,
                    java.util.Arrays.copyOf(scanned.latin1, scanned.latin1Size), java.util.Arrays.copyOf(scanned.utf16, scanned.utf16Size));
        } finally {
            TapePool.release(scanned);
        }
        return LazyAccess.factory().create(tape, 0, json, offset, offset + length, subtrees, 0, 1);
    }

    /** What a {@link dev.hyson.lazy.LazyDocument} of this reader builds and binds with. */
    private final LazyAccess.Subtrees subtrees = new LazyAccess.Subtrees() {
        @Override
        public Object read(TapeArrays tape, int entry, byte[] buf, int start, int end, Type type, String pointer, long offset,
                long line) {
            long[] t = tape.entries();
            int size = tape.size();
            byte[] l1 = tape.latin1();
            char[] u16 = tape.utf16();
            try {
                if (type == null) {
                    return readAt(t, size, l1, l1.length, u16, u16.length, entry, buf, start, end, null, null);
                }
                Codecs codecs = Codecs.of(binder);
                TapeCodec<?> codec = codecs.forReading(type);
                try {
                    return readAt(t, size, l1, l1.length, u16, u16.length, entry, buf, start, end, codecs, codec);
                } catch (JsonParseException e) {
                    throw e.under(pointer);
                }
            } catch (JsonParseException e) {
                // a JSON Lines line's document: its errors at the line's place in the whole input
                throw offset == 0 && line == 1 ? e : e.relocate(offset + e.offset(), line - 1 + e.line(), e.column());
            }
        }

        @Override
        public int duplicates() {
            switch (config.duplicateKeys) {
                case FIRST_WINS:
                    return LazyAccess.Subtrees.FIRST_WINS;
                case ERROR:
                    return LazyAccess.Subtrees.ERROR;
                default:
                    return LazyAccess.Subtrees.LAST_WINS;
            }
        }
    };

    /** The root value of a scanned document, bound by {@code codec}, with binding's failures as the public exception. */
    private static Object readRoot(TapeReader r, TapeCodec<?> codec, int maxDepth) {
        int root = r.i;
        try {
            try {
                return r.readRoot(codec);
            } catch (StackOverflowError e) {
                // codecs recurse per level of the type's nesting (the tape itself was built within maxDepth):
                // bound again from the tape on a thread whose stack holds maxDepth levels
                r.i = root;
                return dev.hyson.internal.DeepStack.call(() -> r.readRoot(codec), maxDepth);
            }
        } catch (BindFailure f) {
            throw r.toPublic(f);
        } catch (StackOverflowError e) {
            throw new JsonParseException(JsonParseException.Kind.LIMIT_EXCEEDED, "nesting too deep for binding on this"
                    + " thread's stack", "lower JsonReader.Builder.maxDepth or raise the thread's stack size (-Xss)", 0, 1, 1);
        }
    }

    /** {@link JsonReader#parser(byte[], int, int)}: the parser reads the array in place, window by window. */
    dev.hyson.stream.JsonParser parser(byte[] json, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, json.length);
        Tape tape = TAPES.acquire();
        try {
            EventScan scan = new EventScan(json, offset, length, scanner(length), config, tape, StreamScan.WINDOW);
            return new StreamParser(scan, tape, config, binder, null);
        } catch (RuntimeException | Error e) {
            TapePool.release(tape);
            throw e;
        }
    }

    /**
     * The scanner for a document of {@code length} bytes: the backend's, or under {@code auto} the
     * Java one below the size where a JNI call's fixed cost outweighs the faster native scan.
     */
    private Scanner scanner(int length) {
        return length < AutoThreshold.NATIVE_MIN_LENGTH && selection.isAuto() ? JavaScanner.INSTANCE : selection.scanner();
    }

    /** {@link #scan(byte[], int, int, long, long)} of a whole document. */
    private Tape scan(byte[] json, int offset, int length) {
        return scan(json, offset, length, 0, 1);
    }

    /**
     * Scans {@code json[offset, offset + length)} into this thread's tape (the caller releases it).
     *
     * @param at the offset of {@code json[offset]} in the whole input (0 but for a JSON Lines line)
     * @param line the line number of {@code json[offset]} in the whole input (1 but for a JSON Lines line)
     * @throws JsonParseException for invalid input (the tape is released first)
     */
    private Tape scan(byte[] json, int offset, int length, long at, long line) {
        Scanner scanner = scanner(length);
        Tape tape = TAPES.acquire();
        tape.reset(length);
        int end = offset + length;
        try {
            if (!scanner.scan(json, offset, end, config, tape)) {
                throw ScanError.create(tape.errorCode, json, offset, end, tape.errorOffset, config, at, line, 1);
            }
        } catch (RuntimeException | Error e) {
            TapePool.release(tape);
            throw e;
        }
        return tape;
    }
}
