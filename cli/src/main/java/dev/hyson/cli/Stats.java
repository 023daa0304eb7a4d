package dev.hyson.cli;

import java.math.BigDecimal;
import java.math.BigInteger;
import dev.hyson.internal.lazy.LazyAccess;
import dev.hyson.internal.lazy.TapeArrays;
import dev.hyson.internal.tape.Tape;
import dev.hyson.internal.write.RepeatedNames;
import dev.hyson.lazy.LazyDocument;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** Counts of the values in a parsed document, found by one walk with an explicit stack. */
final class Stats {
    long objects;
    long arrays;
    /** Strings, member names included. */
    long strings;
    long memberNames;
    /** {@code Long} and {@code BigInteger} values. */
    long integers;
    /** {@code Double} and {@code BigDecimal} values. */
    long decimals;
    long trues;
    long falses;
    long nulls;
    /** Nesting of arrays and objects: 0 for a scalar document, 1 for {@code []}. */
    int maxDepth;

    private Stats() {
    }

    /** @return all counts zero, to {@link #add} records to */
    static Stats none() {
        return new Stats();
    }

    /** Adds another record's counts; the depth is the deepest of them. */
    void add(Stats o) {
        objects += o.objects;
        arrays += o.arrays;
        strings += o.strings;
        memberNames += o.memberNames;
        integers += o.integers;
        decimals += o.decimals;
        trues += o.trues;
        falses += o.falses;
        nulls += o.nulls;
        maxDepth = Math.max(maxDepth, o.maxDepth);
    }

    /**
     * Counts the values of one document as a pull parser reads them, so memory does not grow with the
     * document (a repeated member name and its value are counted each time they occur).
     *
     * @param p a parser before its first token
     * @return the counts
     * @throws dev.hyson.JsonParseException for invalid input
     */
    static Stats of(dev.hyson.stream.JsonParser p) {
        return of(p, false);
    }

    /**
     * @param p a parser before the document
     * @param checkNames whether a repeated member name is an error ({@code --duplicate-keys error}): each
     *     open object's names are then kept as strings
     * @return the document's counts, a repeated member name counted each time
     * @throws dev.hyson.JsonParseException for a syntax error, or a repeated name when checking
     */
    static Stats of(dev.hyson.stream.JsonParser p, boolean checkNames) {
        Stats s = new Stats();
        int depth = 0;
        java.util.ArrayList<java.util.HashSet<String>> open = checkNames ? new java.util.ArrayList<>() : null;
        dev.hyson.stream.JsonToken t;
        while ((t = p.nextToken()) != null) {
            switch (t) {
                case START_OBJECT:
                    s.objects++;
                    s.maxDepth = Math.max(s.maxDepth, ++depth);
                    if (open != null) {
                        open.add(new java.util.HashSet<>());
                    }
                    break;
                case START_ARRAY:
                    s.arrays++;
                    s.maxDepth = Math.max(s.maxDepth, ++depth);
                    break;
                case END_OBJECT:
                    if (open != null) {
                        open.remove(open.size() - 1);
                    }
                    depth--;
                    break;
                case END_ARRAY:
                    depth--;
                    break;
                case NAME:
                    s.memberNames++;
                    s.strings++;
                    if (open != null && !open.get(open.size() - 1).add(p.getString())) {
                        dev.hyson.stream.JsonLocation at = p.location();
                        throw new dev.hyson.JsonParseException(dev.hyson.JsonParseException.Kind.DUPLICATE_KEY,
                                "duplicate member name \"" + p.getString() + "\"", "not allowed by DuplicateKeyPolicy.ERROR",
                                at.offset(), at.line(), at.column());
                    }
                    break;
                case STRING:
                    s.strings++;
                    break;
                case NUMBER:
                    if (p.isIntegralNumber()) {
                        s.integers++;
                    } else {
                        s.decimals++;
                    }
                    break;
                case TRUE:
                    s.trues++;
                    break;
                case FALSE:
                    s.falses++;
                    break;
                default:
                    s.nulls++;
                    break;
            }
        }
        return s;
    }

    /**
     * Counts a JSON Lines record from its scanned tape, as {@link #of(dev.hyson.stream.JsonParser)} counts
     * a document's events: a repeated member name is counted each time. Under {@code --duplicate-keys
     * error} ({@code checkNames}) each object's names are checked, and the walk stops at a repeated one,
     * whose line the caller then builds to raise the error; when checking names it also stops at a number
     * kept as its text (a big integer or decimal, whose conversion may fail) and at an object of more than
     * {@link #WIDE} members: the caller counts the tree instead.
     */
    static final class TapeWalk {
        /**
         * Objects with more members are counted from the tree: past its table's 512 names the check keeps
         * a set of strings, which for an object of 70,000 members needed a few MiB more heap than the
         * tree (found by an attack run: {@code -Xmx32m}, lines of 1.5 MB).
         */
        static final int WIDE = 512;

        /** Per depth: the table that checks the names of the object open there (as {@code DocumentCopy}'s). */
        private RepeatedNames[] names = new RepeatedNames[8];
        private int[] left = new int[8];
        private boolean[] object = new boolean[8];
        private long objects;
        private final boolean checkNames;

        /** @param checkNames whether a repeated member name is an error ({@code --duplicate-keys error}) */
        TapeWalk(boolean checkNames) {
            this.checkNames = checkNames;
        }

