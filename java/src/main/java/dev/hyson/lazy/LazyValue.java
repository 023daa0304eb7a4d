package dev.hyson.lazy;

import dev.hyson.JsonPointer;
import dev.hyson.JsonPointerException;
import dev.hyson.JsonWriter;
import dev.hyson.TypeRef;
import dev.hyson.bind.ValueType;
import dev.hyson.internal.number.NumberText;
import dev.hyson.internal.tape.Tape;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * One value of a {@link LazyDocument}: a position on its tape, read on demand. Looking a member or
 * element up gives another {@code LazyValue} (nothing is copied or decoded on the way); the typed reads
 * decode only the value read. Errors are {@link JsonPointerException}s naming the value's JSON Pointer
 * (RFC 6901): a missing member, an index out of range, a type mismatch.
 *
 * <p>Immutable, thread-safe, valid as long as its document (which it keeps reachable). Two values are
 * equal when they are the same position of the same document.
 */
public final class LazyValue {
    private final LazyDocument doc;
    private final int entry;
    private final LazyValue parent;
    /** The member name this value was reached by, or null for an element (then {@link #index}) or the root. */
    private final String name;
    private final int index;

    /** @return the value's first entry in its document's tape */
    int entry() {
        return entry;
    }

    LazyValue(LazyDocument doc, int entry, LazyValue parent, String name) {
        this(doc, entry, parent, name, -1);
    }

    private LazyValue(LazyDocument doc, int entry, LazyValue parent, String name, int index) {
        this.doc = doc;
        this.entry = entry;
        this.parent = parent;
        this.name = name;
        this.index = index;
    }

    /** @return the document this value belongs to */
    public LazyDocument document() {
        return doc;
    }

    /** @return this value's JSON Pointer from the document's root (RFC 6901 text form), {@code ""} for the root */
    public String pointer() {
        if (parent == null) {
            return "";
        }
        // iterative: a document may be nested as deep as its reader's maxDepth allows
        int depth = 0;
        for (LazyValue v = this; v.parent != null; v = v.parent) {
            depth++;
        }
        LazyValue[] path = new LazyValue[depth];
        LazyValue v = this;
        for (int i = depth - 1; i >= 0; i--, v = v.parent) {
            path[i] = v;
        }
        StringBuilder b = new StringBuilder();
        for (LazyValue p : path) {
            b.append('/').append(p.name != null ? JsonPointer.escape(p.name) : Integer.toString(p.index));
        }
        return b.toString();
    }

    private int tag() {
        if (doc.expired) {
            doc.check();
        }
        return Tape.tag(doc.t[entry]);
    }

    /**
     * @return the value's JSON type: {@code OBJECT}, {@code ARRAY}, {@code STRING}, {@code INTEGER} (an
     *     integer in the {@code long} range; {@code -0} is the integer 0, as {@code parse} gives it),
     *     {@code BIG_INTEGER}, {@code DECIMAL} (a number with a fraction or exponent), {@code BOOLEAN}
     *     or {@code NULL}
     */
    public ValueType type() {
        return TYPES[tag()];
    }

    /** The value type of each tape tag. */
    private static final ValueType[] TYPES = new ValueType[Tape.NULL + 1];

    static {
        TYPES[Tape.OBJECT] = ValueType.OBJECT;
        TYPES[Tape.ARRAY] = ValueType.ARRAY;
        for (int tag = Tape.STR_ASCII; tag <= Tape.STR_UTF16; tag++) {
            TYPES[tag] = ValueType.STRING;
        }
        TYPES[Tape.INT64] = ValueType.INTEGER;
        TYPES[Tape.BIG_INTEGER] = ValueType.BIG_INTEGER;
        TYPES[Tape.DOUBLE] = ValueType.DECIMAL;
        TYPES[Tape.BIG_DECIMAL] = ValueType.DECIMAL;
        TYPES[Tape.TRUE] = ValueType.BOOLEAN;
        TYPES[Tape.FALSE] = ValueType.BOOLEAN;
        TYPES[Tape.NULL] = ValueType.NULL;
    }

    /** @return whether this is an object */
    public boolean isObject() {
        return tag() == Tape.OBJECT;
    }

    /** @return whether this is an array */
    public boolean isArray() {
        return tag() == Tape.ARRAY;
    }

    /** @return whether this is a string */
    public boolean isString() {
        int tag = tag();
        return tag >= Tape.STR_ASCII && tag <= Tape.STR_UTF16;
    }

