package dev.hyson;

import dev.hyson.bind.Creator;
import dev.hyson.bind.Discriminator;
import dev.hyson.bind.DiscriminatorValue;
import dev.hyson.bind.Ignore;
import dev.hyson.bind.Name;
import dev.hyson.bind.Required;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZonedDateTime;
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

/** The models the binding tests read and write: every supported type, in records and classes. */
final class BindModels {
    private BindModels() {
    }

    enum Level { LOW, @Name("mid") MEDIUM, HIGH }

    record Scalars(int i, long l, short s, byte b, double d, float f, boolean z, char c,
            Integer bi, Long bl, Double bd, Boolean bz, String str, CharSequence cs, BigInteger big, BigDecimal dec,
            Number num, UUID uuid, Level level) {
    }

    record Times(Instant instant, LocalDate date, LocalTime time, LocalDateTime dateTime, OffsetDateTime offset,
            ZonedDateTime zoned, Duration duration, Period period) {
    }

    record Arrays1(int[] ints, long[] longs, double[] doubles, boolean[] bools, float[] floats, short[] shorts,
            byte[] bytes, char[] chars, String[] strings, Point[][] grid) {
        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Arrays1)) {
                return false;
            }
            Arrays1 a = (Arrays1) o;
            return Arrays.equals(ints, a.ints) && Arrays.equals(longs, a.longs) && Arrays.equals(doubles, a.doubles)
                    && Arrays.equals(bools, a.bools) && Arrays.equals(floats, a.floats) && Arrays.equals(shorts, a.shorts)
                    && Arrays.equals(bytes, a.bytes) && Arrays.equals(chars, a.chars) && Arrays.equals(strings, a.strings)
                    && Arrays.deepEquals(grid, a.grid);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(ints);
        }
    }

    record Point(int x, int y) {
    }

    record Collections1(List<Point> points, Set<String> tags, Map<String, List<Point>> byName, Map<Integer, String> byInt,
            Map<Level, Long> byLevel, Map<UUID, Boolean> byUuid, SortedMap<Long, Double> sorted, List<List<Integer>> nested,
            Optional<Point> maybe, Optional<String> none, OptionalInt oi, OptionalLong ol, OptionalDouble od, Object tree) {
    }

    /** A generic record, bound through a TypeRef. */
    record Box<T>(T value, List<T> values) {
    }

    /** Refers to itself. */
    record Node(String name, List<Node> children) {
    }

    @Discriminator("kind")
    sealed interface Shape permits Circle, Square, Polygon {
    }

    @DiscriminatorValue("circle")
    record Circle(double r) implements Shape {
    }

    record Square(double side) implements Shape {
    }

    record Polygon(List<Point> points) implements Shape {
    }

    record Drawing(String title, List<Shape> shapes, Shape main) {
    }

    record Renamed(@Name("protected") boolean isProtected, @Name("screen_name") String screenName, @Ignore String secret,
            @Required String id) {
    }

    record CamelCase(String screenName, int followersCount, String userID) {
    }

    /** A JavaBean: no-arg constructor, getters and setters. */
    static final class Bean {
        private String name;
        private int count;
        private List<Point> points;
        private boolean active;

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        public int getCount() {
            return count;
        }

        public void setCount(int count) {
            this.count = count;
        }

        public List<Point> getPoints() {
            return points;
        }

        public void setPoints(List<Point> points) {
            this.points = points;
        }

        public boolean isActive() {
            return active;
        }

        public void setActive(boolean active) {
            this.active = active;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Bean && Objects.equals(name, ((Bean) o).name) && count == ((Bean) o).count
                    && Objects.equals(points, ((Bean) o).points) && active == ((Bean) o).active;
        }

        @Override
        public int hashCode() {
            return Objects.hash(name, count);
        }
    }

    /** Public fields only. */
    static final class Fields {
        public String label;
        public double weight;
        public transient int skipped;

        @Override
        public boolean equals(Object o) {
            return o instanceof Fields && Objects.equals(label, ((Fields) o).label) && weight == ((Fields) o).weight;
        }

        @Override
        public int hashCode() {
            return Objects.hash(label);
        }
    }

    /** An immutable class with a @Creator constructor whose parameters are named by annotation. */
    static final class Money {
        private final String currency;
        private final long cents;

        @Creator
        Money(@Name("currency") String currency, @Name("cents") long cents) {
            this.currency = currency;
            this.cents = cents;
        }

        public String getCurrency() {
            return currency;
        }

        public long getCents() {
            return cents;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Money && Objects.equals(currency, ((Money) o).currency) && cents == ((Money) o).cents;
        }

        @Override
        public int hashCode() {
            return Objects.hash(currency, cents);
        }
    }

    /** A record whose constructor validates. */
    record Positive(int n) {
        Positive {
            if (n <= 0) {
                throw new IllegalArgumentException("n must be positive: " + n);
            }
        }
    }

    /** An abstract class without a discriminator: cannot be read. */
    abstract static class Animal {
    }

    /** A value class with no properties of its own: written and read only through a user codec. */
    static final class Coord {
        final int x;
        final int y;

        Coord(int x, int y) {
            this.x = x;
            this.y = y;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Coord && ((Coord) o).x == x && ((Coord) o).y == y;
        }

        @Override
        public int hashCode() {
            return 31 * x + y;
        }

        @Override
        public String toString() {
            return "Coord(" + x + "," + y + ")";
        }
    }
}