        /**
         * @param doc a record, during the call that hands it out
         * @param s where its counts are added, only when the method returns true
         * @return false when the record must be counted from its tree (see the class comment)
         */
        boolean count(LazyDocument doc, Stats s) {
            LazyAccess.Slice slice = LazyAccess.factory().slice(doc);
            TapeArrays tape = slice.tape();
            long[] t = tape.entries();
            byte[] buf = slice.buf();
            int k = slice.entry();
            long obj = 0, arr = 0, str = 0, names = 0, ints = 0, decs = 0, tr = 0, fa = 0, nu = 0;
            int d = 0;
            int deepest = 0;
            for (;;) {
                long e = t[k];
                int tag = Tape.tag(e);
                switch (tag) {
                    case Tape.OBJECT:
                    case Tape.ARRAY: {
                        int n = (int) t[k + 1];
                        boolean isObject = tag == Tape.OBJECT;
                        if (checkNames && isObject && n > WIDE) {
                            return false;
                        }
                        if (isObject) {
                            obj++;
                            names += n;
                            str += n;
                        } else {
                            arr++;
                        }
                        deepest = Math.max(deepest, d + 1);
                        k += 2;
                        if (n > 0) {
                            push(++d, isObject, n);
                            if (isObject) {
                                if (checkNames) {
                                    RepeatedNames r = this.names[d];
                                    if (r == null) {
                                        r = this.names[d] = new RepeatedNames();
                                    }
                                    r.begin(++objects);
                                    if (!name(r, t, k, buf, tape)) {
                                        return false;
                                    }
                                }
                                k += 2;
                            }
                            continue;
                        }
                        break;
                    }
                    case Tape.INT64:
                        ints++;
                        k += 2;
                        break;
                    case Tape.DOUBLE:
                        decs++;
                        k += 2;
                        break;
                    case Tape.TRUE:
                        tr++;
                        k++;
                        break;
                    case Tape.FALSE:
                        fa++;
                        k++;
                        break;
                    case Tape.NULL:
                        nu++;
                        k++;
                        break;
                    case Tape.BIG_INTEGER:
                    case Tape.BIG_DECIMAL:
                        if (checkNames) {
                            return false; // the tree's conversion and name check raise what the reader raises
                        }
                        // counted as a document's events count it, unconverted
                        if (tag == Tape.BIG_INTEGER) {
                            ints++;
                        } else {
                            decs++;
                        }
                        k += 2;
                        break;
                    default: // the four string tags
                        str++;
                        k += 2;
                        break;
                }
                // the value is done: on to the next member or element, closing the containers it ends
                for (;;) {
                    if (d == 0) {
                        s.objects += obj;
                        s.arrays += arr;
                        s.strings += str;
                        s.memberNames += names;
                        s.integers += ints;
                        s.decimals += decs;
                        s.trues += tr;
                        s.falses += fa;
                        s.nulls += nu;
                        s.maxDepth = Math.max(s.maxDepth, deepest);
                        return true;
                    }
                    if (--left[d] > 0) {
                        if (object[d]) {
                            if (checkNames && !name(this.names[d], t, k, buf, tape)) {
                                return false;
                            }
                            k += 2;
                        }
                        break;
                    }
                    d--;
                }
            }
        }

        private static boolean name(RepeatedNames r, long[] t, int k, byte[] buf, TapeArrays tape) {
            long e = t[k];
            return r.add(e, t[k + 1], buf, (int) Tape.payload(e) + 1, tape.latin1(), tape.utf16());
        }

        private void push(int d, boolean isObject, int n) {
            if (d >= left.length) {
                left = Arrays.copyOf(left, d * 2);
                object = Arrays.copyOf(object, d * 2);
                names = Arrays.copyOf(names, d * 2);
            }
            left[d] = n;
            object[d] = isObject;
        }
    }

    /** @return the counts for {@code root}, a value as a {@code JsonReader} yields it */
    static Stats of(Object root) {
        Stats s = new Stats();
        // one iterator per open container: the deque's size is the current depth, whatever the nesting
        ArrayDeque<Iterator<?>> open = new ArrayDeque<>();
        s.visit(root, open);
        while (!open.isEmpty()) {
            Iterator<?> it = open.peek();
            if (it.hasNext()) {
                s.visit(it.next(), open);
            } else {
                open.pop();
            }
        }
        return s;
    }

    private void visit(Object v, ArrayDeque<Iterator<?>> open) {
        // exact classes first: on JDK 17 alternating instanceof Map / List over a tree's values
        // thrashes the secondary-supers cache (JDK-8180450)
        Class<?> c = v == null ? null : v.getClass();
        if (c == String.class) {
            strings++;
            return;
        }
        if (c == Long.class) {
            integers++;
            return;
        }
        if (c == Double.class) {
            decimals++;
            return;
        }
        if (v instanceof Map) {
            Map<?, ?> m = (Map<?, ?>) v;
            objects++;
            memberNames += m.size();
            strings += m.size();
            open.push(m.values().iterator());
            maxDepth = Math.max(maxDepth, open.size());
        } else if (v instanceof List) {
            arrays++;
            open.push(((List<?>) v).iterator());
            maxDepth = Math.max(maxDepth, open.size());
        } else if (v instanceof String) {
            strings++;
        } else if (v instanceof Long || v instanceof BigInteger) {
            integers++;
        } else if (v instanceof Double || v instanceof BigDecimal) {
            decimals++;
        } else if (v == null) {
            nulls++;
        } else if (Boolean.TRUE.equals(v)) {
            trues++;
        } else if (Boolean.FALSE.equals(v)) {
            falses++;
        } else {
            throw new IllegalArgumentException("not a parsed JSON value: " + v.getClass().getName());
        }
    }
}