    /** @return whether this is a number */
    public boolean isNumber() {
        int tag = tag();
        return tag >= Tape.INT64 && tag <= Tape.BIG_DECIMAL;
    }

    /** @return whether this is {@code true} or {@code false} */
    public boolean isBoolean() {
        int tag = tag();
        return tag == Tape.TRUE || tag == Tape.FALSE;
    }

    /** @return whether this is {@code null} */
    public boolean isNull() {
        return tag() == Tape.NULL;
    }

    /**
     * @return the number of members of an object or elements of an array (repeated names counted each time)
     * @throws JsonPointerException ({@code TYPE_MISMATCH}) for any other value
     */
    public int size() {
        int tag = tag();
        if (tag != Tape.OBJECT && tag != Tape.ARRAY) {
            throw mismatch("an object or an array");
        }
        return (int) doc.t[entry + 1];
    }

    /**
     * @param name a member name
     * @return the member's value (of repeated names, the one {@code parse} keeps; see {@link LazyDocument})
     * @throws JsonPointerException {@code MISSING_MEMBER} when the object has no such member,
     *     {@code TYPE_MISMATCH} when this is not an object
     */
    public LazyValue get(String name) {
        LazyValue v = find(name);
        if (v == null) {
            throw new JsonPointerException(JsonPointerException.Kind.MISSING_MEMBER, pointer() + "/" + JsonPointer.escape(name),
                    "no member \"" + name + "\" in the object");
        }
        return v;
    }

    /**
     * @param name a member name
     * @return the member's value, or null when the object has no such member
     * @throws JsonPointerException ({@code TYPE_MISMATCH}) when this is not an object
     */
    public LazyValue find(String name) {
        if (tag() != Tape.OBJECT) {
            throw mismatch("an object");
        }
        long[] t = doc.t;
        int members = (int) t[entry + 1];
        if (members >= LazyDocument.INDEX_MIN_MEMBERS) {
            MemberIndex index = doc.index(entry, members);
            int v = index.find(name);
            if (v >= 0 && doc.duplicatesFail && index.repeated(name)) {
                toValue(); // the object's tree raises the reader's duplicate-name error, at its place
            }
            return v < 0 ? null : new LazyValue(doc, v, this, name);
        }
        byte[] key = null;
        int found = -1;
        int p = entry + 2;
        for (int m = 0; m < members; m++) {
            int tag = Tape.tag(t[p]);
            boolean same;
            if (tag == Tape.STR_ASCII || tag == Tape.STR_UTF8) {
                if (key == null) {
                    // a name with a lone surrogate is no UTF-8 (getBytes would make it '?'): only a decoded
                    // (escaped) name can equal it
                    key = loneSurrogate(name) ? NO_KEY : name.getBytes(StandardCharsets.UTF_8);
                }
                int len = (int) t[p + 1];
                int from = (int) Tape.payload(t[p]) + 1;
                same = key != NO_KEY && len == key.length && Arrays.equals(doc.buf, from, from + len, key, 0, len);
            } else {
                same = decodedEquals(t[p + 1], tag, name);
            }
            if (same) {
                if (found >= 0 && doc.duplicatesFail) {
                    toValue(); // the object's tree raises the reader's duplicate-name error, at its place
                }
                found = p + 2;
                if (doc.firstWins) {
                    break;
                }
            }
            p = doc.next(p + 2);
        }
        return found < 0 ? null : new LazyValue(doc, found, this, name);
    }

    private static final byte[] NO_KEY = {};

