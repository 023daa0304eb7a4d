package dev.hyson.internal.stream;

import dev.hyson.JsonParseException;
import dev.hyson.TypeRef;
import dev.hyson.bind.Binder;
import dev.hyson.internal.bind.BindFailure;
import dev.hyson.internal.bind.Codecs;
import dev.hyson.internal.bind.TapeCodec;
import dev.hyson.internal.bind.TapeReader;
import dev.hyson.internal.number.DoubleFormatter;
import dev.hyson.internal.scan.EventScan;
import dev.hyson.internal.scan.ReadConfig;
import dev.hyson.internal.tape.Tape;
import dev.hyson.internal.tape.TapePool;
import dev.hyson.stream.JsonLocation;
import dev.hyson.stream.JsonParser;
import dev.hyson.stream.JsonToken;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.Arrays;

/**
 * The {@link JsonParser}: hands out the entries of an event tape ({@link Tape#events}) that an
 * {@link EventScan} fills one window at a time. A token is one entry pair (one entry for the literals
 * and the ends); its value is decoded only when an accessor asks (the accessors are
 * {@link TokenValues}'). The only per-token state is the path: per open container whether it is an
 * object, its current member name (through the key cache) or element index. {@code readValue} reads
 * a container from a copy of it ({@link ValueCopy}).
 */
public final class StreamParser extends TokenValues {
    private final EventScan scan;
    private final ReadConfig cfg;
    private final Binder binder;
    private final Closeable owned;

    private int i;
    private int size;

    private int depth;
    private boolean[] object = new boolean[16];
    private int[] index = new int[16];
    private String[] names = new String[16];
    /** Per open object: the entry of its current member's name while not yet decoded (names are decoded on demand), else -1. */
    private int[] nameAt = new int[16];
    /** Per open object: how many member names it has had. */
    private int[] members = new int[16];
    /**
     * Per depth: the names the members of the last object at that depth had, by position, with their
     * bytes as two words and a length, so the next object of the same shape (an array of records)
     * gets each name by one comparison, without a hash or a table probe.
     */
    private PredictedNames[] predicted = new PredictedNames[16];
    private boolean nameNext;
    private boolean closed;

    /** readValue's copy of one value, made on first use. */
    private ValueCopy copy;
    private boolean started;
    /** The location of the root value's last token, taken before its window went: {@link #location()} at the end. */
    private JsonLocation endLocation;

    @Override
    int maxIntegerDigits() {
        return cfg.maxNumberLength;
    }

    /**
     * @param scan the scan that feeds the tape
     * @param tape the event tape {@code scan} fills
     * @param cfg the reader's options
     * @param binder the reader's binder, for {@link #readValue(Class)}
     * @param owned the source to close with the parser, or null
     */
    public StreamParser(EventScan scan, Tape tape, ReadConfig cfg, Binder binder, Closeable owned) {
        super(tape, cfg.internKeys, scan.buffer());
        this.scan = scan;
        this.cfg = cfg;
        this.binder = binder;
        this.owned = owned;
        index[0] = -1;
        nameAt[0] = -1;
    }

