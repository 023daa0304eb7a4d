package dev.hyson.fuzz;

import dev.hyson.bind.Name;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SortedMap;
import java.util.UUID;

/** The fixed model types {@link BindFuzzTest} binds fuzzed JSON to. */
final class Models {
    private Models() { }

    /** A nested record. */
    record Point(int x, int y) { }

    /** An enum, one constant renamed. */
    enum Color { RED, GREEN, @Name("bleu") BLUE }

    /**
     * Every kind of property the binder supports that JSON can carry back unchanged. Floating-point
     * components compare with {@code ==} (a document's {@code -0} read through a tree is {@code 0}).
     */
    record Everything(boolean z, byte b, short s, char c, int i, long l, float f, double d,
            Boolean bz, Integer bi, Long bl, Double bd, Character bc,
            String str, BigDecimal dec, BigInteger big,
            List<String> strings, List<Point> points, Map<String, Long> counts, Map<Integer, String> byNumber,
            SortedMap<String, Integer> sorted, Set<Color> colors,
            Optional<String> nick, OptionalInt oi, OptionalLong ol, OptionalDouble od,
            Color color, int[] ints, double[] doubles, String[] names, byte[] blob, Point[] pointArray,
            Point nested, UUID id, Instant when, LocalDate day, Object any, Number num) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Everything e && z == e.z && b == e.b && s == e.s && c == e.c && i == e.i && l == e.l
                    && f == e.f && d == e.d
                    && Objects.equals(bz, e.bz) && Objects.equals(bi, e.bi) && Objects.equals(bl, e.bl)
                    && (bd == null ? e.bd == null : e.bd != null && bd.doubleValue() == e.bd.doubleValue())
                    && Objects.equals(bc, e.bc) && Objects.equals(str, e.str) && Objects.equals(dec, e.dec)
                    && Objects.equals(big, e.big) && Objects.equals(strings, e.strings) && Objects.equals(points, e.points)
                    && Objects.equals(counts, e.counts) && Objects.equals(byNumber, e.byNumber)
                    && Objects.equals(sorted, e.sorted) && Objects.equals(colors, e.colors) && Objects.equals(nick, e.nick)
                    && Objects.equals(oi, e.oi) && Objects.equals(ol, e.ol)
                    && (od == null ? e.od == null : e.od != null && od.isPresent() == e.od.isPresent()
                            && (od.isEmpty() || od.getAsDouble() == e.od.getAsDouble()))
                    && Objects.equals(color, e.color) && Arrays.equals(ints, e.ints)
                    && Arrays.equals(doubles, e.doubles) && Arrays.equals(names, e.names) && Arrays.equals(blob, e.blob)
                    && Arrays.equals(pointArray, e.pointArray) && Objects.equals(nested, e.nested) && Objects.equals(id, e.id)
                    && Objects.equals(when, e.when) && Objects.equals(day, e.day) && Support.deepEquals(any, e.any)
                    && Objects.equals(num, e.num);
        }

        @Override
        public int hashCode() {
            return Objects.hash(str, i, l, color);
        }

        @Override
        public String toString() {
            return "Everything[z=" + z + ", b=" + b + ", s=" + s + ", c=" + (int) c + ", i=" + i + ", l=" + l + ", f=" + f
                    + ", d=" + d + ", bz=" + bz + ", bi=" + bi + ", bl=" + bl + ", bd=" + bd + ", bc=" + bc + ", str=" + str
                    + ", dec=" + dec + ", big=" + big + ", strings=" + strings + ", points=" + points + ", counts=" + counts
                    + ", byNumber=" + byNumber + ", sorted=" + sorted + ", colors=" + colors + ", nick=" + nick + ", oi=" + oi
                    + ", ol=" + ol + ", od=" + od + ", color=" + color + ", ints=" + Arrays.toString(ints)
                    + ", doubles=" + Arrays.toString(doubles) + ", names=" + Arrays.toString(names)
                    + ", blob=" + Arrays.toString(blob) + ", pointArray=" + Arrays.toString(pointArray) + ", nested=" + nested
                    + ", id=" + id + ", when=" + when + ", day=" + day + ", any=" + any + ", num=" + num + "]";
        }
    }

    /** A class bound through its no-arg constructor, setters and a public field. */
    static final class Bean {
        /** A public field. */
        public String label;
        private long count;
        private List<Point> points;
        private Map<String, Everything> items;
        private Color color;

        public Bean() { }

        public long getCount() {
            return count;
        }

        public void setCount(long count) {
            this.count = count;
        }

        public List<Point> getPoints() {
            return points;
        }

        public void setPoints(List<Point> points) {
            this.points = points;
        }

        public Map<String, Everything> getItems() {
            return items;
        }

        public void setItems(Map<String, Everything> items) {
            this.items = items;
        }

        public Color getColor() {
            return color;
        }

        public void setColor(Color color) {
            this.color = color;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Bean x && Objects.equals(label, x.label) && count == x.count
                    && Objects.equals(points, x.points) && Objects.equals(items, x.items) && color == x.color;
        }

        @Override
        public int hashCode() {
            return Objects.hash(label, count);
        }

        @Override
        public String toString() {
            return "Bean[label=" + label + ", count=" + count + ", points=" + points + ", items=" + items + ", color=" + color + "]";
        }
    }
}
