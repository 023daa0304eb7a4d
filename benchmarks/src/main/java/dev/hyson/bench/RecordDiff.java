package dev.hyson.bench;

import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Compares two bound values member by member, where {@code equals} of the records would not: arrays
 * by content, {@link BigDecimal} by {@code compareTo} (a binder may keep or drop trailing zeros),
 * doubles by their bits; records, lists and maps recursively; everything else (strings, boxed
 * integers, enums, {@code UUID}, {@code LocalDate}, {@code OffsetDateTime} with its offset) by
 * {@code equals}, after checking that both have the same class. The binding benchmarks check their
 * libraries with it in setup, and {@code BindBenchCorrectnessTest} uses it for every case.
 */
public final class RecordDiff {
    private RecordDiff() {
    }

    /**
     * @param expected the reference value
     * @param actual the value a library built
     * @return {@code null} when they are equal, else the path of the first difference and both values there
     */
    public static String diff(Object expected, Object actual) {
        return diff(expected, actual, "$");
    }

    private static String diff(Object e, Object a, String path) {
        if (e == a) {
            return null;
        }
        if (e == null || a == null) {
            return path + ": expected " + brief(e) + ", got " + brief(a);
        }
        if (e instanceof List && a instanceof List) {
            return list((List<?>) e, (List<?>) a, path);
        }
        if (e instanceof Map && a instanceof Map) {
            return map((Map<?, ?>) e, (Map<?, ?>) a, path);
        }
        if (e.getClass() != a.getClass()) {
            return path + ": expected a " + e.getClass().getName() + " " + brief(e) + ", got a "
                    + a.getClass().getName() + " " + brief(a);
        }
        if (e instanceof Record) {
            for (RecordComponent c : e.getClass().getRecordComponents()) {
                String d = diff(get(c, e), get(c, a), path + "." + c.getName());
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (e.getClass().isArray()) {
            int n = Array.getLength(e);
            if (n != Array.getLength(a)) {
                return path + ": expected " + n + " elements, got " + Array.getLength(a);
            }
            for (int i = 0; i < n; i++) {
                String d = diff(Array.get(e, i), Array.get(a, i), path + "[" + i + "]");
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (e instanceof BigDecimal) {
            return ((BigDecimal) e).compareTo((BigDecimal) a) == 0 ? null
                    : path + ": expected " + e + ", got " + a;
        }
        if (e instanceof Double) {
            return Double.doubleToLongBits((Double) e) == Double.doubleToLongBits((Double) a) ? null
                    : path + ": expected " + e + ", got " + a;
        }
        return e.equals(a) ? null : path + ": expected " + brief(e) + ", got " + brief(a);
    }

    private static String list(List<?> e, List<?> a, String path) {
        if (e.size() != a.size()) {
            return path + ": expected " + e.size() + " elements, got " + a.size();
        }
        Iterator<?> ia = a.iterator();
        int i = 0;
        for (Object x : e) {
            String d = diff(x, ia.next(), path + "[" + i++ + "]");
            if (d != null) {
                return d;
            }
        }
        return null;
    }

    private static String map(Map<?, ?> e, Map<?, ?> a, String path) {
        if (!e.keySet().equals(a.keySet())) {
            return path + ": expected keys " + brief(e.keySet()) + ", got " + brief(a.keySet());
        }
        for (Map.Entry<?, ?> x : e.entrySet()) {
            String d = diff(x.getValue(), a.get(x.getKey()), path + "[\"" + x.getKey() + "\"]");
            if (d != null) {
                return d;
            }
        }
        return null;
    }

    private static Object get(RecordComponent c, Object record) {
        try {
            return c.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException ex) {
            throw new IllegalStateException("cannot read " + c, ex);
        }
    }

    private static String brief(Object v) {
        String s = String.valueOf(v);
        return s.length() > 120 ? s.substring(0, 117) + "..." : s;
    }
}