    /** @return whether {@code s} has a surrogate that is not half of a pair */
    static boolean loneSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a decoded name (in the tape's Latin-1 or UTF-16 buffer) is {@code name}. */
    private boolean decodedEquals(long e1, int tag, String name) {
        int from = (int) (e1 >>> 32);
        int len = (int) e1;
        if (len != name.length()) {
            return false;
        }
        for (int i = 0; i < len; i++) {
            char c = tag == Tape.STR_LATIN1 ? (char) (doc.latin1[from + i] & 0xFF) : doc.utf16[from + i];
            if (c != name.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /**
     * @param index an element's index, from 0
     * @return the array's element there (the elements before it are walked: to visit them all, iterate
     *     {@link #elements()})
     * @throws JsonPointerException {@code INDEX_OUT_OF_RANGE} when there is no such element,
     *     {@code TYPE_MISMATCH} when this is not an array
     */
    public LazyValue get(int index) {
        if (tag() != Tape.ARRAY) {
            throw mismatch("an array");
        }
        long n = doc.t[entry + 1];
        if (index < 0 || index >= n) {
            throw new JsonPointerException(JsonPointerException.Kind.INDEX_OUT_OF_RANGE, pointer() + "/" + index,
                    "no element " + index + " in an array of " + n);
        }
        int p = entry + 2;
        for (int i = 0; i < index; i++) {
            p = doc.next(p);
        }
        return new LazyValue(doc, p, this, null, index);
    }

    /**
     * @param pointer a JSON Pointer (RFC 6901) relative to this value; {@code ""} is this value
     * @return the value it points to
     * @throws JsonPointerException as {@link LazyDocument#at(String)}
     */
    public LazyValue at(String pointer) {
        return at(JsonPointer.parse(pointer));
    }

    /**
     * Follows a pointer's tokens: into an object by member name, into an array by index (RFC 6901
     * section 4: {@code "-"} and indexes with a leading zero are out of range).
     *
     * @param pointer a JSON Pointer relative to this value
     * @return the value it points to
     * @throws JsonPointerException as {@link LazyDocument#at(String)}
     */
    public LazyValue at(JsonPointer pointer) {
        LazyValue v = this;
        for (String token : pointer.tokens()) {
            int tag = v.tag();
            if (tag == Tape.OBJECT) {
                v = v.get(token);
            } else if (tag == Tape.ARRAY) {
                int i = JsonPointer.index(token);
                if (i < 0) {
                    throw new JsonPointerException(JsonPointerException.Kind.INDEX_OUT_OF_RANGE,
                            v.pointer() + "/" + JsonPointer.escape(token), "\"" + token + "\" is not an array index");
                }
                v = v.get(i);
            } else {
                throw v.mismatch("an object or an array for the token \"" + token + "\"");
            }
        }
        return v;
    }

    /**
     * @return the string's value
     * @throws JsonPointerException ({@code TYPE_MISMATCH}) when this is not a string
     */
    public String asString() {
        if (!isString()) {
            throw mismatch("a string");
        }
        return string(doc, entry);
    }

    /** The string (a value or a member name) whose entry is at {@code p}. */
    static String string(LazyDocument doc, int p) {
        long e = doc.t[p];
        long e1 = doc.t[p + 1];
        int len = (int) e1;
        switch (Tape.tag(e)) {
            case Tape.STR_ASCII:
                return new String(doc.buf, (int) Tape.payload(e) + 1, len, StandardCharsets.ISO_8859_1);
            case Tape.STR_UTF8:
                return new String(doc.buf, (int) Tape.payload(e) + 1, len, StandardCharsets.UTF_8);
            case Tape.STR_LATIN1:
                return new String(doc.latin1, (int) (e1 >>> 32), len, StandardCharsets.ISO_8859_1);
            default:
                return new String(doc.utf16, (int) (e1 >>> 32), len);
        }
    }

    /**
     * @return the integer's value
     * @throws JsonPointerException ({@code TYPE_MISMATCH}) when this is not an integer in the {@code long}
     *     range (a number with a fraction or exponent included)
     */
    public long asLong() {
        if (tag() != Tape.INT64) {
            throw mismatch("an integer in the long range");
        }
        return doc.t[entry + 1];
    }

    /**
     * @return the integer's value
     * @throws JsonPointerException ({@code TYPE_MISMATCH}) when this is not an integer in the {@code int} range
     */
    public int asInt() {
        long v = tag() == Tape.INT64 ? doc.t[entry + 1] : Long.MIN_VALUE;
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw mismatch("an integer in the int range");
        }
        return (int) v;
    }

    /**
     * @return the number as the closest {@code double} (correctly rounded from its text)
     * @throws JsonPointerException ({@code TYPE_MISMATCH}) when this is not a number
     */
    public double asDouble() {
        switch (tag()) {
            case Tape.INT64:
                return doc.t[entry + 1];
            case Tape.DOUBLE:
                return Double.longBitsToDouble(doc.t[entry + 1]);
            case Tape.BIG_INTEGER:
            case Tape.BIG_DECIMAL:
                return Double.parseDouble(numberText());
            default:
                throw mismatch("a number");
        }
    }

    /**
     * @return the integer's exact value
     * @throws JsonPointerException ({@code TYPE_MISMATCH}) when this is not an integer (a number with a
     *     fraction or exponent included)
     */
    public BigInteger asBigInteger() {
        switch (tag()) {
            case Tape.INT64:
                return BigInteger.valueOf(doc.t[entry + 1]);
            case Tape.BIG_INTEGER:
                return new BigInteger(numberText());
            default:
                throw mismatch("an integer");
        }
    }

    /**
     * @return the number's exact value, from its text ({@code 1.50} keeps its scale of 2)
     * @throws JsonPointerException ({@code TYPE_MISMATCH}) when this is not a number, its exponent is
     *     outside {@code BigDecimal}'s scale range, or it is NaN or an infinity
     */
    public BigDecimal asBigDecimal() {
        if (tag() == Tape.INT64) {
            return BigDecimal.valueOf(doc.t[entry + 1]);
        }
        if (!isNumber()) {
            throw mismatch("a number");
        }
        if (tag() == Tape.DOUBLE && !Double.isFinite(Double.longBitsToDouble(doc.t[entry + 1]))) {
            throw mismatch("a finite number (NaN and the infinities have no BigDecimal)");
        }
        byte[] text = numberText().getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        BigDecimal v = dev.hyson.internal.number.NumberText.bigDecimal(text, 0, text.length);
        if (v == null) {
            throw mismatch("a number within BigDecimal's scale range");
        }
        return v;
    }

    /**
     * @return the number as {@code parse} gives it: {@code Long}, {@code Double}, {@code BigInteger} or
     *     (under {@code bigDecimals}) {@code BigDecimal}
     * @throws JsonPointerException ({@code TYPE_MISMATCH}) when this is not a number
     */
    public Number asNumber() {
        switch (tag()) {
            case Tape.INT64:
                return doc.t[entry + 1];
            case Tape.DOUBLE:
                return Double.longBitsToDouble(doc.t[entry + 1]);
            case Tape.BIG_INTEGER:
            case Tape.BIG_DECIMAL:
                return (Number) toValue();
            default:
                throw mismatch("a number");
        }
    }

    /** The number's text in the input: a span's length is on the tape, a parsed number's is found again. */
    private String numberText() {
        long e = doc.t[entry];
        int from = (int) Tape.payload(e);
        int tag = Tape.tag(e);
        int to;
        if (tag == Tape.BIG_INTEGER || tag == Tape.BIG_DECIMAL) {
            to = from + (int) doc.t[entry + 1];
        } else {
            int n = NumberText.end(doc.buf, from, doc.end);
            to = n < 0 ? ~n : n; // NaN or Infinity (allowNonFiniteLiterals): no number text
        }
        return new String(doc.buf, from, to - from, StandardCharsets.ISO_8859_1);
    }

    /**
     * @return the boolean's value
     * @throws JsonPointerException ({@code TYPE_MISMATCH}) when this is not {@code true} or {@code false}
     */
    public boolean asBoolean() {
        int tag = tag();
        if (tag != Tape.TRUE && tag != Tape.FALSE) {
            throw mismatch("a boolean");
        }
        return tag == Tape.TRUE;
    }

    /**
     * @return an array's elements, in order, each walked to as the iteration goes (one pass over the array)
     * @throws JsonPointerException ({@code TYPE_MISMATCH}) when this is not an array
     */
    public Iterable<LazyValue> elements() {
        if (tag() != Tape.ARRAY) {
            throw mismatch("an array");
        }
        int n = (int) doc.t[entry + 1];
        return () -> new Iterator<>() {
            private int i;
            private int p = entry + 2;

            @Override
            public boolean hasNext() {
                return i < n;
            }

            @Override
            public LazyValue next() {
                if (i >= n) {
                    throw new NoSuchElementException();
                }
                doc.check();
                LazyValue v = new LazyValue(doc, p, LazyValue.this, null, i++);
                if (i < n) {
                    p = doc.next(p);
                }
                return v;
            }
        };
    }

    /**
     * @return an object's members in input order, name and value, each name decoded as the iteration
     *     reaches it (repeated names appear each time)
     * @throws JsonPointerException ({@code TYPE_MISMATCH}) when this is not an object
     */
    public Iterable<Map.Entry<String, LazyValue>> members() {
        if (tag() != Tape.OBJECT) {
            throw mismatch("an object");
        }
        int n = (int) doc.t[entry + 1];
        return () -> new Iterator<>() {
            private int i;
            private int p = entry + 2;

            @Override
            public boolean hasNext() {
                return i < n;
            }

            @Override
            public Map.Entry<String, LazyValue> next() {
                if (i >= n) {
                    throw new NoSuchElementException();
                }
                doc.check();
                String key = string(doc, p);
                LazyValue v = new LazyValue(doc, p + 2, LazyValue.this, key);
                if (++i < n) {
                    p = doc.next(p + 2);
                }
                return new AbstractMap.SimpleImmutableEntry<>(key, v);
            }
        };
    }

    /**
     * @return an object's member names in input order (repeated names each time), a new list
     * @throws JsonPointerException ({@code TYPE_MISMATCH}) when this is not an object
     */
    public List<String> names() {
        List<String> out = new ArrayList<>(size());
        for (Map.Entry<String, LazyValue> m : members()) {
            out.add(m.getKey());
        }
        return out;
    }

    /**
     * Builds this value's tree, as {@code JsonReader.parse} builds a document's (maps, lists, strings,
     * numbers, booleans, null), with the document's reader's options.
     *
     * @return the value
     * @throws dev.hyson.JsonParseException for a repeated member name under {@code DuplicateKeyPolicy.ERROR}
     */
    public Object toValue() {
        doc.check();
        return doc.subtrees.read(doc.tape, entry, doc.buf, doc.start, doc.end, null, null, doc.offset(), doc.line());
    }

    /**
     * Binds this value to a type with the document's reader's binder, as {@code JsonReader.read} binds
     * a document.
     *
     * @param type the class to bind to
     * @param <T> the type
     * @return the bound value
     * @throws dev.hyson.JsonParseException when the value does not bind; its pointer is from the document's root
     * @throws IllegalArgumentException when {@code type} cannot be bound
     */
    public <T> T read(Class<T> type) {
        doc.check();
        Object v = doc.subtrees.read(doc.tape, entry, doc.buf, doc.start, doc.end, type, pointer(), doc.offset(), doc.line());
        @SuppressWarnings("unchecked")
        T cast = type.isPrimitive() ? (T) v : type.cast(v);
        return cast;
    }

    /**
     * @param type the generic type to bind to
     * @param <T> the type
     * @return the bound value, as {@link #read(Class)}
     * @throws dev.hyson.JsonParseException when the value does not bind
     */
    @SuppressWarnings("unchecked")
    public <T> T read(TypeRef<T> type) {
        doc.check();
        return (T) doc.subtrees.read(doc.tape, entry, doc.buf, doc.start, doc.end, type.type(), pointer(), doc.offset(), doc.line());
    }

    /**
     * @return this value written as compact JSON by {@link JsonWriter#defaults()}, as {@link #write} writes it
     */
    public String toJson() {
        return JsonWriter.defaults().write(this);
    }

    /**
     * Writes this value as {@code writer.write(toValue(), out)} would, byte for byte, but straight
     * from the document's tape, building nothing: strings without escapes are copied from the input.
     * (A {@code JsonWriter} given a {@code LazyValue} or {@code LazyDocument} anywhere in what it
     * writes does the same.) Where the tree and the tape could differ, the tree is built and written:
     * an object with a repeated member name (the reader's policy picks the member), a number read
     * as text (big integers and decimals), NaN or an infinity, nesting past the writer's
     * {@code maxDepth}, and a writer with {@code sortKeys}.
     *
     * @param writer the writer (its options apply)
     * @param out where the JSON goes (not closed)
     * @throws java.io.UncheckedIOException when writing fails
     */
    public void write(JsonWriter writer, java.io.OutputStream out) {
        writer.write(this, out);
    }

    private JsonPointerException mismatch(String expected) {
        return new JsonPointerException(JsonPointerException.Kind.TYPE_MISMATCH, pointer(),
                "expected " + expected + ", found " + describe());
    }

    private String describe() {
        switch (type()) {
            case OBJECT:
                return "an object";
            case ARRAY:
                return "an array";
            case STRING:
                return "a string";
            case BOOLEAN:
                return "a boolean";
            case NULL:
                return "null";
            default:
                return tag() == Tape.DOUBLE && !Double.isFinite(asDouble()) ? "the number " + asDouble()
                        : "the number " + numberText();
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LazyValue && ((LazyValue) o).doc == doc && ((LazyValue) o).entry == entry;
    }

    @Override
    public int hashCode() {
        return System.identityHashCode(doc) * 31 + entry;
    }

    /** @return the value's pointer and type, e.g. {@code LazyValue[/a/0: STRING]}; not its JSON (see {@link #toJson()}) */
    @Override
    public String toString() {
        return "LazyValue[" + pointer() + ": " + type() + "]";
    }
}
