package dev.hyson.cli;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayDeque;
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
        Stats s = new Stats();
        int depth = 0;
        dev.hyson.stream.JsonToken t;
        while ((t = p.nextToken()) != null) {
            switch (t) {
                case START_OBJECT:
                    s.objects++;
                    s.maxDepth = Math.max(s.maxDepth, ++depth);
                    break;
                case START_ARRAY:
                    s.arrays++;
                    s.maxDepth = Math.max(s.maxDepth, ++depth);
                    break;
                case END_OBJECT:
                case END_ARRAY:
                    depth--;
                    break;
                case NAME:
                    s.memberNames++;
                    s.strings++;
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