    private boolean fill() {
        if (closed) {
            throw new IllegalStateException("the parser is closed");
        }
        for (int d = 1; d <= depth; d++) {
            if (nameAt[d] >= 0) {
                name(d); // its entry is about to go
            }
        }
        boolean more;
        try {
            more = scan.next();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        t = tape.entries;
        size = tape.size;
        i = 0;
        return more;
    }

    @Override
    public JsonToken nextToken() {
        if (closed) {
            throw new IllegalStateException("the parser is closed");
        }
        if (i >= size) {
            keepEndLocation();
            hold();
            if (!fill()) {
                cur = -1;
                token = null;
                return null;
            }
        }
        started = true;
        long[] t = this.t;
        int k = i;
        long e = t[k];
        cur = k;
        curAt = e & Tape.PAYLOAD_MASK;
        switch ((int) (e >>> Tape.TAG_SHIFT)) {
            case Tape.OBJECT:
                i = k + 2;
                beforeValue();
                push(true);
                return token = JsonToken.START_OBJECT;
            case Tape.ARRAY:
                i = k + 2;
                beforeValue();
                push(false);
                return token = JsonToken.START_ARRAY;
            case Tape.END_OBJECT:
                i = k + 1;
                pop();
                return token = JsonToken.END_OBJECT;
            case Tape.END_ARRAY:
                i = k + 1;
                pop();
                return token = JsonToken.END_ARRAY;
            case Tape.STR_ASCII:
            case Tape.STR_UTF8:
            case Tape.STR_LATIN1:
            case Tape.STR_UTF16:
                i = k + 2;
                if (nameNext) {
                    names[depth] = null;
                    nameAt[depth] = k;
                    members[depth]++;
                    nameNext = false;
                    return token = JsonToken.NAME;
                }
                scalar();
                return token = JsonToken.STRING;
            case Tape.INT64:
            case Tape.DOUBLE:
            case Tape.BIG_INTEGER:
            case Tape.BIG_DECIMAL:
                i = k + 2;
                scalar();
                return token = JsonToken.NUMBER;
            case Tape.TRUE:
                i = k + 1;
                scalar();
                return token = JsonToken.TRUE;
            case Tape.FALSE:
                i = k + 1;
                scalar();
                return token = JsonToken.FALSE;
            case Tape.NULL:
                i = k + 1;
                scalar();
                return token = JsonToken.NULL;
            default:
                throw new IllegalStateException("corrupt event tape: tag " + (e >>> Tape.TAG_SHIFT) + " at entry " + k);
        }
    }

    private void beforeValue() {
        if (!object[depth]) {
            index[depth]++;
        }
    }

    private void scalar() {
        int d = depth;
        if (!object[d]) {
            index[d]++;
        } else {
            nameNext = true;
        }
    }

    private void push(boolean isObject) {
        int d = ++depth;
        if (d >= object.length) {
            int n = d * 2;
            object = Arrays.copyOf(object, n);
            index = Arrays.copyOf(index, n);
            names = Arrays.copyOf(names, n);
            nameAt = Arrays.copyOf(nameAt, n);
            members = Arrays.copyOf(members, n);
            predicted = Arrays.copyOf(predicted, n);
        }
        object[d] = isObject;
        index[d] = -1;
        names[d] = null;
        nameAt[d] = -1;
        members[d] = 0;
        nameNext = isObject;
    }

    private void pop() {
        names[depth] = null;
        nameAt[depth] = -1;
        int d = --depth;
        nameNext = object[d];
    }

    /** Before the entries of the current token are replaced: keeps its value for the accessors. */
    private void hold() {
        if (cur >= 0 && token != null && token.isScalar()) {
            held = token == JsonToken.STRING ? string() : token == JsonToken.NUMBER ? getNumber() : null;
        }
        cur = -1;
    }

    @Override
    public boolean hasNext() {
        if (closed) {
            throw new IllegalStateException("the parser is closed"); // as nextToken() does
        }
        if (i < size) {
            return true;
        }
        if (scan.finished()) {
            return false;
        }
        keepEndLocation();
        hold();
        return fill() && size > 0;
    }

    /**
     * Once the root value is complete, keeps where its last token is while its window is still here:
     * {@link #location()} from then on (at the end of input, as a parser over an array gives it), when
     * the next window may no longer hold those bytes.
     */
    private void keepEndLocation() {
        if (started && depth == 0 && endLocation == null) {
            endLocation = location();
        }
    }

    @Override
    public JsonToken currentToken() {
        return token;
    }

    /** The frame whose member or element the current token is (a start token belongs to its parent's). */
    private int frame() {
        return token == JsonToken.START_OBJECT || token == JsonToken.START_ARRAY ? depth - 1 : depth;
    }

    @Override
    public String currentName() {
        if (token == JsonToken.NAME) {
            return name(depth);
        }
        int f = frame();
        return f > 0 && object[f] ? name(f) : null;
    }

    /** The current member name of the object open at depth {@code d}, decoded on first use. */
    private String name(int d) {
        String n = names[d];
        if (n == null && nameAt[d] >= 0) {
            int k = nameAt[d];
            long e = t[k];
            long e1 = t[k + 1];
            int len = (int) e1;
            int off = start(e, e1, 1);
            int tag = Tape.tag(e);
            int m = members[d] - 1;
            byte[] b = text();
            if ((tag == Tape.STR_ASCII || tag == Tape.STR_UTF8) && PredictedNames.fits(len, m, off, b)) {
                PredictedNames p = predicted[d];
                if (p == null) {
                    p = predicted[d] = new PredictedNames();
                }
                n = p.find(m, b, off, len);
                if (n == null) {
                    n = name(e, e1);
                    p.keep(m, n);
                }
            } else {
                n = name(e, e1);
            }
            names[d] = n;
            nameAt[d] = -1;
        }
        return n;
    }

    @Override
    public String getString() {
        if (token == JsonToken.NAME) {
            return name(depth);
        }
        if (token == JsonToken.STRING) {
            return cur < 0 ? (String) held : string();
        }
        if (token == JsonToken.NUMBER) {
            if (cur < 0) {
                Object n = held;
                return n instanceof Double ? DoubleFormatter.toString((Double) n)
                        : n instanceof BigDecimal ? numberText() : n.toString();
            }
            switch (Tape.tag(t[cur])) {
                case Tape.INT64:
                    return Long.toString(t[cur + 1]);
                case Tape.DOUBLE:
                    return DoubleFormatter.toString(Double.longBitsToDouble(t[cur + 1]));
                default:
                    return numberText();
            }
        }
        throw notAt("a string, name or number");
    }

    /** The next entry, reading windows as needed; the scan has validated the document, so it exists. */
    private void need() {
        if (i >= size) {
            cur = -1;
            if (!fill()) {
                throw new IllegalStateException("event tape ended inside a value (a bug in hyson)");
            }
        }
    }

    @Override
    public void skipValue() {
        if (token == JsonToken.NAME) {
            nextToken();
        }
        if (token != JsonToken.START_OBJECT && token != JsonToken.START_ARRAY) {
            return;
        }
        int d = 1;
        for (;;) {
            need();
            long e = t[i];
            switch ((int) (e >>> Tape.TAG_SHIFT)) {
                case Tape.OBJECT:
                case Tape.ARRAY:
                    d++;
                    i += 2;
                    break;
                case Tape.END_OBJECT:
                case Tape.END_ARRAY:
                    i++;
                    if (--d == 0) {
                        end(e, i - 1);
                        return;
                    }
                    break;
                case Tape.TRUE:
                case Tape.FALSE:
                case Tape.NULL:
                    i++;
                    break;
                default:
                    i += 2;
            }
        }
    }

    /** The end entry {@code e} at {@code k} closes the container the current value started. */
    private void end(long e, int k) {
        cur = k;
        curAt = e & Tape.PAYLOAD_MASK;
        token = Tape.tag(e) == Tape.END_OBJECT ? JsonToken.END_OBJECT : JsonToken.END_ARRAY;
        pop();
    }

    @Override
    public Object readValue() {
        start();
        if (token.isScalar()) {
            switch (token) {
                case STRING:
                    return getString();
                case NUMBER:
                    return getNumber();
                case TRUE:
                    return Boolean.TRUE;
                case FALSE:
                    return Boolean.FALSE;
                default:
                    return null;
            }
        }
        String at = pointer();
        JsonLocation where = location();
        scan.hold(curAt); // its bytes stay, so an error found in its copy is located
        try {
            collect();
            try {
                return copy.materialize(cfg);
            } catch (JsonParseException e) {
                throw copy.relocate(e, at, where, scan);
            }
        } finally {
            scan.unhold();
        }
    }

    /** Moves from a NAME to its value; refuses the tokens that start no value. */
    private void start() {
        if (!started) {
            nextToken(); // before the first token: the document's value
        }
        if (token == JsonToken.NAME) {
            nextToken();
        }
        if (token == null || token.isEnd() || token == JsonToken.NAME) {
            throw notAt("the start of a value");
        }
    }

    @Override
    public <T> T readValue(Class<T> type) {
        return type.isPrimitive() ? bindValue(type) : type.cast(bindValue(type));
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T readValue(TypeRef<T> type) {
        return (T) bindValue(type.type());
    }

    private <T> T bindValue(java.lang.reflect.Type type) {
        Codecs codecs = Codecs.of(binder);
        TapeCodec<?> codec = codecs.forReading(type);
        start();
        String at = pointer();
        JsonLocation where = location();
        scan.hold(curAt); // as in readValue()
        try {
            if (token.isScalar()) {
                ValueCopy c = copy;
                if (c == null) {
                    c = copy = new ValueCopy(tape, inPlace);
                }
                c.scalar(t, cur, text(), scan.buffer(), scan.base(), scan.filled()); // a one-entry copy
            } else {
                collect();
            }
            return bindCopy(codecs, codec, at, where);
        } finally {
            scan.unhold();
        }
    }

    @SuppressWarnings("unchecked")
    private <T> T bindCopy(Codecs codecs, TapeCodec<?> codec, String at, JsonLocation where) {
        TapeReader r = copy.reader(cfg, codecs);
        try {
            try {
                return (T) r.readRoot(codec);
            } catch (BindFailure f) {
                throw r.toPublic(f);
            }
        } catch (JsonParseException e) {
            throw copy.relocate(e, at, where, scan);
        } catch (StackOverflowError e) {
            throw new JsonParseException(JsonParseException.Kind.LIMIT_EXCEEDED, "nesting too deep for binding on this"
                    + " thread's stack", "lower JsonReader.Builder.maxDepth or raise the thread's stack size (-Xss)",
                    where.offset(), where.line(), where.column());
        }
    }

    /**
     * Copies the value the current token starts (a container), to its end, into {@link #copy}. The
     * parser ends at the value's end token.
     */
    private void collect() {
        ValueCopy c = copy;
        if (c == null) {
            c = copy = new ValueCopy(tape, inPlace);
        }
        c.begin(token == JsonToken.START_OBJECT, curAt);
        do {
            need();
            i += c.add(t, i, text(), scan.buffer(), scan.base(), scan.filled());
        } while (!c.done());
        end(t[i - 1], i - 1);
    }

    @Override
    public JsonLocation location() {
        if (!started) {
            return new JsonLocation(0, 1, 1);
        }
        if (depth == 0 && endLocation != null) {
            return endLocation; // the root's last token, or the end after it
        }
        long[] lc = scan.locate(curAt);
        return new JsonLocation(curAt - scan.origin(), lc[0], lc[1]);
    }

    @Override
    public String pointer() {
        int f = frame();
        if (f <= 0) {
            return "";
        }
        StringBuilder b = new StringBuilder();
        for (int d = 1; d <= f; d++) {
            b.append('/');
            if (object[d]) {
                String n = name(d);
                if (n != null) {
                    appendEscaped(b, n);
                }
            } else {
                b.append(Math.max(0, index[d]));
            }
        }
        return b.toString();
    }

    /** RFC 6901 section 3: '~' as "~0", '/' as "~1". */
    private static void appendEscaped(StringBuilder b, String n) {
        for (int k = 0; k < n.length(); k++) {
            char c = n.charAt(k);
            if (c == '~') {
                b.append("~0");
            } else if (c == '/') {
                b.append("~1");
            } else {
                b.append(c);
            }
        }
    }

    /**
     * For a copy to a generator: where the current STRING's or NAME's content is, as it was in the
     * input, when it had no escape (so the generator may copy its bytes), in {@link #spans()}.
     *
     * @return {@code (offset << 32) | length}, or -1 when the token is not such a string
     */
    public long rawSpan() {
        if (cur < 0 || (token != JsonToken.STRING && token != JsonToken.NAME)) {
            return -1;
        }
        long e = t[cur];
        int tag = Tape.tag(e);
        if (tag != Tape.STR_ASCII && tag != Tape.STR_UTF8) {
            return -1;
        }
        long e1 = t[cur + 1];
        return inPlace ? ((long) start(e, e1, 1) << 32) | (int) e1 : e1;
    }

    /** @return whether the current string's raw content ({@link #rawSpan()}) is all ASCII */
    public boolean rawAscii() {
        return cur >= 0 && Tape.tag(t[cur]) == Tape.STR_ASCII;
    }

    /** @return the array {@link #rawSpan()} points into */
    public byte[] spans() {
        return text();
    }

    // For dev.hyson.internal.write.TapeCopy: a value's entries read window by window, the parser left at its end.
    /** @return the current window's entries */
    public long[] entries() {
        return t;
    }

    /** @return the index in {@link #entries()} of the entry after the current token */
    public int position() {
        return i;
    }

    /** @return the end of the current window's entries */
    public int limit() {
        return size;
    }

    /** Replaces the window once all its entries were used, inside a value (so more must come). */
    public void nextWindow() {
        cur = -1;
        if (!fill()) {
            throw new IllegalStateException("event tape ended inside a value (a bug in hyson)");
        }
    }

    /**
     * Ends a copy: the parser is at the end token at {@code k} of the current window, which closes
     * the container the copy started at.
     *
     * @param k the end token's entry
     */
    public void copiedTo(int k) {
        i = k + 1;
        end(t[k], k);
    }

    /**
     * @param e a string entry of the current window
     * @param e1 the entry after it
     * @return where its content starts in {@link #spans()}, when it is a span (ASCII or UTF-8 as in the input)
     */
    public int spanStart(long e, long e1) {
        return start(e, e1, 1);
    }

    /** @return the member name held by the string entry at {@code k} of the current window (through the key cache) */
    public String nameAt(int k) {
        return name(t[k], t[k + 1]);
    }

    /** @return where the window's STR_UTF16 entries' chars are (entry 1: offset in the high half, length in the low) */
    public char[] decodedChars() {
        return tape.utf16;
    }

    /** @return where the window's STR_LATIN1 entries' bytes are (entry 1 as for {@link #decodedChars()}) */
    public byte[] decodedLatin1() {
        return tape.latin1;
    }

    /** @return the string held by the entry at {@code k} of the current window */
    public String stringAt(int k) {
        int was = cur;
        cur = k;
        try {
            return string();
        } finally {
            cur = was;
        }
    }

    /** @return the number held by the entry at {@code k} of the current window, as {@link #getNumber()} gives it */
    public Number numberAt(int k) {
        int was = cur;
        JsonToken before = token;
        long at = curAt;
        cur = k;
        token = JsonToken.NUMBER;
        curAt = t[k] & Tape.PAYLOAD_MASK;
        try {
            return getNumber();
        } finally {
            cur = was;
            token = before;
            curAt = at;
        }
    }

    /** @return where the entry at {@code k} of the current window starts in the input */
    public JsonLocation locationAt(int k) {
        long at = t[k] & Tape.PAYLOAD_MASK;
        long[] lc = scan.locate(at);
        return new JsonLocation(at - scan.origin(), lc[0], lc[1]);
    }

    @Override
    public int depth() {
        return depth;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        size = 0;
        i = 0;
        scan.release();
        TapePool.release(tape); // the reader's per-thread tape is free again
        if (owned != null) {
            try {
                owned.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
